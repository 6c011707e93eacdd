import { useEffect, useState } from 'react';
import { Alert, Snackbar } from '@mui/material';
import { useNotificationContext, useNotify, useTranslate, type NotificationPayload } from 'react-admin';
import { Timing } from '../../shared/constants.js';
import { connectToasts } from './toast.js';
import { useDragAway } from './useDragAway.js';

/**
 * Toasts: bottom right, one at a time, closing after 5 seconds (or the duration the caller asks), paused while
 * hovered, closed by a click or by dragging them sideways; a newer toast replaces the one showing. Also connects the toast bridge used outside components.
 */
export function AppNotification() {
  const { notifications, takeNotification } = useNotificationContext();
  const notify = useNotify();
  const translate = useTranslate();
  const [current, setCurrent] = useState<NotificationPayload | undefined>();
  const [open, setOpen] = useState(false);
  const drag = useDragAway(() => setOpen(false));

  useEffect(() => {
    connectToasts((message, options) => notify(message, options));
    return () => connectToasts(null);
  }, [notify]);

  useEffect(() => {
    if (!current && notifications.length) {
      setCurrent(takeNotification() ?? undefined);
      setOpen(true);
    } else if (current && notifications.length) {
      // A newer toast is waiting: close this one now, so feedback is never held back behind older toasts.
      setOpen(false);
    }
  }, [notifications, current, takeNotification]);

  if (!current) return null;
  const { message, type = 'info', notificationOptions } = current;
  const text = typeof message === 'string' ? translate(message, { _: message, ...notificationOptions?.messageArgs }) : message;
  const close = () => setOpen(false);
  return (
    <Snackbar
      open={open}
      autoHideDuration={notificationOptions?.autoHideDuration ?? Timing.TOAST_MS}
      onClose={(_event, reason) => reason !== 'clickaway' && close()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
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
  );
}
