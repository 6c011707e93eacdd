import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { ServerResponse } from 'node:http';
import { sql } from 'kysely';
import { Live } from '../../shared/constants.js';
import { Permissions } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import type { AuthContext } from '../auth/sessions.js';
import type { Database } from '../db/database.js';
import { inScope, type OrgScope } from '../orgs/scope.js';
import type { SecuritySettingsService } from '../security/settingsService.js';
import { LIVE_CHANNEL, isItemEvent, parseLiveMessage, type CaseEvent, type LiveMessage } from './caseEvents.js';
import { listenForNotifications, type NotificationListener } from './notifications.js';

/** A notice as the stream sends it: the event without the org (the receiver may see the case; that is all it needs). */
export type LiveNotice = CaseEvent extends infer E ? (E extends CaseEvent ? Omit<E, 'orgId'> : never) : never;

/** Why a stream was ended by the server: its session ended (as any call would be answered now), or the server is stopping (503). */
export type StreamEnd = 401 | 419 | 503;

/** One open stream: who is listening, and what they may see (computed once, when the stream opened). */
interface LiveConnection {
  sessionId: number;
  userId: number;
  scope: OrgScope;
  /** Item notices go to those who may see items (Items.VIEW_ITEMS); case notices to every holder of Cases.VIEW_CASES. */
  seesItems: boolean;
  response: ServerResponse;
}

interface SessionState {
  Id: number;
  EndedDate: Date | null;
  EndReason: string | null;
  LastActivityDate: Date;
  LockoutEndDateUtc: Date | null;
}

/**
 * The live notices of one server process: its open event streams, the one LISTEN that feeds them, and the
 * heartbeat. A notification is passed to each stream whose user may see the case (its org in the user's scope)
 * and did not make the change. Every heartbeat also checks the streams' sessions, without touching their idle
 * clocks, and ends the stream of a session that has ended (logged out, replaced by a newer sign-in, locked, idle).
 */
export class LiveHub {
  private readonly connections = new Set<LiveConnection>();
  private listener: NotificationListener | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private schema: string | null = null;

  constructor(
    private readonly db: Database,
    private readonly settings: SecuritySettingsService,
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Starts listening (once per process, with the app). */
  async start(): Promise<void> {
    if (this.listener) return;
    const current = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(this.db);
    this.schema = current.rows[0].schema;
    this.listener = await listenForNotifications(this.db, LIVE_CHANNEL, (payload) => this.receive(payload), this.log);
    this.heartbeat = setInterval(() => void this.tick(), Live.HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** Ends every open stream (before the server waits for its requests to finish), saying the server is stopping. */
  closeAll(): void {
    for (const connection of [...this.connections]) this.close(connection, 503);
  }

  /** Stops listening (with the app). */
  async stop(): Promise<void> {
    this.closeAll();
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    const listener = this.listener;
    this.listener = null;
    await listener?.stop();
  }

  /** How many streams are open (operations, tests). */
  get size(): number {
    return this.connections.size;
  }

  /** Takes over the reply as an event stream for the signed-in user; the route has checked the permission. */
  open(reply: FastifyReply, auth: AuthContext, scope: OrgScope): void {
    reply.hijack();
    const response = reply.raw;
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-store, no-transform',
      // nginx and similar proxies would otherwise buffer the stream.
      'x-accel-buffering': 'no',
    });
    response.socket?.setNoDelay(true);
    response.socket?.setKeepAlive(true);
    const connection: LiveConnection = {
      sessionId: auth.sessionId,
      userId: auth.userId,
      scope,
      seesItems: auth.can(Permissions.Items.VIEW_ITEMS),
      response,
    };
    this.connections.add(connection);
    response.on('close', () => this.connections.delete(connection));
    // A write to a connection that just broke: the 'close' above follows and forgets it.
    response.on('error', () => this.connections.delete(connection));
    // Says the stream is registered: a client (or test) can rely on every later notice reaching it.
    this.write(connection, 'event: ready\ndata: {}\n\n');
  }

  /** Passes a published event to the streams that may see it. */
  deliver({ event, actorUserId }: Pick<LiveMessage, 'event' | 'actorUserId'>): void {
    const { orgId: _orgId, ...notice } = event;
    const frame = `event: notice\ndata: ${JSON.stringify(notice satisfies LiveNotice)}\n\n`;
    for (const connection of this.connections) {
      if (connection.userId === actorUserId) continue;
      if (!inScope(connection.scope, event.orgId)) continue;
      if (isItemEvent(event) && !connection.seesItems) continue;
      this.write(connection, frame);
    }
  }

  /** The heartbeat: ends the streams whose session ended, and sends the others a comment. */
  async tick(): Promise<void> {
    if (this.connections.size === 0) return;
    let ended = new Map<number, 401 | 419>();
    try {
      ended = await this.endedSessions([...new Set([...this.connections].map((c) => c.sessionId))]);
    } catch (error) {
      // The database is unreachable for a moment: keep the streams, check again next time.
      this.log.warn({ err: error }, 'Live notices could not check the sessions of open streams.');
    }
    for (const connection of [...this.connections]) {
      const status = ended.get(connection.sessionId);
      if (status) this.close(connection, status);
      else this.write(connection, ': heartbeat\n\n');
    }
  }

  private receive(payload: string): void {
    const message = parseLiveMessage(payload);
    if (!message) {
      this.log.warn('An unreadable live notice was ignored.');
      return;
    }
    if (message.schema !== this.schema) return;
    this.deliver(message);
  }

  /**
   * The sessions among these that have ended, with the status a call with their token would get now. The same
   * rules as SessionService.resolve, read only: an open stream must not keep its session's idle clock going.
   */
  private async endedSessions(sessionIds: number[]): Promise<Map<number, 401 | 419>> {
    const rows = await this.db
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.Id', 's.User_Id')
      .select(['s.Id', 's.EndedDate', 's.EndReason', 's.LastActivityDate', 'u.LockoutEndDateUtc'])
      .where('s.Id', 'in', sessionIds)
      .execute() as SessionState[];
    const now = this.now();
    const idleLimitMs = await this.settings.idleLimitMs();
    const found = new Map(rows.map((row) => [row.Id, row]));
    const ended = new Map<number, 401 | 419>();
    for (const id of sessionIds) {
      const row = found.get(id);
      if (!row) ended.set(id, 401);
      else if (row.EndedDate) ended.set(id, row.EndReason === 'replaced' ? 419 : 401);
      else if (row.LockoutEndDateUtc && new Date(row.LockoutEndDateUtc) > now) ended.set(id, 401);
      else if (now.getTime() - new Date(row.LastActivityDate).getTime() > idleLimitMs) ended.set(id, 401);
    }
    return ended;
  }

  private write(connection: LiveConnection, frame: string): void {
    const { response } = connection;
    if (response.writableEnded || response.destroyed) return;
    if (response.writableLength > Live.MAX_BUFFERED_BYTES) {
      // The client stopped reading; it reconnects once it reads again.
      response.destroy();
      return;
    }
    response.write(frame);
  }

  /** Ends a stream, telling the client why: its session ended, or the server is stopping. */
  private close(connection: LiveConnection, status?: StreamEnd): void {
    this.connections.delete(connection);
    const { response } = connection;
    if (response.writableEnded || response.destroyed) return;
    if (status) {
      const message = status === 419 ? Texts.global.signedInElsewhere : status === 503 ? Texts.global.serverStopping : Texts.global.sessionExpired;
      response.write(`event: end\ndata: ${JSON.stringify({ status, Message: message })}\n\n`);
    }
    response.end();
  }
}
