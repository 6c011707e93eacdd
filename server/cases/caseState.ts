import type { CaseState, ItemStatus } from '../../shared/workflow.js';

/** What decides where a case stands in its workflow, apart from hold and discontinue. */
export interface CaseFacts {
  /** Papers (uploaded files; tracking-only entries are not papers). */
  paperCount: number;
  DataEntryComplete: boolean;
  /** The user holding the case during data entry, when data entry has started. */
  LockedTo_Id: number | null;
  itemStatuses: readonly ItemStatus[];
}

/**
 * The workflow state the case's facts imply (the server's one rule; spec 001 §4 and issue 11): no papers →
 * AWAITING_CASE_PAPERS; papers → AWAITING_DATA_ENTRY; data entry started → DATA_ENTRY_IN_PROCESS; data entry
 * complete → AWAITING_ASSIGNMENT until an item is assigned, IN_PROCESS while any item is worked on, IN_REVIEW when
 * every item is in review or accepted, COMPLETE when every item is accepted. A rejected item is back in process.
 */
export function impliedCaseState(facts: CaseFacts): CaseState {
  if (!facts.DataEntryComplete) {
    if (facts.LockedTo_Id !== null) return 'DATA_ENTRY_IN_PROCESS';
    return facts.paperCount > 0 ? 'AWAITING_DATA_ENTRY' : 'AWAITING_CASE_PAPERS';
  }
  const statuses = facts.itemStatuses;
  if (statuses.length === 0 || statuses.every((s) => s === 'AWAITING_ASSIGNMENT')) return 'AWAITING_ASSIGNMENT';
  if (statuses.every((s) => s === 'ACCEPTED')) return 'COMPLETE';
  if (statuses.every((s) => s === 'ACCEPTED' || s === 'IN_REVIEW')) return 'IN_REVIEW';
  return 'IN_PROCESS';
}
