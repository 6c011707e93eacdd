import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { Live } from '../../shared/constants.js';
import { originOf, type Database } from '../db/database.js';

/** A running LISTEN on one channel; `stop` ends it. */
export interface NotificationListener {
  stop(): Promise<void>;
}

/**
 * LISTENs on a channel of the database and hands each notification's payload to `onPayload`. The one place that
 * knows how each database delivers notifications:
 * - PostgreSQL: a dedicated connection (not one of the pool's, which a LISTEN would pin for good) with the pool's
 *   settings; when it drops, it is reopened with back-off (notifications sent meanwhile are lost: they are hints).
 * - PGlite (embedded, one process): its single session LISTENs through the Kysely driver's queue (so it never
 *   lands inside another caller's open transaction) and PGlite calls back for each notification after the
 *   notifying transaction commits, as PostgreSQL does.
 */
export async function listenForNotifications(
  db: Database,
  channel: string,
  onPayload: (payload: string) => void,
  log: FastifyBaseLogger,
): Promise<NotificationListener> {
  const origin = originOf(db);
  if (origin?.kind === 'pglite') {
    const { pglite } = origin;
    const unsubscribe = pglite.onNotification((name, payload) => {
      if (name === channel) onPayload(payload);
    });
    await sql.raw(`LISTEN ${channel}`).execute(db);
    return {
      async stop() {
        unsubscribe();
        if (!pglite.closed) await sql.raw(`UNLISTEN ${channel}`).execute(db).catch(() => undefined);
      },
    };
  }
  if (origin?.kind === 'postgres') return listenOnPostgres(origin.pool, channel, onPayload, log);
  // A database not opened through openDatabase (nothing in the product does this): no live notices.
  log.warn('Live notices are off: the database was not opened through openDatabase.');
  return { stop: async () => undefined };
}

async function listenOnPostgres(
  pool: pg.Pool,
  channel: string,
  onPayload: (payload: string) => void,
  log: FastifyBaseLogger,
): Promise<NotificationListener> {
  let client: pg.Client | null = null;
  let stopped = false;
  let failures = 0;
  let retry: NodeJS.Timeout | null = null;

  const connect = async () => {
    const next = new pg.Client(pool.options);
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    // An error on an idle connection (the server restarted, the network dropped) ends it; 'end' then reconnects.
    next.on('error', (error) => log.warn({ err: error }, 'The live notices connection failed.'));
    next.on('end', () => {
      if (client === next) client = null;
      if (!stopped) scheduleReconnect();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      // This attempt failed as a whole: its own 'end' must not schedule another (the caller decides).
      next.removeAllListeners('end');
      await next.end().catch(() => undefined);
      throw error;
    }
    if (stopped) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    failures = 0;
  };

  const scheduleReconnect = () => {
    if (retry || stopped) return;
    const delay = Math.min(Live.RECONNECT_MAX_MS, Live.RECONNECT_MIN_MS * 2 ** failures);
    failures += 1;
    retry = setTimeout(() => {
      retry = null;
      connect().catch((error) => {
        log.warn({ err: error }, 'The live notices connection could not be reopened.');
        scheduleReconnect();
      });
    }, delay);
    retry.unref();
  };

  try {
    await connect();
  } catch (error) {
    stopped = true;
    throw error;
  }
  return {
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      retry = null;
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
