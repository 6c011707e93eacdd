import type { Database } from '../../server/db/database.js';
import { settleCase } from '../../server/cases/workflow.js';

/**
 * A paper arrives on a case: the file row as the papers upload writes it, then the workflow settles (as the upload
 * does), on behalf of `userId`.
 */
export async function addPaper(db: Database, caseId: number, userId: number, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('case_attachments').values({ Case_Id: caseId, Name: 'authorization.pdf', StorageKey: `papers/${caseId}/a.pdf`, ContentType: 'application/pdf', Size: 10 }).execute();
    await settleCase(trx as Database, caseId, userId, now);
  });
}
