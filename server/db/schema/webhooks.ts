import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Flag, Id, NullableTimestamp, Timestamp } from './columns.js';

/** Webhook endpoints, the events' outbox and their deliveries (docs/data-model.md, "Webhooks"; migration 024). */

export interface WebhookEndpointsTable {
  Id: Id;
  Url: string;
  Description: string | null;
  /** The secret, sealed (server/webhooks/secretSeal.ts); never answered. */
  SecretCipher: string;
  SecretKeyId: string;
  EventTypes: string[];
  Org_Id: number | null;
  Active: Flag;
  CreatedDate: CreatedAt;
  UpdatedDate: CreatedAt;
}

/** A bigserial key: pg answers int8 as a number here (server/db/database.ts). */
type BigId = Generated<number>;

export interface WebhookEventsTable {
  Id: BigId;
  EventType: string;
  Case_Id: number | null;
  Org_Id: number | null;
  /** The body delivered, as JSON text. */
  Payload: string;
  CreatedDate: CreatedAt;
}

export interface WebhookDeliveriesTable {
  Id: BigId;
  Event_Id: number;
  Endpoint_Id: number;
  Case_Id: number | null;
  Status: ColumnType<'pending' | 'delivered' | 'failed', 'pending' | 'delivered' | 'failed' | undefined, 'pending' | 'delivered' | 'failed'>;
  Attempts: ColumnType<number, number | undefined, number>;
  NextAttemptAt: Timestamp;
  RetryUntil: Timestamp;
  LastAttemptDate: NullableTimestamp;
  LastError: string | null;
  LastStatusCode: number | null;
  ResponseMs: number | null;
  DeliveredDate: NullableTimestamp;
  CreatedDate: CreatedAt;
}

export interface WebhookTables {
  webhook_endpoints: WebhookEndpointsTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
}
