import { Box, Chip, LinearProgress, Stack, Step, StepLabel, Stepper, Typography, useMediaQuery, useTheme } from '@mui/material';
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
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('sm'));
  const active = progressStep(record.WorkflowState);
  const complete = record.WorkflowState === 'COMPLETE';
  const paused = !isProgressState(record.WorkflowState);
  const chip = <CaseStateChip record={record} />;
  const steps = CASE_PROGRESS.length;

  if (compact) {
    const name = CASE_STATE_LABELS[CASE_PROGRESS[active]];
    return (
      <Box role="group" aria-label="Case progress">
        <Stack direction="row" alignItems="center" spacing={1} sx={{ mb: 1 }} useFlexGap flexWrap="wrap">
          <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600, flex: 1, minWidth: 0 }} aria-current="step">
            {name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Step {active + 1} of {steps}
          </Typography>
        </Stack>
        <LinearProgress
          variant="determinate"
          value={complete ? 100 : ((active + 1) / steps) * 100}
          color={complete ? 'success' : 'primary'}
          aria-label={`Step ${active + 1} of ${steps}: ${name}`}
          sx={{ height: 8, borderRadius: 4, opacity: paused ? 0.45 : 1 }}
        />
        {chip && <Box sx={{ mt: 1.5 }}>{chip}</Box>}
      </Box>
    );
  }

  return (
    <Stack direction="row" alignItems="center" spacing={2}>
      <Stepper
        activeStep={active}
        alternativeLabel
        aria-label="Case progress"
        component="ol"
        sx={{ flex: 1, minWidth: 0, p: 0, m: 0, opacity: paused ? 0.5 : 1, listStyle: 'none', '& .MuiStepLabel-label': { fontSize: '0.8125rem' } }}
      >
        {CASE_PROGRESS.map((state, index) => (
          <Step key={state} component="li" completed={index < active || complete} aria-current={index === active ? 'step' : undefined}>
            <StepLabel>{CASE_STATE_LABELS[state]}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {chip}
    </Stack>
  );
}
