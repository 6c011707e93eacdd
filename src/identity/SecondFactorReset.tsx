import { useEffect, useState } from 'react';
import { Alert, Box, Button, FormHelperText, Stack } from '@mui/material';
import VerifiedUserOutlinedIcon from '@mui/icons-material/VerifiedUserOutlined';
import { Confirm, useDataProvider, useNotify } from 'react-admin';
import type { SecondFactorStatus } from '../../schemas/types.js';
import { Texts } from '../../shared/texts/index.js';
import type { DossierDataProvider } from '../../dataProvider/dataProvider.js';
import { failureMessage } from '../resources/writeFailure.js';
import type { ViewProps } from '../resources/views.js';

const R = Texts.secondFactor.reset;

/**
 * The user form's Two-Step Sign-In section (issue 26 §2), for users who may edit the user: whether the user's factor
 * is on, and Reset (after a confirmation), which removes it — audited on the server. Set up again at their next
 * sign-in when their groups require it.
 */
export default function SecondFactorReset({ record }: ViewProps) {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const notify = useNotify();
  const [status, setStatus] = useState<SecondFactorStatus | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const id = Number(record?.Id);
  useEffect(() => {
    if (!id) return;
    let live = true;
    dataProvider
      .callOperation('secondFactor', 'userStatus', id)
      .then((answer) => live && setStatus(answer))
      .catch((error: unknown) => live && setProblem(failureMessage(error)));
    return () => {
      live = false;
    };
  }, [dataProvider, id]);
  if (!record) return null;
  const name = `${record.FirstName} ${record.LastName}`;

  const reset = async () => {
    setConfirming(false);
    setBusy(true);
    setProblem(null);
    try {
      setStatus(await dataProvider.callOperation('secondFactor', 'reset', id));
      notify(R.done(name), { type: 'success' });
    } catch (error) {
      setProblem(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={1.5}>
      {status && (
        <Alert severity={status.Enabled ? 'success' : 'info'} icon={<VerifiedUserOutlinedIcon />} sx={{ alignItems: 'center' }}>
          {status.Enabled ? R.on : R.off}
          {status.Enabled && ` ${Texts.secondFactor.recovery.left(status.RecoveryCodesLeft)}`}
        </Alert>
      )}
      {status?.Enabled && (
        <Box>
          <Button variant="outlined" color="warning" disabled={busy} onClick={() => setConfirming(true)}>
            {R.action}
          </Button>
        </Box>
      )}
      {problem && (
        <FormHelperText error role="alert">
          {problem}
        </FormHelperText>
      )}
      <Confirm isOpen={confirming} title={Texts.global.confirmTitle} content={R.confirm(name)} confirm={R.action} cancel="Cancel" confirmColor="warning" onConfirm={reset} onClose={() => setConfirming(false)} />
    </Stack>
  );
}
