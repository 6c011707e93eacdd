import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { Limits, Timing } from '../../shared/constants.js';
import { AppNotification } from '../../src/layout/AppNotification.js';
import { toast } from '../../src/layout/toast.js';

function renderToasts() {
  render(
    <AdminContext>
      <AppNotification />
    </AdminContext>,
  );
}

/** Drags the toast sideways by `distance` pixels with the pointer. */
function drag(element: HTMLElement, distance: number) {
  fireEvent.pointerDown(element, { clientX: 400, pointerId: 1 });
  fireEvent.pointerMove(element, { clientX: 400 + distance / 2, pointerId: 1 });
  fireEvent.pointerMove(element, { clientX: 400 + distance, pointerId: 1 });
  fireEvent.pointerUp(element, { clientX: 400 + distance, pointerId: 1 });
  fireEvent.click(element);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('toasts', () => {
  it('closes on a click', async () => {
    renderToasts();
    act(() => toast('Security settings have been saved.', 'success'));
    const shown = await screen.findByRole('status');
    expect(shown).toHaveTextContent('Security settings have been saved.');
    fireEvent.click(shown);
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
  });

  it('springs back from a short drag and is dismissed by a long one', async () => {
    renderToasts();
    act(() => toast('Filename updated.', 'success'));
    const shown = await screen.findByRole('status');
    drag(shown, Limits.TOAST_DRAG_DISMISS_PX / 2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getByRole('status')).toHaveTextContent('Filename updated.');
    expect(shown.style.transform).toBe('');
    drag(shown, -(Limits.TOAST_DRAG_DISMISS_PX + 20));
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
  });

  it('keeps a toast from the helper up for the helper duration', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderToasts();
    act(() => toast('You have been logged out because you signed in on another device.', 'error'));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(Timing.TOAST_MS + 1000));
    expect(screen.getByRole('alert')).toHaveTextContent('You have been logged out because you signed in on another device.');
    act(() => vi.advanceTimersByTime(Timing.HELPER_TOAST_MS - Timing.TOAST_MS));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });
});
