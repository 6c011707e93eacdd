import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { useState, type ReactElement } from 'react';
import { RecordContextProvider } from 'react-admin';
import userEvent from '@testing-library/user-event';
import { Permissions } from '../../shared/permissions.js';
import { isoDay } from '../../shared/format.js';
import { ItemTexts } from '../../shared/texts/items.js';
import { Texts } from '../../shared/texts/index.js';
import { ResourceListOf } from '../../src/resources/SchemaList.js';
import { fakeServer, signedInAs } from './support/fakeServer.js';
import { eligibilityOf } from './support/itemEligibility.js';
import { renderAt } from './support/renderApp.js';
import { renderWithAdmin } from './support/renderWithAdmin.js';
import { windowWidth } from './support/windowWidth.js';

const P = Permissions;
const T = ItemTexts;
type Json = Record<string, unknown>;
type Request = { method: string; url: string; body: unknown };
type Answer = { status?: number; body?: unknown } | undefined;

/** A case manager: every item permission. */
const MANAGER = [
  P.Items.VIEW_ITEMS,
  P.Items.CREATE_ITEMS,
  P.Items.DELETE_ITEMS,
  P.Items.REORDER_ITEMS,
  P.CaseItems.EDIT_CASE_ITEMS,
  P.ItemAssignments.ADD_ITEM_ASSIGNMENTS,
  P.CaseItems.MANAGE_CASE_ITEM_DEADLINES,
  P.CaseItems.REVIEW_CASE_ITEMS,
  P.CaseItems.UPDATE_CASE_ITEM_STATUS,
];
const VIEWER = [P.Items.VIEW_ITEMS];

const CASE = { id: 7, Id: 7, CaseNumber: 'DOS-2025-000007', WorkflowState: 'IN_PROCESS', CaseStatusType: 'NORMAL' };
const REGIONS = {
  TableName: 'RegionType',
  FormattedTableName: 'Region Type',
  IsDynamic: false,
  Types: [
    { Id: 41, Short: 'SC', Description: 'South Carolina', Hidden: false },
    { Id: 42, Short: 'NC', Description: 'North Carolina', Hidden: false },
  ],
};

const item = (Id: number, DisplayId: number, overrides: Json = {}): Json => ({
  Id,
  Case_Id: 7,
  DisplayId,
  ItemType_Id: 5,
  ItemType: { Id: 5, Description: 'Personal Subject Interview' },
  ACD: '2026-12-05',
  Label: null,
  Address1: null,
  Address2: null,
  City: null,
  RegionType_Id: null,
  PostalCode: null,
  Location: { Region: null },
  ShowInReport: true,
  ItemStatus: 'AWAITING_ASSIGNMENT',
  AssignedTo_Id: null,
  AssignedTo: null,
  CompletedDate: null,
  RejectionReason: null,
  HasAttachments: false,
  ...overrides,
});

const ITEMS = [
  item(101, 1, { Label: 'Subject home', ItemStatus: 'ASSIGNED', AssignedTo_Id: 61, AssignedTo: { Id: 61, FirstName: 'Ian', LastName: 'Vance' }, HasAttachments: true }),
  item(102, 2, { City: 'Charlotte', RegionType_Id: 42, Location: { Region: { Id: 42, Short: 'NC' } }, ItemStatus: 'IN_REVIEW', ItemType: { Id: 6, Description: 'Verification of Residence' }, ItemType_Id: 6 }),
  item(103, 3),
];

const INVESTIGATORS = [
  { Id: 61, FirstName: 'Ian', LastName: 'Vance', WorkStatus: { Id: 1, Short: 'AVAILABLE', Description: 'Available' }, AverageDistance: 3.5 },
  { Id: 62, FirstName: 'Cora', LastName: 'Tate', WorkStatus: { Id: 2, Short: 'BUSY', Description: 'Busy' }, AverageDistance: 87.126 },
  { Id: 63, FirstName: 'Casey', LastName: 'Adams', WorkStatus: null, AverageDistance: null },
];

const BASE = '/api/cases/7/items';

/**
 * The case's items list (the real ResourceList of `case-items` under the case) against a server holding `items`;
 * `override` answers first. The server says which items a bulk action may change by their status; bulk calls answer
 * the items they name.
 */
function setup(roles: string[], options: { items?: Json[]; override?: (request: Request) => Answer; page?: (list: ReactElement) => ReactElement } = {}) {
  const items = options.items ?? ITEMS;
  const server = fakeServer((request) => {
    const answer = options.override?.(request);
    if (answer) return answer;
    const { method, url, body } = request;
    if (method === 'GET' && url === BASE) return { body: items };
    if (method === 'GET' && url === `${BASE}/available`) return { body: [{ Id: 6, Description: 'Verification of Residence' }, { Id: 5, Description: 'Personal Subject Interview' }] };
    const one = new RegExp(`^${BASE}/(\\d+)$`).exec(url);
    if (method === 'GET' && one) return { body: { ...items.find((i) => String(i.Id) === one[1]), LockedReason: null, Sections: [], AvailableSections: [] } };
    if (method === 'PUT' && one) return { body: { ...items.find((i) => String(i.Id) === one[1]), ...(body as Json), LockedReason: null } };
    if (method === 'DELETE' && one) return { body: items.find((i) => String(i.Id) === one[1]) };
    if (method === 'POST' && url === BASE) return { body: item(104, 4, body as Json) };
    if (method === 'PUT' && url === `${BASE}/swap`) return { body: { 101: 2, 102: 1, 103: 3 } };
    if (method === 'POST' && url === `${BASE}/assign-list`) return { body: INVESTIGATORS };
    if (method === 'POST' && url === `${BASE}/eligible`) return { body: eligibilityOf(items, body) };
    if (method === 'POST' && url.startsWith(`${BASE}/`)) return { body: items.filter((i) => ((body as Json).ItemIds as number[]).includes(i.Id as number)) };
    if (method === 'GET' && url.startsWith('/api/') && !url.startsWith('/api/live')) return { body: [] };
    return undefined;
  });
  signedInAs(roles, {}, [], [REGIONS]);
  const list = <ResourceListOf resource="case-items" parent={CASE} />;
  renderWithAdmin(options.page ? options.page(list) : list);
  return server;
}

const table = () => screen.findByRole('table', { name: 'Items of case DOS-2025-000007' }, { timeout: 15_000 });
const rowOf = async (text: string) => (await within(await table()).findByText(text)).closest('tr')! as HTMLElement;
/** The open Assign Items modal, found again each time (a modal mounted anew is another element). */
const assignItems = () => screen.getByRole('dialog', { name: 'Assign Items' });
/** A laptop's and a phone's window width (the browser tests' viewports). */
const VIEWPORT = { laptop: 1366, phone: 390 };
const posts = (calls: Request[], path: string) => calls.filter((c) => c.method === 'POST' && c.url === `${BASE}/${path}`).map((c) => c.body as Json);

afterEach(() => vi.restoreAllMocks());

beforeAll(async () => {
  // Slots load lazily; load them first so the timeouts measure the screens, not the transform.
  await Promise.all([
    import('../../src/items/ItemNumberCell.js'),
    import('../../src/items/ItemMoveButtons.js'),
    import('../../src/items/ItemEditor.js'),
    import('../../src/items/ItemBulkActions.js'),
  ]);
});

describe('the items table of a case', () => {
  it('shows the per-case columns: the padded number with a paperclip, place, assignee, ACD, status badge, type and completion', async () => {
    setup(MANAGER);
    const items = await table();
    const headers = within(items).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Item No', 'Location', 'Assignee', 'ACD', 'Item Status', 'Item Type', 'Completed Date', 'Actions']));
    expect(headers).not.toContain('Case #');
    const first = await rowOf('001');
    expect(within(first).getByTitle(T.table.hasAttachments)).toBeInTheDocument();
    expect(within(first).getByText('Subject home')).toBeInTheDocument();
    expect(within(first).getByText('Vance, Ian')).toBeInTheDocument();
    expect(within(first).getByText('12/05/26')).toBeInTheDocument();
    expect(within(first).getByText('Assigned')).toBeInTheDocument();
    const second = await rowOf('002');
    expect(within(second).getByText('Charlotte, NC')).toBeInTheDocument();
    expect(within(second).getByText('In Review')).toBeInTheDocument();
    expect(within(second).queryByTitle(T.table.hasAttachments)).toBeNull();
    expect(within(await rowOf('003')).getByText('(no location)')).toBeInTheDocument();
  });
});

describe('search boxes and links', () => {
  it('narrows the items by Location/City/State (label, address, city or state), last name and item template', async () => {
    const user = userEvent.setup();
    setup(MANAGER);
    await rowOf('003');
    const location = screen.getByRole('textbox', { name: 'Location/City/State' });
    await user.type(location, 'nc');
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Items of case DOS-2025-000007' })).queryByText('001')).toBeNull());
    expect(await rowOf('002')).toBeTruthy();
    await user.clear(location);
    await user.type(screen.getByRole('textbox', { name: 'Last Name' }), 'vance');
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Items of case DOS-2025-000007' })).queryByText('002')).toBeNull());
    expect(await rowOf('001')).toBeTruthy();
    await user.clear(screen.getByRole('textbox', { name: 'Last Name' }));
    await user.type(screen.getByRole('textbox', { name: 'Item Template' }), 'residence');
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Items of case DOS-2025-000007' })).queryByText('001')).toBeNull());
    expect(await rowOf('002')).toBeTruthy();
    await user.clear(screen.getByRole('textbox', { name: 'Item Template' }));
    expect(await rowOf('001')).toBeTruthy();
  });

  it('links the item number and the pencil to the item page for users who may edit items', async () => {
    setup([...MANAGER, Permissions.Items.EDIT_ITEMS]);
    const items = await table();
    expect((await within(items).findByRole('link', { name: /^001/ })).getAttribute('href')).toBe('/cases/7/items/101');
    expect((await within(items).findByRole('link', { name: /^Edit Item 001/ })).getAttribute('href')).toBe('/cases/7/items/101');
  });
});

describe('row actions', () => {
  it('deletes an item after the confirmation, then says so', async () => {
    const user = userEvent.setup();
    const server = setup(MANAGER);
    await user.click(within(await rowOf('002')).getByRole('button', { name: 'Delete Item 002' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText(T.table.deleteBody)).toBeInTheDocument();
    expect(server.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(T.toasts.deleted('DOS-2025-000007'))).toBeInTheDocument();
    expect(server.calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([`${BASE}/102`]);
  });

  it('moves an item up or down by swapping it with its neighbour, then says so and reads the items again', async () => {
    const user = userEvent.setup();
    const server = setup(MANAGER);
    const first = await rowOf('001');
    expect(within(first).getByRole('button', { name: 'Move up Item 001' })).toBeDisabled();
    expect(within(await rowOf('003')).getByRole('button', { name: 'Move down Item 003' })).toBeDisabled();
    const reads = () => server.calls.filter((c) => c.method === 'GET' && c.url === BASE).length;
    const before = reads();
    await user.click(within(first).getByRole('button', { name: 'Move down Item 001' }));
    expect(await screen.findByText(T.toasts.reordered)).toBeInTheDocument();
    await waitFor(() => expect(within(first).getByRole('button', { name: 'Move down Item 001' })).toBeEnabled());
    await user.click(within(await rowOf('003')).getByRole('button', { name: 'Move up Item 003' }));
    const swaps = () => server.calls.filter((c) => c.method === 'PUT' && c.url === `${BASE}/swap`).map((c) => c.body);
    await waitFor(() => expect(swaps()).toHaveLength(2));
    expect(swaps()).toEqual([
      { SwapFromItem_Id: 101, SwapToItem_Id: 102 },
      { SwapFromItem_Id: 103, SwapToItem_Id: 102 },
    ]);
    await waitFor(() => expect(reads()).toBeGreaterThan(before));
  });

  it('offers no move with a single item', async () => {
    setup(MANAGER, { items: [ITEMS[0]] });
    const only = await rowOf('001');
    expect(within(only).getByRole('button', { name: 'Delete Item 001' })).toBeInTheDocument();
    expect(within(only).queryByRole('button', { name: /Move/ })).toBeNull();
  });
});

describe('Add Item', () => {
  it('requires an item template of the case\'s offer, then adds the item and says so', async () => {
    const user = userEvent.setup();
    const server = setup(MANAGER);
    await table();
    await user.click(await screen.findByRole('button', { name: 'Add Item' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Item' });
    expect(within(dialog).queryByText('Show In Report')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Add Item' }));
    expect(await within(dialog).findByText('Item Template is required.')).toBeInTheDocument();
    expect(server.calls.some((c) => c.method === 'POST')).toBe(false);

    // The ACD picker offers no day before today.
    await user.click(within(dialog).getByRole('button', { name: /Choose date/ }));
    const picker = await screen.findByRole('dialog', { name: /Select date/ });
    const today = new Date().getDate();
    const cell = (n: number) => within(picker).getAllByRole('gridcell').find((c) => c.textContent === String(n))!;
    if (today > 1) expect(cell(today - 1)).toBeDisabled();
    expect(cell(today)).toBeEnabled();
    await user.click(within(picker).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Select date/ })).toBeNull());

    await user.click(within(dialog).getByRole('combobox', { name: /Item Template/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent).filter(Boolean)).toEqual(['Personal Subject Interview', 'Verification of Residence']);
    await user.click(screen.getByRole('option', { name: 'Verification of Residence' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Location/Description' }), 'Old home');
    await user.type(within(dialog).getByRole('textbox', { name: 'City' }), 'Columbia');
    await user.click(within(dialog).getByRole('combobox', { name: 'Region' }));
    await user.click(await screen.findByRole('option', { name: 'South Carolina' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Item' }));
    expect(await screen.findByText(T.toasts.created('DOS-2025-000007'))).toBeInTheDocument();
    const created = server.calls.filter((c) => c.method === 'POST' && c.url === BASE).map((c) => c.body as Json);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ ItemType_Id: 6, Label: 'Old home', City: 'Columbia', RegionType_Id: 41, ACD: null });
    expect(created[0]).not.toHaveProperty('ShowInReport');
    expect(server.calls.some((c) => c.method === 'GET' && c.url === `${BASE}/available`)).toBe(true);
  });
});

describe('the inline item form', () => {
  it('shows the item template read only and saves the changed fields with it once something changed', async () => {
    const user = userEvent.setup();
    const server = setup(MANAGER);
    await user.click(within(await rowOf('001')).getByRole('button', { name: 'Edit Item 001' }));
    const form = await screen.findByRole('form', { name: 'Edit Item 001' });
    // The item is read again: the form works on the item page's answer (its lock).
    expect(server.calls.some((c) => c.method === 'GET' && c.url === `${BASE}/101`)).toBe(true);
    const template = within(form).getByRole('textbox', { name: 'Item Template' });
    expect(template).toHaveValue('Personal Subject Interview');
    expect(template).toBeDisabled();
    expect(within(form).getByText('Show In Report')).toBeInTheDocument();
    const save = within(form).getByRole('button', { name: 'Save Changes' });
    expect(save).toBeDisabled();
    const label = within(form).getByRole('textbox', { name: 'Location/Description' });
    await user.clear(label);
    await user.type(label, 'Subject office');
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    expect(await screen.findByText(T.toasts.updated('001'))).toBeInTheDocument();
    const put = server.calls.find((c) => c.method === 'PUT' && c.url === `${BASE}/101`)!.body as Json;
    // The update payload (spec 001 §3): the create fields, the unchanged item template repeated, and Show In Report.
    expect(put).toEqual({ ItemType_Id: 5, ACD: '2026-12-05', Label: 'Subject office', Address1: null, Address2: null, City: null, RegionType_Id: null, PostalCode: null, ShowInReport: true });
  });

  it('says why a locked item cannot be changed and keeps Save Changes disabled', async () => {
    const user = userEvent.setup();
    const reason = 'The item is in review: it cannot be changed without Edit Items In Review.';
    setup(MANAGER, { override: ({ method, url }) => (method === 'GET' && url === `${BASE}/102` ? { body: { ...ITEMS[1], LockedReason: reason } } : undefined) });
    await user.click(await rowOf('002'));
    const form = await screen.findByRole('form', { name: 'Edit Item 002' });
    expect(within(form).getByText(reason)).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Save Changes' })).toBeDisabled();
    expect(within(form).getByRole('textbox', { name: 'Location/Description' })).toBeDisabled();
  });

  it('shows the form read only, without Save Changes, to a user who may not edit items', async () => {
    const user = userEvent.setup();
    setup(VIEWER);
    await user.click(within(await rowOf('001')).getByRole('button', { name: 'View Item 001' }));
    const form = await screen.findByRole('form', { name: 'Edit Item 001' });
    expect(within(form).getByRole('textbox', { name: 'Location/Description' })).toBeDisabled();
    expect(within(form).queryByRole('button', { name: 'Save Changes' })).toBeNull();
  });
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

describe('who sees what', () => {
  /** The bulk buttons a user with `roles` gets once an item is checked. */
  const bulkButtons = async (roles: string[], first: string) => {
    const user = userEvent.setup();
    setup(roles);
    await user.click(within(await rowOf('001')).getByRole('checkbox'));
    await screen.findByRole('button', { name: first });
    return ['Assign', 'Update ACDs', 'Accept', 'Reject', 'Submit'].filter((name) => screen.queryByRole('button', { name }));
  };

  it('gives a user who may only view items no checks, no add, delete or move, and the form read only', async () => {
    setup(VIEWER);
    const first = await rowOf('001');
    expect(within(first).queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Item' })).toBeNull();
    expect(within(first).queryByRole('button', { name: /Delete|Move|Edit/ })).toBeNull();
    expect(within(first).getByRole('button', { name: 'View Item 001' })).toBeInTheDocument();
  });

  it('shows each row action to holders of its permission only', async () => {
    setup([P.Items.VIEW_ITEMS, P.Items.REORDER_ITEMS]);
    const first = await rowOf('001');
    expect(await within(first).findByRole('button', { name: 'Move down Item 001' })).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: 'Delete Item 001' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Item' })).toBeNull();
  });

  it('shows Add Item and delete to their holders, without move', async () => {
    setup([P.Items.VIEW_ITEMS, P.Items.CREATE_ITEMS, P.Items.DELETE_ITEMS]);
    const first = await rowOf('001');
    expect(await screen.findByRole('button', { name: 'Add Item' })).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Delete Item 001' })).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: /Move/ })).toBeNull();
  });

  it.each([
    ['assigners', [P.ItemAssignments.ADD_ITEM_ASSIGNMENTS], ['Assign']],
    ['deadline managers', [P.CaseItems.MANAGE_CASE_ITEM_DEADLINES], ['Update ACDs']],
    ['reviewers', [P.CaseItems.REVIEW_CASE_ITEMS], ['Accept', 'Reject']],
    ['investigators', [P.CaseItems.UPDATE_CASE_ITEM_STATUS], ['Submit']],
    ['case managers', MANAGER, ['Assign', 'Update ACDs', 'Accept', 'Reject', 'Submit']],
  ])('gives %s their bulk buttons only', async (_who, roles, expected) => {
    expect(await bulkButtons([P.Items.VIEW_ITEMS, ...roles], expected[0])).toEqual(expected);
  });
});

describe('the items on the case page and in the cases list', () => {
  const theCase = (overrides: Json = {}): Json => ({
    Id: 7,
    CaseNumber: 'DOS-2025-000007',
    Client_Id: 3,
    RequestingOfficial_Id: 5,
    CaseStatusType: 'NORMAL',
    WorkflowState: 'IN_PROCESS',
    ReceivedDate: '2025-03-03',
    ScheduledDate: '2025-03-10',
    DueDate: null,
    CompletionDate: null,
    CaseType_Id: 21,
    LockedTo_Id: null,
    CaseType: { Id: 21, Short: 'T1', Description: 'Tier 1 Background' },
    Org: { Id: 3, Name: 'Department of Commerce', Code: 'DOC' },
    Subject: { Id: 9, FirstName: 'Jordan', MiddleName: null, LastName: 'Whitfield', SSN: '*****4821' },
    Steps: [],
    LockedReason: null,
    ...overrides,
  });
  /** A case on hold, as the server answers it to a user who may not edit inactive cases: locked, with the reason. */
  const ON_HOLD = { WorkflowState: 'HOLD', CaseStatusType: 'HOLD', LockedReason: Texts.cases.server.inactive };

  /** The app at `path` against a server holding the case and its items. */
  function app(path: string, record: Json, roles: string[]) {
    const server = fakeServer(({ method, url }) => {
      if (method === 'GET' && url === '/api/cases/7?ssn=masked') return { body: record };
      if (method === 'GET' && url === '/api/workflows/cases/7') return { body: { ...record, LockedToName: null } };
      if (method === 'POST' && url === '/api/cases/search') {
        const listed = { Id: 7, CaseNumber: 'DOS-2025-000007', CaseName: 'Whitfield', Code: 'DOC', WorkflowState: record.WorkflowState, CaseStatusType: record.CaseStatusType, LockedReason: record.LockedReason };
        return { body: { cases: [listed], pageCount: 1, total: 1, totalIsExact: true, Columns: { hidden: [], labels: {} } } };
      }
      if (method === 'GET' && url === BASE) return { body: ITEMS };
      if (method === 'GET' && url.startsWith('/api/') && !url.startsWith('/api/live')) return { body: [] };
      return undefined;
    });
    signedInAs(roles, {}, [], [REGIONS]);
    renderAt(path);
    return server;
  }
  const CASES = [P.Cases.VIEW_CASES, P.Cases.EDIT_CASES];

  beforeAll(async () => {
    await Promise.all([import('../../src/cases/CasePage.js'), import('../../src/cases/CaseFilters.js'), import('../../src/cases/CaseBulkActions.js')]);
  });

  it('lists the items under the case, with their actions while the case is open', async () => {
    app('/cases/7', theCase(), [...CASES, ...MANAGER]);
    const items = await screen.findByRole('table', { name: 'Items of case DOS-2025-000007' }, { timeout: 15_000 });
    await within(items).findByText('Subject home');
    expect(await screen.findByRole('button', { name: 'Add Item' })).toBeInTheDocument();
    expect(within(within(items).getByText('Subject home').closest('tr')!).getByRole('checkbox')).toBeInTheDocument();
  });

  it('only shows the items of a case on hold to a user who may not edit inactive cases', async () => {
    app('/cases/7', theCase(ON_HOLD), [...CASES, ...MANAGER]);
    const items = await screen.findByRole('table', { name: 'Items of case DOS-2025-000007' }, { timeout: 15_000 });
    const row = (await within(items).findByText('Subject home')).closest('tr')!;
    await screen.findByRole('note');
    expect(within(row).queryByRole('checkbox')).toBeNull();
    expect(within(row).queryByRole('button', { name: /Delete|Move/ })).toBeNull();
    expect(within(row).getByRole('button', { name: 'View Item 001' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Item' })).toBeNull();
  });

  it('expands a row of the cases list into the case\'s items', async () => {
    const user = userEvent.setup();
    app('/cases', theCase(), [...CASES, ...MANAGER]);
    const cases = await screen.findByRole('table', { name: 'Cases' }, { timeout: 15_000 });
    await within(cases).findByText('DOS-2025-000007');
    // react-admin's expand button is hidden from assistive technology (the row itself opens the case).
    const expand = await waitFor(() => within(within(cases).getByText('DOS-2025-000007').closest('tr')!).getByLabelText('Expand'));
    await user.click(expand);
    const items = await screen.findByRole('table', { name: 'Items of case DOS-2025-000007' });
    expect(await within(items).findByText('Vance, Ian')).toBeInTheDocument();
  });

  it('expands a row of a case on hold into its items read only for a user who may not edit inactive cases', async () => {
    const user = userEvent.setup();
    const expandCase = async () => {
      const cases = await screen.findByRole('table', { name: 'Cases' }, { timeout: 15_000 });
      await within(cases).findByText('DOS-2025-000007');
      await user.click(await waitFor(() => within(within(cases).getByText('DOS-2025-000007').closest('tr')!).getByLabelText('Expand')));
      const items = await screen.findByRole('table', { name: 'Items of case DOS-2025-000007' });
      return (await within(items).findByText('Subject home')).closest('tr')!;
    };
    app('/cases', theCase(ON_HOLD), [...CASES, ...MANAGER]);
    const row = await expandCase();
    // The server refuses item changes on an inactive case without Edit Inactive Cases: the row offers none.
    await waitFor(() => expect(within(row).getByRole('button', { name: 'View Item 001' })).toBeInTheDocument());
    expect(within(row).queryByRole('checkbox')).toBeNull();
    expect(within(row).queryByRole('button', { name: /Delete|Move/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Item' })).toBeNull();
  });

  it('expands a row of a case on hold into its items to change for a user who may edit inactive cases', async () => {
    const user = userEvent.setup();
    app('/cases', theCase({ WorkflowState: 'HOLD', CaseStatusType: 'HOLD' }), [...CASES, ...MANAGER, P.Cases.EDIT_INACTIVE_CASES]);
    const cases = await screen.findByRole('table', { name: 'Cases' }, { timeout: 15_000 });
    await within(cases).findByText('DOS-2025-000007');
    await user.click(await waitFor(() => within(within(cases).getByText('DOS-2025-000007').closest('tr')!).getByLabelText('Expand')));
    const items = await screen.findByRole('table', { name: 'Items of case DOS-2025-000007' });
    await within(items).findByText('Subject home');
    expect(await screen.findByRole('button', { name: 'Add Item' })).toBeInTheDocument();
  });
});
