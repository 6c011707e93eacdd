import { act } from '@testing-library/react';
import { vi } from 'vitest';

/** Whether a media query's width conditions hold at `width` (other conditions never hold: jsdom has no screen). */
function matchesAt(query: string, width: number): boolean {
  const max = /max-width:\s*([\d.]+)px/.exec(query);
  const min = /min-width:\s*([\d.]+)px/.exec(query);
  if (!max && !min) return false;
  return (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]));
}

/**
 * The window's width as CSS media queries see it (jsdom has no layout): MUI's `useMediaQuery` answers by it, and
 * `resize(width)` tells every query's listeners, as a browser does when the window is resized. Restored by
 * `vi.restoreAllMocks()`.
 */
export function windowWidth(initial: number) {
  let width = initial;
  const listeners = new Set<() => void>();
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        get matches() {
          return matchesAt(query, width);
        },
        media: query,
        onchange: null,
        addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
        removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
        addListener: (listener: () => void) => listeners.add(listener),
        removeListener: (listener: () => void) => listeners.delete(listener),
        dispatchEvent: () => false,
      }) as unknown as MediaQueryList,
  );
  return {
    resize(next: number) {
      act(() => {
        width = next;
        for (const listener of [...listeners]) listener();
      });
    },
  };
}
