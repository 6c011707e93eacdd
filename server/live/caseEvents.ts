import { sql } from 'kysely';
import type { Database } from '../db/database.js';

/**
 * Events about cases and items that signed-in users are told of live (spec 001 §2 "Real-time notices"). The cases
 * code publishes them inside the transaction of the change; every API instance hears them through PostgreSQL
 * LISTEN/NOTIFY and passes them to its connected users who may see the case (server/live/hub.ts).
 */
export type CaseEvent =
  | { kind: 'caseCreated'; caseId: number; orgId: number; caseNumber: string; lastName: string }
  | { kind: 'caseUpdated'; caseId: number; orgId: number; caseNumber: string; lastName: string }
  | { kind: 'itemAdded'; caseId: number; orgId: number; caseNumber: string; lastName: string; itemId: number; displayId: number }
  | { kind: 'itemUpdated'; caseId: number; orgId: number; caseNumber: string; lastName: string; itemId: number; displayId: number };

export type CaseEventKind = CaseEvent['kind'];

/** An event as it travels between instances: the event, who made the change, and the schema it happened in. */
export interface LiveMessage {
  event: CaseEvent;
  actorUserId: number;
  /**
   * The PostgreSQL schema of the database the change was made in. A notification reaches every session of the
   * database that listens on the channel, whatever its schema; instances working in another schema of the same
   * database (parallel test runs) ignore it.
   */
  schema: string;
}

/** The NOTIFY channel every instance listens on. */
export const LIVE_CHANNEL = 'dossier_live';

/** NOTIFY payloads must stay under 8000 bytes; longer texts are cut (the notice shows a name, not a document). */
const MAX_TEXT = 200;

const CASE_KINDS: readonly CaseEventKind[] = ['caseCreated', 'caseUpdated'];
const ITEM_KINDS: readonly CaseEventKind[] = ['itemAdded', 'itemUpdated'];

export const isItemEvent = (event: CaseEvent): event is Extract<CaseEvent, { kind: 'itemAdded' | 'itemUpdated' }> =>
  ITEM_KINDS.includes(event.kind);

/** The event with only its own fields, its texts cut to size (callers may pass richer records). */
function cleanEvent(event: CaseEvent): CaseEvent {
  const base = {
    caseId: event.caseId,
    orgId: event.orgId,
    caseNumber: String(event.caseNumber).slice(0, MAX_TEXT),
    lastName: String(event.lastName ?? '').slice(0, MAX_TEXT),
  };
  if (isItemEvent(event)) return { kind: event.kind, ...base, itemId: event.itemId, displayId: event.displayId };
  return { kind: event.kind, ...base } as CaseEvent;
}

/** Queues the event inside the caller's transaction: NOTIFY is delivered only when that transaction commits. */
export async function publishCaseEvent(db: Database, event: CaseEvent, actorUserId: number): Promise<void> {
  const body = JSON.stringify({ event: cleanEvent(event), actorUserId });
  await sql`SELECT pg_notify(${LIVE_CHANNEL}, (${body}::jsonb || jsonb_build_object('schema', current_schema()))::text)`.execute(db);
}

const isInt = (value: unknown): value is number => Number.isInteger(value);
const isText = (value: unknown): value is string => typeof value === 'string';

/** A notification's payload as a message, or null when it is not one of ours (another version, a stray NOTIFY). */
export function parseLiveMessage(payload: string): LiveMessage | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return null;
  }
  const { event, actorUserId, schema } = (parsed ?? {}) as Partial<Record<keyof LiveMessage, unknown>>;
  if (!isInt(actorUserId) || !isText(schema) || !event || typeof event !== 'object') return null;
  const e = event as Record<string, unknown>;
  const kind = e.kind as CaseEventKind;
  if (![...CASE_KINDS, ...ITEM_KINDS].includes(kind)) return null;
  if (!isInt(e.caseId) || !isInt(e.orgId) || !isText(e.caseNumber) || !isText(e.lastName)) return null;
  if (ITEM_KINDS.includes(kind) && (!isInt(e.itemId) || !isInt(e.displayId))) return null;
  return { event: cleanEvent(e as unknown as CaseEvent), actorUserId, schema };
}
