import type { Updateable } from 'kysely';
import type { AuthContext } from '../auth/sessions.js';
import type { Database } from '../db/database.js';
import type { ItemsTable } from '../db/schema/items.js';
import { audit, changedFields } from '../audit/auditLog.js';
import { HttpError, ValidationError, conflict } from '../http/errors.js';
import { assertCaseEditable, caseInScope, caseLockReason, type CaseRow } from '../cases/caseAccess.js';
import { settleCase } from '../cases/workflow.js';
import { noticeCase } from '../cases/caseNotices.js';
import { submitRefusal, type SubmitRefusal } from '../../shared/sectionCompleteness.js';
import { isoDay } from '../../shared/format.js';
import { Permissions } from '../../shared/permissions.js';
import type { ItemEligibilityLeftOut } from '../../schemas/types.js';
import { Texts } from '../../shared/texts/index.js';
import { ITEM_ACTION_STARTS_FROM, ITEM_ACTION_WORDS, ITEM_STATUS_LABELS, type ItemAction, type ItemStatus } from '../../shared/workflow.js';
import { itemsOfCase } from './caseItems.js';
import { noticeItems, recordItemHistory } from './itemHistory.js';
import { itemNumber, itemsForChange, type ItemRow } from './itemLocks.js';
import { sectionsOnItems, templateSections } from './itemDetail.js';
import { assigneeName } from './investigators.js';
import { raiseItemEvents, type ItemChange } from '../webhooks/domainEvents.js';

const T = Texts.items;

export type { ItemAction };

/** What a call asks for: the action and what it needs beside the items. */
export type ItemRequest =
  | { action: 'assign'; investigatorId: number }
  | { action: 'unassign' }
  | { action: 'setAcd'; acd: string }
  | { action: 'accept' }
  | { action: 'reject'; reason: string }
  | { action: 'submit' };

/** What one action does to one item: the row's new values, its status after, and the history's note. */
interface Change {
  set: Updateable<ItemsTable>;
  status: ItemStatus;
  note: string | null;
}

const RULES = ITEM_ACTION_STARTS_FROM;
const WORDS = ITEM_ACTION_WORDS;

export const ITEM_ACTIONS = Object.keys(RULES) as ItemAction[];

/** An item a bulk action leaves out, and why (schemas/itemEligibility.json): the sentence its refusal says; a submit's also names the sections. */
export type LeftOutItem = ItemEligibilityLeftOut;

/** Why the item's status refuses the action (an accepted item's ACD needs Edit Inactive Cases too); null when it does not. */
function statusRefusal(auth: AuthContext, item: ItemRow, action: ItemAction): string | null {
  if (!RULES[action].includes(item.ItemStatus)) return T.server.wrongStatus(itemNumber(item), ITEM_STATUS_LABELS[item.ItemStatus] ?? item.ItemStatus, WORDS[action]);
  if (action === 'setAcd' && item.ItemStatus === 'ACCEPTED' && !auth.can(Permissions.Cases.EDIT_INACTIVE_CASES)) return T.server.accepted;
  return null;
}

/**
 * Per item, what keeps it from being submitted: the Required and Enabled sections of its item template it lacks, or
 * its sections with an empty required field (shared/sectionCompleteness.ts, the client's rules too).
 */
async function sectionRefusals(db: Database, items: readonly ItemRow[]): Promise<Map<number, SubmitRefusal>> {
  const refusals = new Map<number, SubmitRefusal>();
  if (!items.length) return refusals;
  const sections = await sectionsOnItems(db, items.map((i) => i.Id));
  const templates = new Map<number, Awaited<ReturnType<typeof templateSections>>>();
  for (const typeId of new Set(items.map((i) => i.ItemType_Id))) templates.set(typeId, await templateSections(db, typeId));
  for (const item of items) {
    const refusal = submitRefusal(templates.get(item.ItemType_Id) ?? [], sections.get(item.Id) ?? []);
    if (refusal) refusals.set(item.Id, refusal);
  }
  return refusals;
}

/**
 * The one rule of the item actions, used both to answer which items a bulk modal may act on and to refuse a call:
 * which of `items` (of `caseRow`, in the case's order) the caller may take `action` on now, and why each other is left
 * out — the case's lock (every item: held by another user, or inactive without Edit Inactive Cases), the item's
 * status, and for a submit its sections. The action's own values (an investigator, an ACD, a reason) are the call's.
 */
export async function itemEligibility(db: Database, auth: AuthContext, caseRow: CaseRow, items: readonly ItemRow[], action: ItemAction): Promise<{ eligible: ItemRow[]; leftOut: LeftOutItem[] }> {
  const leftOut = (item: ItemRow, Reason: string, refusal?: SubmitRefusal): LeftOutItem => ({
    Id: item.Id,
    DisplayId: item.DisplayOrder,
    Reason,
    ...(refusal ? { Kind: refusal.kind, Sections: refusal.sections } : {}),
  });
  const locked = await caseLockReason(db, auth, caseRow);
  if (locked) return { eligible: [], leftOut: items.map((item) => leftOut(item, locked)) };
  const byStatus = items.map((item) => ({ item, reason: statusRefusal(auth, item, action) }));
  const passed = byStatus.filter((r) => r.reason === null).map((r) => r.item);
  const sections = action === 'submit' ? await sectionRefusals(db, passed) : new Map<number, SubmitRefusal>();
  const eligible: ItemRow[] = [];
  const out: LeftOutItem[] = [];
  for (const { item, reason } of byStatus) {
    const refusal = sections.get(item.Id);
    if (reason) out.push(leftOut(item, reason));
    else if (refusal) out.push(leftOut(item, (refusal.kind === 'missingSections' ? T.server.missingSectionsOf : T.server.unfinishedSectionsOf)(itemNumber(item), refusal.sections), refusal));
    else eligible.push(item);
  }
  return { eligible, leftOut: out };
}

/**
 * A submit refused by sections (409, nothing changed): the spec's text — 'You are missing required sections.' when an
 * item lacks one, else 'You have sections that are not finished.' — and, per item, what is missing or unfinished.
 */
function sectionsRefused(leftOut: readonly LeftOutItem[]): HttpError {
  const missing = leftOut.filter((i) => i.Kind === 'missingSections');
  const shown = missing.length ? missing : leftOut;
  const message = missing.length ? T.submit.missingSections : T.submit.unfinishedSections;
  return new HttpError(409, message, {
    Message: message,
    Items: shown.map((item) => ({ Id: item.Id, DisplayId: item.DisplayId, Reason: item.Kind, Sections: item.Sections ?? [] })),
  });
}

/** The names of the investigators items were assigned to, for the history's notes. */
async function namesOf(db: Database, ids: readonly (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (!wanted.length) return new Map();
  const rows = await db.selectFrom('users').select(['Id', 'FirstName', 'LastName']).where('Id', 'in', wanted).execute();
  return new Map(rows.map((r) => [r.Id, `${r.FirstName} ${r.LastName}`]));
}

/** What the action does to one item (its status already checked). */
function changeOf(request: ItemRequest, item: ItemRow, now: Date, names: Map<number, string>): Change {
  switch (request.action) {
    case 'assign': {
      const status: ItemStatus = item.ItemStatus === 'REJECTED' ? 'REJECTED' : 'ASSIGNED';
      return { set: { AssignedTo_Id: request.investigatorId, ItemStatus: status }, status, note: T.server.assignedTo(names.get(request.investigatorId) ?? '') };
    }
    case 'unassign':
      return {
        set: { AssignedTo_Id: null, ItemStatus: 'AWAITING_ASSIGNMENT' },
        status: 'AWAITING_ASSIGNMENT',
        note: item.AssignedTo_Id === null ? null : T.server.unassignedFrom(names.get(item.AssignedTo_Id) ?? ''),
      };
    case 'setAcd':
      return { set: { ACD: request.acd }, status: item.ItemStatus, note: T.server.acdSet(request.acd) };
    case 'accept':
      return { set: { ItemStatus: 'ACCEPTED', CompletedDate: now }, status: 'ACCEPTED', note: null };
    case 'reject':
      return { set: { ItemStatus: 'REJECTED', CompletedDate: null, RejectionReason: request.reason }, status: 'REJECTED', note: request.reason };
    case 'submit':
      return { set: { ItemStatus: 'IN_REVIEW' }, status: 'IN_REVIEW', note: item.ItemStatus === 'REJECTED' ? T.server.resubmitted : null };
  }
}

/**
 * One bulk item call (assign, unassign, set ACDs, accept, reject, submit) on items of one case, in one transaction:
 * the case read in the caller's scope and locked (404 outside it); every item an item of the case the caller may see
 * (400 under ItemIds); then `itemEligibility` refuses the whole call, changing nothing, when any item is left out: 409
 * with the case's lock, or naming the first item in a wrong status, or a submit's missing or unfinished sections per
 * item — the bulk modals send only the items the server said were eligible (docs/decisions.md "Bulk actions: the
 * eligible items"). An assignee must come from the assign list and an ACD may not be before today. Then each item
 * changed, its history line and audit entry written, the case settled (case history), live notices queued. Answers
 * the changed items as the items list shows them.
 */
export async function changeItems(db: Database, auth: AuthContext, caseId: number, itemIds: readonly number[], request: ItemRequest, now: Date) {
  if (request.action === 'setAcd' && request.acd < isoDay(now)) throw ValidationError.field('ACD', T.server.acdInPast);
  return db.transaction().execute(async (trx) => {
    const tx = trx as Database;
    const caseRow = await caseInScope(tx, auth, caseId, true);
    await assertCaseEditable(tx, auth, caseRow);
    const items = await itemsForChange(tx, auth, caseId, itemIds);
    const { action } = request;
    const { leftOut } = await itemEligibility(tx, auth, caseRow, items, action);
    const refused = leftOut.find((item) => !item.Kind);
    if (refused) throw conflict(refused.Reason);
    if (action === 'assign' && !(await assigneeName(tx, request.investigatorId, now))) throw ValidationError.field('Investigator_Id', T.server.investigatorUnknown);
    if (leftOut.length) throw sectionsRefused(leftOut);

    const names = await namesOf(tx, [...items.map((i) => i.AssignedTo_Id), request.action === 'assign' ? request.investigatorId : null]);
    const history = [];
    const hooks: ItemChange[] = [];
    for (const item of items) {
      const change = changeOf(request, item, now, names);
      hooks.push({ itemId: item.Id, itemNumber: item.DisplayOrder, from: item.ItemStatus, to: change.status });
      await tx.updateTable('items').set({ ...change.set, UpdatedDate: now }).where('Id', '=', item.Id).execute();
      await audit(tx, { userId: auth.userId, entity: 'items', entityId: item.Id, action, fields: changedFields(change.set) });
      history.push({ Item_Id: item.Id, Status: change.status, TriggeredBy_Id: auth.userId, Note: change.note });
    }
    await recordItemHistory(tx, history, now);
    await raiseItemEvents(tx, caseId, hooks, action === 'submit');
    const state = await settleCase(tx, caseId, auth.userId, now);
    await noticeItems(tx, caseId, items, 'itemUpdated', auth.userId);
    if (state !== caseRow.WorkflowState) await noticeCase(tx, caseId, 'caseUpdated', auth.userId);
    return itemsOfCase(tx, auth, caseId, [], items.map((i) => i.Id));
  });
}
