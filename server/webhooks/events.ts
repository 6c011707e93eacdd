import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import { Webhooks } from '../../shared/constants.js';
import type { WebhookEventType } from '../../shared/webhooks.js';

/** An event as the code that made the change raises it: its type, the case it is about (its order), the org it belongs to. */
export interface WebhookEvent {
  type: WebhookEventType;
  /** The case whose events are delivered in order to each endpoint; null for an event of no one case (an invoice). */
  caseId: number | null;
  /** The org the event belongs to: endpoints registered for an org hear the events of its subtree only. */
  orgId: number | null;
  /** What the body's `data` says (ids, numbers and states: never a subject's name or SSN). */
  data: Record<string, unknown>;
}

/**
 * The active endpoints that hear `type` for `orgId`: those of the whole firm (Org_Id null) and those registered for the
 * org or one of its ancestors (an endpoint hears its org's subtree).
 */
async function listeners(db: Database, type: WebhookEventType, orgId: number | null): Promise<number[]> {
  const result = await sql<{ Id: number }>`
    SELECT e."Id" FROM webhook_endpoints e
    WHERE e."Active" AND ${type} = ANY(e."EventTypes")
      AND (e."Org_Id" IS NULL OR e."Org_Id" IN (
        WITH RECURSIVE chain AS (
          SELECT "Id", "ParentOrg_Id", 0 AS "Depth" FROM orgs WHERE "Id" = ${orgId}
          UNION ALL
          SELECT o."Id", o."ParentOrg_Id", c."Depth" + 1 FROM orgs o JOIN chain c ON o."Id" = c."ParentOrg_Id" WHERE c."Depth" < 100
        ) SELECT "Id" FROM chain))
    ORDER BY e."Id"`.execute(db);
  return result.rows.map((row) => row.Id);
}

/** Whether any active endpoint hears any of `types` (so a change nobody listens to reads nothing more). */
export async function anyListener(db: Database, types: readonly WebhookEventType[]): Promise<boolean> {
  const result = await sql<{ n: number }>`SELECT 1 AS n FROM webhook_endpoints WHERE "Active" AND "EventTypes" && ARRAY[${sql.join(types.map((type) => sql`${type}::text`))}] LIMIT 1`.execute(db);
  return result.rows.length > 0;
}

/**
 * Raises an event inside the caller's transaction (the outbox): the event row and one delivery per endpoint that
 * hears it, due at once and retried until Webhooks.RETRY_WINDOW_MS after it. Nothing is sent here: the worker
 * (server/webhooks/worker.ts) delivers after the commit, so the request never waits for a receiver, and a rollback
 * raises nothing. Nothing is written when no endpoint hears it. The database's clock stamps it (every instance's one).
 */
export async function raiseEvent(db: Database, event: WebhookEvent): Promise<void> {
  const endpoints = await listeners(db, event.type, event.orgId);
  if (!endpoints.length) return;
  const { Id } = await db
    .insertInto('webhook_events')
    .values({ EventType: event.type, Case_Id: event.caseId, Org_Id: event.orgId, Payload: JSON.stringify(event.data) })
    .returning('Id')
    .executeTakeFirstOrThrow();
  const windowS = Webhooks.RETRY_WINDOW_MS / 1000;
  await db
    .insertInto('webhook_deliveries')
    .values(
      endpoints.map((endpointId) => ({
        Event_Id: Id,
        Endpoint_Id: endpointId,
        Case_Id: event.caseId,
        NextAttemptAt: sql<Date>`now()`,
        RetryUntil: sql<Date>`now() + make_interval(secs => ${windowS})`,
      })),
    )
    .execute();
}

/** The body delivered for an event: the same bytes on every attempt and to every endpoint. */
export function deliveryBody(event: { Id: number; EventType: string; CreatedDate: Date; Payload: string }): string {
  return `{"id":${event.Id},"type":${JSON.stringify(event.EventType)},"created":${JSON.stringify(event.CreatedDate.toISOString())},"data":${event.Payload}}`;
}
