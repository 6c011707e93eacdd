import { PageSizes } from '../shared/constants.js';
import { Permissions } from '../shared/permissions.js';
import schema from '../schemas/user.json' with { type: 'json' };
import type { ObjectSchema } from '../schemas/index.js';
import { defineResource, type ApiRecord } from './declaration.js';
import type { FilterDeclaration } from './screenParts.js';
import { anyOf } from '../shared/access.js';
import { defineOperations } from './operation.js';


const P = Permissions.Users;

/** A lock ending in the future means the account is deactivated now. */
export const isLockedRecord = (r: ApiRecord) => typeof r.LockoutEndDateUtc === 'string' && new Date(r.LockoutEndDateUtc).getTime() > Date.now();

/** The filter panel's choices, always sent (spec 000 §3: the list's `additional`). */
export const NO_USER_FILTERS = { OrgIds: [], GroupIds: [], HideIDSUsers: false, Active: false, Inactive: false };

/** A text filter on every column of the list (src/identity/UserList.tsx): the server searches the column's field. */
const COLUMN_FILTERS: readonly FilterDeclaration[] = ['UserName', 'FirstName', 'LastName', 'Email', 'Organization'].map((source) => ({ source, match: 'contains' }));

const DEFAULT_SORT = { id: 'FirstName', desc: false };

export const USER_GENERAL = ['UserName', 'Org_Id', 'FirstName', 'MiddleName', 'LastName', 'Title', 'GroupIds'];
export const USER_SETTINGS = ['WorkStatusType_Id', 'EmploymentStatusType_Id', 'GeoRegionType_Id', 'Manager_Id', 'PINumber', 'CredNumber', 'ContractTypeIds', 'Notes'];

/**
 * Users (/identity/users): spec 000 §2 "Identity: Users", §3, §5, §8. A server-paged list (20 a page, first then
 * last name, filters 500 ms after typing) beside the org / group filter panel; a row expands into the record's
 * form with its account status; three ways to add a user (employee, contractor, client).
 */
/**
 * The users contract's named operations: deactivate until a day or forever (ending the user's sessions), reactivate,
 * and resend verification (deactivated until the e-mail is confirmed again). Handlers: server/identity/userRoutes.ts.
 */
export const userOperations = defineOperations({
  lock: {
    method: 'PUT',
    path: '/api/identity/users/:id/lock',
    access: anyOf(P.EDIT_USERS),
    summary: 'Deactivate a user until LockUntil (end of that day) or forever; ends their sessions',
    body: 'userLock.json',
    answer: 'userLockState.json',
  },
  unlock: {
    method: 'DELETE',
    path: '/api/identity/users/:id/lock',
    access: anyOf(P.EDIT_USERS),
    summary: 'Reactivate a user (also forgets their failed sign-in attempts)',
    answer: 'userLockState.json',
  },
  resendMail: {
    method: 'POST',
    path: '/api/identity/users/:id/resendmail',
    access: anyOf(P.EDIT_USERS),
    summary: 'Resend verification: the account is deactivated until the e-mail is confirmed again (or LockUntil)',
    body: 'userLock.json',
    answer: 'userLockState.json',
  },
});

export default defineResource({
  name: 'users',
  key: 'Id',
  route: '/identity/users',
  schema: schema as ObjectSchema,
  title: 'Users',
  menu: { group: 'iam', order: 1 },
  recordRepresentation: (r) => String(r.UserName ?? ''),
  operations: {
    list: { method: 'POST', path: '/api/identity/users', body: 'tableQuery', bodySchema: 'usersQuery.json', answer: { records: 'users', total: 'total', pageCount: 'pageCount' } },
    one: { method: 'GET', path: '/api/identity/users/:id' },
    create: { method: 'POST', path: '/api/identity/users/create', bodySchema: 'userCreate.json' },
    update: { method: 'PATCH', path: '/api/identity/users/:id' },
    delete: { method: 'DELETE', path: '/api/identity/users/:id' },
  },
  named: userOperations,
  paging: 'server',
  permissions: { view: [P.VIEW_USERS], create: [P.CREATE_USER], edit: [P.EDIT_USERS], delete: [P.DELETE_USERS] },
  remove: { kind: 'delete' },
  list: {
    // A text filter on every column (spec 000 §3).
    filters: COLUMN_FILTERS,
    pageSize: PageSizes.USERS,
    sort: { field: 'FirstName', order: 'ASC' },
  },
  form: { fields: [...USER_GENERAL, 'Emails', 'PhoneNumbers', 'Addresses', ...USER_SETTINGS, 'Credentials', 'Clearances'] },
  callbacks: {
    // The form edits the groups by id (GroupIds, as a save sends them); the record answers them as Groups.
    afterRead: (r) => (Array.isArray(r.Groups) ? { ...r, GroupIds: (r.Groups as ApiRecord[]).map((g) => g.Id) } : r),
    // The default order is first name then last name; text filters are trimmed; the panel's choices always go.
    tableQuery: (query) => ({
      ...query,
      sorted: query.sorted.length === 1 && query.sorted[0].id === DEFAULT_SORT.id && !query.sorted[0].desc ? [{ id: 'FirstName' }, { id: 'LastName' }] : query.sorted,
      filtered: query.filtered.map((f) => ({ id: f.id, value: typeof f.value === 'string' ? f.value.trim() : f.value })).filter((f) => f.value !== ''),
      additional: { ...NO_USER_FILTERS, ...query.additional },
    }),
  },
});
