import { useEffect } from 'react';

/** Set on a table's scroll box while part of the table lies beyond its left edge. */
export const MORE_LEFT = 'data-more-left';
/** Set on a table's scroll box while part of the table lies beyond its right edge. */
export const MORE_RIGHT = 'data-more-right';

/**
 * Marks the scroll box around a table (its parent) with `data-more-left` / `data-more-right` while the table is wider
 * than the box and more of it lies that way, as the user scrolls and as the table or the box change size; the
 * table's styles draw the cue (a fade, a shadow). Attributes on the element rather than React state: scrolling never
 * renders the rows again.
 */
export function useScrollCue(table: HTMLElement | null): void {
  useEffect(() => {
    const box = table?.parentElement;
    if (!table || !box) return;
    const update = () => {
      const hidden = box.scrollWidth - box.clientWidth;
      box.toggleAttribute(MORE_LEFT, hidden > 1 && box.scrollLeft > 1);
      box.toggleAttribute(MORE_RIGHT, hidden > 1 && box.scrollLeft < hidden - 1);
    };
    update();
    box.addEventListener('scroll', update, { passive: true });
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    resized?.observe(box);
    resized?.observe(table);
    return () => {
      box.removeEventListener('scroll', update);
      resized?.disconnect();
    };
  }, [table]);
}
