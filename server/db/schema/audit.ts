import type { ColumnType } from 'kysely';
import type { CreatedAt, Id } from './columns.js';

/** Append-only (migration 019): written by server/audit/auditLog.ts alone; UPDATE, DELETE and TRUNCATE are refused. */
export interface AuditLogTable {
  Id: Id;
  /** Who acted; kept when the user is deleted (no foreign key), with their username as it was. */
  User_Id: number | null;
  UserName: string | null;
  Entity: string;
  /** The record's key as text ('' when the action concerns no one record). */
  Entity_Id: string;
  Action: string;
  /** Names of the fields changed (or, for a read of an SSN, read): never their values. */
  Fields: ColumnType<string[], string[] | undefined, string[]>;
  ClientAddress: string | null;
  UserAgent: string | null;
  /** The request's id, as the server log and the X-Request-Id header name it. */
  RequestId: string | null;
  CreatedDate: CreatedAt;
}

export interface AuditTables {
  audit_log: AuditLogTable;
}
