import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import { Webhooks } from '../../shared/constants.js';

/** A delivery as the log shows it (schemas/webhookDelivery.json). */
const deliveries = (db: Database) =>
  db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_events as e', 'e.Id', 'd.Event_Id')
    .select([
      'd.Id',
      'd.Endpoint_Id',
      'd.Event_Id',
      'e.EventType',
      'd.Case_Id',
      'd.Status',
      'd.Attempts',
      sql<Date | null>`CASE WHEN d."Status" = 'pending' THEN d."NextAttemptAt" END`.as('NextAttemptAt'),
      'd.LastAttemptDate',
      'd.LastStatusCode',
      'd.ResponseMs',
      'd.LastError',
      'd.DeliveredDate',
      'e.CreatedDate',
    ]);

/** An endpoint's delivery log: its newest deliveries first (index webhook_deliveries_log), at most Webhooks.LOG_LIMIT. */
export const deliveryLog = (db: Database, endpointId: number) =>
  deliveries(db).where('d.Endpoint_Id', '=', endpointId).orderBy('d.Id', 'desc').limit(Webhooks.LOG_LIMIT).execute();

/** One delivery of an endpoint, or undefined. */
export const deliveryOf = (db: Database, endpointId: number, deliveryId: number) =>
  deliveries(db).where('d.Endpoint_Id', '=', endpointId).where('d.Id', '=', deliveryId).executeTakeFirst();
