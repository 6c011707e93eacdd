import { PageSizes } from '../shared/constants.js';
import { Permissions } from '../shared/permissions.js';
import { CaseTexts } from '../shared/texts/cases.js';
import schema from '../schemas/case.json' with { type: 'json' };
import type { ObjectSchema } from '../schemas/index.js';
import { defineResource, type ApiRecord } from './declaration.js';

const P = Permissions.Cases;
const T = CaseTexts;
const number = (r: ApiRecord) => String(r.CaseNumber ?? '');

/**
 * Cases (spec 001 §2–§8): a server-paged list (`POST /api/cases/search`, 20 a page, first page 0) of the cases in the
 * caller's org scope; one case with its subject; create, change and delete. The workflow steps (start data entry,
 * data entry complete, hold, discontinue, resume), the subject and the reviewer are named calls of their own
 * (server/cases/routes.ts). The cases screens are not mounted yet: the declaration serves the API and the data
 * provider.
 */
export default defineResource({
  name: 'cases',
  key: 'Id',
  schema: schema as ObjectSchema,
  title: 'Cases',
  menu: { group: 'none', order: 0 },
  recordRepresentation: number,
  operations: {
    list: { method: 'POST', path: '/api/cases/search', body: 'tableQuery', bodySchema: 'casesQuery.json', answer: { records: 'cases', total: 'total', pageCount: 'pageCount' } },
    one: { method: 'GET', path: '/api/cases/:id' },
    create: { method: 'POST', path: '/api/cases', bodySchema: 'caseCreate.json' },
    update: { method: 'PUT', path: '/api/cases/:id' },
    delete: { method: 'DELETE', path: '/api/cases/:id' },
  },
  paging: 'server',
  permissions: { view: [P.VIEW_CASES], create: [P.CREATE_CASE], edit: [P.EDIT_CASES], delete: [P.DELETE_CASES] },
  remove: { kind: 'delete', confirmBody: (r) => `Delete case ${number(r)}? This action cannot be undone.` },
  list: {
    columns: [
      { source: 'CaseNumber', label: 'Case #' },
      { source: 'CaseName', label: 'Name' },
      { source: 'Code', label: 'Org' },
      { source: 'ReceivedDate', label: 'Received' },
      { source: 'ScheduledDate', label: 'Scheduled' },
      { source: 'DueDate', label: 'CD' },
      { source: 'CompletionDate', label: 'Completed' },
      { source: 'Reviewer', label: 'Reviewer' },
      { source: 'CaseType', label: 'Case Type' },
      { source: 'WorkflowState', label: 'Status' },
    ],
    pageSize: PageSizes.CASES,
    sort: { field: 'ReceivedDate', order: 'DESC' },
  },
  form: {
    fields: ['RequestingOfficial_Id', 'Client_Id', 'CaseType_Id', 'DataEntryClerk_Id', 'Reviewer_Id', 'Notes', 'ReceivedDate', 'ScheduledDate', 'DueDate', 'CompletionDate', 'CaseSubject', 'CreateDuplicate'],
  },
  texts: {
    created: (r) => T.toasts.created(number(r)),
    updated: () => T.toasts.saved,
    deleted: (r) => T.toasts.deleted(number(r)),
    deleteFailed: T.errors.deleteFailed,
    add: () => 'Add Case',
    editTitle: (r) => `Case ${number(r)}`,
    editSubmit: 'Save',
    empty: 'There are no cases.',
  },
});
