import type { ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

export const CONFIRM_TITLE = 'Do you really want to do this?';
export const CANNOT_BE_UNDONE = 'This action cannot be undone.';

/** A confirmation modal (closes on Escape). */
export function ConfirmDialog({
  open,
  title = CONFIRM_TITLE,
  body,
  confirmLabel = 'Delete',
  onConfirm,
  onCancel,
  busy,
}: {
  open: boolean;
  title?: string;
  body?: ReactNode;
  confirmLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
}) {
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="confirm-title" maxWidth="xs" fullWidth>
      <DialogTitle id="confirm-title">{title}</DialogTitle>
      {body && (
        <DialogContent>
          <DialogContentText component="div">{body}</DialogContentText>
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button color="error" variant="contained" onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
