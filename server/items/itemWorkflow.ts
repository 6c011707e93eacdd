import type { Updateable } from 'kysely';
import type { AuthContext } from '../auth/sessions.js';
import type { Database } from '../db/database.js';
import type { ItemsTable } from '../db/schema.js';
import { audit } from '../audit.js';
import { HttpError, ValidationError, conflict } from '../http/errors.js';
import { assertCaseEditable, caseInScope } from '../cases/caseAccess.js';
import { settleCase } from '../cases/workflow.js';
import { noticeCase } from '../cases/caseNotices.js';
import { submitRefusal } from '../../shared/sectionCompleteness.js';
import { isoDay } from '../../shared/format.js';
import { Permissions } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import { ITEM_STATUS_LABELS, type ItemStatus } from '../../shared/workflow.js';
import { itemsOfCase } from './caseItems.js';
import { noticeItems, recordItemHistory } from './itemHistory.js';
import { itemNumber, itemsForChange, type ItemRow } from './itemLocks.js';
import { sectionsOnItems, templateSections } from './itemDetail.js';
import { assigneeName } from './investigators.js';

const T = Texts.items;

/** The bulk item calls (spec 001 §7 "Items"), as the history and the audit name them. */
export type ItemAction = 'assign' | 'unassign' | 'setAcd' | 'accept' | 'reject' | 'submit';

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

interface ActionRule {
  /** The statuses the action starts from; any other refuses the whole call with 409. */
  from: readonly ItemStatus[];
  /** The end of the refusal's sentence: "Item 002 is Accepted and cannot …". */
  words: string;
}

/**
 * The item status rules (docs/decisions.md "Items: assignment and distances"): assign from awaiting assignment,
 * assigned (a reassignment) or rejected (the new investigator reworks it, still rejected); unassign from assigned or
 * rejected; a new ACD for any item but an accepted one (which needs Edit Inactive Cases); accept and reject from in
 * review; submit from assigned or rejected.
 */
const RULES: Record<ItemAction, ActionRule> = {
  assign: { from: ['AWAITING_ASSIGNMENT', 'ASSIGNED', 'REJECTED'], words: 'be assigned' },
  unassign: { from: ['ASSIGNED', 'REJECTED'], words: 'be unassigned' },
  setAcd: { from: ['AWAITING_ASSIGNMENT', 'ASSIGNED', 'IN_REVIEW', 'REJECTED', 'ACCEPTED'], words: 'have its ACD changed' },
  accept: { from: ['IN_REVIEW'], words: 'be accepted' },
  reject: { from: ['IN_REVIEW'], words: 'be rejected' },
  submit: { from: ['ASSIGNED', 'REJECTED'], words: 'be submitted for review' },
};

const wrongStatus = (item: ItemRow, action: ItemAction) => conflict(T.server.wrongStatus(itemNumber(item), ITEM_STATUS_LABELS[item.ItemStatus] ?? item.ItemStatus, RULES[action].words));

/** The names of the investigators items were assigned to, for the history's notes. */
async function namesOf(db: Database, ids: readonly (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (!wanted.length) return new Map();
  const rows = await db.selectFrom('users').select(['Id', 'FirstName', 'LastName']).where('Id', 'in', wanted).execute();
  return new Map(rows.map((r) => [r.Id, `${r.FirstName} ${r.LastName}`]));
}

/**
 * Refuses a submit (409, nothing changed) unless every item has the Required and Enabled sections of its item
 * template and no section with an empty required field (shared/sectionCompleteness.ts, the client's rules). The
 * answer names, per item, what is missing or unfinished.
 */
async function checkSubmittable(db: Database, items: readonly ItemRow[]): Promise<void> {
  const sections = await sectionsOnItems(db, items.map((i) => i.Id));
  const templates = new Map<number, Awaited<ReturnType<typeof templateSections>>>();
  for (const typeId of new Set(items.map((i) => i.ItemType_Id))) templates.set(typeId, await templateSections(db, typeId));
  const refusals = items
    .map((item) => ({ item, refusal: submitRefusal(templates.get(item.ItemType_Id) ?? [], sections.get(item.Id) ?? []) }))
    .filter((r) => r.refusal !== null);
  if (!refusals.length) return;
  const missing = refusals.filter((r) => r.refusal?.kind === 'missingSections');
  const shown = missing.length ? missing : refusals;
  const message = missing.length ? T.submit.missingSections : T.submit.unfinishedSections;
  throw new HttpError(409, message, {
    Message: message,
    Items: shown.map(({ item, refusal }) => ({ Id: item.Id, DisplayId: item.DisplayOrder, Reason: refusal?.kind, Sections: refusal?.sections ?? [] })),
  });
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
 * the case read in the caller's scope and locked (404 outside it), refused with 409 when it is held by another user
 * in data entry or inactive without Edit Inactive Cases; every item an item of the case the caller may see (400
 * under ItemIds), every item in a status the action starts from (409 naming the first that is not), the action's
 * own checks (an assignee from the assign list, an ACD not before today, complete sections for a submit); then each
 * item changed, its history line and audit entry written, the case settled (case history), live notices queued.
 * Answers the changed items as the items list shows them.
 */
export async function changeItems(db: Database, auth: AuthContext, caseId: number, itemIds: readonly number[], request: ItemRequest, now: Date) {
  if (request.action === 'setAcd' && request.acd < isoDay(now)) throw ValidationError.field('ACD', T.server.acdInPast);
  return db.transaction().execute(async (trx) => {
    const tx = trx as Database;
    const caseRow = await caseInScope(tx, auth, caseId, true);
    await assertCaseEditable(tx, auth, caseRow);
    const items = await itemsForChange(tx, auth, caseId, itemIds);
    const { action } = request;
    for (const item of items) if (!RULES[action].from.includes(item.ItemStatus)) throw wrongStatus(item, action);
    if (action === 'setAcd') {
      const accepted = items.find((i) => i.ItemStatus === 'ACCEPTED');
      if (accepted && !auth.can(Permissions.Cases.EDIT_INACTIVE_CASES)) throw conflict(T.server.accepted);
    }
    if (action === 'assign' && !(await assigneeName(tx, request.investigatorId, now))) throw ValidationError.field('Investigator_Id', T.server.investigatorUnknown);
    if (action === 'submit') await checkSubmittable(tx, items);

    const names = await namesOf(tx, [...items.map((i) => i.AssignedTo_Id), request.action === 'assign' ? request.investigatorId : null]);
    const history = [];
    for (const item of items) {
      const change = changeOf(request, item, now, names);
      await tx.updateTable('items').set({ ...change.set, UpdatedDate: now }).where('Id', '=', item.Id).execute();
      await audit(tx, { userId: auth.userId, entity: 'items', entityId: item.Id, action, changes: change.set });
      history.push({ Item_Id: item.Id, Status: change.status, TriggeredBy_Id: auth.userId, Note: change.note });
    }
    await recordItemHistory(tx, history, now);
    const state = await settleCase(tx, caseId, auth.userId, now);
    await noticeItems(tx, caseId, items, 'itemUpdated', auth.userId);
    if (state !== caseRow.WorkflowState) await noticeCase(tx, caseId, 'caseUpdated', auth.userId);
    return itemsOfCase(tx, auth, caseId, [], items.map((i) => i.Id));
  });
}
