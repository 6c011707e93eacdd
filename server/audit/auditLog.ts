import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { requestOrigin } from './requestContext.js';

/**
 * One audit entry: what happened to which record. Only the changed fields' names are kept, never their values, so
 * the log can be read by administrators without showing them an SSN, a password or a finding.
 */
export interface AuditEntry {
  entity: string;
  entityId: string | number | null;
  action: string;
  /** Names of the fields the action changed (or read, for a read of sensitive data); see changedFields. */
  fields?: readonly string[];
  /** Who acted, when it is not the request's signed-in user (a sign-in, a password reset by e-mailed link). */
  userId?: number | null;
  userName?: string | null;
}

/**
 * Records who did what to which record, when, from where (client address, user agent) and in which request (its id,
 * also in the server log). Pass the transaction the change runs in, so both land or neither. This module is the only
 * writer of `audit_log`; the database refuses every UPDATE, DELETE and TRUNCATE of it (migration 019).
 */
export async function audit(db: Kysely<DB>, entry: AuditEntry): Promise<void> {
  const origin = requestOrigin();
  const userId = entry.userId !== undefined ? entry.userId : origin.userId;
  await db
    .insertInto('audit_log')
    .values({
      User_Id: userId,
      UserName: entry.userName !== undefined ? entry.userName : userId === origin.userId ? origin.userName : await userNameOf(db, userId),
      Entity: entry.entity,
      Entity_Id: entry.entityId === null ? '' : String(entry.entityId),
      Action: entry.action,
      Fields: [...new Set(entry.fields ?? [])],
      ClientAddress: origin.clientAddress,
      UserAgent: origin.userAgent,
      RequestId: origin.requestId,
    })
    .execute();
}

/** A user's username as it is now (kept in the entry, so the entry still says who once the user is deleted). */
const userNameOf = async (db: Kysely<DB>, userId: number | null) =>
  userId === null ? null : ((await db.selectFrom('users').select('UserName').where('Id', '=', userId).executeTakeFirst())?.UserName ?? null);

/**
 * The names of the fields a change holds: an object's keys, a nested object's as `Parent.Child` (a case's
 * `CaseSubject.SSN`), a list of objects' as the union of their keys (`Sections.Name`). Values are never read.
 */
export function changedFields(values: unknown, prefix = ''): string[] {
  if (Array.isArray(values)) return [...new Set(values.flatMap((value) => (isPlainObject(value) ? changedFields(value, prefix) : [])))];
  if (!isPlainObject(values)) return prefix ? [prefix.slice(0, -1)] : [];
  return Object.entries(values).flatMap(([key, value]) =>
    isPlainObject(value) && Object.keys(value).length ? changedFields(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

/**
 * The names of the fields an update changes: those of `values` whose value differs from the record's (nested objects
 * field by field). A date sent as a day equals the stored moment of that day.
 */
export function changedFieldsBetween(values: Record<string, unknown>, existing: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(values).flatMap(([key, value]) => {
    const before = existing[key];
    if (isPlainObject(value) && isPlainObject(before)) return changedFieldsBetween(value, before, `${prefix}${key}.`);
    return sameValue(value, before) ? [] : [`${prefix}${key}`];
  });
}

function sameValue(value: unknown, before: unknown): boolean {
  if ((value ?? null) === (before ?? null)) return true;
  if (before instanceof Date && typeof value === 'string') return before.toISOString().startsWith(value) || before.toISOString() === new Date(value).toISOString();
  return JSON.stringify(value) === JSON.stringify(before);
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
