import type { Case } from '../schemas/types.js';
import { Permissions, type Permission } from './permissions.js';

/** Case workflow states and item statuses: the codes stored by the server and the names screens show. */

export const CaseStates = {
  AWAITING_CASE_PAPERS: 'AWAITING_CASE_PAPERS',
  AWAITING_DATA_ENTRY: 'AWAITING_DATA_ENTRY',
  DATA_ENTRY_IN_PROCESS: 'DATA_ENTRY_IN_PROCESS',
  AWAITING_ASSIGNMENT: 'AWAITING_ASSIGNMENT',
  IN_PROCESS: 'IN_PROCESS',
  IN_REVIEW: 'IN_REVIEW',
  COMPLETE: 'COMPLETE',
  HOLD: 'HOLD',
  DISCONTINUED: 'DISCONTINUED',
} as const;
export type CaseState = (typeof CaseStates)[keyof typeof CaseStates];

export const CASE_STATE_LABELS: Record<CaseState, string> = {
  AWAITING_CASE_PAPERS: 'Awaiting Case Papers',
  AWAITING_DATA_ENTRY: 'Awaiting Data Entry',
  DATA_ENTRY_IN_PROCESS: 'Data Entry In Progress',
  AWAITING_ASSIGNMENT: 'Awaiting Assignment',
  IN_PROCESS: 'In Process',
  IN_REVIEW: 'In Review',
  COMPLETE: 'Complete',
  HOLD: 'Hold',
  DISCONTINUED: 'Discontinued',
};

/** The seven steps of the case progress bar, in order. */
export const CASE_PROGRESS: readonly CaseState[] = [
  'AWAITING_CASE_PAPERS',
  'AWAITING_DATA_ENTRY',
  'DATA_ENTRY_IN_PROCESS',
  'AWAITING_ASSIGNMENT',
  'IN_PROCESS',
  'IN_REVIEW',
  'COMPLETE',
];

/** Cases in these states are inactive: locked unless the user may edit inactive cases. */
export const INACTIVE_CASE_STATES: readonly CaseState[] = ['HOLD', 'DISCONTINUED', 'COMPLETE'];

export const CaseStatusTypes = { NORMAL: 'NORMAL', HOLD: 'HOLD' } as const;

export const ItemStatuses = {
  AWAITING_ASSIGNMENT: 'AWAITING_ASSIGNMENT',
  ASSIGNED: 'ASSIGNED',
  IN_REVIEW: 'IN_REVIEW',
  ACCEPTED: 'ACCEPTED',
  REJECTED: 'REJECTED',
} as const;
export type ItemStatus = (typeof ItemStatuses)[keyof typeof ItemStatuses];

export const ITEM_STATUS_LABELS: Record<ItemStatus, string> = {
  AWAITING_ASSIGNMENT: 'Awaiting Assignment',
  ASSIGNED: 'Assigned',
  IN_REVIEW: 'In Review',
  ACCEPTED: 'Accepted',
  REJECTED: 'Rejected',
};

/** On the item page an assigned item reads In Progress (spec 001 §4 "Item statuses"); the lists say Assigned. */
export const ITEM_PAGE_STATUS_LABELS: Record<ItemStatus, string> = { ...ITEM_STATUS_LABELS, ASSIGNED: 'In Progress' };

/** The bulk item calls (spec 001 §7 "Items"), as the history, the audit and the eligibility answer name them. */
export type ItemAction = 'assign' | 'unassign' | 'setAcd' | 'accept' | 'reject' | 'submit';

/**
 * The statuses each item action starts from (docs/decisions.md "Items: assignment and distances"): assign from
 * awaiting assignment, assigned (a reassignment) or rejected (the new investigator reworks it, still rejected);
 * unassign from assigned or rejected; a new ACD for any item but an accepted one (which needs Edit Inactive Cases);
 * accept and reject from in review; submit from assigned or rejected. Any other status leaves the item out of a bulk
 * action, or refuses a call naming it.
 */
export const ITEM_ACTION_STARTS_FROM: Record<ItemAction, readonly ItemStatus[]> = {
  assign: ['AWAITING_ASSIGNMENT', 'ASSIGNED', 'REJECTED'],
  unassign: ['ASSIGNED', 'REJECTED'],
  setAcd: ['AWAITING_ASSIGNMENT', 'ASSIGNED', 'IN_REVIEW', 'REJECTED', 'ACCEPTED'],
  accept: ['IN_REVIEW'],
  reject: ['IN_REVIEW'],
  submit: ['ASSIGNED', 'REJECTED'],
};

/** The permission each action needs (spec 001 §6); the item operations of the case-items contract ask for the same (resources/caseItemOperations.ts). */
export const ITEM_ACTION_PERMISSIONS: Record<ItemAction, Permission> = {
  assign: Permissions.ItemAssignments.ADD_ITEM_ASSIGNMENTS,
  unassign: Permissions.ItemAssignments.ADD_ITEM_ASSIGNMENTS,
  setAcd: Permissions.CaseItems.MANAGE_CASE_ITEM_DEADLINES,
  accept: Permissions.CaseItems.REVIEW_CASE_ITEMS,
  reject: Permissions.CaseItems.REVIEW_CASE_ITEMS,
  submit: Permissions.CaseItems.UPDATE_CASE_ITEM_STATUS,
};

/** The end of a refusal's sentence: "Item 002 is Accepted and cannot …". */
export const ITEM_ACTION_WORDS: Record<ItemAction, string> = {
  assign: 'be assigned',
  unassign: 'be unassigned',
  setAcd: 'have its ACD changed',
  accept: 'be accepted',
  reject: 'be rejected',
  submit: 'be submitted for review',
};

/** A workflow step a caller takes, as the case answers the ones they may take now (`Steps`). */
export type CaseStepName = NonNullable<Case['Steps']>[number];

/** Every step, in the order the case page shows them: the one that moves the case on first. */
export const CASE_STEPS: readonly CaseStepName[] = ['startDataEntry', 'dataEntryComplete', 'reactivate', 'resume', 'hold', 'discontinue'];

/** The permission each step needs (spec 001 §6); the step operations of the cases contract ask for the same (resources/caseOperations.ts). */
export const STEP_PERMISSIONS: Record<CaseStepName, Permission> = {
  startDataEntry: Permissions.Cases.MARK_DATA_ENTRY_COMPLETE,
  dataEntryComplete: Permissions.Cases.MARK_DATA_ENTRY_COMPLETE,
  hold: Permissions.Cases.PUT_CASE_ON_HOLD,
  reactivate: Permissions.Cases.PUT_CASE_ON_HOLD,
  discontinue: Permissions.Cases.DISCONTINUE_CASE,
  resume: Permissions.Cases.RESUME_A_CASE,
};
