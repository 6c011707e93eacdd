import { PageSizes } from '../shared/constants.js';
import { Permissions } from '../shared/permissions.js';
import schema from '../schemas/itemSection.json' with { type: 'json' };
import type { ObjectSchema } from '../schemas/index.js';
import { defineResource, type ApiRecord } from './declaration.js';

const P = Permissions;
const BASE = '/api/cases/:Case_Id/items/:Item_Id/sections';

/** A section's name, from its section template. */
const sectionName = (r: ApiRecord) => String((r.Section as { SectionName?: unknown } | undefined)?.SectionName ?? '');

/**
 * The sections on an item (spec 001 §2 "Item page" Sections, §3 "Item section", §7): a sub-resource of `case-items`
 * in the item's order. Add names an enabled section of the item's template that the item lacks (it starts as the
 * section template's definition, no values); update sends the Definition as JSON text — the server keeps the
 * section's settings and takes only the values, each checked against its field (shared/sectionValues.ts); remove
 * deletes the section with its data. The item page draws them (its Sections panel and edit modal); the store is
 * server/items/itemSections.ts.
 */
export default defineResource({
  name: 'item-sections',
  key: 'Id',
  schema: schema as ObjectSchema,
  title: 'Sections',
  menu: { group: 'none', order: 0 },
  recordRepresentation: sectionName,
  parent: { resource: 'case-items', field: 'Item_Id', with: ['Case_Id'] },
  operations: {
    list: { method: 'GET', path: BASE },
    create: { method: 'POST', path: BASE, bodySchema: 'itemSectionCreate.json' },
    update: { method: 'PUT', path: `${BASE}/:id` },
    delete: { method: 'DELETE', path: `${BASE}/:id` },
  },
  paging: 'browser',
  permissions: {
    view: [P.Items.VIEW_ITEMS],
    create: [P.CaseItems.EDIT_CASE_ITEMS],
    edit: [P.CaseItems.EDIT_CASE_ITEMS],
    delete: [P.CaseItems.EDIT_CASE_ITEMS],
  },
  remove: { kind: 'delete' },
  list: {
    // The sections keep the item's order.
    pageSize: PageSizes.UNPAGED,
    sort: { field: 'DisplayOrder', order: 'ASC' },
  },
  form: { fields: ['Section_Id', 'Definition'] },
});
