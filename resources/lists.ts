import { Permissions } from '../shared/permissions.js';
import schema from '../schemas/typeList.json' with { type: 'json' };
import type { ObjectSchema } from '../schemas/index.js';
import { defineResource, restOperations } from './declaration.js';

const P = Permissions.Types;
const name = (r: Record<string, unknown>) => String(r.FormattedTableName ?? r.TypeName ?? '');

/**
 * Lookup lists (/lists): spec 002 §2.5. Static lists come with the product; dynamic ones are made here and may be
 * renamed and deleted. A row expands into the list's items (the `list-items` sub-resource).
 */
export default defineResource({
  name: 'lists',
  key: 'TableName',
  route: '/lists',
  schema: schema as ObjectSchema,
  title: 'Lists',
  menu: { group: 'admin', order: 6 },
  recordRepresentation: name,
  // Every screen reads the lists (the session caches them at sign-in), not only the Lists page.
  operations: restOperations('/api/types', { update: 'PATCH', key: 'TableName', listAccess: 'signedIn', oneAccess: 'signedIn' }),
  paging: 'browser',
  permissions: { view: [P.VIEW_TYPE], create: [P.CREATE_TYPE], edit: [P.EDIT_TYPE], delete: [P.DELETE_TYPE] },
  remove: { kind: 'delete' },
  list: {
    filters: [{ source: 'IsDynamic', match: 'equals' }],
    pageSize: 1000,
    sort: { field: 'FormattedTableName', order: 'ASC' },
  },
  form: { fields: ['TypeName'] },
  // The rename form edits TypeName, which the API answers as FormattedTableName.
  callbacks: { afterRead: (r) => ({ ...r, TypeName: r.FormattedTableName }) },
  subResources: ['list-items'],
});
