import { PageSizes } from '../shared/constants.js';
import { Permissions } from '../shared/permissions.js';
import type { ObjectSchema } from '../schemas/index.js';
import { defineResource } from './declaration.js';

const schema: ObjectSchema = {
  title: 'Tag',
  type: 'object',
  properties: { Id: { type: 'integer', readOnly: true }, Name: { type: 'string', title: 'Name' } },
};

/** Tags of groups (GET /api/identity/tags, spec 000 §7), read only: the groups screen's tag picker offers them. */
export default defineResource({
  name: 'tags',
  key: 'Id',
  schema,
  title: 'Tags',
  menu: { group: 'none', order: 0 },
  recordRepresentation: (r) => String(r.Name ?? ''),
  operations: { list: { method: 'GET', path: '/api/identity/tags' } },
  paging: 'browser',
  permissions: { view: [Permissions.Groups.VIEW_GROUPS] },
  remove: { kind: 'none' },
  list: { pageSize: PageSizes.DEFAULT, sort: { field: 'Name', order: 'ASC' } },
  form: { fields: [] },
});
