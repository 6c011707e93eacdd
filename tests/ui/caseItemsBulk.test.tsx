import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { useState, type ReactElement } from 'react';
import { RecordContextProvider } from 'react-admin';
import userEvent from '@testing-library/user-event';
import { isoDay } from '../../shared/format.js';
import { ItemTexts } from '../../shared/texts/items.js';
import { BASE, CASE, ITEMS, MANAGER, item, loadItemSlots, rowOf, setup } from './support/caseItemsList.js';
import { windowWidth } from './support/windowWidth.js';

const T = ItemTexts;
type Json = Record<string, unknown>;
type Request = { method: string; url: string; body: unknown };

/** The open Assign Items modal, found again each time (a modal mounted anew is another element). */
const assignItems = () => screen.getByRole('dialog', { name: 'Assign Items' });
/** A laptop's and a phone's window width (the browser tests' viewports). */
const VIEWPORT = { laptop: 1366, phone: 390 };
const posts = (calls: Request[], path: string) => calls.filter((c) => c.method === 'POST' && c.url === `${BASE}/${path}`).map((c) => c.body as Json);

afterEach(() => vi.restoreAllMocks());

beforeAll(async () => {
  await loadItemSlots();
});

/** Checks the rows of the items whose numbers are given, then opens the bulk modal behind `button`. */
async function openBulk(user: ReturnType<typeof userEvent.setup>, numbers: string[], button: string, title: string) {
  for (const number of numbers) await user.click(within(await rowOf(number)).getByRole('checkbox'));
  await user.click(await screen.findByRole('button', { name: button }));
  const dialog = await screen.findByRole('dialog', { name: title });
  // The server has said which of them the action may change (those are listed under their case, each with its
  // template and place).
  await waitFor(() => expect(within(dialog).queryByRole('progressbar', { name: T.bulk.checking })).toBeNull());
  return dialog;
}

describe('bulk actions on the checked items', () => {
  it('assigns to an investigator of the list (unassigned first, work status and miles with 2 decimals), then says so and clears the selection', async () => {
    const user = userEvent.setup();
    const server = setup(MANAGER);
    const dialog = await openBulk(user, ['001', '003'], 'Assign', 'Assign Items');
    expect(within(dialog).getByText('Item 001 · Personal Subject Interview')).toBeInTheDocument();
    expect(within(dialog).getByText('Subject home')).toBeInTheDocument();
    expect(within(dialog).getByText('(no location)')).toBeInTheDocument();
    expect(within(dialog).queryByText(/Item 002/)).toBeNull();
    await waitFor(() => expect(within(dialog).getAllByRole('radio')).toHaveLength(4));
    const labels = within(dialog).getAllByRole('radio').map((r) => r.closest('label')!.textContent);
    expect(labels).toEqual([`${T.bulk.unassigned}${T.bulk.unassignedHint}`, 'Vance, Ian3.50 mi', 'Tate, Cora87.13 mi', `Adams, Casey${T.bulk.distanceUnknown}`]);
    expect(within(dialog).getByRole('img', { name: 'Work status: Available' })).toBeInTheDocument();
    expect(within(dialog).getByTestId('investigator-list')).toHaveStyle({ maxHeight: '50vh' });
    expect(posts(server.calls, 'assign-list')).toEqual([{ ItemIds: [101, 103] }]);

    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await within(dialog).findByText('Investigator is required.')).toBeInTheDocument();
    expect(posts(server.calls, 'assign')).toEqual([]);
    await user.click(within(dialog).getByRole('radio', { name: /Tate, Cora/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText(T.toasts.assigned('DOS-2025-000007'))).toBeInTheDocument();
    expect(posts(server.calls, 'assign')).toEqual([{ Investigator_Id: 62, ItemIds: [101, 103] }]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Assign Items' })).toBeNull());
    await waitFor(() => expect(within(screen.getByText('Subject home').closest('tr')!).getByRole('checkbox')).not.toBeChecked());
    expect(within(await rowOf('003')).getByRole('checkbox')).not.toBeChecked();
  });

  it('unassigns with the unassigned option and says the items were unassigned', async () => {
    const user = userEvent.setup();
    const server = setup(MANAGER);
    const dialog = await openBulk(user, ['001'], 'Assign', 'Assign Items');
    await user.click(await within(dialog).findByRole('radio', { name: new RegExp(T.bulk.unassigned) }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText(T.toasts.unassigned)).toBeInTheDocument();
    expect(posts(server.calls, 'assign')).toEqual([{ Investigator_Id: null, ItemIds: [101] }]);
  });

  it('keeps the choice made in a modal while the page around it reads its case again', async () => {
    // The case page holds the case as its record and reads it again on a poll or a notice; a modal's form must not
    // take that record as its own and reset to it, wiping the investigator just chosen.
    let readAgain: () => void = () => undefined;
    function CasePageRecord({ children }: { children: ReactElement }) {
      const [record, setRecord] = useState<Json>({ ...CASE, LockedToName: null });
      readAgain = () => setRecord((r) => ({ ...r, LockedToName: 'Casey Adams' }));
      return <RecordContextProvider value={record}>{children}</RecordContextProvider>;
    }
    const user = userEvent.setup();
    const server = setup(MANAGER, { page: (list) => <CasePageRecord>{list}</CasePageRecord> });
    const dialog = await openBulk(user, ['001'], 'Assign', 'Assign Items');
    await user.click(await within(dialog).findByRole('radio', { name: new RegExp(T.bulk.unassigned) }));
    act(() => readAgain());
    expect(within(dialog).getByRole('radio', { name: new RegExp(T.bulk.unassigned) })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText(T.toasts.unassigned)).toBeInTheDocument();
    expect(posts(server.calls, 'assign')).toEqual([{ Investigator_Id: null, ItemIds: [101] }]);
  });

  it('keeps the choice made in a modal while the window switches between the laptop and phone layouts under it', async () => {
    // A window resized across the phone width (a turned tablet; Chromium's full-page screenshot, for a moment) swaps the
    // bulk buttons for the Actions menu under the open modal: the modal must stay the same one, with the user's choice.
    const width = windowWidth(VIEWPORT.laptop);
    const user = userEvent.setup();
    const server = setup(MANAGER);
    await openBulk(user, ['001'], 'Assign', 'Assign Items');
    await user.click(await within(assignItems()).findByRole('radio', { name: new RegExp(T.bulk.unassigned) }));
    width.resize(VIEWPORT.phone);
    expect(await screen.findByRole('button', { name: 'Actions', hidden: true })).toBeInTheDocument();
    width.resize(VIEWPORT.laptop);
    expect(await screen.findByRole('button', { name: 'Update ACDs', hidden: true })).toBeInTheDocument();
    expect(await within(assignItems()).findByRole('radio', { name: new RegExp(T.bulk.unassigned) })).toBeChecked();
    await user.click(within(assignItems()).getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText(T.toasts.unassigned)).toBeInTheDocument();
    expect(posts(server.calls, 'assign')).toEqual([{ Investigator_Id: null, ItemIds: [101] }]);
  });

  it('accepts the checked items and says so', async () => {
    const user = userEvent.setup();
    const server = setup(MANAGER);
    const dialog = await openBulk(user, ['002'], 'Accept', 'Accept Items');
    expect(within(dialog).getByText('Charlotte, NC')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText(T.toasts.accepted('DOS-2025-000007'))).toBeInTheDocument();
    expect(posts(server.calls, 'accept-items')).toEqual([{ ItemIds: [102] }]);
  });

  it('rejects with a reason (required) and says so', async () => {
    const user = userEvent.setup();
    const server = setup(MANAGER);
    const dialog = await openBulk(user, ['002'], 'Reject', 'Reject Items');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Reason is required.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Required information is missing');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText(T.toasts.rejected('DOS-2025-000007'))).toBeInTheDocument();
    expect(posts(server.calls, 'reject-items')).toEqual([{ Reason: 'Required information is missing', ItemIds: [102] }]);
  });

  it('submits for review the items the server lets through, and shows the sections a refused submit names, keeping the modal open', async () => {
    const user = userEvent.setup();
    let refuse: Json | null = { Message: T.submit.missingSections, Items: [{ Id: 101, DisplayId: 1, Reason: 'missingSections', Sections: ['Subject Interview', 'Neighbourhood'] }] };
    const server = setup(MANAGER, { override: ({ method, url }) => (method === 'POST' && url === `${BASE}/submit-items` && refuse ? { status: 409, body: refuse } : undefined) });
    const dialog = await openBulk(user, ['001', '003'], 'Submit', 'Submit Items For Review');
    // Item 003 awaits assignment: left out, with the server's reason.
    expect(await within(dialog).findByText(T.server.wrongStatus('003', 'Awaiting Assignment', 'be submitted for review'))).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    const alert = await within(dialog).findByRole('alert');
    expect(within(alert).getByText(T.submit.missingSections)).toBeInTheDocument();
    expect(within(alert).getByText(T.submit.missingSectionsList)).toBeInTheDocument();
    expect(within(alert).getByText('Item 001: Subject Interview, Neighbourhood')).toBeInTheDocument();

    refuse = { Message: T.submit.unfinishedSections, Items: [{ Id: 101, DisplayId: 1, Reason: 'unfinishedSections', Sections: ['Residence Verification'] }] };
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(within(within(dialog).getByRole('alert')).getByText(T.submit.unfinishedSections)).toBeInTheDocument());
    expect(within(dialog).getByText('Item 001: Residence Verification')).toBeInTheDocument();
    expect(within(dialog).queryByText(T.submit.missingSectionsList)).toBeNull();

    refuse = null;
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(T.toasts.submitted('DOS-2025-000007'))).toBeInTheDocument();
    expect(posts(server.calls, 'submit-items')).toEqual([{ ItemIds: [101] }, { ItemIds: [101] }, { ItemIds: [101] }]);
  });
});

describe('items a bulk action leaves out', () => {
  const ACCEPTED = item(104, 4, { Label: 'Employer', ItemStatus: 'ACCEPTED', CompletedDate: '2026-01-10T12:00:00.000Z' });

  it('Mass Reject with an accepted item checked: lists the item in review, says the accepted one is left out and why, and rejects the other', async () => {
    const user = userEvent.setup();
    const server = setup(MANAGER, { items: [...ITEMS, ACCEPTED] });
    const dialog = await openBulk(user, ['002', '004'], 'Reject', 'Reject Items');
    expect(posts(server.calls, 'eligible')).toEqual([{ Action: 'reject', ItemIds: [102, 104] }]);
    const leftOut = await within(dialog).findByRole('status', { name: 'Left out' });
    expect(leftOut).toHaveTextContent(T.bulk.leftOut(1));
    expect(within(leftOut).getByText(T.server.wrongStatus('004', 'Accepted', 'be rejected'))).toBeInTheDocument();
    const acting = within(dialog).getByRole('region', { name: 'Selected items' });
    expect(within(acting).getByText('Item 002 · Verification of Residence')).toBeInTheDocument();
    expect(within(acting).queryByText(/Item 004/)).toBeNull();
    expect(within(dialog).getByText(new RegExp(T.bulk.eligibleOf(1, 2)))).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Required information is missing');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText(T.toasts.rejected('DOS-2025-000007'))).toBeInTheDocument();
    expect(posts(server.calls, 'reject-items')).toEqual([{ Reason: 'Required information is missing', ItemIds: [102] }]);
  });

  it('says when none of the checked items can take the action, and offers no button to take it', async () => {
    const user = userEvent.setup();
    const server = setup(MANAGER, { items: [...ITEMS, ACCEPTED] });
    const dialog = await openBulk(user, ['001', '004'], 'Accept', 'Accept Items');
    expect(await within(dialog).findByText(T.bulk.noneEligible)).toBeInTheDocument();
    expect(within(dialog).getByText(T.server.wrongStatus('001', 'Assigned', 'be accepted'))).toBeInTheDocument();
    expect(within(dialog).getByText(T.server.wrongStatus('004', 'Accepted', 'be accepted'))).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Accept' })).toBeDisabled();
    expect(posts(server.calls, 'accept-items')).toEqual([]);
  });

  it('follows the choice in Assign Items: unassigning leaves out the item nobody works on', async () => {
    const user = userEvent.setup();
    const server = setup(MANAGER);
    const dialog = await openBulk(user, ['001', '003'], 'Assign', 'Assign Items');
    await waitFor(() => expect(within(dialog).getAllByRole('radio')).toHaveLength(4));
    expect(within(dialog).queryByRole('status', { name: 'Left out' })).toBeNull();
    await user.click(within(dialog).getByRole('radio', { name: new RegExp(T.bulk.unassigned) }));
    expect(await within(dialog).findByText(T.server.wrongStatus('003', 'Awaiting Assignment', 'be unassigned'))).toBeInTheDocument();
    expect(posts(server.calls, 'eligible')).toEqual([
      { Action: 'assign', ItemIds: [101, 103] },
      { Action: 'unassign', ItemIds: [101, 103] },
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText(T.toasts.unassigned)).toBeInTheDocument();
    expect(posts(server.calls, 'assign')).toEqual([{ Investigator_Id: null, ItemIds: [101] }]);
  });

  it('asks the server again after a refusal: an item that changed meanwhile is then left out', async () => {
    const user = userEvent.setup();
    const items = ITEMS.map((i) => ({ ...i }));
    const server = setup(MANAGER, {
      items,
      override: ({ method, url }) => {
        if (method !== 'POST' || url !== `${BASE}/accept-items`) return undefined;
        // Someone else accepted item 002 a moment ago.
        items[1].ItemStatus = 'ACCEPTED';
        return { status: 409, body: { Message: T.server.wrongStatus('002', 'Accepted', 'be accepted') } };
      },
    });
    const dialog = await openBulk(user, ['002'], 'Accept', 'Accept Items');
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(T.server.wrongStatus('002', 'Accepted', 'be accepted'));
    expect(await within(dialog).findByText(T.bulk.noneEligible)).toBeInTheDocument();
    expect(posts(server.calls, 'eligible')).toHaveLength(2);
    expect(within(dialog).getByRole('button', { name: 'Accept' })).toBeDisabled();
  });
});

describe('Update ACDs', () => {
  it('requires an ACD, offers no day before today, then sets it on the checked items and says so', async () => {
    const user = userEvent.setup();
    const server = setup(MANAGER);
    const dialog = await openBulk(user, ['001', '002'], 'Update ACDs', 'Update ACDs');
    await user.click(within(dialog).getByRole('button', { name: 'Update ACDs' }));
    expect(await within(dialog).findByText('ACD is required.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /Choose date/ }));
    const picker = await screen.findByRole('dialog', { name: /Select date/ });
    const today = new Date();
    const day = (n: number) => within(picker).getAllByRole('gridcell').find((cell) => cell.textContent === String(n))!;
    // The days before today are disabled; today is the first day offered.
    if (today.getDate() > 1) expect(day(today.getDate() - 1)).toBeDisabled();
    expect(day(today.getDate())).toBeEnabled();
    await user.click(day(today.getDate()));
    await user.click(within(picker).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Select date/ })).toBeNull());
    await user.click(await within(dialog).findByRole('button', { name: 'Update ACDs' }));
    expect(await screen.findByText(T.toasts.acdsUpdated('DOS-2025-000007'))).toBeInTheDocument();
    expect(posts(server.calls, 'set-acds')).toEqual([{ ACD: isoDay(today), ItemIds: [101, 102] }]);
  });
});

describe('refusals of a bulk call', () => {
  it('shows the server\'s reason and keeps the modal open', async () => {
    const user = userEvent.setup();
    const refusal = 'The case is inactive (on hold, discontinued or complete): it cannot be changed without Edit Inactive Cases.';
    setup(MANAGER, { override: ({ method, url }) => (method === 'POST' && url === `${BASE}/accept-items` ? { status: 409, body: { Message: refusal } } : undefined) });
    const dialog = await openBulk(user, ['002'], 'Accept', 'Accept Items');
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
    expect(screen.getAllByText(refusal)).toHaveLength(2);
    expect(screen.getByRole('dialog', { name: 'Accept Items' })).toBeInTheDocument();
  });

  it('puts a ModelState message of the modal\'s field under it', async () => {
    const user = userEvent.setup();
    setup(MANAGER, { override: ({ method, url }) => (method === 'POST' && url === `${BASE}/reject-items` ? { status: 400, body: { Message: 'Invalid.', ModelState: { Reason: ['Reason is too long.'] } } } : undefined) });
    const dialog = await openBulk(user, ['002'], 'Reject', 'Reject Items');
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Late');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Reason is too long.')).toBeInTheDocument();
  });
});
