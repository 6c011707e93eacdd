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
import { caseLock, progressStep, stateLabel, stepsOf, workflowChanged } from '../../src/cases/caseRules.js';
import { CaseProgress } from '../../src/cases/CaseProgress.js';
import { CaseWorkflowButtons } from '../../src/cases/CaseWorkflowButtons.js';
import { fakeServer, signedInAs } from './support/fakeServer.js';
import { renderAt, where } from './support/renderApp.js';
import { renderWithAdmin } from './support/renderWithAdmin.js';

const P = Permissions.Cases;
const T = CaseTexts;
const L = T.page.lock;
const S = T.server;
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
  Subject: { Id: 9, FirstName: 'Jordan', MiddleName: null, LastName: 'Whitfield', SSN: '*****4821' },
  ...overrides,
});

/**
 * What the fake server says of a case to a user with `roles` (and the Case Admin tag, or not), as the real one does
 * (server/cases/workflow.ts, caseAccess.ts): the steps they may take now and why they may not change the case.
 */
function saidOf(c: Json, roles: readonly string[], caseAdmin: boolean): { Steps: string[]; LockedReason: string | null } {
  const state = String(c.WorkflowState);
  const can = (permission: string) => roles.includes(permission);
  const held = c.LockedTo_Id != null && c.LockedTo_Id !== ME && !caseAdmin && (state === 'DATA_ENTRY_IN_PROCESS' || state === 'HOLD');
  const heldReason = held ? (state === 'HOLD' ? S.heldByOther('Dana Ellis') : S.lockedToOther('Dana Ellis')) : null;
  const inactive = ['HOLD', 'DISCONTINUED', 'COMPLETE'].includes(state) && !can(P.EDIT_INACTIVE_CASES) && !caseAdmin;
  const stopped = ['HOLD', 'DISCONTINUED', 'COMPLETE'].includes(state);
  const starts: Record<string, [boolean, string]> = {
    startDataEntry: [state === 'AWAITING_DATA_ENTRY', P.MARK_DATA_ENTRY_COMPLETE],
    dataEntryComplete: [state === 'DATA_ENTRY_IN_PROCESS', P.MARK_DATA_ENTRY_COMPLETE],
    reactivate: [state === 'HOLD', P.PUT_CASE_ON_HOLD],
    resume: [state === 'DISCONTINUED', P.RESUME_A_CASE],
    hold: [!stopped, P.PUT_CASE_ON_HOLD],
    discontinue: [!stopped, P.DISCONTINUE_CASE],
  };
  const Steps = held ? [] : Object.entries(starts).filter(([, [from, permission]]) => from && can(permission)).map(([step]) => step);
  return { Steps, LockedReason: heldReason ?? (inactive ? S.inactive : null) };
}

const workflowOf = (c: Json, said: ReturnType<typeof saidOf>) => ({
  Id: c.Id,
  WorkflowState: c.WorkflowState,
  CaseStatusType: c.CaseStatusType,
  DueDate: c.DueDate,
  CompletionDate: c.CompletionDate,
  LockedTo_Id: c.LockedTo_Id,
  LockedToName: c.LockedTo_Id === OTHER ? 'Dana Ellis' : c.LockedTo_Id === ME ? 'Terry Tester' : null,
  ...said,
});

/**
 * The app at /cases/{id}, signed in with `roles`, against a server holding `record`: the case, its workflow poll,
 * the panels' lists and the workflow steps (each moving the case as the server would). `override` answers first.
 */
function setup(record: Json, roles: string[] = ALL, options: { override?: (request: Request, record: Json) => Answer; tags?: string[]; path?: string } = {}) {
  const said = () => saidOf(record, roles, (options.tags ?? []).includes(Tags.CASE_ADMIN));
  const server = fakeServer((request) => {
    const answer = options.override?.(request, record);
    if (answer) return answer;
    const { method, url } = request;
    const id = String(record.Id);
    // The page asks for the subject's SSN masked, whoever reads it.
    if (method === 'GET' && url === `/api/cases/${id}?ssn=masked`) return { body: { ...record, ...said() } };
    if (method === 'GET' && url === `/api/workflows/cases/${id}`) return { body: workflowOf(record, said()) };
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
      return { body: workflowOf(record, said()) };
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
const caseReads = (calls: Request[], id: number) => calls.filter((c) => c.method === 'GET' && c.url === `/api/cases/${id}?ssn=masked`).length;

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

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

describe('the workflow buttons', () => {
  /** The buttons the case shows to a user with `roles`. */
  const expectButtons = async (record: Json, roles: string[], expected: string[]) => {
    signedInAs(roles);
    const { unmount } = renderWithAdmin(<CaseWorkflowButtons record={record as Json & { Id: number }} onStepTaken={() => undefined} />);
    if (expected.length) await waitFor(() => expect(buttonsOf(workflow())).toEqual(expected));
    else {
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(buttonsOf(workflow())).toEqual([]);
    }
    unmount();
  };

  it('shows exactly the steps the server offers, in the page\'s order', async () => {
    await expectButtons(theCase(1, { WorkflowState: 'AWAITING_DATA_ENTRY', Steps: ['startDataEntry', 'hold', 'discontinue'] }), ALL, ['Start Data Entry', 'Hold', 'Discontinue']);
    await expectButtons(theCase(2, { WorkflowState: 'DATA_ENTRY_IN_PROCESS', Steps: ['discontinue', 'dataEntryComplete'] }), ALL, ['Data Entry Complete', 'Discontinue']);
    await expectButtons(theCase(3, { WorkflowState: 'HOLD', CaseStatusType: 'HOLD', Steps: ['reactivate'] }), ALL, ['Reactivate']);
    await expectButtons(theCase(4, { WorkflowState: 'DISCONTINUED', Steps: ['resume'] }), CLERK, ['Resume']);
  });

  it('shows nothing the server does not offer, whatever the user\'s permissions', async () => {
    // A clerk on a case in data entry locked to another user: the server offers no step.
    await expectButtons(theCase(5, { WorkflowState: 'DATA_ENTRY_IN_PROCESS', LockedTo_Id: OTHER, Steps: [] }), CLERK, []);
    await expectButtons(theCase(6, { WorkflowState: 'AWAITING_DATA_ENTRY', Steps: [] }), ALL, []);
    await expectButtons(theCase(7, { WorkflowState: 'AWAITING_DATA_ENTRY' }), ALL, []);
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

  it('says the server\'s reason whenever a step is refused, and the spec\'s text when there is none', async () => {
    const refusal = 'A case that is Complete cannot be put on hold.';
    let answer: Answer = { status: 409, body: { Message: refusal } };
    const record = theCase(105, { WorkflowState: 'IN_PROCESS' });
    setup(record, ALL, { override: ({ method, url }) => (method === 'PUT' && url === '/api/cases/105/toggle-on-hold' ? answer : undefined) });
    await heading(record);
    await userEvent.click(await screen.findByRole('button', { name: 'Hold' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.queryByText(T.errors.holdFailed)).not.toBeInTheDocument();
    answer = { status: 500, body: { Message: 'Internal error' } };
    await userEvent.click(await screen.findByRole('button', { name: 'Hold' }));
    expect(await screen.findByText(T.errors.holdFailed)).toBeInTheDocument();
  });

  it('says the server\'s reason when Data Entry Complete is refused, not the generic text', async () => {
    const refusal = S.lockedToOther('Dana Ellis');
    const record = theCase(116, { WorkflowState: 'DATA_ENTRY_IN_PROCESS', LockedTo_Id: ME });
    setup(record, CLERK, { override: ({ method, url }) => (method === 'PUT' && url === '/api/cases/116/data-entry-complete' ? { status: 409, body: { Message: refusal } } : undefined) });
    await heading(record);
    await userEvent.click(await screen.findByRole('button', { name: 'Data Entry Complete' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.queryByText(T.errors.dataEntryCompleteFailed)).not.toBeInTheDocument();
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

  it('shows a clerk on a case locked to another user the server\'s reason and no Data Entry Complete', async () => {
    const record = theCase(108, { WorkflowState: 'DATA_ENTRY_IN_PROCESS', LockedTo_Id: OTHER });
    setup(record, CLERK);
    await heading(record);
    expect(await screen.findByRole('note')).toHaveTextContent(S.lockedToOther('Dana Ellis'));
    await screen.findByRole('heading', { name: 'Case Details' });
    expect(workflow()).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Data Entry Complete' })).not.toBeInTheDocument();
  });

  it('does not lock a case admin out of a case held by another user', async () => {
    const record = theCase(109, { WorkflowState: 'DATA_ENTRY_IN_PROCESS', LockedTo_Id: OTHER });
    setup(record, CLERK, { tags: [Tags.CASE_ADMIN] });
    await heading(record);
    await screen.findByRole('heading', { name: 'Case Details' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Data Entry Complete' })).toBeInTheDocument();
  });

  it('says an inactive case is read only to users who may not edit inactive cases', async () => {
    const record = theCase(110, { WorkflowState: 'COMPLETE', CompletionDate: '2025-03-20T10:00:00.000Z' });
    setup(record, CLERK);
    await heading(record);
    expect(await screen.findByRole('note')).toHaveTextContent(S.inactive);
  });

  it('reads the case again when the polled workflow state changed elsewhere', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const record = theCase(111, { WorkflowState: 'IN_PROCESS' });
    const { calls } = setup(record);
    await heading(record);
    const polls = () => calls.filter((c) => c.url === '/api/workflows/cases/111').length;
    // The page's read of the case carries its workflow state: the first poll waits for the interval.
    await screen.findByRole('heading', { name: 'Case Details' });
    expect(polls()).toBe(0);
    const readsBefore = caseReads(calls, 111);
    // Nothing changed: the poll reads nothing more.
    vi.advanceTimersByTime(Timing.CASE_WORKFLOW_POLL_MS);
    await waitFor(() => expect(polls()).toBe(1));
    expect(caseReads(calls, 111)).toBe(readsBefore);
    // A reviewer's last acceptance moved the case on.
    Object.assign(record, { WorkflowState: 'COMPLETE', CompletionDate: '2025-03-21T09:00:00.000Z' });
    vi.advanceTimersByTime(Timing.CASE_WORKFLOW_POLL_MS);
    await waitFor(() => expect(polls()).toBe(2));
    await waitFor(() => expect(caseReads(calls, 111)).toBe(readsBefore + 1));
    await waitFor(() => expect(currentStep()).toHaveTextContent('Complete'));
  });

  it('stops polling and shows the not-found view when the case is gone', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let gone = false;
    const record = theCase(115, { WorkflowState: 'IN_PROCESS' });
    const { calls } = setup(record, ALL, { override: ({ url }) => (gone && /\/115(\?ssn=masked)?$/.test(url) ? { status: 404, body: { Message: T.server.notFound } } : undefined) });
    await heading(record);
    const polls = () => calls.filter((c) => c.url === '/api/workflows/cases/115').length;
    vi.advanceTimersByTime(Timing.CASE_WORKFLOW_POLL_MS);
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
    setup(theCase(113), ALL, { override: ({ url }) => (url === '/api/cases/113?ssn=masked' ? { status: 404, body: { Message: T.server.notFound } } : undefined) });
    expect(await screen.findByText(Texts.global.notFound, undefined, { timeout: 15_000 })).toBeInTheDocument();
  });

  it('shows a failure with a retry when the case cannot be read', async () => {
    let fail = true;
    const record = theCase(114);
    setup(record, ALL, { override: ({ url }) => (url === '/api/cases/114?ssn=masked' && fail ? { status: 500, body: { Message: 'The database is unavailable.' } } : undefined) });
    expect(await screen.findByText(T.page.loadFailed, undefined, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('The database is unavailable.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await heading(record);
  });
});
