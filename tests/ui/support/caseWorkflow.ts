import { screen, within } from '@testing-library/react';
import { Permissions } from '../../../shared/permissions.js';

const P = Permissions.Cases;
type Json = Record<string, unknown>;

/** A case administrator's view of the page: every case permission, and the panels' lists. */
export const ALL = [...Object.values(P), Permissions.Items.VIEW_ITEMS, ...Object.values(Permissions.CaseAttachments), ...Object.values(Permissions.CaseMessages)];
/** A clerk: views, edits and does data entry, nothing else of the workflow. */
export const CLERK = [P.VIEW_CASES, P.EDIT_CASES, P.MARK_DATA_ENTRY_COMPLETE];
export const ME = 1;
export const OTHER = 77;

export const theCase = (Id: number, overrides: Json = {}): Json => ({
  Id,
  CaseNumber: `DOS-2025-${String(Id).padStart(6, '0')}`,
  Client_Id: 3,
  RequestingOfficial_Id: 5,
  ContractType_Id: null,
  DataEntryClerk_Id: null,
  Reviewer_Id: null,
  Notes: null,
  DataEntryComplete: false,
  CaseStatusType: 'NORMAL',
  WorkflowState: 'AWAITING_DATA_ENTRY',
  ReceivedDate: '2025-03-03',
  ScheduledDate: '2025-03-10',
  DueDate: null,
  CompletionDate: null,
  CaseType_Id: 21,
  CaseTemplate_Id: null,
  LockedTo_Id: null,
  CaseType: { Id: 21, Short: 'T1', Description: 'Tier 1 Background' },
  ContractType: null,
  Org: { Id: 3, Name: 'Department of Commerce', Code: 'DOC' },
  Subject: { Id: 9, FirstName: 'Jordan', MiddleName: null, LastName: 'Whitfield', SSN: '*****4821' },
  ...overrides,
});

export const progress = () => screen.getByRole('list', { name: 'Case progress' });
export const currentStep = () => within(progress()).getAllByRole('listitem').find((li) => li.getAttribute('aria-current') === 'step');
export const workflow = () => screen.queryByRole('group', { name: 'Workflow' });
export const buttonsOf = (group: HTMLElement | null) => (group ? within(group).getAllByRole('button').map((b) => b.textContent) : []);
