import { describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Permissions } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import { fakeServer, signedInAs } from './support/fakeServer.js';
import { renderAt, where } from './support/renderApp.js';

/**
 * What every declared table does (the generic kit): the column chooser with its defaults and each user's choices, and
 * a list whose load failed.
 */
type Json = Record<string, unknown>;

const ITEM: Json = {
  Id: 1,
  Case_Id: 7,
  DisplayId: 1,
  ItemType_Id: 3,
  ACD: '2026-12-02',
  Label: null,
  City: 'Columbia',
  ItemStatus: 'ASSIGNED',
  CompletedDate: '2026-11-20',
  ItemType: { Id: 3, Description: 'Employment Check' },
  Location: { Label: null, City: 'Columbia', Region: { Id: 4, Short: 'SC' } },
  AssignedTo: { Id: 9, FirstName: 'Sam', LastName: 'Ortiz' },
  HasAttachments: false,
  Case: { Id: 7, CaseNumber: 'DOS-2026-000123', WorkflowState: 'IN_PROCESS', Subject: { LastName: 'Whitfield' }, Org: { Code: 'DOC' }, CaseType: { Short: 'T3' }, Reviewer: { Name: 'Riley Chen' }, Client_Id: 2 },
};

function itemSearch(user: { Id: number; UserName: string }) {
  fakeServer(({ method, url }) => {
    if (method === 'POST' && url === '/api/items/search') return { body: { items: [ITEM], pageCount: 1, total: 1, totalIsExact: true, page: 0 } };
    if (method === 'POST' && url === '/api/user/logout') return { status: 204 };
    if (method === 'GET' && url.startsWith('/api/') && !url.startsWith('/api/live')) return { body: [] };
    return undefined;
  });
  signedInAs([Permissions.Items.SEARCH_ITEMS], user);
  renderAt('/items');
  return screen.findByRole('table', { name: 'Items' }, { timeout: 15_000 });
}

const ALICE = { Id: 1, UserName: 'alice' };
const BRUNO = { Id: 2, UserName: 'bruno' };

/** Opens the table's column chooser and flips one column's switch. */
async function choose(table: string, column: string) {
  await userEvent.click(screen.getByRole('button', { name: `Columns of ${table}` }));
  const chooser = await screen.findByRole('presentation');
  await userEvent.click(within(chooser).getByRole('switch', { name: column }));
  await userEvent.keyboard('{Escape}');
}

describe('the column chooser', () => {
  it('shows a laptop the columns it fits, every other spec column a switch away, and remembers the choice per user', async () => {
    let table = await itemSearch(ALICE);
    const row = () => within(table).getByText('001').closest('tr')!;
    await within(table).findByText('001');
    // The columns a 1366 px laptop fits; the reviewer, item type and completion date wait in the chooser.
    for (const text of ['…000123', 'Whitfield', 'DOC', 'T3', 'Columbia, SC', 'Ortiz, Sam', '12/02/26', 'Assigned']) expect(within(row()).getByText(text)).toBeInTheDocument();
    for (const text of ['Riley Chen', 'Employment Check', '11/20/26']) expect(within(row()).queryByText(text)).toBeNull();
    expect(within(table).queryByRole('columnheader', { name: 'Reviewer' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Columns of Items' }));
    const chooser = await screen.findByRole('presentation');
    for (const column of ['Case #', 'Case Name', 'Org', 'Case Type', 'Item No', 'Location', 'Assignee', 'ACD', 'Item Status']) expect(within(chooser).getByRole('switch', { name: column })).toBeChecked();
    for (const column of ['Reviewer', 'Item Type', 'Completed Date']) expect(within(chooser).getByRole('switch', { name: column })).not.toBeChecked();
    await userEvent.click(within(chooser).getByRole('switch', { name: 'Reviewer' }));
    await userEvent.keyboard('{Escape}');
    expect(await within(table).findByRole('columnheader', { name: 'Reviewer' })).toBeInTheDocument();
    expect(within(row()).getByText('Riley Chen')).toBeInTheDocument();

    // The same user on another visit sees the reviewer; another user of the same browser does not.
    cleanup();
    table = await itemSearch(ALICE);
    expect(await within(table).findByText('Riley Chen')).toBeInTheDocument();
    cleanup();
    table = await itemSearch(BRUNO);
    await within(table).findByText('001');
    expect(within(table).queryByText('Riley Chen')).toBeNull();
  }, 60_000); // three visits of the whole app: more than a test's usual time on a busy machine

  it('keeps a choice through signing out and in again', async () => {
    const table = await itemSearch(ALICE);
    await within(table).findByText('001');
    await choose('Items', 'Item Type');
    expect(await within(table).findByText('Employment Check')).toBeInTheDocument();
    // react-admin resets its store when a user signs out; the column choices are the user's and stay.
    await userEvent.click(screen.getByRole('button', { name: /Terry Tester/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Log Out' }));
    await waitFor(() => expect(where()).toHaveTextContent('/login'));
    cleanup();
    const again = await itemSearch(ALICE);
    expect(await within(again).findByText('Employment Check')).toBeInTheDocument();
  }, 60_000);

  it('is offered only by tables with columns to choose', async () => {
    fakeServer(({ url }) => (url === '/api/expense-types' ? { body: [] } : undefined));
    signedInAs([Permissions.ExpenseTypes.VIEW]);
    renderAt('/expense-types');
    await screen.findByText(Texts.configuration.expenseTypes.empty);
    expect(screen.queryByRole('button', { name: /^Columns/ })).toBeNull();
  });
});

const EXPENSE_TYPES = [
  { Id: 1, Short: 'Mileage', Description: 'Mileage', UOMType_Id: 12, UOM: { Id: 12, Short: 'MI', Description: 'Mile' }, MultipleUnitsAllowed: true, Reimbursable: true, Hidden: false },
];

describe('a list whose load failed', () => {
  it('says the server\'s message and "There was an error connecting to the server.", and asks again on Try again', async () => {
    let fail = true;
    const server = fakeServer(({ method, url }) => {
      if (method === 'GET' && url === '/api/expense-types') return fail ? { status: 500, body: { Message: 'The database is unavailable.' } } : { body: EXPENSE_TYPES };
      return undefined;
    });
    signedInAs([Permissions.ExpenseTypes.VIEW]);
    renderAt('/expense-types');
    const alert = (await screen.findByText('The database is unavailable.')).closest('[role="alert"]') as HTMLElement;
    expect(within(alert).getByText(Texts.global.noResponse)).toBeInTheDocument();
    expect(screen.queryByText(Texts.configuration.expenseTypes.empty)).toBeNull();
    const asked = () => server.calls.filter((c) => c.url === '/api/expense-types').length;
    const before = asked();

    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(await screen.findByRole('table', { name: 'Expense Types' })).findByText('Mileage')).toBeInTheDocument();
    expect(asked()).toBe(before + 1);
    expect(screen.queryByText('The database is unavailable.')).toBeNull();
  });

  it('turned away by an overloaded server (503), says the server is busy, and asks again on Try again', async () => {
    let busy = true;
    fakeServer(({ method, url }) => {
      if (method === 'GET' && url === '/api/expense-types') return busy ? { status: 503, body: { Message: Texts.global.serverBusy } } : { body: EXPENSE_TYPES };
      return undefined;
    });
    signedInAs([Permissions.ExpenseTypes.VIEW]);
    renderAt('/expense-types');
    const alert = (await screen.findByText(Texts.global.serverBusy)).closest('[role="alert"]') as HTMLElement;
    expect(screen.queryByText(Texts.configuration.expenseTypes.empty)).toBeNull();
    busy = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(await screen.findByRole('table', { name: 'Expense Types' })).findByText('Mileage')).toBeInTheDocument();
  });

  it('without an answer says "There was an error connecting to the server." alone, with Try again', async () => {
    fakeServer(() => undefined);
    const answered = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) === '/api/expense-types') throw new TypeError('Failed to fetch');
      return answered(input, init);
    });
    signedInAs([Permissions.ExpenseTypes.VIEW]);
    renderAt('/expense-types');
    const tryAgain = await screen.findByRole('button', { name: 'Try again' });
    const block = tryAgain.closest('[role="alert"]') as HTMLElement;
    expect(block).toHaveTextContent(Texts.global.noResponse);
    expect(block.textContent?.split(Texts.global.noResponse)).toHaveLength(2);
  });
});
