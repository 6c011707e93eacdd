import { sqlMigration } from './sqlMigration.js';

/**
 * Request counts of the rate-limited anonymous endpoints, per route and client address and fixed window, kept
 * in the database so that every API instance behind a load balancer counts against the same limit.
 */
export default sqlMigration([
  `CREATE UNLOGGED TABLE rate_limit_hits (
    "Key" text PRIMARY KEY,
    "WindowStart" timestamptz NOT NULL,
    "Count" integer NOT NULL
  )`,
  `CREATE INDEX rate_limit_hits_window ON rate_limit_hits ("WindowStart")`,
]);
