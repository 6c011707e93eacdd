import { useCallback, useRef, useState, type MouseEvent, type PointerEvent } from 'react';
import { Limits } from '../../shared/constants.js';

/** Moves shorter than this count as a click, not a drag. */
const CLICK_SLOP_PX = 5;

/**
 * Lets a toast be dragged sideways: past Limits.TOAST_DRAG_DISMISS_PX it is dismissed, a shorter drag springs
 * back. A drag never counts as the click that also closes the toast.
 */
export function useDragAway(onAway: () => void) {
  const start = useRef<number | null>(null);
  const dragged = useRef(false);
  const [offset, setOffset] = useState(0);
  const [dragging, setDragging] = useState(false);

  const reset = useCallback(() => {
    start.current = null;
    setDragging(false);
    setOffset(0);
  }, []);

  const handlers = {
    onPointerDown(event: PointerEvent<HTMLElement>) {
      start.current = event.clientX;
      dragged.current = false;
      setDragging(true);
      event.currentTarget.setPointerCapture?.(event.pointerId);
    },
    onPointerMove(event: PointerEvent<HTMLElement>) {
      if (start.current === null) return;
      const distance = event.clientX - start.current;
      if (Math.abs(distance) > CLICK_SLOP_PX) dragged.current = true;
      setOffset(distance);
    },
    onPointerUp(event: PointerEvent<HTMLElement>) {
      if (start.current === null) return;
      const distance = event.clientX - start.current;
      start.current = null;
      setDragging(false);
      if (Math.abs(distance) > Limits.TOAST_DRAG_DISMISS_PX) onAway();
      else setOffset(0);
    },
    onPointerCancel: reset,
    onClickCapture(event: MouseEvent<HTMLElement>) {
      if (!dragged.current) return;
      dragged.current = false;
      event.stopPropagation();
    },
  };

  const style = {
    transform: offset ? `translateX(${offset}px)` : undefined,
    opacity: 1 - Math.min(Math.abs(offset) / (Limits.TOAST_DRAG_DISMISS_PX * 2), 0.6),
    transition: dragging ? 'none' : 'transform 150ms ease-out, opacity 150ms ease-out',
    touchAction: 'pan-y',
  } as const;

  return { handlers, style, reset };
}
