import { sqlMigration } from './sqlMigration.js';

/**
 * The audit trail an administrator reads and nobody changes (issue 21 §3).
 * - Each entry keeps who (the user's id and username as they were: no foreign key, so deleting a user neither
 *   changes nor loses their entries), the client address, user agent and the request's id (also in the server log).
 * - `Fields` holds the names of the changed fields only. The values an entry used to keep (`Changes`) could hold an
 *   SSN or a finding: they become their field names and the column goes. The id becomes bigint, which rewrites the
 *   table, so the dropped values do not stay behind in its pages.
 * - Append-only in the database itself: a trigger refuses every UPDATE, DELETE and TRUNCATE, whoever asks.
 * - Indexes for the Audit log screen (newest first is the primary key read backwards): by user (id, and the start of
 *   the username), by action, by date range (by record exists).
 */
export default sqlMigration([
  `ALTER TABLE audit_log DROP CONSTRAINT IF EXISTS "audit_log_User_Id_fkey"`,
  `ALTER TABLE audit_log
     ADD COLUMN "UserName" text,
     ADD COLUMN "Fields" text[] NOT NULL DEFAULT '{}',
     ADD COLUMN "ClientAddress" text,
     ADD COLUMN "UserAgent" text,
     ADD COLUMN "RequestId" text`,
  `UPDATE audit_log AS a SET
     "UserName" = (SELECT u."UserName" FROM users AS u WHERE u."Id" = a."User_Id"),
     "Fields" = CASE jsonb_typeof(a."Changes")
       WHEN 'object' THEN ARRAY(SELECT jsonb_object_keys(a."Changes"))
       WHEN 'array' THEN ARRAY(SELECT DISTINCT k FROM jsonb_array_elements(a."Changes") AS e, jsonb_object_keys(CASE jsonb_typeof(e) WHEN 'object' THEN e ELSE '{}'::jsonb END) AS k)
       ELSE '{}'::text[] END`,
  `ALTER TABLE audit_log DROP COLUMN "Changes"`,
  `ALTER TABLE audit_log ALTER COLUMN "Id" TYPE bigint`,
  `CREATE INDEX audit_log_created ON audit_log ("CreatedDate")`,
  `CREATE INDEX audit_log_user ON audit_log ("User_Id", "Id" DESC)`,
  `CREATE INDEX audit_log_action ON audit_log ("Action", "Id" DESC)`,
  `CREATE INDEX audit_log_user_name ON audit_log (lower("UserName") text_pattern_ops)`,
  `CREATE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     RAISE EXCEPTION 'The audit log is append-only: % of audit_log refused.', TG_OP USING ERRCODE = 'insufficient_privilege';
   END $$`,
  `CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change()`,
  `CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change()`,
]);
