import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Box, Button, LinearProgress, Stack, TextField, Typography } from '@mui/material';
import type { SecondFactorEnrolment } from '../../schemas/types.js';
import { Texts } from '../../shared/texts/index.js';
import { failureOf } from '../../dataProvider/httpClient.js';
import { QrCode } from './QrCode.js';
import { RecoveryCodes } from './RecoveryCodes.js';

const E = Texts.secondFactor.enrol;

export interface TotpEnrolmentProps {
  /** Begins the enrolment (own account, or a sign-in's challenge): the secret's URI and text. */
  start: () => Promise<SecondFactorEnrolment>;
  /** Confirms it with a code: the recovery codes. */
  confirm: (code: string) => Promise<string[]>;
  /** After the recovery codes were shown: the finish button's label and what it does. */
  finishLabel: string;
  onFinished: () => void;
  onCancel?: () => void;
}

/** The secret as an authenticator app's key is typed: groups of four. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Setting up two-step sign-in (issue 26 §2): the QR code of the new secret and the secret as text, a code box to
 * confirm it, then the recovery codes once. A failed start or confirm says the server's reason, never success.
 */
export function TotpEnrolment({ start, confirm, finishLabel, onFinished, onCancel }: TotpEnrolmentProps) {
  const [enrolment, setEnrolment] = useState<SecondFactorEnrolment | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(true);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setBusy(true);
    setProblem(null);
    start()
      .then((answer) => live && setEnrolment(answer))
      .catch((error: unknown) => {
        const failure = failureOf(error);
        if (live) setProblem(failure.body?.Message || failure.body?.error_description || failure.message || E.startFailed);
      })
      .finally(() => live && setBusy(false));
    return () => {
      live = false;
    };
    // A new attempt (Try again) starts afresh; `start` is the caller's and may change identity each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setCodeError(Texts.secondFactor.signIn.missingCode);
    setBusy(true);
    setProblem(null);
    setCodeError(null);
    try {
      setCodes(await confirm(code.trim()));
    } catch (error) {
      const failure = failureOf(error);
      const under = failure.modelState?.Code?.join(' ');
      if (under) setCodeError(under);
      else setProblem(failure.body?.Message ?? failure.message);
    } finally {
      setBusy(false);
    }
  };

  if (codes) return <RecoveryCodes codes={codes} finishLabel={finishLabel} onFinish={onFinished} />;
  return (
    <Stack spacing={1.5}>
      {busy && !enrolment && <LinearProgress aria-label={E.start} />}
      {problem && (
        <Alert
          severity="error"
          role="alert"
          action={
            !enrolment ? (
              <Button color="inherit" size="small" onClick={() => setAttempt((n) => n + 1)}>
                Try again
              </Button>
            ) : undefined
          }
        >
          {problem}
        </Alert>
      )}
      {enrolment && (
        <Box component="form" onSubmit={submit} noValidate>
          <Stack spacing={1.5}>
            <Typography variant="body2" color="text.secondary">
              {E.intro}
            </Typography>
            <Box sx={{ display: 'flex', justifyContent: 'center' }}>
              <QrCode value={enrolment.Uri} alt={E.qrAlt} />
            </Box>
            <Box>
              <Typography variant="caption" color="text.secondary" component="div">
                {E.secretLabel}
              </Typography>
              <Typography data-testid="totp-secret" sx={{ fontFamily: 'monospace', userSelect: 'all' }}>
                {grouped(enrolment.Secret)}
              </Typography>
            </Box>
            <TextField
              label={E.codeLabel}
              name="code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              error={Boolean(codeError)}
              helperText={codeError}
              disabled={busy}
              required
              slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 8 } }}
            />
            <Stack direction="row" spacing={1} justifyContent="flex-end">
              {onCancel && (
                <Button onClick={onCancel} disabled={busy}>
                  {E.cancel}
                </Button>
              )}
              <Button type="submit" variant="contained" disabled={busy}>
                {E.confirm}
              </Button>
            </Stack>
          </Stack>
        </Box>
      )}
    </Stack>
  );
}
