import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Dialog, DialogActions, DialogTitle } from '@mui/material';
import { AdminContext, useNotify } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { Limits, Timing } from '../../shared/constants.js';
import { AppNotification, toastTopOverDialog } from '../../src/layout/AppNotification.js';
import { toast } from '../../src/layout/toast.js';

function renderToasts() {
  render(
    <AdminContext>
      <AppNotification />
    </AdminContext>,
  );
}

/** A page with a button that opens a dialog whose Cancel closes it, and the app's toasts. */
function DialogPage() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open</Button>
      <Dialog open={open} onClose={() => setOpen(false)}>
        <DialogTitle>Add Item</DialogTitle>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button variant="contained">Add</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** A screen's own toast, with no duration of its own (as a declared form's save). */
function Notifier() {
  const notify = useNotify();
  return <Button onClick={() => notify('Case was saved successfully.', { type: 'success' })}>Save</Button>;
}

/** The toast's Snackbar (by text: while a dialog is open, the page behind it is hidden from the accessibility tree). */
const toastFrame = (text: string) => screen.getByText(text).closest<HTMLElement>('.MuiSnackbar-root')!;

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

  it('shows the newer of two toasts raised together, for its own duration', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderToasts();
    act(() => {
      toast('You do not have permission to reorder the items of a case template.', 'warning');
      toast('The items could not be reordered.', 'error');
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The items could not be reordered.');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    act(() => vi.advanceTimersByTime(Timing.HELPER_TOAST_MS - 1000));
    // A newer one replaces the toast showing, and gets its whole time.
    act(() => toast('There was an error connecting to the server.', 'error'));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('There was an error connecting to the server.'));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    act(() => vi.advanceTimersByTime(Timing.HELPER_TOAST_MS - 1000));
    expect(screen.getByRole('alert')).toHaveTextContent('There was an error connecting to the server.');
    act(() => vi.advanceTimersByTime(2000));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
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

  it('closes after 6 seconds on the cases and items screens, and after 5 elsewhere', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    for (const [path, stays] of [['/cases/12', true], ['/items', true], ['/orgs/3/general', false]] as const) {
      const view = render(
        <MemoryRouter initialEntries={[path]}>
          <AdminContext>
            <Notifier />
            <AppNotification />
          </AdminContext>
        </MemoryRouter>,
      );
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByRole('status')).toHaveTextContent('Case was saved successfully.');
      // Past 5 seconds, and past the closing transition a 5-second toast would have started.
      act(() => vi.advanceTimersByTime(Timing.TOAST_MS + 400));
      act(() => vi.advanceTimersByTime(400));
      if (stays) {
        expect(screen.getByRole('status')).toBeInTheDocument();
        act(() => vi.advanceTimersByTime(Timing.CASE_TOAST_MS - Timing.TOAST_MS));
        act(() => vi.advanceTimersByTime(400));
      }
      await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
      view.unmount();
    }
  });

  it('moves to the top centre, above the backdrop, while a dialog is open, and back once it closes', async () => {
    render(
      <AdminContext>
        <DialogPage />
        <AppNotification />
      </AdminContext>,
    );
    const text = 'Some of your fields are missing required inputs.';
    act(() => toast(text, 'error'));
    await screen.findByRole('alert');
    expect(toastFrame(text)).toHaveClass('MuiSnackbar-anchorOriginBottomRight');

    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    await screen.findByRole('dialog');
    await waitFor(() => expect(toastFrame(text)).toHaveClass('MuiSnackbar-anchorOriginTopCenter'));
    expect(toastFrame(text)).not.toHaveClass('MuiSnackbar-anchorOriginBottomRight');
    const dialogRoot = document.querySelector<HTMLElement>('.MuiDialog-root')!;
    expect(Number(getComputedStyle(toastFrame(text)).zIndex)).toBeGreaterThan(Number(getComputedStyle(dialogRoot).zIndex));

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(toastFrame(text)).toHaveClass('MuiSnackbar-anchorOriginBottomRight'));
  });

  it('shows a toast raised while a dialog is open at the top centre', async () => {
    render(
      <AdminContext>
        <DialogPage />
        <AppNotification />
      </AdminContext>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    await screen.findByRole('dialog');
    act(() => toast('There was an error connecting to the server.', 'error'));
    expect(await screen.findByRole('alert')).toHaveTextContent('There was an error connecting to the server.');
    expect(toastFrame('There was an error connecting to the server.')).toHaveClass('MuiSnackbar-anchorOriginTopCenter');
  });

  it('sits below the header of a dialog that reaches the top of the window (a phone\'s full-screen dialog), at the top centre otherwise', async () => {
    // jsdom lays nothing out: the dialog's paper and title say where they are.
    let paperTop = 0;
    const rect = (top: number, height: number) => ({ top, bottom: top + height, left: 0, right: 390, width: 390, height, x: 0, y: top, toJSON: () => ({}) }) as DOMRect;
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      if (this.classList.contains('MuiDialogTitle-root')) return rect(paperTop, 64);
      if (this.classList.contains('MuiDialog-paper')) return rect(paperTop, 600);
      return rect(0, 0);
    });
    try {
      render(
        <AdminContext>
          <DialogPage />
          <AppNotification />
        </AdminContext>,
      );
      await userEvent.click(screen.getByRole('button', { name: 'Open' }));
      await screen.findByRole('dialog');
      expect(toastTopOverDialog()).toBe(72);
      const text = 'Subject Interview was updated.';
      act(() => toast(text, 'success'));
      await screen.findByText(text);
      await waitFor(() => expect(toastFrame(text).style.top).toBe('72px'));
      expect(toastFrame(text)).toHaveClass('MuiSnackbar-anchorOriginTopCenter');

      // A dialog with room above it (a short one on a laptop) leaves the toast at the top centre.
      paperTop = 240;
      expect(toastTopOverDialog()).toBeNull();
      act(() => window.dispatchEvent(new Event('resize')));
      await waitFor(() => expect(toastFrame(text).style.top).toBe(''));
    } finally {
      vi.restoreAllMocks();
    }
  });
});
