import { useCanAccess } from 'react-admin';
import type { Case } from '../../schemas/types.js';
import { CaseTexts } from '../../shared/texts/cases.js';
import { CASE_PROGRESS, CASE_STATE_LABELS, CaseStatusTypes, type CaseState } from '../../shared/workflow.js';

/** A workflow step of a case, as the server names the ones the caller may take (`Steps`). */
export type CaseStep = NonNullable<Case['Steps']>[number];

/**
 * What the page reads of a case: its workflow state (possibly one the client does not know), status and lock, and
 * what the server says of the caller — the steps they may take now (`Steps`) and why they may not change the case
 * (`LockedReason`, null when they may). The client computes no rule of its own from them.
 */
export interface CaseStateFields {
  WorkflowState?: string | null;
  CaseStatusType?: string | null;
  LockedTo_Id?: number | null;
  Steps?: readonly CaseStep[] | null;
  LockedReason?: string | null;
}

const known = (state: string | null | undefined): state is CaseState => typeof state === 'string' && state in CASE_STATE_LABELS;

/** The case is on hold: its status type says HOLD (or its workflow state does). */
export const isOnHold = (c: CaseStateFields) => c.CaseStatusType === CaseStatusTypes.HOLD || c.WorkflowState === 'HOLD';

export const isDiscontinued = (c: CaseStateFields) => c.WorkflowState === 'DISCONTINUED';

/**
 * The step of the seven-step progress bar (0–6) the case is at; an unknown state (HOLD, DISCONTINUED, the transient
 * CHECKING_DUPLICATION, LINKING_CASE, SETTING_DEADLINES, or none) shows the first step (spec 001 §2).
 */
export function progressStep(state: string | null | undefined): number {
  const index = known(state) ? CASE_PROGRESS.indexOf(state) : -1;
  return index < 0 ? 0 : index;
}

/** Whether the progress bar's position stands for the case's state (false: the state is not one of the seven steps). */
export const isProgressState = (state: string | null | undefined) => known(state) && CASE_PROGRESS.includes(state);

/** A workflow state's name as screens show it: the known label, or the code in words ("LINKING_CASE" → "Linking Case"). */
export function stateLabel(state: string | null | undefined): string {
  if (!state) return '';
  if (known(state)) return CASE_STATE_LABELS[state];
  return state
    .toLowerCase()
    .split('_')
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join(' ');
}

/** The workflow steps the case offers its viewer: exactly those the server says they may take now (none when it has not said). */
export const stepsOf = (c: CaseStateFields): readonly CaseStep[] => c.Steps ?? [];

export interface CaseLock {
  readOnly: boolean;
  /** Why the form is read-only, as the page says it; null when it is not. */
  reason: string | null;
  /** The case itself is closed to the viewer's changes (the server's `LockedReason`): its papers and items are only read. */
  closed: boolean;
}

/**
 * Whether the case form is read-only for the viewer, and why (spec 001 §4, §5): the server's `LockedReason` (held by
 * another user, or inactive without Edit Inactive Cases), else without Edit Cases (`canEdit`, react-admin's canAccess).
 */
export function caseLock(c: CaseStateFields, canEdit: boolean): CaseLock {
  const locked = c.LockedReason || null;
  if (locked) return { readOnly: true, reason: locked, closed: true };
  if (!canEdit) return { readOnly: true, reason: CaseTexts.page.lock.noEdit, closed: false };
  return { readOnly: false, reason: null, closed: false };
}

/** What the workflow poll compares: a date as its instant (the same day or time written two ways is no change). */
function comparable(value: string | null | undefined): string | number | null {
  if (value == null || value === '') return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? value : time;
}

/** The fields of a case the workflow poll watches (spec 001 §2: WorkflowState, DueDate, CompletionDate). */
export interface WorkflowFields extends CaseStateFields {
  DueDate?: string | null;
  CompletionDate?: string | null;
}

const sameSteps = (a: readonly string[] | null | undefined, b: readonly string[] | null | undefined) => (a ?? []).join() === (b ?? []).join();

/** Whether the polled workflow differs from the case as shown, so the case should be read again. */
export function workflowChanged(shown: WorkflowFields, polled: WorkflowFields): boolean {
  return (
    (shown.WorkflowState ?? null) !== (polled.WorkflowState ?? null) ||
    (shown.CaseStatusType ?? null) !== (polled.CaseStatusType ?? null) ||
    (shown.LockedTo_Id ?? null) !== (polled.LockedTo_Id ?? null) ||
    // What the caller may do changed (a lock, a permission): the poll answers it as the case does.
    (polled.Steps !== undefined && !sameSteps(shown.Steps, polled.Steps)) ||
    (polled.LockedReason !== undefined && (shown.LockedReason ?? null) !== (polled.LockedReason ?? null)) ||
    comparable(shown.DueDate) !== comparable(polled.DueDate) ||
    comparable(shown.CompletionDate) !== comparable(polled.CompletionDate)
  );
}

/**
 * The case lock for the signed-in user (`caseLock`): the server's `LockedReason`, and Edit Cases through react-admin's
 * canAccess on `cases`. Read-only while the permission loads.
 */
export function useCaseLock(record: CaseStateFields | undefined): CaseLock & { isPending: boolean } {
  const edit = useCanAccess({ resource: 'cases', action: 'edit' });
  if (!record || edit.isPending) return { readOnly: true, reason: null, closed: true, isPending: true };
  return { ...caseLock(record, Boolean(edit.canAccess)), isPending: false };
}
