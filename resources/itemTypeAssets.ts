import { Permissions } from '../shared/permissions.js';
import { PageSizes } from '../shared/constants.js';
import { ConfigurationTexts } from '../shared/texts/configuration.js';
import schema from '../schemas/itemTypeAsset.json' with { type: 'json' };
import type { ObjectSchema } from '../schemas/index.js';
import { defineResource } from './declaration.js';

const P = Permissions.ItemTypes;
const T = ConfigurationTexts.itemTypeScreen;
const name = (r: Record<string, unknown>) => String(r.Name ?? '');

/**
 * The assets (files) of an item template (spec 002 §2.3): a sub-resource of `item-types`, listed five to a page and
 * deleted after confirmation. Uploading, renaming and downloading are named calls of the data provider
 * (dataProvider/configuration.ts), used by the expanded row (src/itemTypes/ItemTypeAssets.tsx).
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
  paging: 'browser',
  permissions: { view: [P.VIEW_ITEM_TYPES], create: [P.EDIT_ITEM_TYPES], edit: [P.EDIT_ITEM_TYPES], delete: [P.EDIT_ITEM_TYPES] },
  remove: { kind: 'delete', confirmBody: (r) => T.deleteAssetBody(name(r)) },
  list: {
    columns: [
      { source: 'Name', label: 'Name' },
      { source: 'CreatedDate', label: 'Added On' },
    ],
    pageSize: PageSizes.ITEM_TEMPLATE_ASSETS,
    sort: { field: 'CreatedDate', order: 'ASC' },
    label: (parent) => `Assets of ${String(parent?.Name ?? '')}`,
  },
  form: { fields: ['Name'] },
  texts: {
    created: () => T.filenameUpdated,
    updated: () => T.filenameUpdated,
    deleted: (r) => T.assetDeleted(name(r)),
    add: () => 'Upload',
    editTitle: (r) => name(r),
    editSubmit: 'Save',
    empty: T.noAssets,
  },
});
