import { Texts } from '../../shared/texts/index.js';
import { caseInScope, type CaseRow } from '../cases/caseAccess.js';
import type { Database } from '../db/database.js';
import { ValidationError, notFound } from '../http/errors.js';
import { defineStore, type StoreContext, type WriteAction } from '../resources/store.js';
import { noticeItems } from './itemHistory.js';
import { assertItemEditable, itemOfCase, type ItemRow } from './itemLocks.js';

const T = Texts.items.issueCodes.server;
const FIELD = 'IssueCodeType_Id';
const LIST = 'IssueCodeType';
/** An issue code change is a change of its item, audited under the item with these words. */
const AUDIT_ACTIONS: Record<WriteAction, string> = { create: 'add-issue-code', update: 'change-issue-code', delete: 'remove-issue-code' };

/** A path's id: a positive whole number, else the case or item is unknown (404, never a 500 for bad input). */
function pathId(value: unknown): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id < 1) throw notFound(Texts.items.server.notFound);
  return id;
}

/**
 * The case and item of a call under `/api/cases/:Case_Id/items/:Item_Id/…`: the case in the caller's org scope and an
 * item of it the caller may see (an investigator: their own), 404 otherwise. A write locks both rows for its
 * transaction (the case first, as every item write does) and refuses a locked item with 409 and the reason
 * (spec 001 §4). Also the item expenses' (server/items/expenses.ts).
 */
export async function itemOfCall(context: StoreContext, write = false): Promise<{ caseRow: CaseRow; item: ItemRow }> {
  const caseRow = await caseInScope(context.db, context.auth, pathId(context.params.Case_Id), write);
  const item = await itemOfCase(context.db, context.auth, caseRow.Id, pathId(context.params.Item_Id ?? context.parentKey), write);
  if (write) await assertItemEditable(context.db, context.auth, caseRow, item);
  return { caseRow, item };
}

/** The item changed: its updated date, and the live notice to those who see the case (inside the write's transaction). */
export async function itemTouched(context: StoreContext, caseRow: CaseRow, item: ItemRow): Promise<void> {
  await context.db.updateTable('items').set({ UpdatedDate: context.now }).where('Id', '=', item.Id).execute();
  await noticeItems(context.db, caseRow.Id, [item], 'itemUpdated', context.auth.userId);
}

/** An item's issue codes as the API answers them (spec 001 §3 "Issue code"), newest first; `onlyId` narrows to one. */
async function issueCodesOf(db: Database, caseId: number, itemId: number, onlyId?: number) {
  let query = db
    .selectFrom('item_issue_codes as c')
    .innerJoin('type_items as t', 't.Id', 'c.IssueCodeType_Id')
    .leftJoin('users as u', 'u.Id', 'c.EnteredBy_Id')
    .select(['c.Id', 'c.Item_Id', 'c.IssueCodeType_Id', 't.Short', 't.Description', 'c.EnteredBy_Id', 'u.FirstName', 'u.LastName', 'c.EnteredDate'])
    .where('c.Item_Id', '=', itemId);
  if (onlyId !== undefined) query = query.where('c.Id', '=', onlyId);
  const rows = await query.orderBy('c.EnteredDate', 'desc').orderBy('c.Id', 'desc').execute();
  return rows.map((row) => ({
    Id: row.Id,
    Case_Id: caseId,
    Item_Id: row.Item_Id,
    IssueCodeType_Id: row.IssueCodeType_Id,
    Code: { Id: row.IssueCodeType_Id, Short: row.Short, Description: row.Description },
    EnteredBy: row.FirstName === null ? null : { Id: row.EnteredBy_Id, FirstName: row.FirstName, LastName: row.LastName },
    EnteredDate: row.EnteredDate,
  }));
}

/** Why the issue code type may not be added to the item (ModelState IssueCodeType_Id), or null: not a shown item of the IssueCodeType list, or on the item already. */
async function refusedType(db: Database, itemId: number, typeId: number): Promise<string | null> {
  const type = await db.selectFrom('type_items').select('Id').where('Id', '=', typeId).where('TableName', '=', LIST).where('Hidden', '=', false).executeTakeFirst();
  if (!type) return T.notOffered;
  const onItem = await db.selectFrom('item_issue_codes').select('Id').where('Item_Id', '=', itemId).where('IssueCodeType_Id', '=', typeId).executeTakeFirst();
  return onItem ? T.duplicate : null;
}

/**
 * The issue codes of an item, the `item-issue-codes` declaration's store (spec 001 §2 "Item page", §3 "Issue code",
 * §5, §7): the list, newest first; add a code of the IssueCodeType list that the item lacks (the caller is EnteredBy,
 * the server's clock the EnteredDate); remove one. Every call reads the case in the caller's scope and an item the
 * caller may see (404 otherwise); writes lock the item and obey its locks (409 with the reason), are audited as
 * changes of the item and tell its viewers.
 */
export const itemIssueCodesStore = defineStore({
  audit: { entity: 'items', entityId: (context) => context.parentKey, action: (action) => AUDIT_ACTIONS[action] },
  summaries: {
    list: 'The issue codes of an item, newest first: Id, IssueCodeType_Id, Code (Id, Short, Description), EnteredBy (Id, FirstName, LastName), EnteredDate',
    create:
      'Add an issue code to an item (IssueCodeType_Id: a shown item of the IssueCodeType list that the item does not have yet, else 400 ModelState ' +
      'IssueCodeType_Id); the caller is EnteredBy and now the EnteredDate; 409 while the item is locked for the caller; answers the issue code',
    delete: 'Remove an issue code from an item (409 while the item is locked for the caller); answers the issue code',
  },
  async list(context) {
    const { caseRow, item } = await itemOfCall(context);
    return issueCodesOf(context.db, caseRow.Id, item.Id);
  },
  async read(context, key, purpose) {
    const { caseRow, item } = await itemOfCall(context);
    if (purpose !== 'read') await assertItemEditable(context.db, context.auth, caseRow, item);
    const [code] = await issueCodesOf(context.db, caseRow.Id, item.Id, Number(key));
    if (!code) throw notFound(T.notFound);
    return code;
  },
  async validate(context, values, _existing, errors) {
    const { caseRow, item } = await itemOfCall(context);
    await assertItemEditable(context.db, context.auth, caseRow, item);
    const refusal = await refusedType(context.db, item.Id, Number(values[FIELD]));
    if (refusal) errors.add(FIELD, refusal);
  },
  async insert(context, values) {
    const { caseRow, item } = await itemOfCall(context, true);
    // Under the item's lock: two adds of the same code one after the other find the first.
    const typeId = Number(values[FIELD]);
    const refusal = await refusedType(context.db, item.Id, typeId);
    if (refusal) throw ValidationError.field(FIELD, refusal);
    const { Id } = await context.db
      .insertInto('item_issue_codes')
      .values({ Item_Id: item.Id, IssueCodeType_Id: typeId, EnteredBy_Id: context.auth.userId, EnteredDate: context.now })
      .returning('Id')
      .executeTakeFirstOrThrow();
    await itemTouched(context, caseRow, item);
    return Id;
  },
  async remove(context, key) {
    const { caseRow, item } = await itemOfCall(context, true);
    await context.db.deleteFrom('item_issue_codes').where('Id', '=', Number(key)).where('Item_Id', '=', item.Id).execute();
    await itemTouched(context, caseRow, item);
  },
});
