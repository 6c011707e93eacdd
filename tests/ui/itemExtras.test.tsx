import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataTableClasses } from 'react-admin';
import { PageSizes } from '../../shared/constants.js';
import { isoDay } from '../../shared/format.js';
import { Permissions } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import { ResourceListOf } from '../../src/resources/SchemaList.js';
import { fakeServer, signedInAs } from './support/fakeServer.js';
import { renderWithAdmin } from './support/renderWithAdmin.js';

/**
 * An item's Issue Codes and Expenses (spec 001 §2 "Item page", §5, §8, §9) as the item page shows them: the generic
 * lists of the `item-issue-codes` and `item-expenses` declarations under the item (the item record as its call answers
 * it), their add dialogs built from the schemas, the money column with an override, the pager at 5 expenses — over
 * the real data provider and a fake HTTP layer.
 */
const P = Permissions;
const T = Texts.items;
/** The item as `GET /api/cases/42/items/7` answers it (what the item page passes as the parent). */
const ITEM = { Id: 7, id: 7, Case_Id: 42, DisplayId: 3, Case: { Id: 42, CaseNumber: 'C-000042', Client_Id: 9 }, LockedReason: null };
const ISSUE_CODE_TYPES = {
  TableName: 'IssueCodeType',
  FormattedTableName: 'Issue Code Type',
  IsDynamic: false,
  Types: [
    { Id: 21, Short: 'F', Description: 'Financial Considerations', Hidden: false },
    { Id: 22, Short: 'J', Description: 'Criminal Conduct', Hidden: false },
  ],
};

type Json = Record<string, unknown>;
type Handler = Parameters<typeof fakeServer>[0];

const table = (name: string) => screen.findByRole('table', { name });
const bodyRows = (t: HTMLElement) =>
  within(t)
    .getAllByRole('row')
    .slice(1)
    .filter((row) => !row.classList.contains(DataTableClasses.expandRow));
// Local times, so the dates read the same in every time zone.
const at = (day: number) => new Date(2026, 2, day, 10, 30).toISOString();

describe("an item's issue codes", () => {
  const code = (Id: number, typeId: number, Short: string, Description: string, day: number) => ({
    Id,
    Case_Id: 42,
    Item_Id: 7,
    IssueCodeType_Id: typeId,
    Code: { Id: typeId, Short, Description },
    EnteredBy: { Id: 5, FirstName: 'Ian', LastName: 'Vance' },
    EnteredDate: at(day),
  });

  function codesScreen(roles: string[], initial: Json[] = [code(1, 22, 'J', 'Criminal Conduct', 4)], override?: Handler) {
    let stored = [...initial];
    const server = fakeServer((request) => {
      const answer = override?.(request);
      if (answer) return answer;
      const { method, url, body } = request;
      if (method === 'GET' && url === '/api/cases/42/items/7/issue-codes') return { body: stored };
      if (method === 'POST' && url === '/api/cases/42/items/7/issue-codes') {
        const added = code(2, Number((body as Json).IssueCodeType_Id), 'F', 'Financial Considerations', 9);
        stored = [added, ...stored];
        return { body: added };
      }
      if (method === 'DELETE' && url === '/api/cases/42/items/7/issue-codes/1') {
        const [removed] = stored.filter((c) => c.Id === 1);
        stored = stored.filter((c) => c.Id !== 1);
        return { body: removed };
      }
      // The session's lookup lists, read again after a change.
      if (method === 'GET' && url === '/api/types') return { body: [ISSUE_CODE_TYPES] };
      return undefined;
    });
    signedInAs(roles, {}, [], [ISSUE_CODE_TYPES]);
    renderWithAdmin(<ResourceListOf resource="item-issue-codes" parent={ITEM} />);
    return server;
  }

  it('lists code, description, who entered it and when (MM/DD/YY); says when there are none', async () => {
    codesScreen([P.Items.VIEW_ITEMS]);
    const list = await table(T.issueCodes.label('003'));
    await within(list).findByText('J');
    const [row] = bodyRows(list);
    expect(row).toHaveTextContent(/J.*Criminal Conduct.*Ian Vance.*03\/04\/26/);
    // Listing only: no add or remove.
    expect(screen.queryByRole('button', { name: T.issueCodes.add })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });

  it('says when the item has no issue codes', async () => {
    codesScreen([P.Items.VIEW_ITEMS], []);
    expect(await screen.findByText(T.issueCodes.empty)).toBeInTheDocument();
  });

  it('adds an issue code chosen from the Issue Code Type list (required), then says so and lists it', async () => {
    const { calls } = codesScreen([P.Items.VIEW_ITEMS, P.CaseItems.EDIT_CASE_ITEMS]);
    await userEvent.click(await screen.findByRole('button', { name: T.issueCodes.add }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: T.issueCodes.add }));
    expect(await within(dialog).findByText('Issue Code Type is required.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.click(within(dialog).getByRole('combobox', { name: /Issue Code Type/ }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(expect.arrayContaining(['Financial Considerations', 'Criminal Conduct']));
    await userEvent.click(screen.getByRole('option', { name: 'Financial Considerations' }));
    await userEvent.click(within(dialog).getByRole('button', { name: T.issueCodes.add }));

    expect(await screen.findByText(T.issueCodes.added('F', '003'))).toBeInTheDocument();
    const sent = calls.find((c) => c.method === 'POST')!;
    expect(sent.url).toBe('/api/cases/42/items/7/issue-codes');
    expect(sent.body).toEqual({ IssueCodeType_Id: 21 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(await table(T.issueCodes.label('003'))).findByText('Financial Considerations')).toBeInTheDocument();
  });

  it('removes an issue code after confirmation', async () => {
    const { calls } = codesScreen([P.Items.VIEW_ITEMS, P.CaseItems.EDIT_CASE_ITEMS]);
    const list = await table(T.issueCodes.label('003'));
    await within(list).findByText('J');
    await userEvent.click(within(bodyRows(list)[0]).getByRole('button', { name: /Delete/ }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent(T.issueCodes.removeBody('J'));
    await userEvent.click(within(confirm).getByRole('button', { name: /Confirm|Delete/ }));
    expect(await screen.findByText(T.issueCodes.removed('J', '003'))).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/cases/42/items/7/issue-codes/1')).toBe(true);
    expect(await screen.findByText(T.issueCodes.empty)).toBeInTheDocument();
  });
});

describe("an item's expenses", () => {
  const ian = { Id: 5, FirstName: 'Ian', LastName: 'Vance' };
  const riley = { Id: 6, FirstName: 'Riley', LastName: 'Chen' };
  const expense = (Id: number, type: string, fields: Json = {}) => ({
    Id,
    Case_Id: 42,
    Item_Id: 7,
    ExpenseType_Id: 30 + Id,
    ExpenseType: { Id: 30 + Id, Short: type, Description: type },
    Units: 1,
    IncurredBy_Id: 5,
    IncurredBy: ian,
    Note: null,
    Reimbursable: false,
    Override: null,
    Cost: 15,
    Passthrough: false,
    TotalAmount: 15,
    CreatedDate: at(20 - Id),
    ...fields,
  });
  const EXPENSES = [
    expense(1, 'Mileage', { Units: 37.5, Cost: 0.6, TotalAmount: 22.5, Override: 30, Reimbursable: true, Note: 'Round trip' }),
    expense(2, 'Court Record Fee', { IncurredBy_Id: 6, IncurredBy: riley }),
  ];
  const today = isoDay(new Date());
  const yesterday = isoDay(new Date(Date.now() - 86_400_000));
  const rule = (Id: number, typeId: number, name: string, ActiveFrom: string | null, ActiveTo: string | null) => ({
    Id,
    Org_Id: 9,
    ExpenseType_Id: typeId,
    ExpenseType: { Id: typeId, Description: name },
    CPU: 1,
    IsPassthrough: false,
    ActiveFrom,
    ActiveTo,
    Inherited: false,
  });
  /** The org's expense rules: Mileage twice (an ended rate and today's), Parking ended, Copy Fees open. */
  const RULES = [rule(1, 31, 'Mileage', '2020-01-01', yesterday), rule(2, 31, 'Mileage', today, null), rule(3, 40, 'Parking', '2020-01-01', yesterday), rule(4, 41, 'Copy Fees', null, null)];

  function expensesScreen(roles: string[], initial: Json[] = EXPENSES) {
    let stored = [...initial];
    const server = fakeServer((request) => {
      const { method, url, body } = request;
      if (method === 'GET' && url === '/api/cases/42/items/7/expenses') return { body: stored };
      if (method === 'GET' && url === '/api/orgs/9/expense-rules') return { body: RULES };
      if (method === 'GET' && url === '/api/cases/42/items/7/expenses/incurred-by') {
        return { body: [{ ...riley, DisplayOrder: 1 }, { ...ian, DisplayOrder: 2 }] };
      }
      if (method === 'POST' && url === '/api/cases/42/items/7/expenses') {
        const sent = body as Json;
        const added = expense(9, 'Copy Fees', { ExpenseType_Id: sent.ExpenseType_Id, Units: sent.Units, Cost: 0.25, TotalAmount: 3.25, IncurredBy_Id: 6, IncurredBy: riley });
        stored = [added, ...stored];
        return { body: added };
      }
      const one = /^\/api\/cases\/42\/items\/7\/expenses\/(\d+)$/.exec(url);
      if (one && method === 'PUT') {
        const changed = { ...stored.find((e) => e.Id === Number(one[1]))!, ...(body as Json) };
        stored = stored.map((e) => (e.Id === changed.Id ? changed : e));
        return { body: changed };
      }
      if (one && method === 'DELETE') {
        const removed = stored.find((e) => e.Id === Number(one[1]));
        stored = stored.filter((e) => e !== removed);
        return { body: removed };
      }
      return undefined;
    });
    signedInAs(roles);
    renderWithAdmin(<ResourceListOf resource="item-expenses" parent={ITEM} />);
    return server;
  }

  it('shows type, units, who incurred it, note, reimbursable and the amount as $0,0.00; an override in its place, the total struck through', async () => {
    expensesScreen([P.Items.VIEW_ITEMS]);
    const list = await table(T.expenses.label('003'));
    await within(list).findByText('Court Record Fee');
    const [mileage, fee] = bodyRows(list);
    expect(mileage).toHaveTextContent(/Mileage.*37\.5.*Ian Vance.*Round trip/);
    expect(within(mileage).getByTitle('Yes')).toBeInTheDocument();
    const struck = within(mileage).getByText('$22.50');
    expect(struck.tagName).toBe('S');
    expect(within(mileage).getByText('$30.00').tagName).not.toBe('S');
    expect(fee).toHaveTextContent(/Court Record Fee.*Riley Chen.*\$15\.00/);
    expect(within(fee).getByText('$15.00').tagName).not.toBe('S');
    expect(within(fee).getByTitle('No')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: T.expenses.add })).not.toBeInTheDocument();
  });

  it('pages the expenses at 5 rows', async () => {
    const many = Array.from({ length: 6 }, (_, i) => expense(i + 1, `Fee ${i + 1}`));
    expensesScreen([P.Items.VIEW_ITEMS], many);
    const list = await table(T.expenses.label('003'));
    await within(list).findByText('Fee 1');
    expect(PageSizes.ITEM_EXPENSES).toBe(5);
    expect(bodyRows(list)).toHaveLength(5);
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await within(list).findByText('Fee 6')).toBeInTheDocument();
    expect(bodyRows(list)).toHaveLength(1);
  });

  it('says when the item has no expenses', async () => {
    expensesScreen([P.Items.VIEW_ITEMS], []);
    expect(await screen.findByText(T.expenses.empty)).toBeInTheDocument();
  });

  it("adds an expense: type, incurred by and units required; types with a rule of the case's org active today; says updated", async () => {
    const { calls } = expensesScreen([P.Items.VIEW_ITEMS, P.ItemExpenses.MANAGE]);
    await userEvent.click(await screen.findByRole('button', { name: T.expenses.add }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: T.expenses.add }));
    expect(await within(dialog).findByText('Expense Type is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('Units is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('Incurred By is required.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    // The expense types come from the case org's expense rules, each once, only those active today.
    await waitFor(() => expect(calls.some((c) => c.url === '/api/orgs/9/expense-rules')).toBe(true));
    await userEvent.click(await within(dialog).findByRole('combobox', { name: /Expense Type/ }));
    const types = within(await screen.findByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
    expect(types.filter(Boolean)).toEqual(['Copy Fees', 'Mileage']);
    await userEvent.click(screen.getByRole('option', { name: 'Copy Fees' }));

    // Who may incur it, in the server's order (the item's investigator first).
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Incurred By/ }));
    const people = within(await screen.findByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
    expect(people.filter(Boolean)).toEqual(['Riley Chen', 'Ian Vance']);
    await userEvent.click(screen.getByRole('option', { name: 'Riley Chen' }));

    await userEvent.type(within(dialog).getByRole('spinbutton', { name: /Units/ }), '13');
    const override = within(dialog).getByRole('spinbutton', { name: /Override/ });
    expect(override).toHaveAttribute('step', '0.01');
    await userEvent.click(within(dialog).getByRole('button', { name: T.expenses.add }));

    // Creating says updated (spec 001 §8).
    expect(await screen.findByText(T.expenses.updated)).toBeInTheDocument();
    const sent = calls.find((c) => c.method === 'POST')!;
    expect(sent.url).toBe('/api/cases/42/items/7/expenses');
    expect(sent.body).toMatchObject({ ExpenseType_Id: 41, Units: 13, IncurredBy_Id: 6, Reimbursable: false });
    expect(sent.body).not.toHaveProperty('Case');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(await table(T.expenses.label('003'))).findByText('Copy Fees')).toBeInTheDocument();
  });

  it('edits an expense whose type is no longer offered: the type stays chosen and is sent again', async () => {
    const { calls } = expensesScreen([P.Items.VIEW_ITEMS, P.ItemExpenses.MANAGE]);
    const list = await table(T.expenses.label('003'));
    await within(list).findByText('Court Record Fee');
    await userEvent.click(within(bodyRows(list)[1]).getByRole('button', { name: /Edit/ }));
    const dialog = await screen.findByRole('dialog', { name: T.expenses.editTitle });
    // Court Record Fee has no rule today (the list does not offer it), yet it is the expense's type.
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /Expense Type/ })).toHaveTextContent('Court Record Fee'));
    expect(within(dialog).getByRole('combobox', { name: /Incurred By/ })).toHaveTextContent('Riley Chen');
    const note = within(dialog).getByRole('textbox', { name: 'Note' });
    await userEvent.type(note, 'Paid at the clerk');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(T.expenses.updated)).toBeInTheDocument();
    const sent = calls.find((c) => c.method === 'PUT')!;
    expect(sent.url).toBe('/api/cases/42/items/7/expenses/2');
    expect(sent.body).toMatchObject({ ExpenseType_Id: 32, Units: 1, IncurredBy_Id: 6, Note: 'Paid at the clerk' });
  });

  it("deletes an expense after 'This action cannot be undone.'", async () => {
    const { calls } = expensesScreen([P.Items.VIEW_ITEMS, P.ItemExpenses.MANAGE]);
    const list = await table(T.expenses.label('003'));
    await within(list).findByText('Court Record Fee');
    await userEvent.click(within(bodyRows(list)[1]).getByRole('button', { name: /Delete/ }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent(T.expenses.deleteBody);
    await userEvent.click(within(confirm).getByRole('button', { name: /Confirm|Delete/ }));
    expect(await screen.findByText(T.expenses.deleted)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/cases/42/items/7/expenses/2')).toBe(true);
    await waitFor(() => expect(within(list).queryByText('Court Record Fee')).not.toBeInTheDocument());
  });
});
