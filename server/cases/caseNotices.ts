import type { Database } from '../db/database.js';
import { publishCaseEvent } from '../live/caseEvents.js';

/**
 * Tells signed-in users who may see the case that it was created or changed (the live notices of spec 001 §2),
 * inside the change's transaction: the notice goes out only if the change commits.
 */
export async function noticeCase(db: Database, caseId: number, kind: 'caseCreated' | 'caseUpdated', actorUserId: number): Promise<void> {
  const row = await db
    .selectFrom('cases as c')
    .leftJoin('case_subjects as s', 's.Case_Id', 'c.Id')
    .select(['c.CaseNumber', 'c.Client_Id', 's.LastName'])
    .where('c.Id', '=', caseId)
    .executeTakeFirst();
  if (!row) return;
  await publishCaseEvent(db, { kind, caseId, orgId: row.Client_Id, caseNumber: row.CaseNumber, lastName: row.LastName ?? '' }, actorUserId);
}
