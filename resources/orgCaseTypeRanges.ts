import { PageSizes } from '../shared/constants.js';
import { Permissions } from '../shared/permissions.js';
import { OrgTexts } from '../shared/texts/orgs.js';
import schema from '../schemas/orgCaseType.json' with { type: 'json' };
import type { ObjectSchema } from '../schemas/index.js';
import { defineResource, type ApiRecord } from './declaration.js';
import { shapeRange, ownRecord } from './orgCaseTypes.js';

const P = Permissions.Orgs;
const T = OrgTexts.caseTypes;
const BASE = '/api/orgs/:Org_Id/case-types';

/**
 * The date ranges of an org case type (spec 002 §2.1 Fees panel): base cost and active range, newest first with
 * open starts last, an ACTIVE or INACTIVE badge; each expands into its completed and discontinued case fees. On an
 * inherited case type the add button reads Override: the server copies the inherited ranges first, as it does
 * before any change to an inherited range. The calls are those of `org-case-types` (the server builds them there).
 */
export default defineResource({
  name: 'org-case-type-ranges',
  key: 'Id',
  schema: schema as ObjectSchema,
  title: 'Date Ranges',
  menu: { group: 'none', order: 0 },
  recordRepresentation: (r: ApiRecord) => String(r.ActiveFrom ?? T.anyTime),
  parent: { resource: 'org-case-types', field: 'GroupKey', with: ['Org_Id', 'CaseType_Id', 'CaseTemplate_Id', 'Inherited'] },
  operations: {
    list: { method: 'GET', path: BASE },
    create: { method: 'POST', path: BASE, query: { overrideCaseTypes: ':Inherited' } },
    update: { method: 'PUT', path: `${BASE}/:id` },
    delete: { method: 'DELETE', path: `${BASE}/:id` },
  },
  paging: 'browser',
  permissions: { view: [P.GET_ORG_CASE_TYPES], create: [P.UPDATE_ORG_CASE_TYPE], edit: [P.UPDATE_ORG_CASE_TYPE], delete: [P.REMOVE_CASE_TYPE_FROM_ORG] },
  remove: { kind: 'delete', when: ownRecord },
  list: {
    pageSize: PageSizes.UNPAGED,
    // Newest first; the adapter keeps the server's order for ranges without a start (they come last).
    sort: { field: 'ActiveFrom', order: 'DESC' },
  },
  form: { fields: ['BasePrice', 'ActiveFrom', 'ActiveTo'] },
  callbacks: { afterRead: shapeRange },
  subResources: ['completed-case-fees', 'discontinued-case-fees'],
  store: { routes: [] },
});
