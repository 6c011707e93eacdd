import { describe, expect, it } from 'vitest';
import { CaseTexts } from '../../shared/texts/cases.js';
import { CASE_PROGRESS } from '../../shared/workflow.js';
import { caseLock, progressStep, stateLabel, stepsOf, workflowChanged } from '../../src/cases/caseRules.js';
import { OTHER } from './support/caseWorkflow.js';

const T = CaseTexts;
const L = T.page.lock;
const S = T.server;

describe('the case rules', () => {
  it('puts each of the seven states at its step, and anything else at the first', () => {
    CASE_PROGRESS.forEach((state, index) => expect(progressStep(state)).toBe(index));
    for (const state of ['HOLD', 'DISCONTINUED', 'CHECKING_DUPLICATION', 'LINKING_CASE', 'SETTING_DEADLINES', '', null, undefined]) expect(progressStep(state)).toBe(0);
    expect(stateLabel('SETTING_DEADLINES')).toBe('Setting Deadlines');
    expect(stateLabel('DATA_ENTRY_IN_PROCESS')).toBe('Data Entry In Progress');
  });

  it('offers exactly the steps the server says, and none when it has not said', () => {
    expect(stepsOf({ WorkflowState: 'AWAITING_DATA_ENTRY', Steps: ['startDataEntry', 'hold'] })).toEqual(['startDataEntry', 'hold']);
    expect(stepsOf({ WorkflowState: 'AWAITING_DATA_ENTRY', Steps: [] })).toEqual([]);
    expect(stepsOf({ WorkflowState: 'AWAITING_DATA_ENTRY' })).toEqual([]);
  });

  it('locks the form by the server\'s reason, or without Edit Cases; only the server\'s reason closes the papers and items', () => {
    const open = { WorkflowState: 'IN_PROCESS', CaseStatusType: 'NORMAL', LockedTo_Id: null, LockedReason: null };
    expect(caseLock(open, true)).toEqual({ readOnly: false, reason: null, closed: false });
    expect(caseLock(open, false)).toEqual({ readOnly: true, reason: L.noEdit, closed: false });
    const held = { WorkflowState: 'DATA_ENTRY_IN_PROCESS', CaseStatusType: 'NORMAL', LockedTo_Id: OTHER, LockedReason: S.lockedToOther('Dana Ellis') };
    expect(caseLock(held, true)).toEqual({ readOnly: true, reason: S.lockedToOther('Dana Ellis'), closed: true });
    expect(caseLock(held, false)).toEqual({ readOnly: true, reason: S.lockedToOther('Dana Ellis'), closed: true });
    // The client does not guess a lock from the state: a complete case the server leaves open is open.
    expect(caseLock({ WorkflowState: 'COMPLETE', CaseStatusType: 'NORMAL', LockedReason: null }, true).readOnly).toBe(false);
  });

  it('notices a changed state, status, lock, date or what the user may do, but not the same date written another way', () => {
    const shown = { WorkflowState: 'IN_PROCESS', CaseStatusType: 'NORMAL', LockedTo_Id: null, DueDate: '2025-04-01', CompletionDate: '2025-03-20T10:00:00.000Z', Steps: ['hold'] as const, LockedReason: null };
    expect(workflowChanged(shown, { ...shown })).toBe(false);
    expect(workflowChanged(shown, { ...shown, CompletionDate: '2025-03-20T10:00:00Z' })).toBe(false);
    expect(workflowChanged(shown, { ...shown, WorkflowState: 'IN_REVIEW' })).toBe(true);
    expect(workflowChanged(shown, { ...shown, DueDate: '2025-04-02' })).toBe(true);
    expect(workflowChanged(shown, { ...shown, CompletionDate: null })).toBe(true);
    expect(workflowChanged(shown, { ...shown, CaseStatusType: 'HOLD' })).toBe(true);
    expect(workflowChanged(shown, { ...shown, Steps: ['hold', 'discontinue'] })).toBe(true);
    expect(workflowChanged(shown, { ...shown, LockedReason: S.inactive })).toBe(true);
  });
});
