import { sqlMigration } from './sqlMigration.js';

/** The webhook worker removes old events (server/webhooks/worker.ts, `prune`): found by their age. */
export default sqlMigration([`CREATE INDEX IF NOT EXISTS webhook_events_created ON webhook_events ("CreatedDate")`]);
