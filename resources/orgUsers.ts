import { PageSizes } from '../shared/constants.js';
import { Permissions } from '../shared/permissions.js';
import schema from '../schemas/orgUser.json' with { type: 'json' };
import type { ObjectSchema } from '../schemas/index.js';
import { defineResource, type ApiRecord } from './declaration.js';
import { INHERITED_FILTER } from './orgCaseTypes.js';

const P = Permissions.Orgs;
export const fullName = (r: ApiRecord) => [r.FirstName, r.LastName].filter(Boolean).join(' ');

/** The per-user settings of an org, each a checkbox in the row (spec 002 §2.1 Users tab). */
export const ORG_USER_FLAGS = [
  ['PointOfContact', 'PoC'],
  ['SendOnHoldNotice', 'On Hold'],
  ['SendSubmissionNotice', 'Submission'],
  ['SendCompletionNotice', 'Completion'],
  ['IncludeROI', 'Include ROI'],
  ['EncryptROI', 'Encrypt ROI'],
  ['ViewClosedCases', 'View Closed Cases'],
] as const;

/**
 * The users of an org (the Users tab, spec 002 §2.1, §3): the org's own and its ancestors' below the provider
 * (inherited), with this org's notice settings as checkboxes that save at once. A user's name opens the user's
 * own form (users resource) when not inherited (`orgUserName`); New User adds one to this org (`orgUserActions`).
 */
export default defineResource({
  name: 'org-users',
  key: 'Id',
  schema: schema as ObjectSchema,
  title: 'Users',
  menu: { group: 'none', order: 0 },
  recordRepresentation: fullName,
  parent: { resource: 'orgs', field: 'Org_Id' },
  operations: {
    list: { method: 'GET', path: '/api/orgs/:Org_Id/users' },
    update: { method: 'PUT', path: '/api/orgs/:Org_Id/users/:id/settings' },
  },
  paging: 'browser',
  permissions: { view: [P.GET_ORG_USERS], edit: [P.UPDATE_USER_ORG_SETTINGS] },
  remove: { kind: 'none' },
  list: {
    filters: [{ source: 'q', match: 'contains', matches: ['FirstName', 'LastName', 'Email'] }, INHERITED_FILTER],
    pageSize: PageSizes.ORG_USERS,
    sort: { field: 'LastName', order: 'ASC' },
  },
  form: { fields: ORG_USER_FLAGS.map(([field]) => field) },
  // The answer carries the settings as Settings; the row's checkboxes read and send them flat.
  callbacks: { afterRead: (r) => ({ ...r, ...((r.Settings ?? {}) as ApiRecord) }) },
});
