import { useEffect } from 'react';

/** Whether the user is typing somewhere (a shortcut key then types instead). */
const typing = () => {
  const active = document.activeElement;
  return active instanceof HTMLElement && (active.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(active.tagName));
};

/** The declared create shortcut: the key opens the create form when nothing else has the keyboard. */
export function useCreateShortcut(key: string | undefined, enabled: boolean, open: () => void) {
  useEffect(() => {
    if (!key || !enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || typing() || document.querySelector('[role="dialog"]')) return;
      if (event.key.toLowerCase() !== key.toLowerCase()) return;
      event.preventDefault();
      open();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [key, enabled, open]);
}
