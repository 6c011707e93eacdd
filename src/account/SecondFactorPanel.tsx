import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Card, CardContent, LinearProgress, Stack, TextField, Typography } from '@mui/material';
import VerifiedUserOutlinedIcon from '@mui/icons-material/VerifiedUserOutlined';
import { useDataProvider, useNotify } from 'react-admin';
import type { SecondFactorStatus } from '../../schemas/types.js';
import { Texts } from '../../shared/texts/index.js';
import type { DossierDataProvider } from '../../dataProvider/dataProvider.js';
import { failureOf, type ModelState } from '../../dataProvider/httpClient.js';
import { TotpEnrolment } from '../auth/TotpEnrolment.js';

const F = Texts.secondFactor;

/** Turning it off: the own password and a code from the app or a recovery code; the server's reasons under the fields. */
function DisableForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const notify = useNotify();
  const [values, setValues] = useState({ Password: '', Code: '' });
  const [errors, setErrors] = useState<ModelState>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    setProblem(null);
    try {
      const answer = await dataProvider.callOperation('secondFactor', 'disable', { Password: values.Password, Code: values.Code.trim() });
      notify(answer.Message, { type: 'success' });
      onDone();
    } catch (error) {
      const failure = failureOf(error);
      if (failure.modelState) setErrors(failure.modelState);
      else setProblem(failure.body?.Message ?? failure.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box component="form" onSubmit={submit} noValidate aria-label={F.disable.title}>
      <Stack spacing={1.5}>
        <TextField
          type="password"
          label={F.disable.passwordLabel}
          required
          value={values.Password}
          onChange={(e) => setValues({ ...values, Password: e.target.value })}
          error={Boolean(errors.Password)}
          helperText={errors.Password?.join(' ')}
          disabled={busy}
          slotProps={{ htmlInput: { autoComplete: 'current-password' } }}
        />
        <TextField
          label={F.disable.codeLabel}
          required
          value={values.Code}
          onChange={(e) => setValues({ ...values, Code: e.target.value })}
          error={Boolean(errors.Code)}
          helperText={errors.Code?.join(' ')}
          disabled={busy}
          slotProps={{ htmlInput: { autoComplete: 'one-time-code', maxLength: 40 } }}
        />
        {problem && (
          <Alert severity="error" role="alert">
            {problem}
          </Alert>
        )}
        <Stack direction="row" spacing={1} justifyContent="flex-end">
          <Button onClick={onCancel} disabled={busy}>
            {F.enrol.cancel}
          </Button>
          <Button type="submit" color="error" variant="contained" disabled={busy || !values.Password || !values.Code.trim()}>
            {F.disable.action}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

/**
 * /account's "Two-step sign-in" section (issue 26 §2): on or off; set it up (QR code, the secret as text, a code,
 * then the recovery codes once); turn it off with the password and a code — not when the user's groups require it.
 */
export function SecondFactorPanel() {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const notify = useNotify();
  const [status, setStatus] = useState<SecondFactorStatus | null>(null);
  const [loadFailed, setLoadFailed] = useState<string | null>(null);
  const [mode, setMode] = useState<'view' | 'enrol' | 'disable'>('view');
  const load = useCallback(() => {
    setLoadFailed(null);
    dataProvider
      .callOperation('secondFactor', 'status')
      .then(setStatus)
      .catch((error: unknown) => setLoadFailed(failureOf(error).message));
  }, [dataProvider]);
  useEffect(load, [load]);
  const back = () => {
    setMode('view');
    load();
  };

  return (
    <Card component="section" aria-label={F.title}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1.5 }}>
          {F.title}
        </Typography>
        {!status && !loadFailed && <LinearProgress aria-label={F.title} />}
        {loadFailed && (
          <Alert severity="error" role="alert" action={<Button color="inherit" size="small" onClick={load}>Try again</Button>}>
            {loadFailed}
          </Alert>
        )}
        {status && mode === 'enrol' && (
          <TotpEnrolment
            start={() => dataProvider.callOperation('secondFactor', 'start')}
            confirm={async (code) => {
              const answer = await dataProvider.callOperation('secondFactor', 'confirm', { Code: code });
              notify(answer.Message, { type: 'success' });
              return answer.RecoveryCodes;
            }}
            finishLabel={F.recovery.done}
            onFinished={back}
            onCancel={back}
          />
        )}
        {status && mode === 'disable' && <DisableForm onDone={back} onCancel={() => setMode('view')} />}
        {status && mode === 'view' && (
          <Stack spacing={1.5}>
            <Alert severity={status.Enabled ? 'success' : status.Required ? 'warning' : 'info'} icon={<VerifiedUserOutlinedIcon />}>
              {status.Enabled ? F.status.on : F.status.off}
              {status.Enabled && ` ${F.recovery.left(status.RecoveryCodesLeft)}`}
              {status.Required && ` ${F.status.required}`}
            </Alert>
            <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
              {status.Enabled ? (
                !status.Required && (
                  <Button variant="outlined" color="error" onClick={() => setMode('disable')}>
                    {F.disable.action}
                  </Button>
                )
              ) : (
                <Button variant="contained" onClick={() => setMode('enrol')}>
                  {F.enrol.start}
                </Button>
              )}
            </Box>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
