import { useCanAccess, useGetIdentity, usePermissions } from 'react-admin';
import { Permissions, Tags } from '../../shared/permissions.js';
import { CaseTexts } from '../../shared/texts/cases.js';
import { useSessionPermissions } from '../session/useSession.js';
import { CASE_PROGRESS, CASE_STATE_LABELS, CaseStatusTypes, type CaseState } from '../../shared/workflow.js';

/** What the rules read of a case: its workflow state (possibly one the client does not know), status and lock. */
export interface CaseStateFields {
  WorkflowState?: string | null;
  CaseStatusType?: string | null;
  LockedTo_Id?: number | null;
}

const known = (state: string | null | undefined): state is CaseState => typeof state === 'string' && state in CASE_STATE_LABELS;

/** The case is on hold: its status type says HOLD (or its workflow state does). */
export const isOnHold = (c: CaseStateFields) => c.CaseStatusType === CaseStatusTypes.HOLD || c.WorkflowState === 'HOLD';

export const isDiscontinued = (c: CaseStateFields) => c.WorkflowState === 'DISCONTINUED';

/** HOLD status, DISCONTINUED or COMPLETE: case fields, item edits and row actions are locked (spec 001 §4). */
export const isInactive = (c: CaseStateFields) => isOnHold(c) || c.WorkflowState === 'DISCONTINUED' || c.WorkflowState === 'COMPLETE';

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

/** The workflow steps a user can take on a case page. */
export type WorkflowAction = 'startDataEntry' | 'completeDataEntry' | 'hold' | 'reactivate' | 'discontinue' | 'resume';

/** Which steps the user holds the permission for (react-admin canAccess on `cases`: startDataEntry, …, resume). */
export type WorkflowPermissions = Partial<Record<'startDataEntry' | 'completeDataEntry' | 'hold' | 'discontinue' | 'resume', boolean>>;

/**
 * The workflow buttons the case shows, in order (spec 001 §4, §6): Start Data Entry in AWAITING_DATA_ENTRY and Data
 * Entry Complete in DATA_ENTRY_IN_PROCESS (Mark Data Entry Complete); Hold while the status is NORMAL and Reactivate
 * while it is HOLD (Put Case On Hold); Discontinue (Discontinue Case); Resume when discontinued (Resume A Case). Hold
 * and Discontinue are hidden when the case is discontinued or on hold, and for a complete case, which the server
 * refuses to hold or discontinue.
 */
export function workflowActions(c: CaseStateFields, can: WorkflowPermissions): WorkflowAction[] {
  const actions: WorkflowAction[] = [];
  const state = c.WorkflowState;
  const held = isOnHold(c);
  const discontinued = isDiscontinued(c);
  const open = !held && !discontinued && state !== 'COMPLETE';
  if (can.startDataEntry && state === 'AWAITING_DATA_ENTRY' && !held) actions.push('startDataEntry');
  if (can.completeDataEntry && state === 'DATA_ENTRY_IN_PROCESS' && !held) actions.push('completeDataEntry');
  if (can.hold && held && !discontinued) actions.push('reactivate');
  if (can.hold && open) actions.push('hold');
  if (can.discontinue && open) actions.push('discontinue');
  if (can.resume && discontinued) actions.push('resume');
  return actions;
}

/** Who is looking at the case, and what they may change. */
export interface CaseViewer {
  userId: number | null;
  /** A system administrator, or in a group tagged Case Admin or System Admin: exempt from the data-entry lock. */
  isCaseAdmin: boolean;
  /** Edit Cases. */
  canEdit: boolean;
  /** Edit Inactive Cases. */
  canEditInactive: boolean;
}

export interface CaseLock {
  readOnly: boolean;
  /** Why the form is read-only, as the page says it; null when it is not. */
  reason: string | null;
}

/** The case is held by another user: in data entry or on hold while locked to them (spec 001 §4). */
export const lockedToOther = (c: CaseStateFields, viewer: Pick<CaseViewer, 'userId' | 'isCaseAdmin'>) =>
  c.LockedTo_Id != null && c.LockedTo_Id !== viewer.userId && !viewer.isCaseAdmin && (c.WorkflowState === 'DATA_ENTRY_IN_PROCESS' || isOnHold(c));

const INACTIVE_WORDS = { hold: 'on hold', DISCONTINUED: 'discontinued', COMPLETE: 'complete' } as const;

/**
 * Whether the case form is read-only for the viewer, and why (spec 001 §4, §5): without Edit Cases; inactive (HOLD,
 * DISCONTINUED, COMPLETE) without Edit Inactive Cases; locked to another user in data entry or on hold, unless the
 * viewer is a case or system administrator. `lockedToName` names the holder when it is known.
 */
export function caseLock(c: CaseStateFields, viewer: CaseViewer, lockedToName?: string | null): CaseLock {
  const T = CaseTexts.page.lock;
  if (!viewer.canEdit) return { readOnly: true, reason: T.noEdit };
  if (isInactive(c) && !viewer.canEditInactive) {
    const words = isOnHold(c) ? INACTIVE_WORDS.hold : INACTIVE_WORDS[c.WorkflowState as 'DISCONTINUED' | 'COMPLETE'];
    return { readOnly: true, reason: T.inactive(words) };
  }
  if (lockedToOther(c, viewer)) {
    const name = lockedToName || T.anotherUser;
    return { readOnly: true, reason: isOnHold(c) ? T.heldBy(name) : T.lockedTo(name) };
  }
  return { readOnly: false, reason: null };
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

/** Whether the polled workflow differs from the case as shown, so the case should be read again. */
export function workflowChanged(shown: WorkflowFields, polled: WorkflowFields): boolean {
  return (
    (shown.WorkflowState ?? null) !== (polled.WorkflowState ?? null) ||
    (shown.CaseStatusType ?? null) !== (polled.CaseStatusType ?? null) ||
    (shown.LockedTo_Id ?? null) !== (polled.LockedTo_Id ?? null) ||
    comparable(shown.DueDate) !== comparable(polled.DueDate) ||
    comparable(shown.CompletionDate) !== comparable(polled.CompletionDate)
  );
}

/**
 * Whether the case itself is closed to changes for this viewer (inactive without Edit Inactive Cases, or held by
 * another user) — what locks its papers too, whatever the viewer's own Edit Cases permission.
 */
export function caseClosed(c: CaseStateFields, viewer: CaseViewer): boolean {
  return caseLock(c, { ...viewer, canEdit: true }, null).readOnly;
}

/**
 * The case lock for the signed-in user (`caseLock` with who they are): Edit Cases and Edit Inactive Cases through
 * react-admin's canAccess on `cases`, the user's id from the auth provider's identity, and the case-admin exemption
 * from the System Administrator role or a Case Admin / System Admin group tag. Read-only while any of it loads.
 */
export function useCaseLock(record: CaseStateFields | undefined, lockedToName?: string | null): CaseLock & { isPending: boolean; closed: boolean } {
  const edit = useCanAccess({ resource: 'cases', action: 'edit' });
  const editInactive = useCanAccess({ resource: 'cases', action: 'editInactive' });
  const identity = useGetIdentity();
  const roles = usePermissions<string[] | undefined>();
  const { tags } = useSessionPermissions();
  const isPending = edit.isPending || editInactive.isPending || identity.isPending || roles.isPending;
  if (!record || isPending) return { readOnly: true, reason: null, isPending: true, closed: true };
  const isCaseAdmin = (roles.permissions ?? []).includes(Permissions.General.SYSTEM_ADMINISTRATOR) || tags.includes(Tags.CASE_ADMIN) || tags.includes(Tags.SYSTEM_ADMIN);
  const userId = identity.identity?.id;
  const viewer: CaseViewer = { userId: typeof userId === 'number' ? userId : userId != null ? Number(userId) : null, isCaseAdmin, canEdit: Boolean(edit.canAccess), canEditInactive: Boolean(editInactive.canAccess) };
  return { ...caseLock(record, viewer, lockedToName), isPending: false, closed: caseClosed(record, viewer) };
}
