import { PageSizes } from '../shared/constants.js';
import { Permissions } from '../shared/permissions.js';
import schema from '../schemas/item.json' with { type: 'json' };
import type { ObjectSchema } from '../schemas/index.js';
import { defineResource, type ApiRecord } from './declaration.js';
import { ITEM_BULK_ACTIONS, itemNumber } from './caseItems.js';

/** How many of a case number's last characters the items table shows (spec 001 §2 "Items table"). */
const CASE_NUMBER_TAIL = 6;
const caseOf = (r: ApiRecord) => (r.Case ?? {}) as { CaseNumber?: string | null };
export const caseNumber = (r: ApiRecord) => String(caseOf(r).CaseNumber ?? '');
/** The case number and name link to the case, for users who may edit cases. */
export const caseLink = { to: (r: ApiRecord) => `/cases/${String((r.Case as { Id?: unknown } | undefined)?.Id ?? r.Case_Id)}`, action: 'openCase' } as const;
/** The case number's last six characters after an ellipsis; a shorter one whole. */
export const caseNumberTail = (r: ApiRecord) => {
  const full = caseNumber(r);
  return full.length > CASE_NUMBER_TAIL ? `…${full.slice(-CASE_NUMBER_TAIL)}` : full;
};

/**
 * Item search (spec 001 §2 "Item search (/items)", "Items table" all-cases view, §7 `POST /api/items/search`): a
 * server-paged list of the items of every case in the caller's org scope (an investigator's own only), 20 a page from
 * page 0, with the case's columns; the `itemFilters` aside is the Item Status tree, which reloads the list at once.
 * Only the list call is declared; the items are changed on their case (`case-items`). The store is
 * server/items/itemSearch.ts.
 */
export default defineResource({
  name: 'items',
  key: 'Id',
  schema: schema as ObjectSchema,
  title: 'Items',
  route: '/items',
  menu: { group: 'top', order: 2 },
  recordRepresentation: (r) => `${caseNumber(r)} item ${itemNumber(r)}`,
  operations: {
    list: { method: 'POST', path: '/api/items/search', body: 'tableQuery', bodySchema: 'itemsQuery.json', answer: { records: 'items', total: 'total', pageCount: 'pageCount', exact: 'totalIsExact' } },
  },
  paging: 'server',
  permissions: { view: [Permissions.Items.SEARCH_ITEMS], actions: { openCase: [Permissions.Cases.EDIT_CASES], editLink: [Permissions.Items.EDIT_ITEMS], ...ITEM_BULK_ACTIONS } },
  remove: { kind: 'none' },
  list: {
    filters: [
      { source: 'CaseNumber', match: 'contains' },
      { source: 'Location', match: 'contains' },
      { source: 'LastName', match: 'contains' },
      { source: 'ItemType', match: 'contains' },
    ],
    pageSize: PageSizes.ITEMS,
    sort: { field: 'Case.CaseNumber', order: 'DESC' },
  },
  // The bulk modals act on the checked items of any cases, grouped by case (spec 001 §2 "Bulk modals").
  form: { fields: [] },
});
