import { Permissions } from '../shared/permissions.js';
import schema from '../schemas/itemTypeSection.json' with { type: 'json' };
import type { ObjectSchema } from '../schemas/index.js';
import { defineResource } from './declaration.js';

const P = Permissions.ItemTypes;
const name = (r: Record<string, unknown>) => String(r.SectionName ?? '');

/**
 * The sections of an item template (spec 002 §2.3): a sub-resource of `item-types`, keyed by the section template.
 * Its rows come with the item template; the expanded row shows them with the Required flag, the order arrows and
 * the section picker (src/itemTypes/ItemTypeSections.tsx). Adding asks Add Section To Item Type, removing Remove
 * Section From Item Type, reordering (the `edit` action of a section) Reorder Item Type Sections.
 */
export default defineResource({
  name: 'item-type-sections',
  key: 'SectionId',
  schema: schema as ObjectSchema,
  title: 'Sections',
  menu: { group: 'none', order: 0 },
  recordRepresentation: name,
  parent: { resource: 'item-types', field: 'ItemTypeId' },
  operations: {
    list: { method: 'GET', path: '/api/item-types/:ItemTypeId', answer: { records: 'Sections' } },
    create: { method: 'POST', path: '/api/item-types/:ItemTypeId/sections' },
    delete: { method: 'DELETE', path: '/api/item-types/:ItemTypeId/sections/:id' },
  },
  paging: 'browser',
  permissions: {
    view: [P.VIEW_ITEM_TYPES],
    create: [P.ADD_SECTION_TO_ITEM_TYPE],
    edit: [P.REORDER_ITEM_TYPE_SECTIONS],
    delete: [P.REMOVE_SECTION_FROM_ITEM_TYPE],
  },
  remove: { kind: 'delete' },
  list: {
    pageSize: 1000,
    sort: { field: 'DisplayOrder', order: 'ASC' },
  },
  form: { fields: ['SectionId', 'Required'] },
  // The sections are read with their item template (its `one` call).
  store: { routes: ['create', 'delete'] },
});
