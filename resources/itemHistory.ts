import { PageSizes } from '../shared/constants.js';
import { Permissions } from '../shared/permissions.js';
import schema from '../schemas/itemHistoryEntry.json' with { type: 'json' };
import type { ObjectSchema } from '../schemas/index.js';
import { defineResource, type ApiRecord } from './declaration.js';

const status = (r: ApiRecord) => String((r.Status as { Description?: string } | undefined)?.Description ?? '');

/**
 * An item's history (spec 001 §2 "Item page", §3 "History entry"): a read-only sub-resource of `case-items`, newest
 * first — the status after each workflow call, who made it, its note (the investigator assigned, the rejection
 * reason, the new ACD) and when. Written by the item workflow (server/items/itemWorkflow.ts).
 */
export default defineResource({
  name: 'item-history',
  key: 'Id',
  schema: schema as ObjectSchema,
  title: 'History',
  menu: { group: 'none', order: 0 },
  recordRepresentation: status,
  parent: { resource: 'case-items', field: 'Item_Id', with: ['Case_Id'] },
  operations: { list: { method: 'GET', path: '/api/cases/:Case_Id/items/:Item_Id/history' } },
  paging: 'browser',
  permissions: { view: [Permissions.Items.VIEW_ITEMS] },
  remove: { kind: 'none' },
  list: {
    pageSize: PageSizes.ITEM_HISTORY,
    sort: { field: 'CreatedDate', order: 'DESC' },
  },
  form: { fields: [] },
});
