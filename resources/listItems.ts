import { Permissions } from '../shared/permissions.js';
import { PageSizes } from '../shared/constants.js';
import { ConfigurationTexts } from '../shared/texts/configuration.js';
import schema from '../schemas/typeItem.json' with { type: 'json' };
import type { ObjectSchema } from '../schemas/index.js';
import { defineResource } from './declaration.js';
import { HIDDEN_FILTER } from './screenParts.js';

const P = Permissions.Types;
const short = (r: Record<string, unknown>) => String(r.Short);

/** The items of a lookup list (spec 002 §2.5): a sub-resource of `lists`, shown when a list's row expands. */
export default defineResource({
  name: 'list-items',
  key: 'Id',
  schema: schema as ObjectSchema,
  title: 'List items',
  menu: { group: 'none', order: 0 },
  recordRepresentation: short,
  parent: { resource: 'lists', field: 'TableName' },
  operations: {
    list: { method: 'GET', path: '/api/types/:TableName', answer: { records: 'Types' } },
    create: { method: 'POST', path: '/api/types/:TableName/items' },
    update: { method: 'PATCH', path: '/api/types/:TableName/items/:id' },
    delete: { method: 'DELETE', path: '/api/types/:TableName/items/:id' },
  },
  paging: 'browser',
  permissions: { view: [P.VIEW_TYPE], create: [P.CREATE_TYPE], edit: [P.EDIT_TYPE], delete: [P.DELETE_TYPE] },
  remove: { kind: 'toggleHidden' },
  list: {
    filters: [HIDDEN_FILTER],
    pageSize: PageSizes.LIST_ITEMS,
    sort: { field: 'Short', order: 'ASC' },
  },
  form: { fields: ['Short', 'Description'] },
  // The server reads items through the list (GET /api/types/:TableName, server/configuration/lists.ts) and writes
  // them from this declaration; the list must exist (its rule in the same file).
  store: {
    table: 'type_items',
    unique: { Short: ConfigurationTexts.lists.shortTaken },
    routes: ['create', 'update', 'delete'],
    notFound: ConfigurationTexts.lists.unknownItem,
  },
});
