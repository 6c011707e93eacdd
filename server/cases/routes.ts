import { authOf } from '../http/access.js';
import { anyObject, anyArray, anyOf, idParams, noBody, route, type ApiArea, type RouteSpec } from '../http/route.js';
import { notFound } from '../http/errors.js';
import { audit, changedFields } from '../audit/auditLog.js';
import type { Database } from '../db/database.js';
import { Permissions } from '../../shared/permissions.js';
import type { Permission } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import { assertCaseEditable, caseInScope } from './caseAccess.js';
import { storedSsnOf, subjectRow, type Subject } from './caseStore.js';
import { auditSsnRead, presentSsn, ssnShownTo, SSN_COLUMNS } from './subjectSsn.js';
import { STEP_PERMISSIONS, takeStep, type CaseStep } from './workflow.js';
import { noticeCase } from './caseNotices.js';
import { caseXml, DEFAULT_CASE_XSLT } from './caseXml.js';
import { sendDownload } from '../files/uploads.js';

const P = Permissions.Cases;
const T = Texts.cases.server;

const stepAnswer = {
  type: 'object',
  properties: {
    WorkflowState: { type: 'string' },
    CaseStatusType: { type: 'string' },
    DueDate: { type: ['string', 'null'] },
    CompletionDate: { type: ['string', 'null'] },
    LockedTo_Id: { type: ['integer', 'null'] },
  },
} as const;

/** One workflow step's call: PUT /api/cases/{id}/{path}, its permission, in one transaction. */
function step(path: string, permission: Permission, summary: string, asked: CaseStep): RouteSpec<never> {
  return route<{ Params: { id: number } }>({
    method: 'PUT',
    url: `/api/cases/:id/${path}`,
    access: anyOf(permission),
    summary,
    schema: { params: idParams, body: noBody, response: { 200: stepAnswer } },
    async handler(request) {
      const auth = authOf(request);
      const now = request.server.services.now();
      const { id } = request.params;
      return request.server.db.transaction().execute(async (trx) => {
        const { action, answer } = await takeStep(trx as Database, auth, id, asked, now);
        await audit(trx, { userId: auth.userId, entity: 'cases', entityId: id, action, fields: ['WorkflowState'] });
        await noticeCase(trx as Database, id, 'caseUpdated', auth.userId);
        return answer;
      });
    },
  }) as RouteSpec<never>;
}

/**
 * The case calls that are not CRUD (spec 001 §7): the workflow steps, each with its permission and refused with a
 * 409 from a wrong state or on a case held by another user — the rule that also answers the case's `Steps`
 * (docs/decisions.md "Case workflow"); the subject and the reviewer, which obey the
 * data-entry lock and the inactive-case rule; the case history.
 */
export const casesArea: ApiArea = {
  name: 'cases',
  routes: [
    step('start-data-entry', STEP_PERMISSIONS.startDataEntry, 'Start data entry: AWAITING_DATA_ENTRY → DATA_ENTRY_IN_PROCESS, locked to the caller', 'startDataEntry'),
    step(
      'data-entry-complete',
      STEP_PERMISSIONS.dataEntryComplete,
      'Complete data entry: sets the critical date and the items\' ACDs from the org\'s deadline rules; → AWAITING_ASSIGNMENT (or the state the items imply)',
      'dataEntryComplete',
    ),
    step('toggle-on-hold', STEP_PERMISSIONS.hold, 'Put the case on hold (→ HOLD), or reactivate a case on hold (→ the state its papers and items imply)', 'toggleHold'),
    step('discontinue', STEP_PERMISSIONS.discontinue, 'Discontinue the case (→ DISCONTINUED, CompletionDate now)', 'discontinue'),
    step('resume', STEP_PERMISSIONS.resume, 'Resume a discontinued case: → the state its papers and items imply; answers WorkflowState', 'resume'),
    route<{ Params: { id: number }; Body: Record<string, unknown> }>({
      method: 'PUT',
      url: '/api/cases/:id/subject',
      access: anyOf(Permissions.CaseSubjects.EDIT_SUBJECT, P.EDIT_CASES),
      summary: 'Change the subject of a case (first, middle and last name, SSN); answers the subject',
      schema: { params: idParams, body: { $ref: 'caseSubject.json' }, response: { 200: anyObject } },
      async handler(request) {
        const auth = authOf(request);
        const { id } = request.params;
        const { FirstName, MiddleName, LastName, SSN } = request.body as unknown as Subject;
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
        return { ...names, SSN: presentSsn(vault, { SSNCipher, SSNKeyId }, shown) };
      },
    }),
    route<{ Params: { id: number } }>({
      method: 'GET',
      url: '/api/cases/:id/subject/ssn',
      access: anyOf(Permissions.CaseSubjects.VIEW_FULL_SSN),
      summary: 'Reveal the subject\'s whole SSN (the case page\'s Reveal); each reveal is in the audit log',
      schema: { params: idParams, response: { 200: { type: 'object', properties: { SSN: { type: ['string', 'null'] } } } } },
      async handler(request) {
        const { db, services } = request.server;
        const row = await caseInScope(db, authOf(request), request.params.id);
        const stored = await storedSsnOf(db, row.Id);
        const ssn = stored ? services.ssn.open(stored) : null;
        if (ssn !== null) await auditSsnRead(db, row.Id, 'reveal-ssn');
        return { SSN: ssn };
      },
    }),
    route<{ Params: { id: number; reviewerId: number } }>({
      method: 'PUT',
      url: '/api/cases/:id/reviewer/:reviewerId',
      access: anyOf(P.ASSIGN_REVIEWER),
      summary: 'Assign the case\'s reviewer; answers the case\'s Id and Reviewer_Id',
      schema: {
        params: { type: 'object', properties: { id: { type: 'integer', minimum: 1 }, reviewerId: { type: 'integer', minimum: 1 } }, required: ['id', 'reviewerId'] },
        body: noBody,
        response: { 200: anyObject },
      },
      async handler(request) {
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
    }),
    route<{ Params: { id: number } }>({
      method: 'GET',
      url: '/api/cases/:id/xml',
      access: anyOf(P.VIEW_CASE_XML),
      summary: 'The case XML (the data its report is built from: case, subject, org, items with their sections\' values), as {CaseNumber}.xml',
      schema: { params: idParams, produces: ['application/xml'], response: { 200: { description: 'The XML file', type: 'string' } } },
      async handler(request, reply) {
        const { db, services } = request.server;
        const auth = authOf(request);
        await caseInScope(db, auth, request.params.id);
        const shown = ssnShownTo(auth);
        const { caseNumber, xml } = await caseXml(db, request.params.id, (stored) => presentSsn(services.ssn, stored, shown));
        await audit(db, { entity: 'cases', entityId: request.params.id, action: 'download-xml', fields: shown === 'full' ? ['Subject.SSN'] : [] });
        return sendDownload(reply, `${caseNumber}.xml`, 'application/xml; charset=utf-8', xml);
      },
    }),
    route<{ Params: { id: number } }>({
      method: 'GET',
      url: '/api/cases/:id/xslt',
      access: anyOf(P.VIEW_CASE_XSLT),
      summary: 'The case template\'s report stylesheet (a default one when the template has none), as {CaseNumber}.xslt',
      schema: { params: idParams, produces: ['application/xslt+xml'], response: { 200: { description: 'The XSLT file', type: 'string' } } },
      async handler(request, reply) {
        const { db } = request.server;
        const row = await caseInScope(db, authOf(request), request.params.id);
        const template = row.CaseTemplate_Id ? await db.selectFrom('case_templates').select('ROIStylesheet').where('Id', '=', row.CaseTemplate_Id).executeTakeFirst() : undefined;
        const xslt = template?.ROIStylesheet?.trim() ? template.ROIStylesheet : DEFAULT_CASE_XSLT;
        return sendDownload(reply, `${row.CaseNumber}.xslt`, 'application/xslt+xml; charset=utf-8', xslt);
      },
    }),
    route<{ Params: { id: number } }>({
      method: 'GET',
      url: '/api/cases/:id/history',
      access: anyOf(P.VIEW_CASES),
      summary: 'The case\'s workflow history, newest first: from, to, the step, who and when',
      schema: { params: idParams, response: { 200: anyArray } },
      async handler(request) {
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
  ],
};
