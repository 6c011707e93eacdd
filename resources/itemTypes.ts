import { Permissions } from '../shared/permissions.js';
import { PageSizes } from '../shared/constants.js';
import schema from '../schemas/itemType.json' with { type: 'json' };
import type { ObjectSchema } from '../schemas/index.js';
import { defineResource, restOperations } from './declaration.js';
import { HIDDEN_FILTER } from './screenParts.js';
import { anyOf } from '../shared/access.js';
import { defineOperations } from './operation.js';


const P = Permissions.ItemTypes;
const name = (r: Record<string, unknown>) => String(r.Name ?? '');

/** "Name (Header)", as the list and pickers show an item template. */
export const itemTypeTitle = (r: Record<string, unknown>) => (r.Description ? `${name(r)} (${String(r.Description)})` : name(r));

/** The item templates contract's named operations: a section's Required flag and the sections' order. Handlers: server/configuration/itemTypes.ts. */
export const itemTypeOperations = defineOperations({
  setSectionRequired: {
    method: 'POST',
    path: '/api/item-types/:id/sections/:sectionId',
    access: anyOf(P.EDIT_ITEM_TYPES),
    summary: 'Set whether a section of an item template is required; answers the item template',
    body: 'itemTypeSectionRequired.json',
    answer: 'itemType.json',
  },
  swapSections: {
    method: 'PUT',
    path: '/api/item-types/:id/sections/swap',
    access: anyOf(P.REORDER_ITEM_TYPE_SECTIONS),
    summary: 'Swap two sections of an item template; answers section id → new display order for all its sections',
    body: 'itemTypeSectionSwap.json',
    answer: 'displayOrders.json',
  },
});

/**
 * Item templates (/item-types): spec 002 §2.3. The list, its Status filter, Disable/Enable and the create and update
 * calls are declared here; a row expands into its editor (name and header, its sections, its assets), and the
 * create modal picks the sections the new template starts with (views of src/itemTypes/itemTypeViews.ts).
 */
export default defineResource({
  name: 'item-types',
  key: 'Id',
  route: '/item-types',
  schema: schema as ObjectSchema,
  title: 'Item Templates',
  menu: { group: 'admin', order: 3 },
  recordRepresentation: name,
  // The case template editor and the org ACD forms pick item templates from this list.
  operations: restOperations('/api/item-types', {
    update: 'PATCH',
    listAccess: [P.VIEW_ITEM_TYPES, Permissions.Cases.CREATE_CASE_TEMPLATE, Permissions.Orgs.ADD_ORG_DEADLINE, Permissions.Orgs.UPDATE_ORG_DEADLINE],
  }),
  named: itemTypeOperations,
  paging: 'browser',
  permissions: { view: [P.VIEW_ITEM_TYPES], create: [P.CREATE_ITEM_TYPES], edit: [P.EDIT_ITEM_TYPES], delete: [P.DELETE_ITEM_TYPES] },
  remove: { kind: 'toggleHidden' },
  list: {
    filters: [HIDDEN_FILTER],
    pageSize: PageSizes.DEFAULT,
    sort: { field: 'Name', order: 'ASC' },
  },
  form: { fields: ['Name', 'Description', 'Sections'] },
  // Disable/enable toggles Hidden in this table; the rest is the store's (server/configuration/itemTypes.ts).
  store: { table: 'item_types' },
});
