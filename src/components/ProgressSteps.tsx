import type { ReactNode } from 'react';
import { Box, LinearProgress, Stack, Step, StepLabel, Stepper, Typography, useMediaQuery, useTheme } from '@mui/material';

export interface ProgressStepsProps {
  /** The bar's accessible name ('Case progress'). */
  label: string;
  /** The steps' names in order. */
  steps: readonly string[];
  /** The current step (0-based). */
  active: number;
  /** Every step done (the last one too). */
  complete?: boolean;
  /** The record stands outside the steps (on hold, discontinued): the bar is dimmed. */
  dimmed?: boolean;
  /** Shown beside the bar (a state chip). */
  aside?: ReactNode;
}

/**
 * A workflow's progress (the case's seven steps, the item's four): the current step marked and those before it
 * done. On a phone: the step's name, "Step n of N" and a bar.
 */
export function ProgressSteps({ label, steps, active, complete = false, dimmed = false, aside }: ProgressStepsProps) {
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('sm'));
  const count = steps.length;

  if (compact) {
    const name = steps[active];
    return (
      <Box role="group" aria-label={label}>
        <Stack direction="row" alignItems="center" spacing={1} sx={{ mb: 1 }} useFlexGap flexWrap="wrap">
          <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600, flex: 1, minWidth: 0 }} aria-current="step">
            {name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Step {active + 1} of {count}
          </Typography>
        </Stack>
        <LinearProgress
          variant="determinate"
          value={complete ? 100 : ((active + 1) / count) * 100}
          color={complete ? 'success' : 'primary'}
          aria-label={`Step ${active + 1} of ${count}: ${name}`}
          sx={{ height: 8, borderRadius: 4, opacity: dimmed ? 0.45 : 1 }}
        />
        {aside && <Box sx={{ mt: 1.5 }}>{aside}</Box>}
      </Box>
    );
  }

  return (
    <Stack direction="row" alignItems="center" spacing={2}>
      <Stepper
        activeStep={active}
        alternativeLabel
        aria-label={label}
        component="ol"
        sx={{ flex: 1, minWidth: 0, p: 0, m: 0, opacity: dimmed ? 0.5 : 1, listStyle: 'none', '& .MuiStepLabel-label': { fontSize: '0.8125rem' } }}
      >
        {steps.map((step, index) => (
          <Step key={step} component="li" completed={index < active || complete} aria-current={index === active ? 'step' : undefined}>
            <StepLabel>{step}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {aside}
    </Stack>
  );
}
