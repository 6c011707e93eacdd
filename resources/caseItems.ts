import { PageSizes } from '../shared/constants.js';
import { Permissions } from '../shared/permissions.js';
import { ITEM_STATUS_LABELS, ItemStatuses } from '../shared/workflow.js';
import schema from '../schemas/item.json' with { type: 'json' };
import type { ObjectSchema } from '../schemas/index.js';
import { defineResource, type ApiRecord } from './declaration.js';

const itemNumber = (r: ApiRecord) => String(r.DisplayId ?? '').padStart(3, '0');
const person = (p: unknown) => {
  const who = p as { FirstName?: string; LastName?: string } | null | undefined;
  return who?.LastName ? `${who.LastName}, ${who.FirstName ?? ''}`.trim() : '';
};
/** Where an item is: its label, or its city and state, or '(no location)' (spec 001 §2 "Bulk modals"). */
export const itemPlace = (r: ApiRecord) => {
  const region = (r.Location as { Region?: { Short?: string } | null } | undefined)?.Region?.Short;
  const cityState = [r.City, region].filter(Boolean).join(', ');
  return String(r.Label || cityState || '(no location)');
};

/**
 * The items of a case (spec 001 §2 "Items table", per-case view): a sub-resource of `cases` in their order, with
 * a status dropdown; add, the item (the item page reads it), change and delete are its calls
 * (server/items/itemStore.ts). Ordering, the assign list and the bulk workflow calls are named calls of the items
 * area (server/items/itemRoutes.ts), checked by `permissions.actions`.
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
    update: { method: 'PUT', path: '/api/cases/:Case_Id/items/:id' },
    delete: { method: 'DELETE', path: '/api/cases/:Case_Id/items/:id' },
  },
  paging: 'browser',
  permissions: {
    view: [Permissions.Items.VIEW_ITEMS],
    create: [Permissions.Items.CREATE_ITEMS],
    edit: [Permissions.CaseItems.EDIT_CASE_ITEMS],
    delete: [Permissions.Items.DELETE_ITEMS],
    // Spec 001 §2 and §6: row checks for users who may assign, review or manage deadlines; each bulk modal and move up/down.
    actions: {
      bulk: [Permissions.ItemAssignments.ADD_ITEM_ASSIGNMENTS, Permissions.CaseItems.REVIEW_CASE_ITEMS, Permissions.CaseItems.MANAGE_CASE_ITEM_DEADLINES],
      assign: [Permissions.ItemAssignments.ADD_ITEM_ASSIGNMENTS],
      setAcds: [Permissions.CaseItems.MANAGE_CASE_ITEM_DEADLINES],
      review: [Permissions.CaseItems.REVIEW_CASE_ITEMS],
      submit: [Permissions.CaseItems.UPDATE_CASE_ITEM_STATUS],
      reorder: [Permissions.Items.REORDER_ITEMS],
      editLink: [Permissions.Items.EDIT_ITEMS],
    },
  },
  remove: { kind: 'delete', confirmBody: () => 'This action cannot be undone.' },
  list: {
    columns: [
      { source: 'DisplayId', label: 'Item No', text: itemNumber },
      { source: 'Label', label: 'Location', text: itemPlace },
      { source: 'AssignedTo.LastName', label: 'Assignee', text: (r) => person(r.AssignedTo), phone: false },
      { source: 'ACD', label: 'ACD', type: { kind: 'date', short: true } },
      { source: 'ItemStatus', label: 'Item Status', type: { kind: 'choice', labels: ITEM_STATUS_LABELS } },
      { source: 'ItemType.Description', label: 'Item Type', phone: false },
      { source: 'CompletedDate', label: 'Completed Date', type: { kind: 'date', short: true }, phone: false },
    ],
    filters: [
      {
        source: 'ItemStatus',
        label: 'Status',
        type: 'choice',
        choices: [{ value: null, label: 'Show All' }, ...Object.values(ItemStatuses).map((s) => ({ value: s, label: ITEM_STATUS_LABELS[s] }))],
      },
    ],
    pageSize: PageSizes.CASE_ITEMS,
    sort: { field: 'DisplayId', order: 'ASC' },
    label: (parent) => `Items of case ${String(parent?.CaseNumber ?? '')}`,
  },
  form: { fields: ['ItemType_Id', 'ACD', 'Label', 'Address1', 'Address2', 'City', 'RegionType_Id', 'PostalCode', 'ShowInReport'] },
  texts: {
    created: (_r, parent) => `The new item was added to case #${String(parent?.CaseNumber ?? '')} successfully.`,
    deleted: (_r, parent) => `The item was removed from case #${String(parent?.CaseNumber ?? '')} successfully.`,
    updated: (r) => `Item ${itemNumber(r)} was updated successfully.`,
    add: () => 'Add Item',
    editTitle: (r) => `Item ${itemNumber(r)}`,
    editSubmit: 'Save Changes',
    empty: 'There are no items on this case.',
  },
  store: { routes: ['list', 'one', 'create', 'update', 'delete'] },
});
