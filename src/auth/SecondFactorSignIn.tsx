import { useState, type FormEvent } from 'react';
import { Box, Button, Link as MuiLink, Stack, TextField, Typography } from '@mui/material';
import { useDataProvider } from 'react-admin';
import { Texts } from '../../shared/texts/index.js';
import type { DossierDataProvider } from '../../dataProvider/dataProvider.js';
import type { LoginParams } from './authProvider.js';
import { TotpEnrolment } from './TotpEnrolment.js';

const S = Texts.secondFactor.signIn;

/** The step after a right password: a code (`mfa_required`) or setting the factor up (`mfa_enrollment_required`). */
export type SecondStep = { kind: 'code' | 'enrol'; mfaToken: string };

interface StepProps {
  step: SecondStep;
  busy: boolean;
  /** Signs in with the step's grant (the page's login, which shows a failure and finishes a success). */
  complete: (params: LoginParams) => Promise<void>;
  onBack: () => void;
}

/** The code step: a code from the app, or (by the link) one of the recovery codes; Back returns to the password. */
function CodeStep({ step, busy, complete, onBack }: StepProps) {
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void complete(recovery ? { mfaToken: step.mfaToken, recoveryCode: code.trim() } : { mfaToken: step.mfaToken, otp: code.trim() });
  };
  const switchMode = () => {
    setRecovery(!recovery);
    setCode('');
  };
  return (
    <Box component="form" onSubmit={submit} noValidate aria-label={S.codeStepTitle}>
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          {recovery ? S.recoveryStepHint : S.codeStepHint}
        </Typography>
        <TextField
          key={recovery ? 'recovery' : 'code'}
          label={recovery ? S.recoveryCodeLabel : Texts.secondFactor.enrol.codeLabel}
          name={recovery ? 'recovery_code' : 'otp'}
          autoFocus
          required
          value={code}
          onChange={(e) => setCode(e.target.value)}
          slotProps={{ htmlInput: recovery ? { autoComplete: 'off', maxLength: 40 } : { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 8 } }}
        />
        <Button type="submit" variant="contained" size="large" disabled={busy || !code.trim()}>
          {busy ? 'Signing in…' : S.verify}
        </Button>
        <Stack direction="row" justifyContent="space-between">
          <MuiLink component="button" type="button" variant="body2" onClick={onBack}>
            {S.back}
          </MuiLink>
          <MuiLink component="button" type="button" variant="body2" onClick={switchMode}>
            {recovery ? S.useAuthenticator : S.useRecoveryCode}
          </MuiLink>
        </Stack>
      </Stack>
    </Box>
  );
}

/** Enrolment during sign-in: the challenge allows only it; once confirmed and the codes saved, the sign-in ends. */
function EnrolStep({ step, complete, onBack }: StepProps) {
  const dataProvider = useDataProvider<DossierDataProvider>();
  return (
    <Stack spacing={2}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {S.enrolTitle}
      </Typography>
      <TotpEnrolment
        start={() => dataProvider.callOperation('secondFactor', 'challengeStart', { MfaToken: step.mfaToken })}
        confirm={async (code) => (await dataProvider.callOperation('secondFactor', 'challengeConfirm', { MfaToken: step.mfaToken, Code: code })).RecoveryCodes}
        finishLabel={Texts.secondFactor.recovery.continue}
        onFinished={() => void complete({ mfaToken: step.mfaToken, enrolled: true })}
        onCancel={onBack}
      />
    </Stack>
  );
}

/** The sign-in page's second step (issue 26 §2). */
export function SecondFactorSignIn(props: StepProps) {
  return props.step.kind === 'code' ? <CodeStep {...props} /> : <EnrolStep {...props} />;
}
