import { Chip } from '@mui/material';
import { ProgressSteps } from '../components/ProgressSteps.js';
import PauseCircleOutlineIcon from '@mui/icons-material/PauseCircleOutline';
import DoNotDisturbOnOutlinedIcon from '@mui/icons-material/DoNotDisturbOnOutlined';
import { CaseTexts } from '../../shared/texts/cases.js';
import { CASE_PROGRESS, CASE_STATE_LABELS } from '../../shared/workflow.js';
import { isDiscontinued, isOnHold, isProgressState, progressStep, stateLabel, type CaseStateFields } from './caseRules.js';

const T = CaseTexts.page;

/**
 * Where the case stands besides the seven steps: On Hold and Discontinued as a chip, and a state the steps do not
 * name (a transient CHECKING_DUPLICATION, say) by its name — the progress bar then shows its first step, and the
 * chip keeps that from reading as "awaiting papers".
 */
export function CaseStateChip({ record }: { record: CaseStateFields }) {
  if (isOnHold(record)) return <Chip icon={<PauseCircleOutlineIcon />} color="warning" label={T.onHold} sx={{ fontWeight: 600 }} />;
  if (isDiscontinued(record)) return <Chip icon={<DoNotDisturbOnOutlinedIcon />} color="error" label={T.discontinued} sx={{ fontWeight: 600 }} />;
  if (record.WorkflowState && !isProgressState(record.WorkflowState)) return <Chip variant="outlined" label={stateLabel(record.WorkflowState)} />;
  return null;
}

/**
 * The case's seven-step progress bar (spec 001 §2): Awaiting Case Papers … Complete, the case's step current and
 * those before it done (a complete case has every step done). An unknown state shows the first step, dimmed, with
 * the state's chip beside it. On a phone: the step's name, "Step n of 7" and a bar.
 */
export function CaseProgress({ record }: { record: CaseStateFields }) {
  const active = progressStep(record.WorkflowState);
  return (
    <ProgressSteps
      label="Case progress"
      steps={CASE_PROGRESS.map((state) => CASE_STATE_LABELS[state])}
      active={active}
      complete={record.WorkflowState === 'COMPLETE'}
      dimmed={!isProgressState(record.WorkflowState)}
      aside={<CaseStateChip record={record} />}
    />
  );
}
