import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider, createTheme } from '@mui/material';
import { Timing } from '../../shared/constants.js';
import { Permissions, Tags } from '../../shared/permissions.js';
import { CaseTexts } from '../../shared/texts/cases.js';
import { Texts } from '../../shared/texts/index.js';
import { CASE_PROGRESS, CASE_STATE_LABELS } from '../../shared/workflow.js';
import { writeState } from '../../dataProvider/session.js';
import { caseLock, isInactive, progressStep, stateLabel, workflowActions, workflowChanged, type CaseViewer } from '../../src/cases/caseRules.js';
import { CaseProgress } from '../../src/cases/CaseProgress.js';
import { CaseWorkflowButtons } from '../../src/cases/CaseWorkflowButtons.js';
import { fakeServer, signedInAs } from './support/fakeServer.js';
import { renderAt, where } from './support/renderApp.js';
import { renderWithAdmin } from './support/renderWithAdmin.js';

const P = Permissions.Cases;
const T = CaseTexts;
const L = T.page.lock;
/** A case administrator's view of the page: every case permission, and the panels' lists. */
const ALL = [...Object.values(P), Permissions.Items.VIEW_ITEMS, ...Object.values(Permissions.CaseAttachments), ...Object.values(Permissions.CaseMessages)];
/** A clerk: views, edits and does data entry, nothing else of the workflow. */
const CLERK = [P.VIEW_CASES, P.EDIT_CASES, P.MARK_DATA_ENTRY_COMPLETE];
const ME = 1;
const OTHER = 77;

type Json = Record<string, unknown>;
type Answer = { status?: number; body?: unknown } | undefined;
type Request = { method: string; url: string; body: unknown };

const theCase = (Id: number, overrides: Json = {}): Json => ({
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
  Subject: { Id: 9, FirstName: 'Jordan', MiddleName: null, LastName: 'Whitfield', SSN: '4821' },
  ...overrides,
});

const workflowOf = (c: Json) => ({
  Id: c.Id,
  WorkflowState: c.WorkflowState,
  CaseStatusType: c.CaseStatusType,
  DueDate: c.DueDate,
  CompletionDate: c.CompletionDate,
  LockedTo_Id: c.LockedTo_Id,
  LockedToName: c.LockedTo_Id === OTHER ? 'Dana Ellis' : c.LockedTo_Id === ME ? 'Terry Tester' : null,
});

/**
 * The app at /cases/{id}, signed in with `roles`, against a server holding `record`: the case, its workflow poll,
 * the panels' lists and the workflow steps (each moving the case as the server would). `override` answers first.
 */
function setup(record: Json, roles: string[] = ALL, options: { override?: (request: Request, record: Json) => Answer; tags?: string[]; path?: string } = {}) {
  const server = fakeServer((request) => {
    const answer = options.override?.(request, record);
    if (answer) return answer;
    const { method, url } = request;
    const id = String(record.Id);
    if (method === 'GET' && url === `/api/cases/${id}`) return { body: record };
    if (method === 'GET' && url === `/api/workflows/cases/${id}`) return { body: workflowOf(record) };
    const step = new RegExp(`^/api/cases/${id}/(start-data-entry|data-entry-complete|toggle-on-hold|discontinue|resume)$`).exec(url);
    if (method === 'PUT' && step) {
      const moves: Record<string, Json> = {
        'start-data-entry': { WorkflowState: 'DATA_ENTRY_IN_PROCESS', LockedTo_Id: ME },
        'data-entry-complete': { WorkflowState: 'AWAITING_ASSIGNMENT', LockedTo_Id: null, DataEntryComplete: true, DueDate: '2025-04-01' },
        'toggle-on-hold': record.CaseStatusType === 'HOLD' ? { WorkflowState: 'AWAITING_DATA_ENTRY', CaseStatusType: 'NORMAL' } : { WorkflowState: 'HOLD', CaseStatusType: 'HOLD' },
        discontinue: { WorkflowState: 'DISCONTINUED', CompletionDate: '2025-03-20T10:00:00.000Z' },
        resume: { WorkflowState: 'AWAITING_DATA_ENTRY', CompletionDate: null },
      };
      Object.assign(record, moves[step[1]]);
      return { body: workflowOf(record) };
    }
    if (method === 'GET' && (url.startsWith(`/api/cases/${id}/items`) || url === `/api/cases/${id}/attachments` || url === `/api/cases/${id}/messages`)) return { body: [] };
    if (method === 'GET' && url === `/api/cases/${id}/CaseCustomParameters`) return { body: [] };
    if (method === 'GET' && url.startsWith('/api/') && !url.startsWith('/api/live')) return { body: [] };
    return undefined;
  });
  signedInAs(roles, { Id: ME });
  writeState((s) => ({ ...s, account: { ...s.account, permissions: { roles, groups: [], tags: options.tags ?? [] } } }));
  renderAt(options.path ?? `/cases/${String(record.Id)}`);
  return server;
}

const heading = (record: Json) => screen.findByRole('heading', { level: 1, name: `Case ${String(record.CaseNumber)}` }, { timeout: 15_000 });
const progress = () => screen.getByRole('list', { name: 'Case progress' });
const currentStep = () => within(progress()).getAllByRole('listitem').find((li) => li.getAttribute('aria-current') === 'step');
const workflow = () => screen.queryByRole('group', { name: 'Workflow' });
const buttonsOf = (group: HTMLElement | null) => (group ? within(group).getAllByRole('button').map((b) => b.textContent) : []);
const caseReads = (calls: Request[], id: number) => calls.filter((c) => c.method === 'GET' && c.url === `/api/cases/${id}`).length;

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the case rules', () => {
  const viewer = (overrides: Partial<CaseViewer> = {}): CaseViewer => ({ userId: ME, isCaseAdmin: false, canEdit: true, canEditInactive: false, ...overrides });

  it('puts each of the seven states at its step, and anything else at the first', () => {
    CASE_PROGRESS.forEach((state, index) => expect(progressStep(state)).toBe(index));
    for (const state of ['HOLD', 'DISCONTINUED', 'CHECKING_DUPLICATION', 'LINKING_CASE', 'SETTING_DEADLINES', '', null, undefined]) expect(progressStep(state)).toBe(0);
    expect(stateLabel('SETTING_DEADLINES')).toBe('Setting Deadlines');
    expect(stateLabel('DATA_ENTRY_IN_PROCESS')).toBe('Data Entry In Progress');
  });

  it('counts HOLD status, DISCONTINUED and COMPLETE as inactive', () => {
    expect(isInactive({ WorkflowState: 'HOLD', CaseStatusType: 'HOLD' })).toBe(true);
    expect(isInactive({ WorkflowState: 'IN_PROCESS', CaseStatusType: 'HOLD' })).toBe(true);
    expect(isInactive({ WorkflowState: 'DISCONTINUED', CaseStatusType: 'NORMAL' })).toBe(true);
    expect(isInactive({ WorkflowState: 'COMPLETE', CaseStatusType: 'NORMAL' })).toBe(true);
    expect(isInactive({ WorkflowState: 'IN_REVIEW', CaseStatusType: 'NORMAL' })).toBe(false);
  });

  it('offers each workflow step in its states, to holders of its permission', () => {
    const all = { startDataEntry: true, completeDataEntry: true, hold: true, discontinue: true, resume: true };
    const at = (WorkflowState: string, CaseStatusType = 'NORMAL', can: Parameters<typeof workflowActions>[1] = all) => workflowActions({ WorkflowState, CaseStatusType }, can);
    expect(at('AWAITING_CASE_PAPERS')).toEqual(['hold', 'discontinue']);
    expect(at('AWAITING_DATA_ENTRY')).toEqual(['startDataEntry', 'hold', 'discontinue']);
    expect(at('DATA_ENTRY_IN_PROCESS')).toEqual(['completeDataEntry', 'hold', 'discontinue']);
    expect(at('IN_REVIEW')).toEqual(['hold', 'discontinue']);
    expect(at('HOLD', 'HOLD')).toEqual(['reactivate']);
    expect(at('DISCONTINUED')).toEqual(['resume']);
    expect(at('COMPLETE')).toEqual([]);
    expect(at('AWAITING_DATA_ENTRY', 'NORMAL', { completeDataEntry: true, resume: true })).toEqual([]);
    expect(at('DATA_ENTRY_IN_PROCESS', 'NORMAL', { startDataEntry: true, completeDataEntry: true })).toEqual(['completeDataEntry']);
    expect(at('HOLD', 'HOLD', { discontinue: true, resume: true })).toEqual([]);
  });

  it('locks the form without Edit Cases, for an inactive case without Edit Inactive Cases, and for a case held by another user', () => {
    const open = { WorkflowState: 'IN_PROCESS', CaseStatusType: 'NORMAL', LockedTo_Id: null };
    expect(caseLock(open, viewer())).toEqual({ readOnly: false, reason: null });
    expect(caseLock(open, viewer({ canEdit: false }))).toEqual({ readOnly: true, reason: L.noEdit });

    expect(caseLock({ WorkflowState: 'COMPLETE', CaseStatusType: 'NORMAL' }, viewer())).toEqual({ readOnly: true, reason: L.inactive('complete') });
    expect(caseLock({ WorkflowState: 'DISCONTINUED', CaseStatusType: 'NORMAL' }, viewer())).toEqual({ readOnly: true, reason: L.inactive('discontinued') });
    expect(caseLock({ WorkflowState: 'HOLD', CaseStatusType: 'HOLD' }, viewer())).toEqual({ readOnly: true, reason: L.inactive('on hold') });
    expect(caseLock({ WorkflowState: 'COMPLETE', CaseStatusType: 'NORMAL' }, viewer({ canEditInactive: true })).readOnly).toBe(false);

    const inEntry = { WorkflowState: 'DATA_ENTRY_IN_PROCESS', CaseStatusType: 'NORMAL', LockedTo_Id: OTHER };
    expect(caseLock(inEntry, viewer(), 'Dana Ellis')).toEqual({ readOnly: true, reason: L.lockedTo('Dana Ellis') });
    expect(caseLock(inEntry, viewer()).reason).toBe(L.lockedTo(L.anotherUser));
    expect(caseLock(inEntry, viewer({ userId: OTHER })).readOnly).toBe(false);
    expect(caseLock(inEntry, viewer({ isCaseAdmin: true })).readOnly).toBe(false);
    const heldByOther = { WorkflowState: 'HOLD', CaseStatusType: 'HOLD', LockedTo_Id: OTHER };
    expect(caseLock(heldByOther, viewer({ canEditInactive: true }), 'Dana Ellis')).toEqual({ readOnly: true, reason: L.heldBy('Dana Ellis') });
    expect(caseLock(heldByOther, viewer({ canEditInactive: true, isCaseAdmin: true })).readOnly).toBe(false);
    // The lock counts only in data entry or on hold.
    expect(caseLock({ ...inEntry, WorkflowState: 'IN_PROCESS' }, viewer()).readOnly).toBe(false);
  });

  it('notices a changed state, status, lock or date, but not the same date written another way', () => {
    const shown = { WorkflowState: 'IN_PROCESS', CaseStatusType: 'NORMAL', LockedTo_Id: null, DueDate: '2025-04-01', CompletionDate: '2025-03-20T10:00:00.000Z' };
    expect(workflowChanged(shown, { ...shown })).toBe(false);
    expect(workflowChanged(shown, { ...shown, CompletionDate: '2025-03-20T10:00:00Z' })).toBe(false);
    expect(workflowChanged(shown, { ...shown, WorkflowState: 'IN_REVIEW' })).toBe(true);
    expect(workflowChanged(shown, { ...shown, DueDate: '2025-04-02' })).toBe(true);
    expect(workflowChanged(shown, { ...shown, CompletionDate: null })).toBe(true);
    expect(workflowChanged(shown, { ...shown, CaseStatusType: 'HOLD' })).toBe(true);
  });
});

describe('the progress bar', () => {
  const renderProgress = (WorkflowState: string, CaseStatusType = 'NORMAL') => render(<ThemeProvider theme={createTheme()}><CaseProgress record={{ WorkflowState, CaseStatusType }} /></ThemeProvider>);

  it.each(CASE_PROGRESS.map((state, index) => [state, index] as const))('shows %s at step %i of seven', (state, index) => {
    renderProgress(state);
    const steps = within(progress()).getAllByRole('listitem');
    expect(steps.map((s) => s.querySelector('.MuiStepLabel-label')?.textContent)).toEqual(CASE_PROGRESS.map((s) => CASE_STATE_LABELS[s]));
    expect(currentStep()).toBe(steps[index]);
    expect(screen.queryByText(T.page.onHold)).not.toBeInTheDocument();
  });

  it('shows a case on hold at the first step with an On Hold chip, and a discontinued one with a Discontinued chip', () => {
    renderProgress('HOLD', 'HOLD');
    expect(currentStep()).toHaveTextContent('Awaiting Case Papers');
    expect(screen.getByText(T.page.onHold)).toBeInTheDocument();
  });

  it('names a state outside the seven steps beside the first step', () => {
    renderProgress('DISCONTINUED');
    expect(currentStep()).toHaveTextContent('Awaiting Case Papers');
    expect(screen.getByText(T.page.discontinued)).toBeInTheDocument();
  });

  it('names a transient state beside the first step', () => {
    renderProgress('LINKING_CASE');
    expect(currentStep()).toHaveTextContent('Awaiting Case Papers');
    expect(screen.getByText('Linking Case')).toBeInTheDocument();
  });
});

describe('the workflow buttons by state and permission', () => {
  /** The buttons the case shows to a user with `roles`, once canAccess has answered. */
  const expectButtons = async (record: Json, roles: string[], expected: string[]) => {
    signedInAs(roles);
    const { unmount } = renderWithAdmin(<CaseWorkflowButtons record={record as Json & { Id: number }} onStepTaken={() => undefined} />);
    if (expected.length) await waitFor(() => expect(buttonsOf(workflow())).toEqual(expected));
    else {
      // Nothing to wait for: give canAccess time to answer, then nothing may show.
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(buttonsOf(workflow())).toEqual([]);
    }
    unmount();
  };

  it('shows each state\'s steps to a user who may take them all', async () => {
    await expectButtons(theCase(1, { WorkflowState: 'AWAITING_CASE_PAPERS' }), ALL, ['Hold', 'Discontinue']);
    await expectButtons(theCase(1, { WorkflowState: 'AWAITING_DATA_ENTRY' }), ALL, ['Start Data Entry', 'Hold', 'Discontinue']);
    await expectButtons(theCase(1, { WorkflowState: 'DATA_ENTRY_IN_PROCESS' }), ALL, ['Data Entry Complete', 'Hold', 'Discontinue']);
    await expectButtons(theCase(1, { WorkflowState: 'IN_REVIEW' }), ALL, ['Hold', 'Discontinue']);
  });
  it('shows only Reactivate on hold, only Resume when discontinued, nothing when complete', async () => {
    await expectButtons(theCase(1, { WorkflowState: 'HOLD', CaseStatusType: 'HOLD' }), ALL, ['Reactivate']);
    await expectButtons(theCase(2, { WorkflowState: 'DISCONTINUED' }), ALL, ['Resume']);
    await expectButtons(theCase(3, { WorkflowState: 'COMPLETE' }), ALL, []);
  });
  it('shows a clerk only the data entry steps, and each step only to holders of its permission', async () => {
    await expectButtons(theCase(1, { WorkflowState: 'AWAITING_DATA_ENTRY' }), CLERK, ['Start Data Entry']);
    await expectButtons(theCase(2, { WorkflowState: 'DISCONTINUED' }), CLERK, []);
    await expectButtons(theCase(3, { WorkflowState: 'IN_PROCESS' }), [P.VIEW_CASES, P.PUT_CASE_ON_HOLD], ['Hold']);
    await expectButtons(theCase(4, { WorkflowState: 'IN_PROCESS' }), [P.VIEW_CASES, P.DISCONTINUE_CASE], ['Discontinue']);
    await expectButtons(theCase(5, { WorkflowState: 'DISCONTINUED' }), [P.VIEW_CASES, P.RESUME_A_CASE], ['Resume']);
    await expectButtons(theCase(6, { WorkflowState: 'HOLD', CaseStatusType: 'HOLD' }), [P.VIEW_CASES, P.RESUME_A_CASE, P.DISCONTINUE_CASE], []);
  });
});

describe('the case page', () => {
  // The page loads lazily; load its modules first so the timeouts measure the page, not the transform.
  beforeAll(async () => {
    await Promise.all([import('../../src/cases/CasePage.js'), import('../../src/resources/ResourceList.js')]);
  });

  it('shows the case number, subject, org and case type, its step, its buttons and the panels', async () => {
    const record = theCase(101);
    const { calls } = setup(record);
    await heading(record);
    expect(screen.getByText('Whitfield, Jordan · Department of Commerce · Tier 1 Background')).toBeInTheDocument();
    expect(currentStep()).toHaveTextContent('Awaiting Data Entry');
    await waitFor(() => expect(buttonsOf(workflow())).toEqual(['Start Data Entry', 'Hold', 'Discontinue']));
    for (const title of ['Case Details', 'Items', 'Papers', 'Messages', 'Additional Settings']) expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    // Download Report: this user may download incomplete reports (docs/decisions.md "Report of investigation").
    await waitFor(() => expect(within(screen.getByRole('group', { name: 'Downloads' })).getAllByRole('button').map((b) => b.textContent)).toEqual(['Download Report', 'Case XML', 'Case XSLT']));
    expect(screen.queryByRole('note')).not.toBeInTheDocument();

    const reads = caseReads(calls, 101);
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(caseReads(calls, 101)).toBeGreaterThan(reads));

    await userEvent.click(screen.getByRole('link', { name: 'Back' }));
    await waitFor(() => expect(where()).toHaveTextContent(/^\/cases$/));
  });

  it('shows the case template, read only, to a system administrator only', async () => {
    const admin = theCase(131, { CaseTemplate_Id: 31, CaseTemplate: { Id: 31, Label: 'Tier 1 Standard' } });
    setup(admin, [...ALL, Permissions.General.SYSTEM_ADMINISTRATOR]);
    await heading(admin);
    const template = await screen.findByRole('heading', { name: 'Template' });
    expect(template).toBeInTheDocument();
    expect(await screen.findByDisplayValue('Tier 1 Standard')).toBeInTheDocument();
    cleanup();
    const other = theCase(132, { CaseTemplate_Id: 31, CaseTemplate: { Id: 31, Label: 'Tier 1 Standard' } });
    setup(other, ALL);
    await heading(other);
    expect(screen.getByRole('heading', { name: 'Subject' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Template' })).not.toBeInTheDocument();
  });

  it('leaves out the panels, buttons and downloads a user may not use, and says why the form is read only', async () => {
    const record = theCase(102, { WorkflowState: 'IN_PROCESS' });
    setup(record, [P.VIEW_CASES]);
    await heading(record);
    expect(await screen.findByRole('note')).toHaveTextContent(L.noEdit);
    expect(workflow()).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Downloads' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Items' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Papers' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Case Details' })).toBeInTheDocument();
  });

  it('starts data entry: the toast, the call, and the case read again at its new step', async () => {
    const record = theCase(103);
    const { calls } = setup(record, CLERK);
    await heading(record);
    const readsBefore = caseReads(calls, 103);
    await userEvent.click(await screen.findByRole('button', { name: 'Start Data Entry' }));
    expect(await screen.findByText(T.toasts.dataEntryStarted)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([{ method: 'PUT', url: '/api/cases/103/start-data-entry', body: {} }]);
    await waitFor(() => expect(caseReads(calls, 103)).toBeGreaterThan(readsBefore));
    await waitFor(() => expect(currentStep()).toHaveTextContent('Data Entry In Progress'));
    expect(await screen.findByRole('button', { name: 'Data Entry Complete' })).toBeInTheDocument();
  });

  it('says the server\'s reason when starting data entry is refused, and reads the case again', async () => {
    const refusal = 'A case that is Data Entry In Progress cannot start data entry.';
    const record = theCase(104);
    const { calls } = setup(record, ALL, {
      override: ({ method, url }) => (method === 'PUT' && url === '/api/cases/104/start-data-entry' ? { status: 409, body: { Message: refusal } } : undefined),
    });
    await heading(record);
    const readsBefore = caseReads(calls, 104);
    await userEvent.click(await screen.findByRole('button', { name: 'Start Data Entry' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    await waitFor(() => expect(caseReads(calls, 104)).toBeGreaterThan(readsBefore));
  });

  it('says the spec\'s text when a hold is refused', async () => {
    const record = theCase(105, { WorkflowState: 'IN_PROCESS' });
    setup(record, ALL, {
      override: ({ method, url }) => (method === 'PUT' && url === '/api/cases/105/toggle-on-hold' ? { status: 409, body: { Message: 'A case that is Complete cannot be put on hold.' } } : undefined),
    });
    await heading(record);
    await userEvent.click(await screen.findByRole('button', { name: 'Hold' }));
    expect(await screen.findByText(T.errors.holdFailed)).toBeInTheDocument();
  });

  it('puts a case on hold and reactivates it', async () => {
    const record = theCase(106, { WorkflowState: 'IN_PROCESS' });
    setup(record);
    await heading(record);
    await userEvent.click(await screen.findByRole('button', { name: 'Hold' }));
    expect(await screen.findByText(T.toasts.onHold)).toBeInTheDocument();
    // On hold: the first step with the chip, Reactivate only, and the form locked without Edit Inactive Cases.
    await screen.findByText(T.page.onHold);
    expect(currentStep()).toHaveTextContent('Awaiting Case Papers');
    await waitFor(() => expect(buttonsOf(workflow())).toEqual(['Reactivate']));
    await userEvent.click(screen.getByRole('button', { name: 'Reactivate' }));
    expect(await screen.findByText(T.toasts.reactivated)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(T.page.onHold)).not.toBeInTheDocument());
  });

  it('discontinues a case only after the confirmation', async () => {
    const record = theCase(107, { WorkflowState: 'IN_REVIEW' });
    const { calls } = setup(record);
    await heading(record);
    await userEvent.click(await screen.findByRole('button', { name: 'Discontinue' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(T.page.discontinueTitle('DOS-2025-000107'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Discontinue' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Discontinue' }));
    expect(await screen.findByText(T.toasts.discontinued)).toBeInTheDocument();
    expect(await screen.findByText(T.page.discontinued)).toBeInTheDocument();
    await waitFor(() => expect(buttonsOf(workflow())).toEqual(['Resume']));
  });

  it('says who holds a case in data entry', async () => {
    const record = theCase(108, { WorkflowState: 'DATA_ENTRY_IN_PROCESS', LockedTo_Id: OTHER });
    setup(record, CLERK);
    await heading(record);
    expect(await screen.findByRole('note')).toHaveTextContent(L.lockedTo('Dana Ellis'));
  });

  it('does not lock a case admin out of a case held by another user', async () => {
    const record = theCase(109, { WorkflowState: 'DATA_ENTRY_IN_PROCESS', LockedTo_Id: OTHER });
    setup(record, CLERK, { tags: [Tags.CASE_ADMIN] });
    await heading(record);
    await screen.findByRole('heading', { name: 'Case Details' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('says an inactive case is read only to users who may not edit inactive cases', async () => {
    const record = theCase(110, { WorkflowState: 'COMPLETE', CompletionDate: '2025-03-20T10:00:00.000Z' });
    setup(record, CLERK);
    await heading(record);
    expect(await screen.findByRole('note')).toHaveTextContent(L.inactive('complete'));
  });

  it('reads the case again when the polled workflow state changed elsewhere', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const record = theCase(111, { WorkflowState: 'IN_PROCESS' });
    const { calls } = setup(record);
    await heading(record);
    const polls = () => calls.filter((c) => c.url === '/api/workflows/cases/111').length;
    await waitFor(() => expect(polls()).toBe(1));
    const readsBefore = caseReads(calls, 111);
    // Nothing changed: the next poll reads nothing more.
    vi.advanceTimersByTime(Timing.CASE_WORKFLOW_POLL_MS);
    await waitFor(() => expect(polls()).toBe(2));
    expect(caseReads(calls, 111)).toBe(readsBefore);
    // A reviewer's last acceptance moved the case on.
    Object.assign(record, { WorkflowState: 'COMPLETE', CompletionDate: '2025-03-21T09:00:00.000Z' });
    vi.advanceTimersByTime(Timing.CASE_WORKFLOW_POLL_MS);
    await waitFor(() => expect(polls()).toBe(3));
    await waitFor(() => expect(caseReads(calls, 111)).toBe(readsBefore + 1));
    await waitFor(() => expect(currentStep()).toHaveTextContent('Complete'));
  });

  it('stops polling and shows the not-found view when the case is gone', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let gone = false;
    const record = theCase(115, { WorkflowState: 'IN_PROCESS' });
    const { calls } = setup(record, ALL, { override: ({ url }) => (gone && url.endsWith('/115') ? { status: 404, body: { Message: T.server.notFound } } : undefined) });
    await heading(record);
    const polls = () => calls.filter((c) => c.url === '/api/workflows/cases/115').length;
    await waitFor(() => expect(polls()).toBe(1));
    gone = true;
    vi.advanceTimersByTime(Timing.CASE_WORKFLOW_POLL_MS);
    expect(await screen.findByText(Texts.global.notFound)).toBeInTheDocument();
    vi.advanceTimersByTime(3 * Timing.CASE_WORKFLOW_POLL_MS);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(polls()).toBe(2);
  });

  it('downloads the case XML and XSLT under the case number, and says so when it cannot', async () => {
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:case'), revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const record = theCase(112, { WorkflowState: 'IN_PROCESS' });
    const { calls } = setup(record, ALL, {
      override: ({ url }) => (url === '/api/cases/112/xml' ? { body: '<case/>' } : url === '/api/cases/112/xslt' ? { status: 500, body: { Message: 'Boom' } } : undefined),
    });
    await heading(record);
    await userEvent.click(screen.getByRole('button', { name: 'Case XML' }));
    await waitFor(() => expect(saved).toEqual(['DOS-2025-000112.xml']));
    expect(calls.filter((c) => c.url === '/api/cases/112/xml')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Case XSLT' }));
    expect(await screen.findByText(T.errors.xmlFailed)).toBeInTheDocument();
    expect(saved).toEqual(['DOS-2025-000112.xml']);
  });

  it('shows the not-found view for an unknown case', async () => {
    setup(theCase(113), ALL, { override: ({ url }) => (url === '/api/cases/113' ? { status: 404, body: { Message: T.server.notFound } } : undefined) });
    expect(await screen.findByText(Texts.global.notFound, undefined, { timeout: 15_000 })).toBeInTheDocument();
  });

  it('shows a failure with a retry when the case cannot be read', async () => {
    let fail = true;
    const record = theCase(114);
    setup(record, ALL, { override: ({ url }) => (url === '/api/cases/114' && fail ? { status: 500, body: { Message: 'The database is unavailable.' } } : undefined) });
    expect(await screen.findByText(T.page.loadFailed, undefined, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('The database is unavailable.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await heading(record);
  });
});
