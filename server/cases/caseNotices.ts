import type { Database } from '../db/database.js';
import { publishCaseEvent } from '../live/caseEvents.js';

/** What every notice about a case says of it: its id, org, number and subject's last name (null: no such case). */
export async function noticeBaseOf(db: Database, caseId: number) {
  const row = await db.selectFrom('cases').select(['CaseNumber', 'Client_Id', 'SubjectLastName']).where('Id', '=', caseId).executeTakeFirst();
  return row ? { caseId, orgId: row.Client_Id, caseNumber: row.CaseNumber, lastName: row.SubjectLastName ?? '' } : null;
}

/**
 * Tells signed-in users who may see the case that it was created or changed (the live notices of spec 001 §2),
 * inside the change's transaction: the notice goes out only if the change commits.
 */
export async function noticeCase(db: Database, caseId: number, kind: 'caseCreated' | 'caseUpdated', actorUserId: number): Promise<void> {
  const base = await noticeBaseOf(db, caseId);
  if (base) await publishCaseEvent(db, { kind, ...base }, actorUserId);
}
