import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Tags } from '../../shared/permissions.js';
import { CaseTexts } from '../../shared/texts/cases.js';
import { caseReads, heading, setup } from './support/casePageApp.js';
import { ALL, CLERK, ME, OTHER, buttonsOf, currentStep, theCase, workflow } from './support/caseWorkflow.js';

const T = CaseTexts;
const S = T.server;
type Answer = { status?: number; body?: unknown } | undefined;

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the case page', () => {
  // The page loads lazily; load its modules first so the timeouts measure the page, not the transform.
  beforeAll(async () => {
    await Promise.all([import('../../src/cases/CasePage.js'), import('../../src/resources/ResourceList.js')]);
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
});
