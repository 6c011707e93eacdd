import { useEffect, useRef, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useDataProvider, useLogout } from 'react-admin';
import { Timing } from '../../shared/constants.js';
import { Texts } from '../../shared/texts/index.js';
import { onServerCall } from '../../dataProvider/httpClient.js';
import { readState, writeState } from '../../dataProvider/session.js';
import type { DossierDataProvider } from '../../dataProvider/dataProvider.js';
import { toast } from '../layout/toast.js';
import { currentTimeoutMs, extendLogoutClock, formatCountdown, readLogoutAt, warningLeadMs } from './logoutClock.js';

const ACTIVITY_EVENTS = ['load', 'mousemove', 'mousedown', 'click', 'scroll', 'keypress'] as const;

/**
 * The automatic-logout guard: activity pushes the logout time forward (and, at most once a minute, tells the
 * server so its idle clock agrees); near the end a modal counts down "Your session will end in m:ss" each second;
 * at zero — or when the stored logout time is missing or past — the user is signed out.
 */
export function SessionGuard() {
  const logout = useLogout();
  const dataProvider = useDataProvider<DossierDataProvider>();
  const [remainingMs, setRemainingMs] = useState<number | null>(null);
  const lastServerCall = useRef(Date.now());
  const lastActivity = useRef(0);
  const ended = useRef(false);

  useEffect(() => onServerCall(() => (lastServerCall.current = Date.now())), []);

  const stay = () => {
    extendLogoutClock();
    setRemainingMs(null);
  };

  useEffect(() => {
    const end = () => {
      if (ended.current) return;
      ended.current = true;
      // No session at all: a sign-out (Log Out, a 419, another tab) cleared it and says why itself; only a session
      // whose time ran out is "expired".
      if (readState().account.token) toast(Texts.global.sessionExpired, 'warning');
      logout();
    };
    const check = () => {
      const logoutAt = readLogoutAt();
      const now = Date.now();
      if (logoutAt === null || logoutAt <= now) return end();
      const left = logoutAt - now;
      setRemainingMs(left <= warningLeadMs(currentTimeoutMs()) ? left : null);
    };
    const onActivity = () => {
      const now = Date.now();
      if (now - lastActivity.current < 1000 || ended.current) return;
      lastActivity.current = now;
      const logoutAt = readLogoutAt();
      if (logoutAt === null || logoutAt <= now) return end();
      extendLogoutClock(now);
      setRemainingMs(null);
      if (now - lastServerCall.current > Timing.SESSION_KEEPALIVE_MS) {
        lastServerCall.current = now;
        dataProvider
          .getSecuritySettings()
          .then((settings) => writeState((s) => ({ ...s, account: { ...s.account, autoLogoutMinutes: settings.AutoLogoutTime } })))
          .catch(() => undefined);
      }
    };
    check();
    const timer = window.setInterval(check, 1000);
    // Captured on the way down, so activity inside a dialog or a scrolling panel counts too (scroll does not bubble).
    for (const event of ACTIVITY_EVENTS) window.addEventListener(event, onActivity, { passive: true, capture: true });
    return () => {
      window.clearInterval(timer);
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, onActivity, { capture: true });
    };
  }, [logout, dataProvider]);

  return (
    // Escape closes it as every modal does: the user is there, so the session goes on.
    <Dialog open={remainingMs !== null} aria-labelledby="session-timeout-title" onClose={stay}>
      <DialogTitle id="session-timeout-title">Are you still there?</DialogTitle>
      <DialogContent>
        <Typography role="timer" aria-live="polite">
          {Texts.global.sessionEndsIn(formatCountdown(remainingMs ?? 0))}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => logout()}>Log Out</Button>
        <Button variant="contained" onClick={stay}>
          Stay signed in
        </Button>
      </DialogActions>
    </Dialog>
  );
}
