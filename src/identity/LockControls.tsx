import { useState } from 'react';
import { Alert, Box, Button, Checkbox, FormControlLabel, FormHelperText, Stack, Typography } from '@mui/material';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import LockOpenOutlinedIcon from '@mui/icons-material/LockOpenOutlined';
import ForwardToInboxOutlinedIcon from '@mui/icons-material/ForwardToInboxOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify } from 'react-admin';
import { Limits } from '../../shared/constants.js';
import { formatLockDate, isoDay } from '../../shared/format.js';
import { Texts } from '../../shared/texts/index.js';
import type { DossierDataProvider } from '../../dataProvider/dataProvider.js';
import { failureMessage } from '../resources/writeFailure.js';
import { DateInput } from '../forms/inputs.js';
import type { ViewProps } from '../resources/views.js';

const T = Texts.identity.users;
const S = Texts.identity.screens;

/** A lock more than 50 years ahead counts as forever (spec 000 §4). */
function isForever(lockoutEnd: string | null, now = new Date()): boolean {
  const limit = new Date(now);
  limit.setFullYear(limit.getFullYear() + Limits.LOCK_FOREVER_YEARS);
  return Boolean(lockoutEnd) && new Date(lockoutEnd!).getTime() > limit.getTime();
}

/**
 * The user form's Account Status section (slot `userLockControls`, spec 000 §2, §4): active or deactivated until
 * a date or forever; deactivate (the date cannot be in the past, blank locks until reactivated, Forever disables
 * the date), reactivate, resend the verification mail. A refused lock shows the server's Message here; a change
 * refreshes the users list (the row's colour) without touching the form.
 */
export default function LockControls({ record }: ViewProps) {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [lockoutEnd, setLockoutEnd] = useState(() => (record?.LockoutEndDateUtc ?? null) as string | null);
  const [until, setUntil] = useState<string | null>(null);
  const [forever, setForever] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const id = Number(record.Id);
  const name = `${record.FirstName} ${record.LastName}`;
  const locked = Boolean(lockoutEnd) && new Date(lockoutEnd!).getTime() > Date.now();

  const run = async (action: () => Promise<{ LockoutEndDateUtc: string | null }>, success: string) => {
    setProblem(null);
    if (!forever && until && until < isoDay(new Date())) return setProblem(T.lockDateInPast);
    setBusy(true);
    try {
      const answer = await action();
      notify(success, { type: 'success' });
      setLockoutEnd(answer.LockoutEndDateUtc);
      setUntil(null);
      setForever(false);
      await queryClient.invalidateQueries({ queryKey: ['users', 'getList'] });
    } catch (error) {
      // The server's reason (a ModelState's messages before its generic Message); nothing when the session ended.
      setProblem(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={1.5}>
      {locked ? (
        <Alert severity="error" icon={<LockOutlinedIcon />} sx={{ alignItems: 'center' }}>
          {isForever(lockoutEnd) ? S.lockedForever : S.lockedUntil(formatLockDate(lockoutEnd))}
        </Alert>
      ) : (
        <Alert severity="success" icon={<LockOpenOutlinedIcon />} sx={{ alignItems: 'center' }}>
          {S.active}
          {record.EmailConfirmed === false && ` · ${S.unconfirmed}`}
        </Alert>
      )}
      {locked ? (
        <Box>
          <Button variant="outlined" color="success" startIcon={<LockOpenOutlinedIcon />} disabled={busy} onClick={() => run(() => dataProvider.callOperation('users', 'unlock', id), T.reactivated(name))}>
            Reactivate
          </Button>
        </Box>
      ) : (
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} alignItems={{ md: 'center' }}>
          <Box sx={{ width: { xs: '100%', md: 220 } }}>
            <DateInput label="Deactivate until" value={until} onChange={setUntil} disabled={forever || busy} limits={{ disableDatesBeforeToday: true }} dense />
          </Box>
          <FormControlLabel control={<Checkbox checked={forever} onChange={(e) => setForever(e.target.checked)} disabled={busy} />} label={T.forever} />
          <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
            <Button variant="outlined" color="error" startIcon={<LockOutlinedIcon />} disabled={busy} onClick={() => run(() => dataProvider.callOperation('users', 'lock', id, { LockUntil: forever ? null : until, LockForever: forever }), T.deactivated(name))}>
              Deactivate
            </Button>
            <Button
              variant="outlined"
              startIcon={<ForwardToInboxOutlinedIcon />}
              disabled={busy}
              onClick={() => run(() => dataProvider.resendVerification(id, forever ? null : until, forever), T.deactivated(name))}
            >
              Resend Verification
            </Button>
          </Stack>
        </Stack>
      )}
      {!locked && (
        <Typography variant="caption" color="text.secondary">
          Leave the date blank to deactivate until reactivated. Resending the verification mail deactivates the account until the address is confirmed.
        </Typography>
      )}
      {problem && (
        <FormHelperText error role="alert">
          {problem}
        </FormHelperText>
      )}
    </Stack>
  );
}
