import { audit, changedFields } from '../audit/auditLog.js';
import type { Database } from '../db/database.js';
import { authOf } from '../http/access.js';
import { notFound } from '../http/errors.js';
import type { ApiArea } from '../http/route.js';
import { operationRoutes } from '../http/operationRoutes.js';
import { casePaperOperations } from '../../resources/casePaperOperations.js';
import { defineStore } from '../resources/store.js';
import { sendFile, storeUpload } from '../files/uploads.js';
import { Texts } from '../../shared/texts/index.js';
import type { AuthContext } from '../auth/sessions.js';
import { assertCaseEditable, caseInScope } from './caseAccess.js';
import { settleCase } from './workflow.js';
import { noticeCase } from './caseNotices.js';

const T = Texts.cases.server;
/** Where papers' files live in the file storage. */
export const CASE_PAPERS_STORAGE_AREA = 'case-papers';

/** The papers of a case, newest first. */
async function papersOf(db: Database, caseId: number) {
  const rows = await db
    .selectFrom('case_attachments')
    .select(['Id', 'Case_Id', 'Name', 'FedExTracking', 'StorageKey', 'CreatedDate'])
    .where('Case_Id', '=', caseId)
    .orderBy('CreatedDate', 'desc')
    .orderBy('Id', 'desc')
    .execute();
  return rows.map(({ StorageKey, ...row }) => ({ ...row, HasFile: StorageKey !== null }));
}

async function findPaper(db: Database, caseId: number, paperId: number) {
  const paper = await db.selectFrom('case_attachments').selectAll().where('Id', '=', paperId).where('Case_Id', '=', caseId).executeTakeFirst();
  if (!paper) throw notFound(T.paperNotFound);
  return paper;
}

/** A write to a case's papers: the case in the caller's scope, locked, and changeable (the data-entry lock, inactive cases). */
async function editableCase(db: Database, auth: AuthContext, caseId: number) {
  const row = await caseInScope(db, auth, caseId, true);
  await assertCaseEditable(db, auth, row);
  return row;
}

/**
 * The `case-papers` declaration's store: a case's papers (files and tracking-only entries). Deleting one removes
 * its file after the commit and settles the case (the last paper of a case awaiting data entry takes it back to
 * AWAITING_CASE_PAPERS).
 */
export const casePapersStore = defineStore({
  audit: { entity: 'cases', entityId: (context) => context.parentKey, action: () => 'delete-paper' },
  summaries: { list: 'The papers of a case, newest first (files and tracking-only entries)', delete: 'Remove a paper (and its file); answers it' },
  async list(context) {
    const row = await caseInScope(context.db, context.auth, Number(context.parentKey));
    return papersOf(context.db, row.Id);
  },
  async read(context, key, purpose) {
    const caseId = Number(context.parentKey);
    if (purpose === 'delete') await editableCase(context.db, context.auth, caseId);
    else await caseInScope(context.db, context.auth, caseId);
    const { StorageKey, ...paper } = await findPaper(context.db, caseId, Number(key));
    return { ...paper, HasFile: StorageKey !== null, StorageKey };
  },
  async remove(context, key) {
    await context.db.deleteFrom('case_attachments').where('Id', '=', Number(key)).execute();
    await settleCase(context.db, Number(context.parentKey), context.auth.userId, context.now);
  },
  async afterCommit(context, _action, paper) {
    if (paper.StorageKey) await context.request.server.services.storage.remove(String(paper.StorageKey)).catch((error) => context.request.log.warn({ err: error }, 'paper file not removed'));
  },
});

/**
 * The handlers of the case-papers contract's operations (resources/casePaperOperations.ts): upload (zips extracted
 * with the item-template assets' limits, all or nothing), download, tracking info. An upload settles the case in the
 * same transaction: the first paper moves it to AWAITING_DATA_ENTRY.
 */
export const casePapersArea: ApiArea = {
  name: 'case-papers',
  routes: operationRoutes(casePaperOperations, {
    async upload(request) {
      const { db, services } = request.server;
      const auth = authOf(request);
      const caseId = request.params.id;
      await caseInScope(db, auth, caseId);
      await storeUpload(request, services.storage, CASE_PAPERS_STORAGE_AREA, T, (files) =>
        db.transaction().execute(async (trx) => {
          await editableCase(trx as Database, auth, caseId);
          const rows = files.map((f) => ({ Case_Id: caseId, Name: f.name, StorageKey: f.storageKey, ContentType: f.contentType, Size: f.content.length }));
          await trx.insertInto('case_attachments').values(rows).execute();
          await settleCase(trx as Database, caseId, auth.userId, services.now(), `${rows.length} paper(s) uploaded`);
          await audit(trx, { userId: auth.userId, entity: 'cases', entityId: caseId, action: 'add-papers', fields: ['Name'] });
          await noticeCase(trx as Database, caseId, 'caseUpdated', auth.userId);
        }),
      );
      return papersOf(db, caseId);
    },
    async download(request, reply) {
      const { db, services } = request.server;
      await caseInScope(db, authOf(request), request.params.caseId);
      const paper = await findPaper(db, request.params.caseId, request.params.attachmentId);
      if (!paper.StorageKey) throw notFound(Texts.cases.errors.retrieveFailed);
      return sendFile(reply, services.storage, { StorageKey: paper.StorageKey, ContentType: paper.ContentType }, paper.Name, Texts.cases.errors.retrieveFailed, () =>
        audit(db, { entity: 'cases', entityId: request.params.caseId, action: 'download-paper', fields: [] }),
      );
    },
    async addTracking(request) {
      const { db } = request.server;
      const auth = authOf(request);
      const caseId = request.params.id;
      await db.transaction().execute(async (trx) => {
        await editableCase(trx as Database, auth, caseId);
        const values = { Case_Id: caseId, Name: request.body.Name.trim(), FedExTracking: request.body.FedExTracking.trim() };
        await trx.insertInto('case_attachments').values(values).execute();
        await audit(trx, { userId: auth.userId, entity: 'cases', entityId: caseId, action: 'add-tracking', fields: changedFields(values) });
      });
      return papersOf(db, caseId);
    },
  }),
};
