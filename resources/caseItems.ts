import { PageSizes } from '../shared/constants.js';
import { Permissions } from '../shared/permissions.js';
import { ItemTexts } from '../shared/texts/items.js';
import schema from '../schemas/item.json' with { type: 'json' };
import itemTypeSchema from '../schemas/itemType.json' with { type: 'json' };
import type { ObjectSchema } from '../schemas/index.js';
import { defineResource, type ApiRecord } from './declaration.js';
import { caseItemOperations } from './caseItemOperations.js';

const T = ItemTexts;
const P = Permissions;

/** An item's number as screens show it: its place in the case, padded to three digits (spec 001 §9). */
export const itemNumber = (r: { DisplayId?: unknown } | ApiRecord) => String(r.DisplayId ?? '').padStart(3, '0');
/** A person as the items table names them: 'Last, First'. */
export const lastFirst = (p: unknown) => {
  const who = p as { FirstName?: string | null; LastName?: string | null } | null | undefined;
  return who?.LastName ? `${who.LastName}, ${who.FirstName ?? ''}`.replace(/, $/, '') : '';
};
/** Where an item is: its label, or its city and state, or '(no location)' (spec 001 §2 "Bulk modals"). */
export const itemPlace = (r: ApiRecord) => {
  const region = (r.Location as { Region?: { Short?: string } | null } | undefined)?.Region?.Short;
  const cityState = [r.City, region].filter(Boolean).join(', ');
  return String(r.Label || cityState || T.table.noLocation);
};

/**
 * The bulk modals and who gets them (spec 001 §6): row checks for users with any of them — assign, deadlines, review,
 * and submit for review (investigators submit their items from the table too) — in a case's items and item search.
 */
export const ITEM_BULK_ACTIONS = {
  bulk: [P.ItemAssignments.ADD_ITEM_ASSIGNMENTS, P.CaseItems.MANAGE_CASE_ITEM_DEADLINES, P.CaseItems.REVIEW_CASE_ITEMS, P.CaseItems.UPDATE_CASE_ITEM_STATUS],
  assign: [P.ItemAssignments.ADD_ITEM_ASSIGNMENTS],
  setAcds: [P.CaseItems.MANAGE_CASE_ITEM_DEADLINES],
  review: [P.CaseItems.REVIEW_CASE_ITEMS],
  submit: [P.CaseItems.UPDATE_CASE_ITEM_STATUS],
};

export const ITEM_FIELDS = ['ItemType_Id', 'ACD', 'Label', 'Address1', 'Address2', 'City', 'RegionType_Id', 'PostalCode'] as const;

/**
 * The items of a case (spec 001 §2 "Items table", per-case view): a sub-resource of `cases` in their order, with a
 * status dropdown; add, the item (the item page reads it), change and delete are its calls
 * (server/items/itemStore.ts). A row expands into the inline item form; move up and down are row actions and the
 * bulk modals bulk actions, all views of src/items/itemViews.ts calling the contract's named
 * operations (caseItemOperations.ts), each checked by `permissions.actions`.
 */
export default defineResource({
  name: 'case-items',
  key: 'Id',
  schema: schema as ObjectSchema,
  title: 'Items',
  menu: { group: 'none', order: 0 },
  recordRepresentation: (r) => `Item ${itemNumber(r)}`,
  parent: { resource: 'cases', field: 'Case_Id' },
  operations: {
    list: { method: 'GET', path: '/api/cases/:Case_Id/items', query: { ItemStateIDS: ':ItemStateIDS' } },
    one: { method: 'GET', path: '/api/cases/:Case_Id/items/:id' },
    create: { method: 'POST', path: '/api/cases/:Case_Id/items', bodySchema: 'itemCreate.json' },
    // The update payload repeats the item template, which the form shows read only (spec 001 §3).
    update: { method: 'PUT', path: '/api/cases/:Case_Id/items/:id', repeats: ['ItemType_Id'] },
    delete: { method: 'DELETE', path: '/api/cases/:Case_Id/items/:id' },
  },
  named: caseItemOperations,
  paging: 'browser',
  permissions: {
    view: [P.Items.VIEW_ITEMS],
    create: [P.Items.CREATE_ITEMS],
    edit: [P.CaseItems.EDIT_CASE_ITEMS],
    delete: [P.Items.DELETE_ITEMS],
    // The bulk modals (ITEM_BULK_ACTIONS); move up/down; the item page through the number and the pencil.
    actions: {
      ...ITEM_BULK_ACTIONS,
      reorder: [P.Items.REORDER_ITEMS],
      editLink: [P.Items.EDIT_ITEMS],
    },
  },
  remove: { kind: 'delete' },
  list: {
    // The items keep the case's order (move up and down change it), so the columns do not sort.
    // Spec 001 §2: the search boxes (the case number box belongs to the all-cases view) and the status dropdown.
    filters: [
      { source: 'Location', match: 'contains', matches: ['Label', 'Address1', 'City', 'Location.Region.Short', 'PostalCode'] },
      // Flat sources, as item search names them (a dotted source would become a nested filter value).
      { source: 'LastName', match: 'contains', matches: ['AssignedTo.LastName'] },
      { source: 'ItemType', match: 'contains', matches: ['ItemType.Description'] },
      { source: 'ItemStatus', match: 'equals' },
    ],
    pageSize: PageSizes.CASE_ITEMS,
    sort: { field: 'DisplayId', order: 'ASC' },
  },
  form: { fields: [...ITEM_FIELDS, 'ShowInReport'] },
  pageRoute: '/cases/:Case_Id/items/:id',
  store: { routes: ['list', 'one', 'create', 'update', 'delete'] },
});

/**
 * The item templates Add Item offers for a case (`GET /api/cases/{caseId}/items/available`: Id, Description): a
 * lookup whose list call names the case (`:Case_Id`, taken from the form), with no screen of its own; the route is
 * the items area's (server/items/itemRoutes.ts).
 */
export const availableItemTypes = defineResource({
  name: 'case-item-types',
  key: 'Id',
  schema: itemTypeSchema as ObjectSchema,
  title: 'Item Templates',
  menu: { group: 'none', order: 0 },
  recordRepresentation: (r) => String(r.Description ?? ''),
  operations: { list: { method: 'GET', path: '/api/cases/:Case_Id/items/available' } },
  paging: 'browser',
  permissions: { view: [P.Items.CREATE_ITEMS] },
  remove: { kind: 'none' },
  list: { pageSize: 1000, sort: { field: 'Description', order: 'ASC' } },
  form: { fields: [] },
  store: { routes: [] },
});
