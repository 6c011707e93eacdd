import path from 'node:path';
import { ConfigurationTexts } from '../../shared/texts/configuration.js';
import { audit } from '../audit/auditLog.js';
import type { Database } from '../db/database.js';
import { authOf } from '../http/access.js';
import { notFound, ValidationError } from '../http/errors.js';
import type { ApiArea } from '../http/route.js';
import { operationRoutes } from '../http/operationRoutes.js';
import { itemTypeAssetOperations } from '../../resources/itemTypeAssets.js';
import { assetResponse, selectAssets, type ItemTypeAsset } from './itemTypeStore.js';
import { defineStore } from '../resources/store.js';
import { withoutControlCharacters } from './zipUpload.js';
import { sendFile, storeUpload } from '../files/uploads.js';

const T = ConfigurationTexts.assets;
export const ITEM_TYPE_ASSETS_STORAGE_AREA = 'item-type-assets';

type AssetParams = { id: number; assetId: number };

async function requireItemType(db: Database, id: number): Promise<void> {
  const found = await db.selectFrom('item_types').select('Id').where('Id', '=', id).executeTakeFirst();
  if (!found) throw notFound(ConfigurationTexts.itemTypes.unknownItemType);
}

async function listAssets(db: Database, itemTypeId: number): Promise<ItemTypeAsset[]> {
  return (await selectAssets(db, [itemTypeId])).map(({ ItemType_Id: _, ...asset }) => asset);
}

async function findAsset(db: Database, { id, assetId }: AssetParams) {
  const asset = await db
    .selectFrom('item_type_assets')
    .select(['Id', 'Name', 'FileName', 'CreatedDate', 'StorageKey', 'ContentType'])
    .where('Id', '=', assetId)
    .where('ItemType_Id', '=', id)
    .executeTakeFirst();
  if (!asset) throw notFound(T.unknownAsset);
  return asset;
}

const publicAsset = ({ Id, Name, FileName, CreatedDate }: ItemTypeAsset): ItemTypeAsset => ({ Id, Name, FileName, CreatedDate });

/** The download name: the asset's name, with the stored file's extension added when the name has lost it. */
function downloadName(asset: { Name: string; FileName: string }): string {
  const extension = path.extname(asset.FileName);
  return extension && !asset.Name.toLowerCase().endsWith(extension.toLowerCase()) ? `${asset.Name}${extension}` : asset.Name;
}

/**
 * The `item-type-assets` declaration's store: an item template's files, listed oldest first; deleting one removes
 * its file from the storage once the row is gone.
 */
export const itemTypeAssetsStore = defineStore({
  responses: { record: assetResponse, list: { type: 'array', items: assetResponse } },
  audit: { entity: 'item_types', entityId: (context) => context.parentKey, action: () => 'delete-asset' },
  summaries: { list: 'The assets of an item template, oldest first', delete: 'Delete an asset and its file; answers the deleted asset' },
  async list(context) {
    await requireItemType(context.db, Number(context.parentKey));
    return listAssets(context.db, Number(context.parentKey));
  },
  read: (context, key) => findAsset(context.db, { id: Number(context.parentKey), assetId: Number(key) }),
  async remove(context, key) {
    await context.db.deleteFrom('item_type_assets').where('Id', '=', Number(key)).execute();
  },
  async afterCommit(context, _action, asset) {
    await context.request.server.services.storage.remove(String(asset.StorageKey)).catch((error) => context.request.log.warn({ err: error }, 'asset file not removed'));
  },
});

/**
 * The handlers of the assets contract's operations (resources/itemTypeAssets.ts): upload, download and rename.
 * Files live in the storage service under keys it makes; names from clients are only labels.
 */
export const itemTypeAssetsArea: ApiArea = {
  name: 'item-type-assets',
  routes: operationRoutes(itemTypeAssetOperations, {
    async upload(request) {
      const { db, services } = request.server;
      const id = request.params.id;
      await requireItemType(db, id);
      await storeUpload(request, services.storage, ITEM_TYPE_ASSETS_STORAGE_AREA, T, (files) =>
        db.transaction().execute(async (trx) => {
          const rows = files.map((f) => ({ ItemType_Id: id, Name: f.name, FileName: f.name, StorageKey: f.storageKey, ContentType: f.contentType, Size: f.content.length }));
          await trx.insertInto('item_type_assets').values(rows).execute();
          await audit(trx, { userId: authOf(request).userId, entity: 'item_types', entityId: id, action: 'add-assets', fields: ['Name'] });
        }),
      );
      return listAssets(db, id);
    },
    async download(request, reply) {
      const asset = await findAsset(request.server.db, request.params);
      return sendFile(reply, request.server.services.storage, asset, downloadName(asset), T.retrieveFailed);
    },
    async rename(request) {
      const { db } = request.server;
      const asset = await findAsset(db, request.params);
      const name = withoutControlCharacters(request.params.name);
      if (!name || name === asset.Name) return publicAsset(asset);
      if (name.length > 255) throw ValidationError.field('Name', T.nameTooLong);
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('item_type_assets').set({ Name: name }).where('Id', '=', asset.Id).execute();
        await audit(trx, { userId: authOf(request).userId, entity: 'item_types', entityId: request.params.id, action: 'rename-asset', fields: ['Name'] });
      });
      return publicAsset({ ...asset, Name: name });
    },
  }),
};
