import { useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField, Typography, useMediaQuery } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import UndoIcon from '@mui/icons-material/Undo';
import { useCanAccess, useDataProvider, useNotify } from 'react-admin';
import type { DossierDataProvider } from '../../../dataProvider/dataProvider.js';
import { itemNumber } from '../../../resources/caseItems.js';
import { submitRefusal } from '../../../shared/sectionCompleteness.js';
import { ItemTexts } from '../../../shared/texts/items.js';
import { MOBILE_QUERY } from '../../layout/TopBar.js';
import { failureText } from '../../resources/writeFailure.js';
import { useLookupItems } from '../../session/useLookups.js';
import type { ItemDetail } from '../../../schemas/types.js';
import { sectionRef } from '../itemDetail.js';

const T = ItemTexts;
const RESOURCE = 'case-items';
/** The list the item page's rejection reasons come from (spec 001 §5). */
const REJECTION_REASONS = 'RejectionReasonType';

/** A refused submit's toast: the spec's sentence, then what is missing or unfinished. */
function SubmitRefusalText({ message, lead, sections }: { message: string; lead?: string; sections: readonly string[] }) {
  return (
    <Box>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {message}
      </Typography>
      {lead && <Typography variant="body2">{lead}</Typography>}
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {sections.map((name) => (
          <li key={name}>
            <Typography variant="body2">{name}</Typography>
          </li>
        ))}
      </Box>
    </Box>
  );
}

/** Reject with a reason chosen from the Rejection Reason Type list; its description is sent (spec 001 §5). */
function RejectDialog({ busy, onReject, onClose }: { busy: boolean; onReject(reason: string): void; onClose(): void }) {
  const reasons = useLookupItems(REJECTION_REASONS);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const fullScreen = useMediaQuery(MOBILE_QUERY);
  const missing = touched && !reason;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="reject-item-title">
      <DialogTitle id="reject-item-title">{T.page.rejectTitle}</DialogTitle>
      <DialogContent>
        <TextField
          select
          fullWidth
          required
          margin="dense"
          label={T.page.rejectReason}
          value={reason}
          error={missing}
          helperText={missing ? T.page.rejectReasonRequired : ' '}
          onChange={(event) => setReason(event.target.value)}
          onBlur={() => setTouched(true)}
        >
          {reasons.map((r) => (
            <MenuItem key={r.Id} value={r.Description || r.Short}>
              {r.Description || r.Short}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          color="error"
          disabled={busy}
          onClick={() => {
            setTouched(true);
            if (reason) onReject(reason);
          }}
        >
          {T.page.reject}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The item page's workflow buttons (spec 001 §4, §5): Submit for Review (in progress) or Resubmit (rejected) for users
 * who may update item status — after the required-sections checks, the same ones the server makes again — and
 * Accept / Reject (in review) for reviewers. A step taken reloads the item and its history.
 */
export function ItemWorkflowButtons({ item, onStepTaken }: { item: ItemDetail; onStepTaken(): void }) {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const notify = useNotify();
  const { canAccess: maySubmit = false } = useCanAccess({ resource: RESOURCE, action: 'submit' });
  const { canAccess: mayReview = false } = useCanAccess({ resource: RESOURCE, action: 'review' });
  const [busy, setBusy] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const number = itemNumber(item);
  const status = item.ItemStatus;
  const canSubmit = maySubmit && (status === 'ASSIGNED' || status === 'REJECTED');
  const canReview = mayReview && status === 'IN_REVIEW';
  if (!canSubmit && !canReview) return null;

  const run = async (call: () => Promise<unknown>, success: string, failed: string) => {
    setBusy(true);
    try {
      await call();
      notify(success, { type: 'success' });
      setRejecting(false);
      onStepTaken();
    } catch (error) {
      const text = failureText(error, failed);
      if (text) notify(text, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const submit = () => {
    const refusal = submitRefusal(item.AvailableSections, item.Sections.map(sectionRef));
    if (refusal?.kind === 'missingSections') {
      notify(<SubmitRefusalText message={T.submit.missingSections} lead={T.submit.missingSectionsList} sections={refusal.sections} />, { type: 'error' });
      return;
    }
    if (refusal?.kind === 'unfinishedSections') {
      notify(<SubmitRefusalText message={T.submit.unfinishedSections} sections={refusal.sections} />, { type: 'error' });
      return;
    }
    void run(() => dataProvider.callOperation('caseItems', 'submitItem', item.Case_Id, item.Id), T.page.submitted(number), T.submit.failed);
  };

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
      {canSubmit && (
        <Button variant="contained" startIcon={<SendIcon />} disabled={busy} onClick={submit}>
          {status === 'REJECTED' ? T.page.resubmit : T.page.submit}
        </Button>
      )}
      {canReview && (
        <>
          <Button variant="contained" color="success" startIcon={<TaskAltIcon />} disabled={busy} onClick={() => void run(() => dataProvider.callOperation('caseItems', 'acceptItem', item.Case_Id, item.Id), T.page.accepted(number), T.page.acceptFailed)}>
            {T.page.accept}
          </Button>
          <Button variant="outlined" color="error" startIcon={<UndoIcon />} disabled={busy} onClick={() => setRejecting(true)}>
            {T.page.reject}
          </Button>
        </>
      )}
      {rejecting && (
        <RejectDialog
          busy={busy}
          onClose={() => setRejecting(false)}
          onReject={(reason) => void run(() => dataProvider.callOperation('caseItems', 'rejectItem', item.Case_Id, item.Id, { Reason: reason }), T.page.rejectedToast(number), T.page.rejectFailed)}
        />
      )}
    </Stack>
  );
}
