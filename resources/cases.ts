import { PageSizes } from '../shared/constants.js';
import { Permissions } from '../shared/permissions.js';
import schema from '../schemas/case.json' with { type: 'json' };
import type { ObjectSchema } from '../schemas/index.js';
import { defineResource, type ApiRecord } from './declaration.js';
import { caseOperations } from './caseOperations.js';

const P = Permissions.Cases;
const number = (r: ApiRecord) => String(r.CaseNumber ?? '');

/**
 * Cases (spec 001 §2–§8): a server-paged list (`POST /api/cases/search`, 20 a page, first page 0) of the cases in the
 * caller's org scope; one case with its subject; create, change and delete. The workflow steps (start data entry,
 * data entry complete, hold, discontinue, resume), the subject, the reviewer and the downloads are the contract's
 * named operations (caseOperations.ts). The list at /cases has the left panel (orgs, case and item states), bulk Assign Reviewer,
 * rows that open the case's page at /cases/{id} (views of src/cases/caseViews.ts) and expand
 * to the case's items. The server leaves out the columns a user may not see and names the critical date's header
 * (CD, or ACD for investigators).
 */
export default defineResource({
  name: 'cases',
  key: 'Id',
  schema: schema as ObjectSchema,
  title: 'Cases',
  route: '/cases',
  menu: { group: 'top', order: 1 },
  recordRepresentation: number,
  operations: {
    list: { method: 'POST', path: '/api/cases/search', body: 'tableQuery', bodySchema: 'casesQuery.json', answer: { records: 'cases', total: 'total', pageCount: 'pageCount', exact: 'totalIsExact', columns: 'Columns' } },
    // The screens hold the subject's SSN masked, whoever reads it (the answers of a create and a save too); a holder
    // of View Full SSN reveals it on demand.
    one: { method: 'GET', path: '/api/cases/:id', query: { ssn: 'masked' } },
    create: { method: 'POST', path: '/api/cases', bodySchema: 'caseCreate.json', query: { ssn: 'masked' } },
    update: { method: 'PUT', path: '/api/cases/:id', query: { ssn: 'masked' } },
    delete: { method: 'DELETE', path: '/api/cases/:id' },
  },
  named: caseOperations,
  paging: 'server',
  permissions: {
    view: [P.VIEW_CASES],
    create: [P.CREATE_CASE],
    edit: [P.EDIT_CASES],
    delete: [P.DELETE_CASES],
    // The case page's buttons and locks (src/cases/) beyond the contract's operations (whose own access answers for
    // the workflow steps, the XML and stylesheet downloads, the reviewer and the SSN reveal): editing inactive cases,
    // the report downloads, the fields only some may change.
    actions: {
      editInactive: [P.EDIT_INACTIVE_CASES],
      downloadReport: [P.DOWNLOAD_REPORT],
      downloadIncompleteReport: [P.DOWNLOAD_INCOMPLETE_REPORT],
      bulk: [P.ASSIGN_REVIEWER],
      changeRequestingOfficial: [P.CHANGE_REQUESTING_OFFICIAL],
      assignDataEntry: [P.ASSIGN_DATA_ENTRY],
      changeCaseType: [P.CHANGE_CASE_TYPE],
      editCompletionDate: [P.EDIT_CASE_COMPLETION_DATE],
      viewCaseTemplate: [Permissions.General.SYSTEM_ADMINISTRATOR],
      editCriticalDate: [P.EDIT_CASE_CRITICAL_DATE],
      // The pencil of a row, opening the case page: for those who may change the case there.
      editLink: [P.EDIT_CASES],
    },
  },
  remove: { kind: 'delete' },
  list: {
    filters: [
      { source: 'CaseNumber', match: 'contains' },
      // Names are looked up by how they start, last name first (docs/decisions.md, "Search Name").
      { source: 'CaseName', match: 'contains' },
      { source: 'Reviewer_Id', match: 'equals', additional: true },
      { source: 'StartDate', match: 'equals', additional: true },
      { source: 'EndDate', match: 'equals', additional: true },
      { source: 'IncludePeopleWhoWorkForMe', match: 'check', additional: true },
      { source: 'OnlyShowCasesAssignedToMe', match: 'check', additional: true },
    ],
    pageSize: PageSizes.CASES,
    sort: { field: 'ReceivedDate', order: 'DESC' },
  },
  subResources: ['case-items'],
  form: {
    fields: ['RequestingOfficial_Id', 'Client_Id', 'CaseType_Id', 'DataEntryClerk_Id', 'Reviewer_Id', 'Notes', 'ReceivedDate', 'ScheduledDate', 'DueDate', 'CompletionDate', 'CaseSubject', 'CreateDuplicate'],
  },
});
