import type { Kysely } from 'kysely';
import type { DB } from './db/schema.js';

export interface AuditEntry {
  userId: number | null;
  entity: string;
  entityId: string | number;
  action: string;
  changes?: unknown;
}

/** Records who changed what and when. Pass the transaction the change runs in, so both land or neither. */
export async function audit(db: Kysely<DB>, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      User_Id: entry.userId,
      Entity: entry.entity,
      Entity_Id: String(entry.entityId),
      Action: entry.action,
      Changes: entry.changes === undefined ? null : JSON.stringify(entry.changes),
    })
    .execute();
}
