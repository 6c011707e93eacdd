import type { AuthContext } from '../auth/sessions.js';
import type { Database } from '../db/database.js';
import { HttpError, conflict, forbidden } from '../http/errors.js';
import { orgChain } from '../orgs/inheritance.js';
import { appliedDeadlines } from '../orgs/deadlines.js';
import { activeRule, dueDate } from '../../shared/deadlines.js';
import { isoDay } from '../../shared/format.js';
import { CASE_STATE_LABELS, CASE_STEPS, STEP_PERMISSIONS, type CaseState, type CaseStepName, type ItemStatus } from '../../shared/workflow.js';
import { Texts } from '../../shared/texts/index.js';
import type { CaseStepAnswer } from '../../schemas/types.js';
import type { Answered } from '../http/operationRoutes.js';
import { caseInScope, caseLockReason, lockedToOtherReason, type CaseRow } from './caseAccess.js';
import { impliedCaseState } from './caseState.js';
import { raiseCaseHistoryEvents } from '../webhooks/domainEvents.js';

const T = Texts.cases.server;

/** The workflow steps a user takes (the case history's Action), and the server's own settling after papers or items change. */
export type CaseAction = 'create' | 'startDataEntry' | 'dataEntryComplete' | 'hold' | 'reactivate' | 'discontinue' | 'resume' | 'settle';

/** Hold and Discontinue start from any state but these: a case on hold is reactivated, a discontinued one resumed, a complete one is done. */
const STOPPED: readonly CaseState[] = ['HOLD', 'DISCONTINUED', 'COMPLETE'];

/** The states each step starts from (docs/decisions.md "Case workflow"). */
const STARTS_FROM: Record<CaseStepName, (state: CaseState) => boolean> = {
  startDataEntry: (state) => state === 'AWAITING_DATA_ENTRY',
  dataEntryComplete: (state) => state === 'DATA_ENTRY_IN_PROCESS',
  hold: (state) => !STOPPED.includes(state),
  reactivate: (state) => state === 'HOLD',
  discontinue: (state) => !STOPPED.includes(state),
  resume: (state) => state === 'DISCONTINUED',
};

const STEP_WORDS: Record<CaseStepName, string> = {
  startDataEntry: 'start data entry',
  dataEntryComplete: 'complete data entry',
  hold: 'be put on hold',
  reactivate: 'be reactivated',
  discontinue: 'be discontinued',
  resume: 'be resumed',
};

/**
 * The one rule of the workflow steps, used both to answer `Steps` and to refuse a step: why the caller may not take
 * `step` on the case now — 403 without its permission; 409 from a state the step does not start from, saying which;
 * 409 when the case is held by another user (`held`: `lockedToOtherReason`, naming the holder) — or null when they may.
 */
function stepRefusal(auth: AuthContext, row: Pick<CaseRow, 'WorkflowState'>, step: CaseStepName, held: string | null): HttpError | null {
  switch (refusalOf(auth, row, step, held)) {
    case 'permission':
      return forbidden();
    case 'state':
      return conflict(T.wrongState(STEP_WORDS[step], CASE_STATE_LABELS[row.WorkflowState] ?? row.WorkflowState));
    case 'held':
      return conflict(held!);
    case null:
      return null;
  }
}

/**
 * Which of `stepRefusal`'s refusals holds, or null: the rule itself, without the error. Every case read answers its
 * `Steps` by it, and an error made for each step refused (most of them, on any case) took its stack trace each time.
 */
function refusalOf(auth: AuthContext, row: Pick<CaseRow, 'WorkflowState'>, step: CaseStepName, held: string | null): 'permission' | 'state' | 'held' | null {
  if (!auth.can(STEP_PERMISSIONS[step])) return 'permission';
  if (!STARTS_FROM[step](row.WorkflowState)) return 'state';
  if (held) return 'held';
  return null;
}

/** The steps the caller may take on the case now, in the page's order (by `stepRefusal`'s rule, which refuses the others). */
export async function caseSteps(db: Database, auth: AuthContext, row: CaseRow): Promise<CaseStepName[]> {
  const held = await lockedToOtherReason(db, auth, row);
  return CASE_STEPS.filter((step) => refusalOf(auth, row, step, held) === null);
}

/**
 * What a case answers about its caller, beside its fields: `Steps`, the workflow steps they may take now, and
 * `LockedReason`, why they may not change the case (null when they may) — the server's rules, so the client shows
 * them rather than guessing them.
 */
export async function caseControls(db: Database, auth: AuthContext, row: CaseRow): Promise<{ Steps: CaseStepName[]; LockedReason: string | null }> {
  const [Steps, LockedReason] = await Promise.all([caseSteps(db, auth, row), caseLockReason(db, auth, row)]);
  return { Steps, LockedReason };
}

/** Writes one line of the case history (inside the step's transaction), and raises its webhook events. */
export async function recordHistory(db: Database, caseId: number, from: CaseState | null, to: CaseState, action: CaseAction, userId: number | null, note?: string): Promise<void> {
  await db.insertInto('case_history').values({ Case_Id: caseId, FromState: from, ToState: to, Action: action, TriggeredBy_Id: userId, Note: note ?? null }).execute();
  // The webhooks' case.created, case.state_changed and report.ready, in the same transaction (the outbox).
  await raiseCaseHistoryEvents(db, caseId, from, to, action);
}

/** The state a case's papers, data entry and items imply (hold and discontinue aside). */
export async function impliedStateOf(db: Database, row: Pick<CaseRow, 'Id' | 'DataEntryComplete' | 'LockedTo_Id'>): Promise<CaseState> {
  const [papers, items] = await Promise.all([
    db.selectFrom('case_attachments').select((eb) => eb.fn.countAll<string | number>().as('n')).where('Case_Id', '=', row.Id).where('FedExTracking', 'is', null).executeTakeFirstOrThrow(),
    db.selectFrom('items').select('ItemStatus').where('Case_Id', '=', row.Id).execute(),
  ]);
  return impliedCaseState({
    paperCount: Number(papers.n),
    DataEntryComplete: Boolean(row.DataEntryComplete),
    LockedTo_Id: row.LockedTo_Id,
    itemStatuses: items.map((i) => i.ItemStatus as ItemStatus),
  });
}

/** The completion date a state carries: set (kept when already set) for COMPLETE, cleared otherwise. */
const completionFor = (state: CaseState, row: Pick<CaseRow, 'CompletionDate'>, now: Date) => (state === 'COMPLETE' ? (row.CompletionDate ?? now) : null);

/**
 * After papers or items changed: moves an active case to the state they imply (AWAITING_CASE_PAPERS →
 * AWAITING_DATA_ENTRY on the first paper, AWAITING_ASSIGNMENT → IN_PROCESS → IN_REVIEW → COMPLETE, a rejected item
 * back to IN_PROCESS) and records it. A case on hold or discontinued stays where it is; Reactivate and Resume
 * settle it. Call inside the transaction that changed the papers or items.
 */
export async function settleCase(db: Database, caseId: number, userId: number | null, now: Date, note?: string): Promise<CaseState> {
  const row = (await db
    .selectFrom('cases')
    .select(['Id', 'WorkflowState', 'DataEntryComplete', 'LockedTo_Id', 'CompletionDate'])
    .where('Id', '=', caseId)
    .forUpdate()
    .executeTakeFirstOrThrow()) as Pick<CaseRow, 'Id' | 'WorkflowState' | 'DataEntryComplete' | 'LockedTo_Id' | 'CompletionDate'>;
  if (row.WorkflowState === 'HOLD' || row.WorkflowState === 'DISCONTINUED') return row.WorkflowState;
  const next = await impliedStateOf(db, row);
  if (next === row.WorkflowState) return next;
  await db.updateTable('cases').set({ WorkflowState: next, CompletionDate: completionFor(next, row, now), UpdatedDate: now }).where('Id', '=', caseId).execute();
  await recordHistory(db, caseId, row.WorkflowState, next, 'settle', userId, note);
  return next;
}

/**
 * The critical date and the items' ACDs when data entry completes: the org's CD rule for the case type (own or
 * inherited, active on the received date) and each item's ACD rule for its item template; a rule with StartOnFull
 * counts from today (data entry complete), otherwise from the received date. Items that have an ACD keep it.
 */
async function setDeadlines(db: Database, row: CaseRow, now: Date): Promise<void> {
  const today = isoDay(now);
  const rules = await appliedDeadlines(db, await orgChain(db, row.Client_Id), row.CaseType_Id);
  const start = { receivedDate: row.ReceivedDate ?? today, dataEntryCompleteDate: today };
  const on = row.ReceivedDate ?? today;
  const cd = activeRule(rules.filter((r) => !r.IsACD), on);
  if (cd) await db.updateTable('cases').set({ DueDate: dueDate(cd, start) }).where('Id', '=', row.Id).execute();
  const items = await db.selectFrom('items').select(['Id', 'ItemType_Id']).where('Case_Id', '=', row.Id).where('ACD', 'is', null).execute();
  for (const item of items) {
    const acd = activeRule(rules.filter((r) => r.IsACD && r.ItemType_Id === item.ItemType_Id), on);
    if (acd) await db.updateTable('items').set({ ACD: dueDate(acd, start) }).where('Id', '=', item.Id).execute();
  }
}

/** The steps a caller asks for: Hold and Reactivate are one toggle, decided by the case's state once it is locked. */
export type CaseStep = 'startDataEntry' | 'dataEntryComplete' | 'toggleHold' | 'discontinue' | 'resume';

/** What a step answers (schemas/caseStepAnswer.json): the case's new workflow state and the fields it may have changed. */
export type StepAnswer = Answered<CaseStepAnswer>;

/**
 * One workflow step of a case, the server's rules (docs/decisions.md "Case workflow"), in the caller's transaction:
 * the case row locked, the step refused with a 409 from a wrong state or by a case locked to another user in data
 * entry, the row changed, the history written.
 */
export async function takeStep(db: Database, auth: AuthContext, caseId: number, step: CaseStep, now: Date): Promise<{ action: CaseAction; answer: StepAnswer }> {
  const row = await caseInScope(db, auth, caseId, true);
  const from = row.WorkflowState;
  const action: CaseStepName = step === 'toggleHold' ? (from === 'HOLD' ? 'reactivate' : 'hold') : step;
  const refusal = stepRefusal(auth, row, action, await lockedToOtherReason(db, auth, row));
  if (refusal) throw refusal;
  let to: CaseState = from;
  const set: Record<string, unknown> = { UpdatedDate: now };
  switch (action) {
    case 'startDataEntry':
      to = 'DATA_ENTRY_IN_PROCESS';
      Object.assign(set, { LockedTo_Id: auth.userId, DataEntryClerk_Id: row.DataEntryClerk_Id ?? auth.userId });
      break;
    case 'dataEntryComplete':
      await setDeadlines(db, row, now);
      to = await impliedStateOf(db, { ...row, DataEntryComplete: true, LockedTo_Id: null });
      Object.assign(set, { DataEntryComplete: true, LockedTo_Id: null });
      break;
    case 'hold':
      to = 'HOLD';
      Object.assign(set, { CaseStatusType: 'HOLD', ResumeState: from });
      break;
    case 'reactivate':
      to = await impliedStateOf(db, row);
      Object.assign(set, { CaseStatusType: 'NORMAL', ResumeState: null });
      break;
    case 'discontinue':
      to = 'DISCONTINUED';
      Object.assign(set, { ResumeState: from, CompletionDate: now, LockedTo_Id: null });
      break;
    case 'resume':
      to = await impliedStateOf(db, row);
      Object.assign(set, { ResumeState: null, CaseStatusType: 'NORMAL' });
      break;
  }
  if (action !== 'discontinue') set.CompletionDate = completionFor(to, row, now);
  set.WorkflowState = to;
  await db.updateTable('cases').set(set).where('Id', '=', caseId).execute();
  await recordHistory(db, caseId, from, to, action, auth.userId);
  const after = await db.selectFrom('cases').select(['WorkflowState', 'CaseStatusType', 'DueDate', 'CompletionDate', 'LockedTo_Id']).where('Id', '=', caseId).executeTakeFirstOrThrow();
  return { action, answer: after as StepAnswer };
}
