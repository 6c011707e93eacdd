import { useEffect, useLayoutEffect, useState } from 'react';
import { Alert, Portal, Snackbar } from '@mui/material';
import { useNotificationContext, useNotify, useTranslate, type NotificationPayload } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { Timing } from '../../shared/constants.js';
import { useDialogShowing } from './openDialogs.js';
import { connectToasts } from './toast.js';
import { useDragAway } from './useDragAway.js';

/** Where toasts sit: bottom right, or top centre while a dialog is showing, so they never cover its buttons. */
export const TOAST_ANCHOR = { vertical: 'bottom', horizontal: 'right' } as const;
export const TOAST_ANCHOR_OVER_DIALOG = { vertical: 'top', horizontal: 'center' } as const;

/** The room a toast takes at the top of the window (its offset, two lines of text and a gap): a dialog lower than this leaves it room. */
const TOAST_ROOM_PX = 104;
/** The gap between a dialog's header and a toast placed under it. */
const TOAST_GAP_PX = 8;

/**
 * Where a toast's top goes while a dialog shows, in pixels from the top of the window; null for the usual top centre.
 * A dialog that starts lower than a toast's room (most dialogs on a laptop) leaves the top of the window free. One that
 * reaches the top — a full-screen dialog on a phone, a tall editor on a laptop — would have its header (the title:
 * which section is being edited) covered there, so the toast goes just below the header of the dialog on top.
 */
export function toastTopOverDialog(): number | null {
  if (typeof document === 'undefined') return null;
  const roots = [...document.querySelectorAll<HTMLElement>('.MuiDialog-root:not(.MuiModal-hidden)')];
  const paper = roots[roots.length - 1]?.querySelector<HTMLElement>('.MuiDialog-paper');
  if (!paper) return null;
  const box = paper.getBoundingClientRect();
  if (box.top >= TOAST_ROOM_PX) return null;
  const header = paper.querySelector<HTMLElement>('.MuiDialogTitle-root');
  const headerBottom = header ? header.getBoundingClientRect().bottom : box.top;
  return Math.max(0, Math.round(headerBottom + TOAST_GAP_PX));
}

/** `toastTopOverDialog` while a dialog shows, measured again as the window changes size; null otherwise. */
function useTopOverDialog(overDialog: boolean, serial: number): number | null {
  const [top, setTop] = useState<number | null>(null);
  useLayoutEffect(() => {
    if (!overDialog) {
      setTop(null);
      return;
    }
    const measure = () => setTop(toastTopOverDialog());
    measure();
    // A dialog that has just opened may still be laying out its header.
    const frame = requestAnimationFrame(measure);
    window.addEventListener('resize', measure);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', measure);
    };
  }, [overDialog, serial]);
  return top;
}

/** The screens of cases and items (spec 001), whose toasts close after 6 s (spec 001 §9); others' after 5 s. */
const CASE_AREA = /^\/(cases|items)(\/|$)/;

/** How long a toast stays when its caller does not say: by the area of the screen it shows on. */
export const toastDurationAt = (pathname: string) => (CASE_AREA.test(pathname) ? Timing.CASE_TOAST_MS : Timing.TOAST_MS);

/**
 * Toasts: bottom right (top centre, above the backdrop, while a dialog is showing — below the dialog's header when the
 * dialog reaches the top of the window), one at a time, closing after
 * 5 seconds — 6 on the cases and items screens — (or the duration the caller asks), paused while hovered, closed by a click or by dragging them
 * sideways; a newer toast replaces the one showing. Also connects the toast bridge used outside components.
 */
export function AppNotification() {
  const { notifications, takeNotification } = useNotificationContext();
  const notify = useNotify();
  const translate = useTranslate();
  const [current, setCurrent] = useState<NotificationPayload | undefined>();
  const [open, setOpen] = useState(false);
  // Counts the toasts shown: each has a Snackbar of its own, with its own entrance and timer.
  const [serial, setSerial] = useState(0);
  const drag = useDragAway(() => setOpen(false));
  const { reset: resetDrag } = drag;
  const overDialog = useDialogShowing();
  const topOverDialog = useTopOverDialog(overDialog, serial);
  const { pathname } = useLocation();

  useEffect(() => {
    connectToasts((message, options) => notify(message, options));
    return () => connectToasts(null);
  }, [notify]);

  useEffect(() => {
    if (!notifications.length) return;
    // A newer toast replaces the one showing at once, so feedback is never held back behind older toasts (nor
    // lost when two come together, before the first has even appeared).
    const next = takeNotification();
    if (!next) return;
    resetDrag();
    setCurrent(next);
    setOpen(true);
    setSerial((n) => n + 1);
  }, [notifications, takeNotification, resetDrag]);

  if (!current) return null;
  const { message, type = 'info', notificationOptions } = current;
  const text = typeof message === 'string' ? translate(message, { _: message, ...notificationOptions?.messageArgs }) : message;
  const close = () => setOpen(false);
  // In a portal of its own at the end of the page, so it stacks above a dialog's backdrop.
  return (
    <Portal>
      <Snackbar
        key={serial}
        open={open}
        autoHideDuration={notificationOptions?.autoHideDuration ?? toastDurationAt(pathname)}
        onClose={(_event, reason) => reason !== 'clickaway' && close()}
        anchorOrigin={overDialog ? TOAST_ANCHOR_OVER_DIALOG : TOAST_ANCHOR}
        // Clear of a dialog's header when the dialog reaches the top of the window (a phone's full-screen dialog).
        style={overDialog && topOverDialog !== null ? { top: topOverDialog } : undefined}
        sx={{ zIndex: (theme) => theme.zIndex.snackbar }}
        slotProps={{
          transition: {
            onExited: () => {
              drag.reset();
              setCurrent(undefined);
            },
          },
        }}
      >
        <Alert
          severity={type}
          variant="filled"
          onClick={close}
          {...drag.handlers}
          role={type === 'error' || type === 'warning' ? 'alert' : 'status'}
          style={drag.style}
          sx={{ cursor: 'pointer', minWidth: 280, maxWidth: 480, boxShadow: 3, userSelect: 'none' }}
        >
          {text}
        </Alert>
      </Snackbar>
    </Portal>
  );
}
