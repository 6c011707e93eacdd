import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { ThemeProvider, createTheme } from '@mui/material';
import { CaseTexts } from '../../shared/texts/cases.js';
import { CASE_PROGRESS, CASE_STATE_LABELS } from '../../shared/workflow.js';
import { CaseProgress } from '../../src/cases/CaseProgress.js';
import { CaseWorkflowButtons } from '../../src/cases/CaseWorkflowButtons.js';
import { ALL, CLERK, OTHER, buttonsOf, currentStep, progress, theCase, workflow } from './support/caseWorkflow.js';
import { signedInAs } from './support/fakeServer.js';
import { renderWithAdmin } from './support/renderWithAdmin.js';

const T = CaseTexts;
type Json = Record<string, unknown>;

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
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
