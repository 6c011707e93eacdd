import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'kysely';
import type { Database } from '../db/database.js';

/** Every this many counted requests an instance drops the windows that ended long ago. */
const CLEANUP_EVERY = 500;
/** Windows older than this are dropped by the cleanup (far longer than any limit's window). */
const STALE_AFTER_MS = 60 * 60 * 1000;

interface RouteInfo {
  method?: string | string[];
  url?: string;
}

/**
 * A rate-limit store in the database (`rate_limit_hits`, fixed windows): every API instance counts a client's
 * requests to a route against one shared limit, where an in-memory store would give each instance its own.
 * Counting is one upsert, so two instances counting at once never lose a hit.
 */
export function databaseRateLimitStore(db: Database): FastifyRateLimitStoreCtor {
  let counted = 0;

  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly scope: string;

    constructor(options: { routeInfo?: RouteInfo }) {
      const route = options.routeInfo;
      this.scope = route?.url ? `${([] as string[]).concat(route.method ?? '').join(',')} ${route.url}` : '*';
    }

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      this.count(`${this.scope} ${key}`, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: object): FastifyRateLimitStore {
      return new DatabaseRateLimitStore(routeOptions as { routeInfo?: RouteInfo });
    }

    private async count(key: string, timeWindow: number): Promise<{ current: number; ttl: number }> {
      const now = new Date();
      const result = await countRequest(db, key, timeWindow, now);
      counted += 1;
      if (counted % CLEANUP_EVERY === 0) {
        await db.deleteFrom('rate_limit_hits').where('WindowStart', '<', new Date(now.getTime() - STALE_AFTER_MS)).execute();
      }
      return result;
    }
  }

  return DatabaseRateLimitStore;
}

/** Counts one request under `key` in its fixed window (a new window starts when the last one has ended). */
export async function countRequest(db: Database, key: string, timeWindow: number, now: Date): Promise<{ current: number; ttl: number }> {
  const windowEnd = sql<Date>`rate_limit_hits."WindowStart" + ${timeWindow} * interval '1 millisecond'`;
  const expired = sql<boolean>`${windowEnd} <= ${now}`;
  const row = await db
    .insertInto('rate_limit_hits')
    .values({ Key: key, WindowStart: now, Count: 1 })
    .onConflict((conflict) =>
      conflict.column('Key').doUpdateSet({
        Count: sql<number>`CASE WHEN ${expired} THEN 1 ELSE rate_limit_hits."Count" + 1 END`,
        WindowStart: sql<Date>`CASE WHEN ${expired} THEN ${now} ELSE rate_limit_hits."WindowStart" END`,
      }),
    )
    .returning(['Count', 'WindowStart'])
    .executeTakeFirstOrThrow();
  return { current: row.Count, ttl: Math.max(0, row.WindowStart.getTime() + timeWindow - now.getTime()) };
}

/** The count under `key` in its current window, without counting (0 when its window has ended or never began). */
export async function currentCount(db: Database, key: string, timeWindow: number, now: Date): Promise<{ current: number; ttl: number }> {
  const row = await db.selectFrom('rate_limit_hits').select(['Count', 'WindowStart']).where('Key', '=', key).executeTakeFirst();
  const ttl = row ? row.WindowStart.getTime() + timeWindow - now.getTime() : 0;
  return ttl > 0 && row ? { current: row.Count, ttl } : { current: 0, ttl: 0 };
}
