import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { Button, Dialog, DialogTitle } from '@mui/material';
import { RecordContextProvider, TextInput, useInput } from 'react-admin';
import { ModalForm, useModal } from '../../src/resources/ModalForm.js';
import { renderWithAdmin } from './support/renderWithAdmin.js';

type Values = Record<string, unknown>;

/** A choice whose value is null, as Assign Items' Unassigned is (no choice at all is undefined). */
function UnassignedChoice() {
  const { field } = useInput<number | null | undefined>({ source: 'Investigator_Id', format: (value) => value, parse: (value: number | null | undefined) => value });
  return (
    <Button aria-pressed={field.value === null} onClick={() => field.onChange(null)}>
      Unassigned
    </Button>
  );
}

/**
 * A page with a button that opens a modal form, as the bulk actions do; `remount()` mounts the open modal anew
 * (whatever does it in the app: a layout switch above it, a boundary), `readRecordAgain()` gives the page a new record.
 */
function setup() {
  const submitted: Values[] = [];
  const controls = { remount: () => undefined as void, readRecordAgain: () => undefined as void };
  function Page({ children }: { children: ReactNode }) {
    const [record, setRecord] = useState<Values>({ id: 7, Reason: 'The page’s own', Investigator_Id: 61 });
    controls.readRecordAgain = () => setRecord((r) => ({ ...r, Reason: 'Read again' }));
    return <RecordContextProvider value={record}>{children}</RecordContextProvider>;
  }
  function Opener() {
    const modal = useModal();
    const [mounted, setMounted] = useState(0);
    controls.remount = () => setMounted((m) => m + 1);
    return (
      <>
        <Button onClick={() => modal.open(true)}>Open</Button>
        {modal.opened && (
          <Dialog key={mounted} open onClose={modal.close} aria-labelledby="note-title">
            <DialogTitle id="note-title">Note</DialogTitle>
            <ModalForm draft={modal.opened.draft} onSubmit={(values: Values) => void submitted.push(values)}>
              <TextInput source="Reason" label="Reason" />
              <UnassignedChoice />
              <Button type="submit">Save</Button>
              <Button onClick={modal.close}>Cancel</Button>
            </ModalForm>
          </Dialog>
        )}
      </>
    );
  }
  renderWithAdmin(
    <Page>
      <Opener />
    </Page>,
  );
  return { submitted, ...controls };
}

const note = () => screen.getByRole('dialog', { name: 'Note' });

afterEach(() => vi.restoreAllMocks());

describe('a modal form', () => {
  it('starts from a record of its own, not the page\'s record around it, and keeps what is entered when that record is read again', async () => {
    const user = userEvent.setup();
    const page = setup();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const reason = within(await screen.findByRole('dialog', { name: 'Note' })).getByRole('textbox', { name: 'Reason' });
    expect(reason).toHaveValue('');
    await user.type(reason, 'Lost keys');
    act(() => page.readRecordAgain());
    expect(within(note()).getByRole('textbox', { name: 'Reason' })).toHaveValue('Lost keys');
  });

  it('keeps what the user entered, a null choice too, when it is mounted again while the modal stays open, and submits it', async () => {
    const user = userEvent.setup();
    const page = setup();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.type(within(await screen.findByRole('dialog', { name: 'Note' })).getByRole('textbox', { name: 'Reason' }), 'Lost keys');
    await user.click(within(note()).getByRole('button', { name: 'Unassigned' }));
    const before = note();
    act(() => page.remount());
    await waitFor(() => expect(note()).not.toBe(before));
    expect(within(note()).getByRole('textbox', { name: 'Reason' })).toHaveValue('Lost keys');
    expect(within(note()).getByRole('button', { name: 'Unassigned' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(note()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(page.submitted).toHaveLength(1));
    expect(page.submitted[0]).toMatchObject({ Reason: 'Lost keys', Investigator_Id: null });
  });

  it('opens empty again after it was closed', async () => {
    const user = userEvent.setup();
    setup();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.type(within(await screen.findByRole('dialog', { name: 'Note' })).getByRole('textbox', { name: 'Reason' }), 'Lost keys');
    await user.click(within(note()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Note' })).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(within(await screen.findByRole('dialog', { name: 'Note' })).getByRole('textbox', { name: 'Reason' })).toHaveValue('');
    expect(within(note()).getByRole('button', { name: 'Unassigned' })).toHaveAttribute('aria-pressed', 'false');
  });
});
