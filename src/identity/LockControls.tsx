import { useState } from 'react';
import { Alert, Box, Button, Checkbox, FormControlLabel, FormHelperText, Stack, Typography } from '@mui/material';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import LockOpenOutlinedIcon from '@mui/icons-material/LockOpenOutlined';
import ForwardToInboxOutlinedIcon from '@mui/icons-material/ForwardToInboxOutlined';
import { useDataProvider, useNotify } from 'react-admin';
import { isoDay } from '../../shared/format.js';
import { Texts } from '../../shared/texts/index.js';
import type { DossierDataProvider } from '../../dataProvider/dataProvider.js';
import { DateInput } from '../forms/inputs.js';
import { FormSection } from './EntryList.js';
import { isForever, isLocked, lockEndLabel, serverMessage } from './userModel.js';

const T = Texts.identity.users;
const S = Texts.identity.screens;

/**
 * Deactivate / reactivate an account and resend its verification mail (spec 000 §2, §4): the date cannot be in the
 * past, blank locks indefinitely, Forever disables the date. A refused lock shows the server's Message here.
 */
export function LockControls({
  user,
  onChanged,
}: {
  user: { Id: number; FirstName: string; LastName: string; LockoutEndDateUtc: string | null; EmailConfirmed?: boolean };
  onChanged: (lockoutEnd: string | null) => void;
}) {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const notify = useNotify();
  const [until, setUntil] = useState<string | null>(null);
  const [forever, setForever] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const name = `${user.FirstName} ${user.LastName}`;
  const locked = isLocked(user.LockoutEndDateUtc);

  const run = async (action: () => Promise<{ LockoutEndDateUtc: string | null }>, success: string) => {
    setProblem(null);
    if (!forever && until && until < isoDay(new Date())) {
      setProblem(T.lockDateInPast);
      return;
    }
    setBusy(true);
    try {
      const answer = await action();
      notify(success, { type: 'success' });
      onChanged(answer.LockoutEndDateUtc);
      setUntil(null);
      setForever(false);
    } catch (error) {
      setProblem(serverMessage(error, (error as Error).message));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormSection title="Account Status">
      <Stack spacing={1.5}>
        {locked ? (
          <Alert severity="error" icon={<LockOutlinedIcon />} sx={{ alignItems: 'center' }}>
            {isForever(user.LockoutEndDateUtc) ? S.lockedForever : S.lockedUntil(lockEndLabel(user.LockoutEndDateUtc))}
          </Alert>
        ) : (
          <Alert severity="success" icon={<LockOpenOutlinedIcon />} sx={{ alignItems: 'center' }}>
            {S.active}
            {user.EmailConfirmed === false && ` · ${S.unconfirmed}`}
          </Alert>
        )}
        {locked ? (
          <Box>
            <Button
              variant="outlined"
              color="success"
              startIcon={<LockOpenOutlinedIcon />}
              disabled={busy}
              onClick={() => run(() => dataProvider.unlockUser(user.Id), T.reactivated(name))}
            >
              Reactivate
            </Button>
          </Box>
        ) : (
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} alignItems={{ md: 'center' }}>
            <Box sx={{ width: { xs: '100%', md: 220 } }}>
              <DateInput label="Deactivate until" value={until} onChange={setUntil} disabled={forever || busy} limits={{ disableDatesBeforeToday: true }} />
            </Box>
            <FormControlLabel control={<Checkbox checked={forever} onChange={(e) => setForever(e.target.checked)} disabled={busy} />} label={T.forever} />
            <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
              <Button
                variant="outlined"
                color="error"
                startIcon={<LockOutlinedIcon />}
                disabled={busy}
                onClick={() => run(() => dataProvider.lockUser(user.Id, forever ? null : until, forever), T.deactivated(name))}
              >
                Deactivate
              </Button>
              <Button
                variant="outlined"
                startIcon={<ForwardToInboxOutlinedIcon />}
                disabled={busy}
                onClick={() => run(() => dataProvider.resendVerification(user.Id, forever ? null : until, forever), T.deactivated(name))}
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
    </FormSection>
  );
}
