import { PageSizes } from '../shared/constants.js';
import { Permissions } from '../shared/permissions.js';
import schema from '../schemas/itemAttachment.json' with { type: 'json' };
import type { ObjectSchema } from '../schemas/index.js';
import { itemAttachmentOperations } from './itemAttachmentOperations.js';
import { defineResource, type ApiRecord } from './declaration.js';

const P = Permissions.ItemAttachments;
const BASE = '/api/cases/:Case_Id/items/:Item_Id/attachments';
const name = (r: ApiRecord) => String(r.Name ?? '');

/**
 * The attachments of an item (spec 001 §2 "Item page", §3 "Item attachment"): a sub-resource of `case-items` in the
 * item's order, every one shown, deleted after confirmation; a corrupt PDF's row is red (its view's `rowTone`) and its name
 * says so. Uploading (multipart, zips extracted), downloading and the swap behind move up and down are named calls
 * (server/items/attachments.ts) drawn by the views of src/items/itemViews.ts: the name downloads the file, the move
 * buttons swap a row with its neighbour and the drop zone sits beside the list — both for users with Add Item Attachments (`upload`, `reorder`).
 */
export default defineResource({
  name: 'item-attachments',
  key: 'Id',
  schema: schema as ObjectSchema,
  title: 'Attachments',
  menu: { group: 'none', order: 0 },
  recordRepresentation: name,
  parent: { resource: 'case-items', field: 'Item_Id', with: ['Case_Id'] },
  operations: {
    list: { method: 'GET', path: BASE },
    delete: { method: 'DELETE', path: `${BASE}/:id` },
  },
  paging: 'browser',
  permissions: { view: [P.VIEW], delete: [P.DELETE], actions: { reorder: [P.ADD] } },
  named: itemAttachmentOperations,
  remove: { kind: 'delete' },
  list: {
    // The attachments keep the item's order (move up and down change it), so the columns do not sort.
    pageSize: PageSizes.UNPAGED,
    sort: { field: 'DisplayOrder', order: 'ASC' },
  },
  form: { fields: [] },
});
