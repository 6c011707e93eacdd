import { sqlMigration } from './sqlMigration.js';

/**
 * Signed webhooks (issue 26 §3, docs/decisions.md "Webhooks"). `webhook_endpoints`: the receivers an administrator
 * registers — the URL, the secret sealed under a key derived from the keyring (AES-256-GCM, the id of the key beside
 * it), the event types it hears, the org whose subtree it hears (null: the whole firm) and whether it is active.
 * `webhook_events`: the outbox — one row per event, written in the transaction of the change that raised it.
 * `webhook_deliveries`: one row per event and endpoint that hears it (fanned out in the same transaction), the
 * worker's queue and the delivery log at once: its status, attempts, when it is next due, until when it is retried,
 * the last error, status code and response time.
 *
 * Indexes: the worker's claim (due pending deliveries by NextAttemptAt) and its order rule (an earlier pending
 * delivery of the same endpoint and case), both partial on the pending rows; the delivery log (an endpoint's
 * deliveries newest first); a delivery's event, and the endpoints of an org (its delete's foreign key).
 */
export default sqlMigration([
  `CREATE TABLE IF NOT EXISTS webhook_endpoints (
    "Id" serial PRIMARY KEY,
    "Url" text NOT NULL,
    "Description" text,
    "SecretCipher" text NOT NULL,
    "SecretKeyId" text NOT NULL,
    "EventTypes" text[] NOT NULL,
    "Org_Id" integer REFERENCES orgs ("Id") ON DELETE CASCADE,
    "Active" boolean NOT NULL DEFAULT true,
    "CreatedDate" timestamptz NOT NULL DEFAULT now(),
    "UpdatedDate" timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX IF NOT EXISTS webhook_endpoints_org ON webhook_endpoints ("Org_Id")`,
  `CREATE TABLE IF NOT EXISTS webhook_events (
    "Id" bigserial PRIMARY KEY,
    "EventType" text NOT NULL,
    "Case_Id" integer,
    "Org_Id" integer,
    "Payload" text NOT NULL,
    "CreatedDate" timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE TABLE IF NOT EXISTS webhook_deliveries (
    "Id" bigserial PRIMARY KEY,
    "Event_Id" bigint NOT NULL REFERENCES webhook_events ("Id") ON DELETE CASCADE,
    "Endpoint_Id" integer NOT NULL REFERENCES webhook_endpoints ("Id") ON DELETE CASCADE,
    "Case_Id" integer,
    "Status" text NOT NULL DEFAULT 'pending' CHECK ("Status" IN ('pending', 'delivered', 'failed')),
    "Attempts" integer NOT NULL DEFAULT 0,
    "NextAttemptAt" timestamptz NOT NULL,
    "RetryUntil" timestamptz NOT NULL,
    "LastAttemptDate" timestamptz,
    "LastError" text,
    "LastStatusCode" integer,
    "ResponseMs" integer,
    "DeliveredDate" timestamptz,
    "CreatedDate" timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX IF NOT EXISTS webhook_deliveries_due ON webhook_deliveries ("NextAttemptAt", "Id") WHERE "Status" = 'pending'`,
  `CREATE INDEX IF NOT EXISTS webhook_deliveries_case_order ON webhook_deliveries ("Endpoint_Id", "Case_Id", "Id") WHERE "Status" = 'pending'`,
  `CREATE INDEX IF NOT EXISTS webhook_deliveries_log ON webhook_deliveries ("Endpoint_Id", "Id" DESC)`,
  `CREATE INDEX IF NOT EXISTS webhook_deliveries_event ON webhook_deliveries ("Event_Id")`,
]);
