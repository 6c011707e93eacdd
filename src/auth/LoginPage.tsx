import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Box, Button, LinearProgress, Link as MuiLink, Stack, TextField, Typography } from '@mui/material';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { useLogin, useNotify } from 'react-admin';
import { Texts } from '../../shared/texts/index.js';
import { readState } from '../../dataProvider/session.js';
import { PublicPage } from '../layout/PublicPage.js';
import { readLogoutAt } from './logoutClock.js';
import { PASSWORD_EXPIRED_ROUTE, SignInError, type LoginParams } from './authProvider.js';
import type { SecondStep } from './SecondFactorSignIn.js';

/** The second step (and the QR code library of its enrolment) loads only for the users who need it. */
const SecondFactorSignIn = lazy(() => import('./SecondFactorSignIn.js').then((m) => ({ default: m.SecondFactorSignIn })));

/** The second step a sign-in's answer asks for (issue 26 §2), if any. */
const secondStepOf = (error: unknown): SecondStep | null =>
  error instanceof SignInError && error.mfaToken
    ? error.code === 'mfa_required'
      ? { kind: 'code', mfaToken: error.mfaToken }
      : error.code === 'mfa_enrollment_required'
        ? { kind: 'enrol', mfaToken: error.mfaToken }
        : null
    : null;

/** Answers of the second step that end it: the user starts again from the password. */
const ENDS_SECOND_STEP: readonly string[] = [Texts.secondFactor.signIn.expired, Texts.signIn.locked, Texts.signIn.deactivated];

function isSignedIn(): boolean {
  const { token, user } = readState().account;
  const logoutAt = readLogoutAt();
  return Boolean(token && user && logoutAt && logoutAt > Date.now());
}

/**
 * /login: username and password; server errors as a bullet line; password_expired leads to /change-password;
 * mfa_required asks for a code, mfa_enrollment_required leads through setting up two-step sign-in (SecondFactorSignIn).
 */
export function LoginPage() {
  const login = useLogin();
  const notify = useNotify();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [second, setSecond] = useState<SecondStep | null>(null);

  if (isSignedIn()) return <Navigate to="/" replace />;

  const signIn = async (params: LoginParams) => {
    setBusy(true);
    setErrors([]);
    try {
      await login(params);
      const user = readState().account.user;
      if (user) notify(Texts.global.welcomeBack(user.FirstName, user.LastName), { type: 'success' });
    } catch (error) {
      if (error instanceof SignInError && error.code === 'password_expired') {
        navigate(PASSWORD_EXPIRED_ROUTE, { state: { username } });
        return;
      }
      const step = secondStepOf(error);
      if (step) {
        setPassword('');
        setSecond(step);
        return;
      }
      const message = (error as Error).message || Texts.global.noResponse;
      if (ENDS_SECOND_STEP.includes(message)) setSecond(null);
      setErrors([message]);
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void signIn({ username, password });
  };
  const errorList = errors.length > 0 && (
    <Box component="ul" role="alert" sx={{ color: 'error.main', pl: 2.5, mt: 2, mb: 0 }}>
      {errors.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </Box>
  );

  if (second) {
    return (
      <PublicPage title={Texts.secondFactor.signIn.codeStepTitle}>
        <Suspense fallback={<LinearProgress aria-label={Texts.secondFactor.signIn.codeStepTitle} />}>
          <SecondFactorSignIn
            step={second}
            busy={busy}
            complete={signIn}
            onBack={() => {
              setSecond(null);
              setErrors([]);
            }}
          />
        </Suspense>
        {errorList}
      </PublicPage>
    );
  }

  return (
    <PublicPage title="Sign in">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {Texts.global.restricted}
      </Typography>
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={2}>
          <TextField label="Username" name="username" autoComplete="username" autoFocus required value={username} onChange={(e) => setUsername(e.target.value)} />
          <TextField label="Password" name="password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {busy ? 'Signing in…' : 'Sign In'}
          </Button>
        </Stack>
        {errorList}
        <Stack direction="row" justifyContent="space-between" sx={{ mt: 2 }}>
          <MuiLink component={Link} to="/forgot-username" variant="body2">
            Forgot username?
          </MuiLink>
          <MuiLink component={Link} to="/forgot-password" variant="body2">
            Forgot password?
          </MuiLink>
        </Stack>
      </Box>
    </PublicPage>
  );
}
