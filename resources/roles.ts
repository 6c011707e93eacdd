import { CATEGORY_LABELS, PERMISSION_CATALOGUE, Permissions } from '../shared/permissions.js';
import { PageSizes } from '../shared/constants.js';
import schema from '../schemas/role.json' with { type: 'json' };
import type { ObjectSchema } from '../schemas/index.js';
import { defineResource } from './declaration.js';

const categoryOf = new Map(PERMISSION_CATALOGUE.map((entry) => [entry.name as string, CATEGORY_LABELS[entry.category]]));

/** Roles (/identity/roles): spec 000 §2, read only — roles are granted to groups on the groups screen. */
export default defineResource({
  name: 'roles',
  key: 'Id',
  route: '/identity/roles',
  schema: schema as ObjectSchema,
  title: 'Roles',
  menu: { group: 'iam', order: 2 },
  recordRepresentation: (r) => String(r.Name),
  // The groups screen reads the roles too (its role editor).
  operations: { list: { method: 'GET', path: '/api/identity/roles', access: [Permissions.Roles.VIEW_ROLES, Permissions.Groups.VIEW_GROUPS] } },
  paging: 'browser',
  permissions: { view: [Permissions.Roles.VIEW_ROLES] },
  remove: { kind: 'none' },
  list: {
    filters: [{ source: 'q', match: 'contains', matches: ['Name', 'Category'] }],
    pageSize: PageSizes.DEFAULT,
    sort: { field: 'Name', order: 'ASC' },
  },
  form: { fields: [] },
  // The category of a role is the catalogue's, known on both sides.
  callbacks: { afterRead: (r) => ({ ...r, Category: categoryOf.get(String(r.Name)) ?? '' }) },
});
