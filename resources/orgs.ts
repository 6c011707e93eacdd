import { PageSizes } from '../shared/constants.js';
import { Permissions } from '../shared/permissions.js';
import schema from '../schemas/org.json' with { type: 'json' };
import type { ObjectSchema } from '../schemas/index.js';
import { defineResource, type ApiRecord } from './declaration.js';
import { anyOf } from '../shared/access.js';
import { defineOperations } from './operation.js';


const P = Permissions.Orgs;
/** An org is named by its name. */
export const orgName = (r: ApiRecord) => String(r.Name ?? '');

export const ORG_ADDRESS = ['Name', 'Code', 'ContractType_Id', 'Address1', 'Address2', 'City', 'RegionType_Id', 'PostalCode', 'Phone1', 'Phone2', 'Fax'];

/** The orgs contract's named operation: moving an org in the tree (the Orgs page's drag and drop). Handler: server/orgs/orgStore.ts. */
export const orgOperations = defineOperations({
  move: {
    method: 'PUT',
    path: '/api/orgs/:id/parent',
    access: anyOf(P.CHANGE_PARENT_ORGANIZATION),
    summary:
      "Move an org under another org (both in the caller's scope); refused for the top org and under the org itself or one " +
      'of the orgs below it; answers the org',
    body: 'orgParent.json',
    answer: 'orgSummary.json',
  },
});

/**
 * Organisations (/orgs, spec 002 §2.1): the client hierarchy. Every screen's pickers and trees read the list (any
 * signed-in user, within the org scope); the Orgs page is the tree beside the org's tabs (its list view, src/orgs/OrgsPage.tsx):
 * General is this resource's form, the others its sub-resources (case types, users, expense rules, invoice
 * settings). Deactivating toggles Hidden after a confirmation; moving an org is the contract's operation `move`.
 */
export default defineResource({
  name: 'orgs',
  key: 'Id',
  route: '/orgs',
  schema: schema as ObjectSchema,
  title: 'Orgs',
  menu: { group: 'admin', order: 0 },
  recordRepresentation: orgName,
  operations: {
    list: { method: 'GET', path: '/api/orgs', query: { includeHidden: true }, access: 'signedIn' },
    one: { method: 'GET', path: '/api/orgs/:id/general' },
    create: { method: 'POST', path: '/api/orgs', bodySchema: 'orgCreate.json' },
    update: { method: 'PUT', path: '/api/orgs/:id/general' },
    delete: { method: 'DELETE', path: '/api/orgs/:id' },
  },
  named: orgOperations,
  paging: 'browser',
  permissions: {
    view: [P.VIEW_ORGANIZATIONS],
    create: [P.CREATE_ORGANIZATION],
    edit: [P.EDIT_ORGANIZATION],
    delete: [P.DELETE_ORGANIZATION],
  },
  remove: { kind: 'toggleHidden' },
  list: {
    pageSize: PageSizes.UNPAGED,
    sort: { field: 'Name', order: 'ASC' },
  },
  form: { fields: ['ParentOrg_Id', ...ORG_ADDRESS, 'ROIEncrpytionPassword', 'PrependAttachmentsToROI'] },
  subResources: ['org-case-types', 'org-users', 'org-expense-rules'],
});
