import { useEffect, useRef, useState } from 'react';
import { Alert, AlertTitle, Button, CircularProgress, Stack } from '@mui/material';
import LinkIcon from '@mui/icons-material/Link';
import { useCanAccess, useDataProvider, useNotify } from 'react-admin';
import orgInvoiceSettings from '../../resources/orgInvoiceSettings.js';
import type { DossierDataProvider } from '../../dataProvider/dataProvider.js';
import { failureOf } from '../../dataProvider/httpClient.js';
import { InvoiceTexts } from '../../shared/texts/invoices.js';
import { Texts } from '../../shared/texts/index.js';
import type { ViewProps } from '../resources/views.js';
import { listenForQboResult } from './qboChannel.js';

const T = InvoiceTexts.accounting;
/** The size of the QuickBooks pop-up: Intuit's sign-in and consent pages fit it. */
const POPUP_FEATURES = 'popup,width=640,height=720';

type Step = 'idle' | 'waiting' | 'saving' | 'blocked';

/**
 * The accounting service's companies did not load (the `qbo-customers` declaration's `listRefused` slot, spec 002
 * §2.1, §7). A 400 carrying the authorisation link in ModelState.Qbo[0] offers Connect to QuickBooks: the link opens
 * in a pop-up, the /qbo/auth page there hands back QuickBooks' answer, it is saved (POST /api/qbo/token) and the
 * companies are asked for again. Users who may not change invoice settings are told to ask one who may. Any other
 * failure says so, with a retry.
 */
export default function QboConnect({ error, onClose }: ViewProps) {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const notify = useNotify();
  const { canAccess: canConnect = false } = useCanAccess({ resource: orgInvoiceSettings.name, action: 'edit' });
  const [step, setStep] = useState<Step>('idle');
  const unsubscribe = useRef<(() => void) | null>(null);
  useEffect(() => () => unsubscribe.current?.(), []);

  const { status, modelState } = failureOf(error);
  const link = status === 400 ? modelState?.Qbo?.[0] : undefined;

  if (!link) {
    return (
      <Alert severity="error" action={<Button color="inherit" size="small" onClick={onClose}>{T.retry}</Button>}>
        {status ? T.connectFailed : Texts.global.noResponse}
      </Alert>
    );
  }

  const connect = () => {
    unsubscribe.current?.();
    unsubscribe.current = listenForQboResult((result) => {
      unsubscribe.current?.();
      unsubscribe.current = null;
      setStep('saving');
      dataProvider.callOperation('invoices', 'connectAccounting', { QboResult: result }).then(
        () => {
          setStep('idle');
          notify(T.connected, { type: 'success' });
          onClose?.();
        },
        (failure: unknown) => {
          setStep('idle');
          const { modelState: refusal } = failureOf(failure);
          notify(refusal?.QboResult?.[0] ?? T.tokenFailed, { type: 'error' });
        },
      );
    });
    const popup = window.open(link, 'dossier-qbo-auth', POPUP_FEATURES);
    setStep(popup ? 'waiting' : 'blocked');
  };

  const busy = step === 'waiting' || step === 'saving';
  return (
    <Alert
      severity="warning"
      action={
        canConnect ? (
          <Button color="inherit" size="small" startIcon={busy ? <CircularProgress size={14} color="inherit" /> : <LinkIcon />} disabled={step === 'saving'} onClick={connect}>
            {T.connect}
          </Button>
        ) : undefined
      }
    >
      <AlertTitle>{T.notConnected}</AlertTitle>
      <Stack spacing={0.5}>
        {!canConnect && <span>{T.askAdministrator}</span>}
        {step === 'waiting' && <span role="status">{T.waiting}</span>}
        {step === 'blocked' && <span role="alert">{T.popupBlocked}</span>}
      </Stack>
    </Alert>
  );
}
