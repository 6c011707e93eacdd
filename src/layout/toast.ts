import { Timing } from '../../shared/constants.js';

/**
 * The toast helper: toasts from outside React components (the auth provider, the HTTP client) reach
 * react-admin's notifier through this bridge, which the app's Notification component connects on mount. They
 * stay up for the helper's duration (spec 000 §9).
 */
export type ToastType = 'info' | 'success' | 'warning' | 'error';
type Notify = (message: string, options: { type: ToastType; autoHideDuration?: number }) => void;

let notify: Notify | null = null;
const pending: [string, ToastType][] = [];

const show = (fn: Notify, message: string, type: ToastType) => fn(message, { type, autoHideDuration: Timing.HELPER_TOAST_MS });

export function connectToasts(fn: Notify | null): void {
  notify = fn;
  if (fn) while (pending.length) {
    const [message, type] = pending.shift()!;
    show(fn, message, type);
  }
}

export function toast(message: string, type: ToastType = 'info'): void {
  if (notify) show(notify, message, type);
  else pending.push([message, type]);
}
