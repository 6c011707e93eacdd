import { useState, type ReactElement } from 'react';
import { Button, CircularProgress, Stack } from '@mui/material';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import PauseIcon from '@mui/icons-material/Pause';
import ReplayIcon from '@mui/icons-material/Replay';
import BlockIcon from '@mui/icons-material/Block';
import { Confirm, useDataProvider, useNotify } from 'react-admin';
import { CaseTexts } from '../../shared/texts/cases.js';
import type { DossierDataProvider } from '../../dataProvider/dataProvider.js';
import type { CaseStepAnswer } from '../../schemas/types.js';
import { endedBySignOut, failureText } from '../resources/writeFailure.js';
import { stepsOf, type CaseStateFields, type CaseStep } from './caseRules.js';

const T = CaseTexts;

/** The cases contract's step operations (resources/caseOperations.ts). */
type StepMethod = 'startDataEntry' | 'completeDataEntry' | 'toggleHold' | 'discontinue' | 'resume';

interface StepDeclaration {
  label: string;
  method: StepMethod;
  done: string;
  /** Said when a refusal gives no reason (the server failed, or did not answer); a refusal's own reason is said otherwise. */
  failed: string;
  icon: ReactElement;
  /** The step that moves the case on is the page's main button. */
  main?: boolean;
  color?: 'primary' | 'warning' | 'error';
  confirm?: boolean;
}

/** Each workflow button: its label, its data provider call, its toasts (spec 001 §8). */
export const STEPS: Record<CaseStep, StepDeclaration> = {
  startDataEntry: { label: 'Start Data Entry', method: 'startDataEntry', done: T.toasts.dataEntryStarted, failed: T.errors.startDataEntryFailed, icon: <PlayArrowIcon />, main: true },
  dataEntryComplete: { label: 'Data Entry Complete', method: 'completeDataEntry', done: T.toasts.dataEntryComplete, failed: T.errors.dataEntryCompleteFailed, icon: <TaskAltIcon />, main: true },
  reactivate: { label: 'Reactivate', method: 'toggleHold', done: T.toasts.reactivated, failed: T.errors.holdFailed, icon: <ReplayIcon />, main: true },
  resume: { label: 'Resume', method: 'resume', done: T.toasts.resumed, failed: T.errors.resumeFailed, icon: <ReplayIcon />, main: true },
  hold: { label: 'Hold', method: 'toggleHold', done: T.toasts.onHold, failed: T.errors.holdFailed, icon: <PauseIcon />, color: 'warning' },
  discontinue: { label: 'Discontinue', method: 'discontinue', done: T.toasts.discontinued, failed: T.errors.discontinueFailed, icon: <BlockIcon />, color: 'error', confirm: true },
};

/** The steps in the order the page shows them: the one that moves the case on first. */
const ORDER: readonly CaseStep[] = ['startDataEntry', 'dataEntryComplete', 'reactivate', 'resume', 'hold', 'discontinue'];

interface Props {
  record: CaseStateFields & { Id: number; CaseNumber?: string | null };
  /** After a step was taken or refused: read the case again (its state, dates and lock changed, or were changed elsewhere). */
  onStepTaken(action: CaseStep, answer?: CaseStepAnswer): void;
}

/**
 * The workflow buttons of a case (spec 001 §4, §6): Start Data Entry, Data Entry Complete, Hold or Reactivate,
 * Discontinue (after a confirmation) and Resume — exactly the steps the server says the user may take now (the
 * case's `Steps`: its state, their permissions, a lock held by another user). A step says it was done, or the
 * server's reason for refusing it (the spec's text when none is given), and the case is read again either way.
 */
export function CaseWorkflowButtons({ record, onStepTaken }: Props) {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const notify = useNotify();
  const [running, setRunning] = useState<CaseStep | null>(null);
  const [confirming, setConfirming] = useState(false);
  const offered = stepsOf(record);
  const actions = ORDER.filter((a) => offered.includes(a));
  if (!actions.length) return null;

  const run = async (action: CaseStep) => {
    const step = STEPS[action];
    setConfirming(false);
    setRunning(action);
    try {
      const answer = await dataProvider.callOperation('cases', step.method, record.Id);
      if (endedBySignOut(answer)) return;
      notify(step.done, { type: 'success' });
      onStepTaken(action, answer);
    } catch (error) {
      const text = failureText(error, step.failed);
      // An ended session has been announced by the auth provider.
      if (text === null) return;
      notify(text, { type: 'error' });
      onStepTaken(action);
    } finally {
      setRunning(null);
    }
  };

  return (
    <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" role="group" aria-label="Workflow">
      {actions.map((action) => {
        const step = STEPS[action];
        return (
          <Button
            key={action}
            variant={step.main ? 'contained' : 'outlined'}
            color={step.color ?? 'primary'}
            startIcon={running === action ? <CircularProgress size={16} color="inherit" aria-hidden /> : step.icon}
            disabled={running !== null}
            onClick={() => (step.confirm ? setConfirming(true) : void run(action))}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {step.label}
          </Button>
        );
      })}
      {actions.includes('discontinue') && (
        <Confirm
          isOpen={confirming}
          title={T.page.discontinueTitle(String(record.CaseNumber ?? ''))}
          content={T.page.discontinueBody}
          confirm="Discontinue"
          cancel="Cancel"
          confirmColor="warning"
          onConfirm={() => void run('discontinue')}
          onClose={() => setConfirming(false)}
        />
      )}
    </Stack>
  );
}
