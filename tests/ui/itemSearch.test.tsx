import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Permissions } from '../../shared/permissions.js';
import { ItemTexts } from '../../shared/texts/items.js';
import { fakeServer, signedInAs } from './support/fakeServer.js';
import { eligibilityOf } from './support/itemEligibility.js';
import { renderAt } from './support/renderApp.js';

/** Item search at /items (spec 001 §2 "Item search (/items)"): the all-cases items table and its status panel. */
type Json = Record<string, unknown>;
type Request = { method: string; url: string; body: unknown };

const item = (Id: number, overrides: Json = {}): Json => ({
  Id,
  Case_Id: 7,
  DisplayId: Id,
  ItemType_Id: 3,
  ACD: '2026-12-02',
  Label: null,
  City: 'Columbia',
  RegionType_Id: 4,
  ItemStatus: 'ASSIGNED',
  AssignedTo_Id: 9,
  CompletedDate: null,
  ItemType: { Id: 3, Description: 'Employment Check' },
  Location: { Label: null, City: 'Columbia', Region: { Id: 4, Short: 'SC' } },
  AssignedTo: { Id: 9, FirstName: 'Sam', LastName: 'Ortiz' },
  HasAttachments: false,
  Case: { Id: 7, CaseNumber: 'DOS-2026-000123', WorkflowState: 'IN_PROCESS', Subject: { LastName: 'Whitfield' }, Org: { Code: 'DOC' }, CaseType: { Short: 'T3' }, Reviewer: { Name: 'Riley Chen' }, Client_Id: 2 },
  ...overrides,
});

const STATES = [
  { Id: 'AWAITING_ASSIGNMENT', Description: 'Awaiting Assignment' },
  { Id: 'ASSIGNED', Description: 'Assigned' },
  { Id: 'IN_REVIEW', Description: 'In Review' },
];

function setup(items: Json[], permissions: string[] = []) {
  const server = fakeServer((request: Request) => {
    const { method, url } = request;
    if (method === 'POST' && url === '/api/items/search') return { body: { items, pageCount: 1, total: items.length, totalIsExact: true, page: 0 } };
    const said = eligible(items, request);
    if (said) return said;
    // An accept answers the items it changed.
    if (method === 'POST' && /^\/api\/cases\/\d+\/items\/accept-items$/.test(url)) return { body: (request.body as { ItemIds: number[] }).ItemIds.map((Id) => ({ Id, ItemStatus: 'ACCEPTED' })) };
    if (method === 'GET' && url === '/api/workflows/item-states') return { body: STATES };
    if (method === 'GET' && url.startsWith('/api/') && !url.startsWith('/api/live')) return { body: [] };
    return undefined;
  });
  signedInAs([Permissions.Items.SEARCH_ITEMS, Permissions.Items.VIEW_ITEMS, ...permissions]);
  renderAt('/items');
  return server;
}

/** The fake server's word on which of a case's items a bulk action may change (by their status, as the real one). */
const eligible = (items: readonly Json[], request: Request) => {
  const asked = /^\/api\/cases\/(\d+)\/items\/eligible$/.exec(request.url);
  return request.method === 'POST' && asked ? { body: eligibilityOf(items.filter((i) => String(i.Case_Id) === asked[1]), request.body) } : undefined;
};

const searches = (calls: Request[]) => calls.filter((c) => c.method === 'POST' && c.url === '/api/items/search').map((c) => c.body as Json);
const table = () => screen.findByRole('table', { name: 'Items' }, { timeout: 15_000 });

afterEach(() => vi.restoreAllMocks());

describe('item search', () => {
  it('lists the items of all cases from page 0, the case number by its last six characters', async () => {
    const server = setup([item(1), item(2, { ItemStatus: 'IN_REVIEW', AssignedTo: null, AssignedTo_Id: null })]);
    const rows = await table();
    expect(searches(server.calls)[0]).toMatchObject({ page: 0, pageSize: 20, sorted: [{ id: 'Case.CaseNumber', desc: true }], filtered: [] });
    expect((await within(rows).findAllByText('…000123')).length).toBe(2);
    // The whole number on hover.
    expect(within(rows).getAllByLabelText('DOS-2026-000123')).toHaveLength(2);
    expect(within(rows).queryByText('DOS-2026-000123')).toBeNull();
    const first = (await within(rows).findByText('001')).closest('tr')!;
    for (const text of ['Whitfield', 'DOC', 'T3', 'Columbia, SC', 'Ortiz, Sam', '12/02/26', 'Assigned']) expect(within(first).getByText(text)).toBeTruthy();
    // The reviewer and the item type are in the column chooser on a laptop (tests/ui/listTables.test.tsx).
    for (const text of ['Riley Chen', 'Employment Check']) expect(within(first).queryByText(text)).toBeNull();
    expect(within(rows).getByText('In Review')).toBeTruthy();
  });

  it('sends a text search as a column filter, and the status tree as ItemStateIDS at once', async () => {
    const user = userEvent.setup();
    const server = setup([item(1)]);
    await table();
    await user.type(await screen.findByRole('textbox', { name: 'Last Name' }), 'whit');
    await waitFor(() => expect(searches(server.calls).at(-1)?.filtered).toEqual([{ id: 'LastName', value: 'whit' }]));
    const panel = screen.getByRole('region', { name: 'Item filters' });
    await user.click(await within(panel).findByRole('checkbox', { name: 'In Review' }));
    await waitFor(() => expect(searches(server.calls).at(-1)?.additional).toEqual({ ItemStateIDS: ['IN_REVIEW'] }));
    await user.click(within(panel).getByRole('checkbox', { name: 'All Item Status' }));
    await waitFor(() => expect(searches(server.calls).at(-1)?.additional).toEqual({ ItemStateIDS: ['AWAITING_ASSIGNMENT', 'ASSIGNED', 'IN_REVIEW'] }));
    await user.click(within(panel).getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect(searches(server.calls).at(-1)).toMatchObject({ filtered: [], additional: {} }));
    expect((within(panel).getByRole('checkbox', { name: 'In Review' }) as HTMLInputElement).checked).toBe(false);
  });

  it('links the case number and name to the case and the item number to the item, for users who may open them', async () => {
    setup([item(1)], [Permissions.Cases.EDIT_CASES, Permissions.Items.EDIT_ITEMS]);
    const rows = await table();
    expect((await within(rows).findByRole('link', { name: 'Whitfield' })).getAttribute('href')).toBe('/cases/7');
    expect(within(rows).getByRole('link', { name: 'DOS-2026-000123' }).getAttribute('href')).toBe('/cases/7');
    expect((await within(rows).findByRole('link', { name: '001' })).getAttribute('href')).toBe('/cases/7/items/1');
  });

  it("marks an item with attachments by a paperclip, as a case's items do", async () => {
    setup([item(1), item(2, { HasAttachments: true })], [Permissions.Items.EDIT_ITEMS]);
    const rows = await table();
    const withFiles = (await within(rows).findByRole('link', { name: /^002/ })).closest('tr')!;
    expect(within(withFiles).getByTitle(ItemTexts.table.hasAttachments)).toBeTruthy();
    expect(within((await within(rows).findByRole('link', { name: '001' })).closest('tr')!).queryByTitle(ItemTexts.table.hasAttachments)).toBeNull();
  });

  it('shows the numbers as text to users who may not open cases or items', async () => {
    setup([item(1)]);
    const rows = await table();
    await within(rows).findByText('Whitfield');
    expect(within(rows).queryAllByRole('link')).toHaveLength(0);
  });

  it('accepts checked items of two cases with one call per case, grouped by case in the modal', async () => {
    const user = userEvent.setup();
    const other = { Id: 8, CaseNumber: 'DOS-2026-000124', WorkflowState: 'IN_REVIEW', Subject: { LastName: 'Okafor' }, Org: { Code: 'DOC' }, CaseType: { Short: 'T1' }, Reviewer: null, Client_Id: 2 };
    const server = setup([item(1, { ItemStatus: 'IN_REVIEW' }), item(2, { Case_Id: 8, DisplayId: 1, ItemStatus: 'IN_REVIEW', Case: other })], [Permissions.CaseItems.REVIEW_CASE_ITEMS]);
    const rows = await table();
    await within(rows).findByText('Okafor');
    for (const checkbox of within(rows).getAllByRole('checkbox').slice(1)) await user.click(checkbox);
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept Items' });
    expect(await within(dialog).findByRole('heading', { name: 'Case #DOS-2026-000123' })).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: 'Case #DOS-2026-000124' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() => {
      const calls = server.calls.filter((c) => c.url.endsWith('/accept-items'));
      expect(calls.map((c) => [c.url, c.body])).toEqual([
        ['/api/cases/7/items/accept-items', { ItemIds: [1] }],
        ['/api/cases/8/items/accept-items', { ItemIds: [2] }],
      ]);
    });
    expect(await screen.findByText('The items in case #DOS-2026-000124 were accepted successfully.')).toBeTruthy();
  });

  it('acts on the items checked on every page visited, not the current page alone', async () => {
    const user = userEvent.setup();
    const other = { Id: 8, CaseNumber: 'DOS-2026-000124', WorkflowState: 'IN_REVIEW', Subject: { LastName: 'Okafor' }, Org: { Code: 'DOC' }, CaseType: { Short: 'T1' }, Reviewer: null, Client_Id: 2 };
    const first = Array.from({ length: 20 }, (_, index) => item(index + 1, { ItemStatus: 'IN_REVIEW' }));
    const second = [item(21, { Case_Id: 8, DisplayId: 1, ItemStatus: 'IN_REVIEW', Case: other })];
    const server = fakeServer((request: Request) => {
      const { method, url, body } = request;
      if (method === 'POST' && url === '/api/items/search') {
        const page = (body as { page: number }).page;
        return { body: { items: page === 0 ? first : second, pageCount: 2, total: 21, totalIsExact: true, page } };
      }
      if (method === 'POST' && /^\/api\/cases\/\d+\/items\/accept-items$/.test(url)) return { body: (body as { ItemIds: number[] }).ItemIds.map((Id) => ({ Id, ItemStatus: 'ACCEPTED' })) };
      const said = eligible([...first, ...second], request);
      if (said) return said;
      if (method === 'GET' && url.startsWith('/api/') && !url.startsWith('/api/live')) return { body: [] };
      return undefined;
    });
    signedInAs([Permissions.Items.SEARCH_ITEMS, Permissions.Items.VIEW_ITEMS, Permissions.CaseItems.REVIEW_CASE_ITEMS]);
    renderAt('/items');
    const rows = await table();
    await user.click(within((await within(rows).findByText('001')).closest('tr')!).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await user.click(within((await within(await table()).findByText('Okafor')).closest('tr')!).getByRole('checkbox'));
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept Items' });
    expect(await within(dialog).findByRole('heading', { name: 'Case #DOS-2026-000123' })).toBeTruthy();
    expect(within(dialog).getByText(/2 items selected/)).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: 'Case #DOS-2026-000124' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(server.calls.filter((c) => c.url.endsWith('/accept-items')).map((c) => [c.url, c.body])).toEqual([
        ['/api/cases/7/items/accept-items', { ItemIds: [1] }],
        ['/api/cases/8/items/accept-items', { ItemIds: [21] }],
      ]),
    );
  });
  it('leaves an accepted item of another case out of Mass Accept, says why, and accepts the rest', async () => {
    const user = userEvent.setup();
    const other = { Id: 8, CaseNumber: 'DOS-2026-000124', WorkflowState: 'IN_REVIEW', Subject: { LastName: 'Okafor' }, Org: { Code: 'DOC' }, CaseType: { Short: 'T1' }, Reviewer: null, Client_Id: 2 };
    const server = setup(
      [item(1, { ItemStatus: 'IN_REVIEW' }), item(2, { ItemStatus: 'IN_REVIEW' }), item(3, { Case_Id: 8, DisplayId: 1, ItemStatus: 'ACCEPTED', Case: other })],
      [Permissions.CaseItems.REVIEW_CASE_ITEMS],
    );
    const rows = await table();
    await within(rows).findByText('Okafor');
    for (const checkbox of within(rows).getAllByRole('checkbox').slice(1)) await user.click(checkbox);
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept Items' });
    const leftOut = await within(dialog).findByRole('status', { name: 'Left out' });
    expect(within(leftOut).getByText(ItemTexts.server.wrongStatus('001', 'Accepted', 'be accepted'))).toBeTruthy();
    expect(within(dialog).getByText(new RegExp(ItemTexts.bulk.eligibleOf(2, 3)))).toBeTruthy();
    // Only the case whose items may be accepted is listed, and called.
    expect(within(dialog).getByRole('heading', { name: 'Case #DOS-2026-000123' })).toBeTruthy();
    expect(within(dialog).queryByRole('heading', { name: 'Case #DOS-2026-000124' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('The items in case #DOS-2026-000123 were accepted successfully.')).toBeTruthy();
    expect(server.calls.filter((c) => c.url.endsWith('/accept-items')).map((c) => [c.url, c.body])).toEqual([['/api/cases/7/items/accept-items', { ItemIds: [1, 2] }]]);
  });
});
