import type { Database } from '../db/database.js';
import { defineStore } from '../resources/store.js';
import { caseInScope } from '../cases/caseAccess.js';
import { itemOfCase } from './itemLocks.js';
import { publishCaseEvent } from '../live/caseEvents.js';
import { noticeBaseOf } from '../cases/caseNotices.js';
import { ITEM_STATUS_LABELS, type ItemStatus } from '../../shared/workflow.js';

/** One line of an item's history: the status it has after the change, who made it, a note. */
export interface ItemHistoryEntry {
  Item_Id: number;
  Status: ItemStatus;
  TriggeredBy_Id: number | null;
  Note?: string | null;
}

/** Writes history lines, inside the transaction of the change they record. */
export async function recordItemHistory(db: Database, entries: readonly ItemHistoryEntry[], now: Date): Promise<void> {
  if (!entries.length) return;
  await db
    .insertInto('item_history')
    .values(entries.map((e) => ({ Item_Id: e.Item_Id, Status: e.Status, TriggeredBy_Id: e.TriggeredBy_Id, Note: e.Note ?? null, CreatedDate: now })))
    .execute();
}

/**
 * An item's history as the item page shows it (spec 001 §3 "History entry"), newest first: the status (Short and
 * Description), who triggered it, the note and when.
 */
export async function itemHistory(db: Database, itemId: number) {
  const rows = await db
    .selectFrom('item_history as h')
    .leftJoin('users as u', 'u.Id', 'h.TriggeredBy_Id')
    .select(['h.Id', 'h.Status', 'h.Note', 'h.CreatedDate', 'u.Id as UserId', 'u.FirstName', 'u.LastName'])
    .where('h.Item_Id', '=', itemId)
    .orderBy('h.CreatedDate', 'desc')
    .orderBy('h.Id', 'desc')
    .execute();
  return rows.map((row) => ({
    Id: row.Id,
    Status: { Short: row.Status, Description: ITEM_STATUS_LABELS[row.Status as ItemStatus] ?? row.Status },
    TriggeredBy: row.UserId === null ? null : { Id: row.UserId, FirstName: row.FirstName, LastName: row.LastName },
    Note: row.Note,
    CreatedDate: row.CreatedDate,
  }));
}

export const itemHistoryResponse = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      Id: { type: 'integer' },
      Status: { type: 'object', properties: { Short: { type: 'string' }, Description: { type: 'string' } } },
      TriggeredBy: { type: ['object', 'null'], properties: { Id: { type: 'integer' }, FirstName: { type: 'string' }, LastName: { type: 'string' } } },
      Note: { type: ['string', 'null'] },
      CreatedDate: { type: 'string', format: 'date-time' },
    },
  },
} as const;

/** The `item-history` declaration's store: an item's history, for users who may see the item (its case in their scope; an investigator's own). */
export const itemHistoryStore = defineStore({
  responses: { list: itemHistoryResponse },
  summaries: { list: 'The item\'s history, newest first: Status (Short, Description), TriggeredBy, Note, CreatedDate' },
  async list(context) {
    const caseRow = await caseInScope(context.db, context.auth, Number(context.params.Case_Id));
    const item = await itemOfCase(context.db, context.auth, caseRow.Id, Number(context.parentKey));
    return itemHistory(context.db, item.Id);
  },
});

const MAX_ITEM_NOTICES = 10;

/**
 * Tells the users who may see the case that items were added or changed (spec 001 §2 "Real-time notices"), inside
 * the change's transaction: the notices go out only if it commits.
 */
export async function noticeItems(db: Database, caseId: number, items: readonly { Id: number; DisplayOrder: number }[], kind: 'itemAdded' | 'itemUpdated', actorUserId: number): Promise<void> {
  if (!items.length) return;
  const base = await noticeBaseOf(db, caseId);
  if (!base) return;
  // A large bulk change is one notice about the case: the toasts of many would be shown as one anyway.
  if (items.length > MAX_ITEM_NOTICES) {
    await publishCaseEvent(db, { kind: 'caseUpdated', ...base }, actorUserId);
    return;
  }
  for (const item of items) {
    await publishCaseEvent(
      db,
      { kind, ...base, itemId: item.Id, displayId: item.DisplayOrder },
      actorUserId,
    );
  }
}
