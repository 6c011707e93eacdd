import { Permissions } from '../shared/permissions.js';
import type { ObjectSchema } from '../schemas/index.js';
import { defineResource } from './declaration.js';

/** Category name → the names of its roles. */
const schema: ObjectSchema = { title: 'Role categories', type: 'object', properties: {} };

/**
 * The role categories (GET /api/identity/categories, spec 000 §3: a category name mapped to its role names), one
 * read-only record: the groups screen lists a group's roles by category.
 */
export default defineResource({
  name: 'categories',
  key: 'Id',
  schema,
  title: 'Role categories',
  menu: { group: 'none', order: 0 },
  recordRepresentation: () => 'Role categories',
  singleton: true,
  operations: { one: { method: 'GET', path: '/api/identity/categories', access: [Permissions.Roles.VIEW_ROLES, Permissions.Groups.VIEW_GROUPS] } },
  paging: 'browser',
  permissions: { view: [Permissions.Groups.VIEW_GROUPS] },
  remove: { kind: 'none' },
  list: { pageSize: 1, sort: { field: 'Id', order: 'ASC' } },
  form: { fields: [] },
});
