import { PageSizes } from '../shared/constants.js';
import { Permissions } from '../shared/permissions.js';
import schema from '../schemas/group.json' with { type: 'json' };
import type { ObjectSchema } from '../schemas/index.js';
import { defineResource, type ApiRecord } from './declaration.js';
import { anyOf } from '../shared/access.js';
import { defineOperations } from './operation.js';


const P = Permissions.Groups;

const nameOf = (r: ApiRecord) => String(r.Name ?? '');
const BASE = '/api/identity/groups';

/** The groups contract's named operations: role grants and the tags. Handlers: server/identity/groupRoutes.ts. */
export const groupOperations = defineOperations({
  addRole: {
    method: 'POST',
    path: `${BASE}/:id/roles`,
    access: anyOf(P.EDIT_GROUP),
    summary: 'Add a role to a group, by role Id or Name; answers the group',
    body: 'groupRole.json',
    answer: 'group.json',
  },
  removeRole: {
    method: 'DELETE',
    path: `${BASE}/:id/roles/:roleId`,
    access: anyOf(P.EDIT_GROUP),
    summary: 'Remove a role from a group; answers the group',
    answer: 'group.json',
  },
  setTags: {
    method: 'PUT',
    path: `${BASE}/:id/tags/`,
    access: anyOf(P.EDIT_GROUP),
    summary: "Set a group's tags (by Id, else by name; unknown names create tags); answers the group",
    body: 'groupTags.json',
    answer: 'group.json',
  },
});

/**
 * Groups (/identity/groups): spec 000 §2 "Identity: Groups", §4, §6–§8. A row expands into the group's form with
 * its tags and its roles by category (views of src/identity/identityViews.ts: the role grants and tag saves are the contract's named operations).
 */
export default defineResource({
  name: 'groups',
  key: 'Id',
  route: '/identity/groups',
  schema: schema as ObjectSchema,
  title: 'Groups',
  menu: { group: 'iam', order: 3 },
  recordRepresentation: nameOf,
  // No call reads one group: getOne takes it from the list.
  operations: {
    list: { method: 'GET', path: BASE },
    create: { method: 'POST', path: BASE },
    update: { method: 'PATCH', path: `${BASE}/:id`, sendsKey: true },
    delete: { method: 'DELETE', path: `${BASE}/:id` },
  },
  named: groupOperations,
  paging: 'browser',
  permissions: { view: [P.VIEW_GROUPS], create: [P.CREATE_GROUP], edit: [P.EDIT_GROUP], delete: [P.DELETE_GROUP] },
  remove: { kind: 'delete' },
  list: {
    pageSize: PageSizes.DEFAULT,
    sort: { field: 'Name', order: 'ASC' },
  },
  // The tags are saved by their own call as they change (the form's view shows them once the group exists).
  form: { fields: ['Name', 'Description'] },
  // The API keeps names trimmed and an empty description as null.
  callbacks: {
    beforeSave: (data) => ({ ...data, Name: String(data.Name ?? '').trim(), Description: String(data.Description ?? '').trim() || null }),
  },
});
