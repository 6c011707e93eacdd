import { useState, type FormEvent } from 'react';
import { Box, Button, Link as MuiLink, Stack, TextField, Typography } from '@mui/material';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { useLogin, useNotify } from 'react-admin';
import { Texts } from '../../shared/texts/index.js';
import { readState } from '../../dataProvider/session.js';
import { PublicPage } from '../layout/PublicPage.js';
import { readLogoutAt } from './logoutClock.js';
import { PASSWORD_EXPIRED_ROUTE, SignInError } from './authProvider.js';

function isSignedIn(): boolean {
  const { token, user } = readState().account;
  const logoutAt = readLogoutAt();
  return Boolean(token && user && logoutAt && logoutAt > Date.now());
}

/** /login: username and password; server errors as a bullet line; password_expired leads to /change-password. */
export function LoginPage() {
  const login = useLogin();
  const notify = useNotify();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  if (isSignedIn()) return <Navigate to="/" replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors([]);
    try {
      await login({ username, password });
      const user = readState().account.user;
      if (user) notify(Texts.global.welcomeBack(user.FirstName, user.LastName), { type: 'success' });
    } catch (error) {
      if (error instanceof SignInError && error.code === 'password_expired') {
        navigate(PASSWORD_EXPIRED_ROUTE, { state: { username } });
        return;
      }
      setErrors([(error as Error).message || Texts.global.noResponse]);
    } finally {
      setBusy(false);
    }
  };

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
        {errors.length > 0 && (
          <Box component="ul" role="alert" sx={{ color: 'error.main', pl: 2.5, mt: 2, mb: 0 }}>
            {errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </Box>
        )}
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
