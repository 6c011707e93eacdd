import { authOf } from '../http/access.js';
import type { ApiArea } from '../http/route.js';
import { operationRoutes, type OperationHandler } from '../http/operationRoutes.js';
import { caseOperations } from '../../resources/caseOperations.js';
import { notFound } from '../http/errors.js';
import { audit, changedFields } from '../audit/auditLog.js';
import type { Database } from '../db/database.js';
import { Texts } from '../../shared/texts/index.js';
import { assertCaseEditable, caseInScope } from './caseAccess.js';
import { storedSsnOf, subjectRow, type Subject } from './caseStore.js';
import { auditSsnRead, presentSsn, ssnShownTo, SSN_COLUMNS } from './subjectSsn.js';
import { takeStep, type CaseStep } from './workflow.js';
import { noticeCase } from './caseNotices.js';
import { caseXml, DEFAULT_CASE_XSLT } from './caseXml.js';
import { sendDownload } from '../files/uploads.js';

const T = Texts.cases.server;

/** One workflow step's handler: the step, its audit entry and notice, in one transaction. */
function step(asked: CaseStep): OperationHandler<typeof caseOperations.startDataEntry> {
  return async (request) => {
    const auth = authOf(request);
    const now = request.server.services.now();
    const { id } = request.params;
    return request.server.db.transaction().execute(async (trx) => {
      const { action, answer } = await takeStep(trx as Database, auth, id, asked, now);
      await audit(trx, { userId: auth.userId, entity: 'cases', entityId: id, action, fields: ['WorkflowState'] });
      await noticeCase(trx as Database, id, 'caseUpdated', auth.userId);
      return answer;
    });
  };
}

/**
 * The handlers of the cases contract's named operations (resources/caseOperations.ts): the workflow steps by the
 * rule that also answers the case's `Steps` (docs/decisions.md "Case workflow"); the subject and the reviewer, which
 * obey the data-entry lock and the inactive-case rule; the SSN reveal, the XML and stylesheet, the history.
 */
export const casesArea: ApiArea = {
  name: 'cases',
  routes: operationRoutes(caseOperations, {
    startDataEntry: step('startDataEntry'),
    completeDataEntry: step('dataEntryComplete'),
    toggleHold: step('toggleHold'),
    discontinue: step('discontinue'),
    resume: step('resume'),
    async saveSubject(request) {
      const auth = authOf(request);
      const { id } = request.params;
      const { FirstName, MiddleName, LastName, SSN } = request.body as Subject;
      const { ssn: vault } = request.server.services;
      const shown = ssnShownTo(auth);
      const subject = await request.server.db.transaction().execute(async (trx) => {
        const row = await caseInScope(trx as Database, auth, id, true);
        await assertCaseEditable(trx as Database, auth, row);
        const values = subjectRow(vault, { FirstName, MiddleName, LastName, SSN }, await storedSsnOf(trx as Database, id), 'SSN');
        const saved = await trx.updateTable('case_subjects').set(values).where('Case_Id', '=', id).returning(['Id', 'FirstName', 'MiddleName', 'LastName', ...SSN_COLUMNS]).executeTakeFirstOrThrow();
        await audit(trx, { userId: auth.userId, entity: 'cases', entityId: id, action: 'subject', fields: changedFields(values).map((field) => (field.startsWith('SSN') ? 'SSN' : field)) });
        if (shown === 'full') await auditSsnRead(trx as Database, id, 'read-ssn');
        await noticeCase(trx as Database, id, 'caseUpdated', auth.userId);
        return saved;
      });
      const { SSNCipher, SSNKeyId, ...names } = subject;
      return { ...names, SSN: presentSsn(vault, { SSNCipher, SSNKeyId }, shown) ?? '' };
    },
    async revealSsn(request) {
      const { db, services } = request.server;
      const row = await caseInScope(db, authOf(request), request.params.id);
      const stored = await storedSsnOf(db, row.Id);
      const ssn = stored ? services.ssn.open(stored) : null;
      if (ssn !== null) await auditSsnRead(db, row.Id, 'reveal-ssn');
      return { SSN: ssn };
    },
    async assignReviewer(request) {
      const auth = authOf(request);
      const { id, reviewerId } = request.params;
      return request.server.db.transaction().execute(async (trx) => {
        const row = await caseInScope(trx as Database, auth, id, true);
        await assertCaseEditable(trx as Database, auth, row);
        if (!(await trx.selectFrom('users').select('Id').where('Id', '=', reviewerId).executeTakeFirst())) throw notFound(T.reviewerUnknown);
        await trx.updateTable('cases').set({ Reviewer_Id: reviewerId, UpdatedDate: request.server.services.now() }).where('Id', '=', id).execute();
        await audit(trx, { userId: auth.userId, entity: 'cases', entityId: id, action: 'reviewer', fields: ['Reviewer_Id'] });
        await noticeCase(trx as Database, id, 'caseUpdated', auth.userId);
        return { Id: id, Reviewer_Id: reviewerId };
      });
    },
    async downloadXml(request, reply) {
      const { db, services } = request.server;
      const auth = authOf(request);
      await caseInScope(db, auth, request.params.id);
      const shown = ssnShownTo(auth);
      const { caseNumber, xml } = await caseXml(db, request.params.id, (stored) => presentSsn(services.ssn, stored, shown));
      await audit(db, { entity: 'cases', entityId: request.params.id, action: 'download-xml', fields: shown === 'full' ? ['Subject.SSN'] : [] });
      return sendDownload(reply, `${caseNumber}.xml`, 'application/xml; charset=utf-8', xml);
    },
    async downloadXslt(request, reply) {
      const { db } = request.server;
      const row = await caseInScope(db, authOf(request), request.params.id);
      const template = row.CaseTemplate_Id ? await db.selectFrom('case_templates').select('ROIStylesheet').where('Id', '=', row.CaseTemplate_Id).executeTakeFirst() : undefined;
      const xslt = template?.ROIStylesheet?.trim() ? template.ROIStylesheet : DEFAULT_CASE_XSLT;
      return sendDownload(reply, `${row.CaseNumber}.xslt`, 'application/xslt+xml; charset=utf-8', xslt);
    },
    async history(request) {
      const { db } = request.server;
      await caseInScope(db, authOf(request), request.params.id);
      return db
        .selectFrom('case_history as h')
        .leftJoin('users as u', 'u.Id', 'h.TriggeredBy_Id')
        .select(['h.Id', 'h.FromState', 'h.ToState', 'h.Action', 'h.Note', 'h.CreatedDate', 'u.Id as UserId', 'u.FirstName', 'u.LastName'])
        .where('h.Case_Id', '=', request.params.id)
        .orderBy('h.Id', 'desc')
        .execute();
    },
  }),
};
