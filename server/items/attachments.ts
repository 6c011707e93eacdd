import { Texts } from '../../shared/texts/index.js';
import { audit } from '../audit/auditLog.js';
import type { AuthContext } from '../auth/sessions.js';
import { caseInScope } from '../cases/caseAccess.js';
import { changedOrders, numbered, swapKeys } from '../configuration/ordering.js';
import type { Database } from '../db/database.js';
import { isCorruptPdf } from '../files/pdfCheck.js';
import { sendFile, storeUpload } from '../files/uploads.js';
import { authOf } from '../http/access.js';
import { notFound } from '../http/errors.js';
import type { ApiArea } from '../http/route.js';
import { operationRoutes } from '../http/operationRoutes.js';
import { itemAttachmentOperations } from '../../resources/itemAttachmentOperations.js';
import { defineStore, type StoreContext } from '../resources/store.js';
import { noticeItems } from './itemHistory.js';
import { assertItemEditable, itemOfCase, type ItemRow } from './itemLocks.js';

const T = Texts.items.attachments;
/** Where item attachments' files live in the file storage. */
export const ITEM_ATTACHMENTS_STORAGE_AREA = 'item-attachments';

const attachmentResponse = {
  type: 'object',
  properties: {
    Id: { type: 'integer' },
    Name: { type: 'string' },
    CreatedDate: { type: 'string', format: 'date-time' },
    Goal_Id: { type: 'integer' },
    CorruptPDF: { type: 'boolean' },
    DisplayOrder: { type: 'integer' },
  },
} as const;
const attachmentsResponse = { type: 'array', items: attachmentResponse } as const;

/** An item's attachments in its order (spec 001 §3 "Item attachment"; Goal_Id is the item). */
async function attachmentsOf(db: Database, itemId: number) {
  return db
    .selectFrom('item_attachments')
    .select(['Id', 'Name', 'CreatedDate', 'Item_Id as Goal_Id', 'CorruptPDF', 'DisplayOrder'])
    .where('Item_Id', '=', itemId)
    .orderBy('DisplayOrder')
    .orderBy('Id')
    .execute();
}

async function findAttachment(db: Database, itemId: number, attachmentId: number) {
  const row = await db.selectFrom('item_attachments').selectAll().where('Id', '=', attachmentId).where('Item_Id', '=', itemId).executeTakeFirst();
  if (!row) throw notFound(T.server.notFound);
  return row;
}

/** The item of a call, when the caller may see it: its case in their scope, and (an investigator) their own item; 404 otherwise. */
async function visibleItem(db: Database, auth: AuthContext, caseId: number, itemId: number): Promise<ItemRow> {
  const caseRow = await caseInScope(db, auth, caseId);
  return itemOfCase(db, auth, caseRow.Id, itemId);
}

/**
 * The item of a write: visible to the caller, its case and item rows locked until the transaction ends, and
 * changeable by the caller (409 with the lock's reason otherwise: the case in another's data entry or inactive, the
 * item accepted or in review).
 */
async function editableItem(db: Database, auth: AuthContext, caseId: number, itemId: number, lock = true): Promise<ItemRow> {
  const caseRow = await caseInScope(db, auth, caseId, lock);
  const item = await itemOfCase(db, auth, caseRow.Id, itemId, lock);
  await assertItemEditable(db, auth, caseRow, item);
  return item;
}

/** The case and item of a declared call's path; a case id that is not a number is no case (404). */
function pathOf(context: StoreContext): { caseId: number; itemId: number } {
  const caseId = Number(context.params.Case_Id);
  if (!Number.isSafeInteger(caseId) || caseId < 1) throw notFound(Texts.cases.server.notFound);
  return { caseId, itemId: Number(context.parentKey) };
}

/** Renumbers an item's attachments 1..n in their order, writing only those whose order changed. */
async function renumber(db: Database, itemId: number): Promise<void> {
  const rows = await db.selectFrom('item_attachments').select(['Id', 'DisplayOrder']).where('Item_Id', '=', itemId).orderBy('DisplayOrder').orderBy('Id').execute();
  const current = rows.map((r) => ({ key: r.Id, DisplayOrder: r.DisplayOrder }));
  for (const [Id, DisplayOrder] of changedOrders(current, numbered(current.map((r) => r.key)))) {
    await db.updateTable('item_attachments').set({ DisplayOrder }).where('Id', '=', Id).execute();
  }
}

/**
 * The `item-attachments` declaration's store: an item's attachments in its order, for users who may see the item.
 * Deleting one locks the item, refuses a locked item (409), renumbers the rest 1..n and tells the case's watchers
 * the item changed, in the delete's transaction; the file is removed after the commit.
 */
export const itemAttachmentsStore = defineStore({
  responses: { record: attachmentResponse, list: attachmentsResponse },
  audit: { entity: 'items', entityId: (context) => context.parentKey, action: () => 'delete-attachment' },
  summaries: {
    list: 'The item\'s attachments in their order: Id, Name, CreatedDate, Goal_Id (the item), CorruptPDF, DisplayOrder',
    delete: 'Remove an attachment (its file after the commit); the others are renumbered 1..n. Answers the attachment',
  },
  async list(context) {
    const { caseId, itemId } = pathOf(context);
    const item = await visibleItem(context.db, context.auth, caseId, itemId);
    return attachmentsOf(context.db, item.Id);
  },
  async read(context, key, purpose) {
    const { caseId, itemId } = pathOf(context);
    // Before a delete, a locked item answers 409 at once; the delete's transaction checks again under the lock.
    const item = purpose === 'delete' ? await editableItem(context.db, context.auth, caseId, itemId, false) : await visibleItem(context.db, context.auth, caseId, itemId);
    const { Item_Id, ...attachment } = await findAttachment(context.db, item.Id, Number(key));
    return { ...attachment, Goal_Id: Item_Id };
  },
  async remove(context, key) {
    const { db, auth } = context;
    const { caseId, itemId } = pathOf(context);
    const item = await editableItem(db, auth, caseId, itemId);
    await db.deleteFrom('item_attachments').where('Id', '=', Number(key)).where('Item_Id', '=', item.Id).execute();
    await renumber(db, item.Id);
    await noticeItems(db, caseId, [item], 'itemUpdated', auth.userId);
  },
  async afterCommit(context, _action, attachment) {
    const key = attachment.StorageKey;
    if (typeof key === 'string') {
      await context.request.server.services.storage.remove(key).catch((error: unknown) => context.request.log.warn({ err: error }, 'item attachment file not removed'));
    }
  },
});

/** The handlers of the item-attachments contract's operations (resources/itemAttachmentOperations.ts). */
export const itemAttachmentsArea: ApiArea = {
  name: 'item-attachments',
  routes: operationRoutes(itemAttachmentOperations, {
    async upload(request) {
      const { db, services } = request.server;
      const auth = authOf(request);
      const { Case_Id: caseId, Item_Id: itemId } = request.params;
      // Refused before any file is read or stored: an item the caller may not see (404) or change (409).
      await editableItem(db, auth, caseId, itemId, false);
      await storeUpload(request, services.storage, ITEM_ATTACHMENTS_STORAGE_AREA, T.server, async (files) => {
        // Parsed before the transaction, which then stays short.
        const corrupt = await Promise.all(files.map((file) => isCorruptPdf(file)));
        await db.transaction().execute(async (trx) => {
          const tx = trx as Database;
          const item = await editableItem(tx, auth, caseId, itemId);
          const last = await tx.selectFrom('item_attachments').select((eb) => eb.fn.max('DisplayOrder').as('last')).where('Item_Id', '=', item.Id).executeTakeFirst();
          const after = Number(last?.last ?? 0);
          const rows = files.map((file, index) => ({
            Item_Id: item.Id,
            Name: file.name,
            StorageKey: file.storageKey,
            ContentType: file.contentType,
            Size: file.content.length,
            DisplayOrder: after + index + 1,
            CorruptPDF: corrupt[index],
          }));
          await tx.insertInto('item_attachments').values(rows).execute();
          await audit(tx, {
            userId: auth.userId,
            entity: 'items',
            entityId: item.Id,
            action: 'add-attachments',
            fields: ['Name', 'CorruptPDF'],
          });
          await noticeItems(tx, caseId, [item], 'itemUpdated', auth.userId);
        });
      });
      return attachmentsOf(db, itemId);
    },
    async swap(request) {
      const auth = authOf(request);
      const { Case_Id: caseId, Item_Id: itemId } = request.params;
      const { SwapFrom_Id: from, SwapTo_Id: to } = request.body;
      return request.server.db.transaction().execute(async (trx) => {
        const tx = trx as Database;
        const item = await editableItem(tx, auth, caseId, itemId);
        const rows = await tx.selectFrom('item_attachments').select(['Id', 'DisplayOrder']).where('Item_Id', '=', item.Id).orderBy('DisplayOrder').orderBy('Id').forUpdate().execute();
        const current = rows.map((r) => ({ key: r.Id, DisplayOrder: r.DisplayOrder }));
        const orders = numbered(swapKeys(current.map((r) => r.key), { field: 'SwapFrom_Id', key: from }, { field: 'SwapTo_Id', key: to }, T.server.notOfItem));
        for (const [Id, DisplayOrder] of changedOrders(current, orders)) await tx.updateTable('item_attachments').set({ DisplayOrder }).where('Id', '=', Id).execute();
        await audit(tx, { userId: auth.userId, entity: 'items', entityId: item.Id, action: 'swap-attachments', fields: ['DisplayOrder'] });
        await noticeItems(tx, caseId, [item], 'itemUpdated', auth.userId);
        return orders;
      });
    },
    async download(request, reply) {
      const { db, services } = request.server;
      const item = await visibleItem(db, authOf(request), request.params.Case_Id, request.params.Item_Id);
      const attachment = await findAttachment(db, item.Id, request.params.id);
      return sendFile(reply, services.storage, attachment, attachment.Name, T.retrieveFailed, () =>
        audit(db, { entity: 'items', entityId: item.Id, action: 'download-attachment', fields: [] }),
      );
    },
  }),
};
