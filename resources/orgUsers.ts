import { PageSizes } from '../shared/constants.js';
import { Permissions } from '../shared/permissions.js';
import { OrgTexts } from '../shared/texts/orgs.js';
import schema from '../schemas/orgUser.json' with { type: 'json' };
import type { ObjectSchema } from '../schemas/index.js';
import { defineResource, type ApiRecord } from './declaration.js';
import type { ColumnDeclaration } from './screenParts.js';
import { inheritedFilter } from './orgCaseTypes.js';

const P = Permissions.Orgs;
const T = OrgTexts.users;
const fullName = (r: ApiRecord) => [r.FirstName, r.LastName].filter(Boolean).join(' ');
const names = (list: unknown, field: string) => ((list ?? []) as ApiRecord[]).map((entry) => String(entry[field] ?? '')).filter(Boolean);

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

const FLAG_COLUMNS: ColumnDeclaration[] = ORG_USER_FLAGS.map(([field, label]) => ({ source: field, label, type: { kind: 'toggle', field }, sortable: false, phone: false }));

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
    columns: [
      { source: 'LastName', label: 'Name', text: fullName },
      // Groups and phone give way on a laptop to the settings this tab is for; the column chooser shows them.
      { source: 'Groups', label: 'Groups', text: (r) => names(r.Groups, 'Name').join(', '), sortable: false, phone: false, wideOnly: true },
      { source: 'Phones', label: 'Phone', text: (r) => names(r.Phones, 'Number')[0] ?? '', sortable: false, phone: false, wideOnly: true, nowrap: true },
      { source: 'Email', label: 'Email', phone: false },
      { source: 'Inherited', label: 'Inherited', type: { kind: 'boolean' } },
      ...FLAG_COLUMNS,
    ],
    filters: [{ source: 'q', label: 'Filter users', type: 'text' }, inheritedFilter(false)],
    dense: true,
    pageSize: PageSizes.ORG_USERS,
    sort: { field: 'LastName', order: 'ASC' },
    label: () => 'Users',
  },
  form: { fields: ORG_USER_FLAGS.map(([field]) => field) },
  texts: {
    saveFailed: T.settingsFailed,
    created: (r) => T.settingsUpdated(String(r.FirstName ?? ''), String(r.LastName ?? '')),
    updated: (r) => T.settingsUpdated(String(r.FirstName ?? ''), String(r.LastName ?? '')),
    add: () => 'New User',
    editTitle: fullName,
    editSubmit: 'Save',
    empty: T.empty,
  },
  // The answer carries the settings as Settings; the row's checkboxes read and send them flat.
  callbacks: { afterRead: (r) => ({ ...r, ...((r.Settings ?? {}) as ApiRecord) }) },
});
