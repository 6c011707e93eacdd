import type { AuthContext } from '../auth/sessions.js';
import type { Database } from '../db/database.js';
import { HttpError, ModelStateBuilder, conflict, notFound } from '../http/errors.js';
import { assertCaseEditable, type CaseRow } from '../cases/caseAccess.js';
import { Permissions } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import type { ItemStatus } from '../../shared/workflow.js';
import { seesAllItems } from './itemAccess.js';

const T = Texts.items.server;

/** What the item rules read of an item. */
export interface ItemRow {
  Id: number;
  Case_Id: number;
  DisplayOrder: number;
  ItemType_Id: number;
  ItemStatus: ItemStatus;
  AssignedTo_Id: number | null;
  ACD: string | null;
  PostalCode: string | null;
}

const COLUMNS = ['Id', 'Case_Id', 'DisplayOrder', 'ItemType_Id', 'ItemStatus', 'AssignedTo_Id', 'ACD', 'PostalCode'] as const;

/** An item number as screens show it: padded to three digits (spec 001 §9). */
export const itemNumber = (item: Pick<ItemRow, 'DisplayOrder'>) => String(item.DisplayOrder).padStart(3, '0');

/** Whether the caller may see the item: every item, or (an investigator) the items assigned to them. */
const visibleTo = (auth: AuthContext, item: Pick<ItemRow, 'AssignedTo_Id'>) => seesAllItems(auth) || item.AssignedTo_Id === auth.userId;

/**
 * One item of the case, when the caller may see it; a 404 otherwise (an investigator's view of another's item is
 * not told apart from an unknown one). `forUpdate` locks the row until the transaction ends.
 */
export async function itemOfCase(db: Database, auth: AuthContext, caseId: number, itemId: number, forUpdate = false): Promise<ItemRow> {
  let query = db.selectFrom('items').select(COLUMNS).where('Id', '=', itemId).where('Case_Id', '=', caseId);
  if (forUpdate) query = query.forUpdate();
  const row = (await query.executeTakeFirst()) as ItemRow | undefined;
  if (!row || !visibleTo(auth, row)) throw notFound(T.notFound);
  return row;
}

/**
 * The items a bulk call names, in the case's order, locked for the call's transaction (unless `forUpdate` is false). Every id must be an item of
 * the case that the caller may see: others answer 400 with ModelState under ItemIds, and nothing changes.
 */
export async function itemsForChange(db: Database, auth: AuthContext, caseId: number, itemIds: readonly number[], forUpdate = true): Promise<ItemRow[]> {
  let query = db.selectFrom('items').select(COLUMNS).where('Case_Id', '=', caseId).where('Id', 'in', [...itemIds]).orderBy('DisplayOrder').orderBy('Id');
  if (forUpdate) query = query.forUpdate();
  const rows = (await query.execute()) as ItemRow[];
  const found = new Set(rows.filter((row) => visibleTo(auth, row)).map((row) => row.Id));
  const errors = new ModelStateBuilder();
  for (const id of itemIds) if (!found.has(id)) errors.add('ItemIds', T.notOfCase(id));
  errors.throwIfInvalid();
  return rows;
}

/**
 * Why the caller may not change the item's fields and sections (spec 001 §4), or null: the case held by another
 * user in data entry, or inactive (on hold, discontinued, complete) without Edit Inactive Cases; an accepted item
 * without Edit Inactive Cases; an item in review without Edit Items In Review.
 */
export async function itemLockReason(db: Database, auth: AuthContext, caseRow: CaseRow, item: Pick<ItemRow, 'ItemStatus'>): Promise<string | null> {
  try {
    await assertCaseEditable(db, auth, caseRow);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 409) return error.message;
    throw error;
  }
  if (item.ItemStatus === 'ACCEPTED' && !auth.can(Permissions.Cases.EDIT_INACTIVE_CASES)) return T.accepted;
  if (item.ItemStatus === 'IN_REVIEW' && !auth.can(Permissions.CaseItems.EDIT_ITEMS_IN_REVIEW)) return T.inReview;
  return null;
}

/** Refuses a change of the item with 409 and the reason, when the item is locked for the caller. */
export async function assertItemEditable(db: Database, auth: AuthContext, caseRow: CaseRow, item: Pick<ItemRow, 'ItemStatus'>): Promise<void> {
  const reason = await itemLockReason(db, auth, caseRow, item);
  if (reason) throw conflict(reason);
}
