import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Permissions } from '../../shared/permissions.js';
import { ItemTexts } from '../../shared/texts/items.js';
import { BASE, ITEMS, MANAGER, VIEWER, loadItemSlots, rowOf, setup, table } from './support/caseItemsList.js';

const T = ItemTexts;
type Json = Record<string, unknown>;

afterEach(() => vi.restoreAllMocks());

beforeAll(async () => {
  await loadItemSlots();
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
