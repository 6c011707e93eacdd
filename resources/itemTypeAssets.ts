import { Permissions } from '../shared/permissions.js';
import { PageSizes } from '../shared/constants.js';
import schema from '../schemas/itemTypeAsset.json' with { type: 'json' };
import type { ObjectSchema } from '../schemas/index.js';
import { defineResource } from './declaration.js';
import { anyOf } from '../shared/access.js';
import { defineOperations } from './operation.js';
import { UPLOAD_RULE } from '../shared/constants.js';


const P = Permissions.ItemTypes;
const name = (r: Record<string, unknown>) => String(r.Name ?? '');

/**
 * The assets contract's named operations (spec 002 §2.3): upload (one entry per file, zips extracted), download and
 * rename. Files live in the storage service under keys it makes; names from clients are only labels. Handlers:
 * server/configuration/itemTypeAssets.ts.
 */
export const itemTypeAssetOperations = defineOperations({
  upload: {
    method: 'POST',
    path: '/api/item-types/:id/assets',
    access: anyOf(P.EDIT_ITEM_TYPES),
    summary:
      `Upload assets (multipart, one entry per file; .zip files are extracted, folders flattened). ${UPLOAD_RULE} Answers all assets of the item template.`,
    consumes: 'multipart/form-data',
    answer: { list: 'itemTypeAsset.json' },
  },
  download: {
    method: 'GET',
    path: '/api/item-types/:id/assets/:assetId',
    // The item page offers its item template's assets to whoever works the item (spec 001 §2 "Item page").
    access: anyOf(P.VIEW_ITEM_TYPES, Permissions.Items.VIEW_ITEMS),
    summary: 'Download an asset under its name (Content-Disposition: attachment); for users who view item templates or items',
    answer: 'file',
    produces: ['application/octet-stream'],
  },
  rename: {
    method: 'PUT',
    path: '/api/item-types/:id/assets/:assetId/:name',
    access: anyOf(P.EDIT_ITEM_TYPES),
    summary: 'Rename an asset (the name is a label; the file is unchanged). An empty name is ignored.',
    params: { name: 'string' },
    answer: 'itemTypeAsset.json',
  },
});

/**
 * The assets (files) of an item template (spec 002 §2.3): a sub-resource of `item-types`, listed five to a page and
 * deleted after confirmation. Uploading, renaming and downloading are the contract's named operations, used by the
 * expanded row (src/itemTypes/ItemTypeAssets.tsx).
 */
export default defineResource({
  name: 'item-type-assets',
  key: 'Id',
  schema: schema as ObjectSchema,
  title: 'Assets',
  menu: { group: 'none', order: 0 },
  recordRepresentation: name,
  parent: { resource: 'item-types', field: 'ItemTypeId' },
  operations: {
    list: { method: 'GET', path: '/api/item-types/:ItemTypeId/assets' },
    delete: { method: 'DELETE', path: '/api/item-types/:ItemTypeId/assets/:id' },
  },
  named: itemTypeAssetOperations,
  paging: 'browser',
  permissions: { view: [P.VIEW_ITEM_TYPES], create: [P.EDIT_ITEM_TYPES], edit: [P.EDIT_ITEM_TYPES], delete: [P.EDIT_ITEM_TYPES] },
  remove: { kind: 'delete' },
  list: {
    pageSize: PageSizes.ITEM_TEMPLATE_ASSETS,
    sort: { field: 'CreatedDate', order: 'ASC' },
  },
  form: { fields: ['Name'] },
});
