import type { FastifyRequest } from 'fastify';
import type { Updateable } from 'kysely';
import type { ApiRecord } from '../../resources/declaration.js';
import type { ObjectSchema } from '../../schemas/index.js';
import itemSchema from '../../schemas/item.json' with { type: 'json' };
import type { Database } from '../db/database.js';
import type { ItemsTable } from '../db/schema/items.js';
import { recordResponseSchema } from '../http/answerSchemas.js';
import { defineStore, type StoreContext } from '../resources/store.js';
import { checkLookups } from '../resources/tableStore.js';
import { assertCaseEditable, caseInScope } from '../cases/caseAccess.js';
import { noticeCase } from '../cases/caseNotices.js';
import { settleCase } from '../cases/workflow.js';
import { changedOrders, numbered } from '../configuration/ordering.js';
import { isoDay } from '../../shared/format.js';
import { Texts } from '../../shared/texts/index.js';
import { itemStatesOf, itemsOfCase } from './caseItems.js';
import { addRequiredSections, itemDetail, offeredItemTypes } from './itemDetail.js';
import { noticeItems, recordItemHistory } from './itemHistory.js';
import { assertItemEditable, itemOfCase } from './itemLocks.js';

const T = Texts.items.server;

/** The item fields a create or an update writes (spec 001 §3 create and update payloads). */
const FIELDS = ['ACD', 'Label', 'Address1', 'Address2', 'City', 'RegionType_Id', 'PostalCode', 'ShowInReport'] as const;

const caseIdOf = (context: StoreContext) => Number(context.parentKey);

/** The item fields among the values (validated by the item's schema), as columns. */
const fieldsOf = (values: ApiRecord) => Object.fromEntries(FIELDS.filter((f) => f in values).map((f) => [f, values[f] ?? null])) as Updateable<ItemsTable>;

/** Gives the items of a case the orders 1..n in their current order, writing only the rows whose order changes. */
async function renumberItems(db: Database, caseId: number): Promise<Record<string, number>> {
  const current = await db.selectFrom('items').select(['Id as key', 'DisplayOrder']).where('Case_Id', '=', caseId).orderBy('DisplayOrder').orderBy('Id').execute();
  const orders = numbered(current.map((i) => i.key));
  for (const [id, DisplayOrder] of changedOrders(current, orders)) await db.updateTable('items').set({ DisplayOrder }).where('Id', '=', id).execute();
  return orders;
}

/** The storage keys of a deleted item's attachments, removed from file storage once the delete commits. */
const removedFiles = new WeakMap<FastifyRequest, string[]>();

/**
 * The items of a case, the `case-items` declaration's store (spec 001 §2 "Items table", §3 "Item", §4): the list
 * (`?ItemStateIDS=`), one item with its sections for the item page, add (an item template the case's template offers,
 * next in order, with the template's required sections), change (the create fields and Show In Report) and delete
 * (the rest renumbered from 1). Every call reads the case in the caller's org scope; an investigator reaches only
 * the items assigned to them (404 for others); changes obey the locks of spec 001 §4 (409 with the reason) and
 * settle the case's workflow in their transaction. The workflow calls are server/items/itemRoutes.ts.
 */
export const caseItemsStore = defineStore({
  audit: { entity: 'items' },
  // The list answers the items' rows as items/caseItems.ts shapes them: item.json's fields; one item, and every write,
  // answers the item page's detail (itemDetail.ts).
  responses: { list: { type: 'array', items: recordResponseSchema(itemSchema as ObjectSchema) }, record: { $ref: 'itemDetail.json' } },
  summaries: {
    list: 'The items of a case in order (ItemStateIDS: a comma list of statuses); an investigator gets only the items assigned to them',
    one: 'One item of a case with its case, item template and assets, Sections (Definition as JSON text), AvailableSections and LockedReason',
    create: 'Add an item to a case (an item template its case template offers; ACD not before today), next in order, with the item template\'s required sections; answers the item',
    update: 'Change an item\'s ACD, location, address and Show In Report (refused with 409 while the item is locked for the caller); answers the item',
    delete: 'Delete an item; the case\'s other items are renumbered from 1 in order and the case\'s workflow settles; answers the item',
  },
  async list(context) {
    const row = await caseInScope(context.db, context.auth, caseIdOf(context));
    return itemsOfCase(context.db, context.auth, row.Id, itemStatesOf(context.query.ItemStateIDS));
  },
  async read(context, key, purpose) {
    const caseRow = await caseInScope(context.db, context.auth, caseIdOf(context));
    const item = await itemOfCase(context.db, context.auth, caseRow.Id, Number(key));
    if (purpose !== 'read') await assertItemEditable(context.db, context.auth, caseRow, item);
    return itemDetail(context.db, context.auth, caseRow, item);
  },
  async validate(context, values, existing, errors) {
    const caseRow = await caseInScope(context.db, context.auth, caseIdOf(context));
    if (!existing) {
      await assertCaseEditable(context.db, context.auth, caseRow);
      const offered = await offeredItemTypes(context.db, caseRow.CaseTemplate_Id);
      if (!offered.some((type) => type.Id === values.ItemType_Id)) errors.add('ItemType_Id', T.itemTypeNotOffered);
    } else if (values.ItemType_Id !== undefined && values.ItemType_Id !== existing.ItemType_Id) {
      errors.add('ItemType_Id', T.itemTypeFixed);
    }
    // A new ACD is never in the past; an ACD an item already has may stay.
    if (typeof values.ACD === 'string' && values.ACD < isoDay(context.now) && values.ACD !== existing?.ACD) errors.add('ACD', T.acdInPast);
    await checkLookups(context.db, itemSchema as ObjectSchema, values, errors);
  },
  async insert(context, values) {
    const { db, auth, now } = context;
    const caseRow = await caseInScope(db, auth, caseIdOf(context), true);
    await assertCaseEditable(db, auth, caseRow);
    const ItemType_Id = Number(values.ItemType_Id);
    const [last, templateItem] = await Promise.all([
      db.selectFrom('items').select((eb) => eb.fn.max('DisplayOrder').as('n')).where('Case_Id', '=', caseRow.Id).executeTakeFirst(),
      caseRow.CaseTemplate_Id
        ? db.selectFrom('case_template_items').select('ShowInReport').where('CaseTemplate_Id', '=', caseRow.CaseTemplate_Id).where('ItemType_Id', '=', ItemType_Id).orderBy('DisplayOrder').executeTakeFirst()
        : undefined,
    ]);
    const DisplayOrder = Number(last?.n ?? 0) + 1;
    const { Id } = await db
      .insertInto('items')
      .values({
        ...fieldsOf(values),
        Case_Id: caseRow.Id,
        DisplayOrder,
        ItemType_Id,
        ShowInReport: typeof values.ShowInReport === 'boolean' ? values.ShowInReport : (templateItem?.ShowInReport ?? true),
        ItemStatus: 'AWAITING_ASSIGNMENT',
        CreatedDate: now,
        UpdatedDate: now,
      })
      .returning('Id')
      .executeTakeFirstOrThrow();
    await addRequiredSections(db, Id, ItemType_Id);
    await recordItemHistory(db, [{ Item_Id: Id, Status: 'AWAITING_ASSIGNMENT', TriggeredBy_Id: auth.userId }], now);
    const state = await settleCase(db, caseRow.Id, auth.userId, now);
    await noticeItems(db, caseRow.Id, [{ Id, DisplayOrder }], 'itemAdded', auth.userId);
    if (state !== caseRow.WorkflowState) await noticeCase(db, caseRow.Id, 'caseUpdated', auth.userId);
    return Id;
  },
  async change(context, key, values) {
    const { db, auth, now } = context;
    const caseRow = await caseInScope(db, auth, caseIdOf(context), true);
    const item = await itemOfCase(db, auth, caseRow.Id, Number(key), true);
    await assertItemEditable(db, auth, caseRow, item);
    await db.updateTable('items').set({ ...fieldsOf(values), UpdatedDate: now }).where('Id', '=', item.Id).execute();
    await noticeItems(db, caseRow.Id, [item], 'itemUpdated', auth.userId);
  },
  async remove(context, key) {
    const { db, auth, now } = context;
    const caseRow = await caseInScope(db, auth, caseIdOf(context), true);
    const item = await itemOfCase(db, auth, caseRow.Id, Number(key), true);
    await assertItemEditable(db, auth, caseRow, item);
    const files = await db.selectFrom('item_attachments').select('StorageKey').where('Item_Id', '=', item.Id).execute();
    await db.deleteFrom('items').where('Id', '=', item.Id).execute();
    await renumberItems(db, caseRow.Id);
    await settleCase(db, caseRow.Id, auth.userId, now);
    await noticeCase(db, caseRow.Id, 'caseUpdated', auth.userId);
    removedFiles.set(context.request, files.map((f) => f.StorageKey));
  },
  async afterCommit(context, action) {
    if (action !== 'delete') return;
    const { storage } = context.request.server.services;
    for (const key of removedFiles.get(context.request) ?? []) {
      await storage.remove(key).catch((error: unknown) => context.request.log.warn({ err: error }, 'item attachment file not removed'));
    }
  },
});
