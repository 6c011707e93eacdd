import { useSyncExternalStore } from 'react';

/**
 * Whether a modal dialog is showing, for the toasts (which must never sit over a dialog's buttons). Every MUI
 * dialog is portalled to the body as a `.MuiDialog-root`; one that is fading out after closing has a transparent
 * container and no longer counts, so a toast raised by the action that closed it goes to its usual place at once.
 */
export function dialogShowing(): boolean {
  if (typeof document === 'undefined') return false;
  for (const root of document.querySelectorAll<HTMLElement>('.MuiDialog-root:not(.MuiModal-hidden)')) {
    const container = root.querySelector<HTMLElement>(':scope > .MuiDialog-container');
    if (!container || container.style.opacity !== '0') return true;
  }
  return false;
}

function subscribe(onChange: () => void): () => void {
  if (typeof MutationObserver === 'undefined') return () => undefined;
  // Dialogs come and go as children of the body; their container's style says when one fades in or out.
  const dialogs = new MutationObserver(onChange);
  const watchDialogs = () => {
    dialogs.disconnect();
    for (const root of document.querySelectorAll('.MuiDialog-root')) {
      dialogs.observe(root, { attributes: true, attributeFilter: ['class'] });
      const container = root.querySelector(':scope > .MuiDialog-container');
      if (container) dialogs.observe(container, { attributes: true, attributeFilter: ['style'] });
    }
  };
  const body = new MutationObserver(() => {
    watchDialogs();
    onChange();
  });
  body.observe(document.body, { childList: true });
  watchDialogs();
  return () => {
    body.disconnect();
    dialogs.disconnect();
  };
}

/** True while a modal dialog is showing; the component re-renders when that changes. */
export function useDialogShowing(): boolean {
  return useSyncExternalStore(subscribe, dialogShowing, () => false);
}
