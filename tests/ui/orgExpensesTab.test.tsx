import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Permissions } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import { ResourceListOf } from '../../src/resources/SchemaList.js';
import { fakeServer, signedInAs } from './support/fakeServer.js';
import { ORG } from './support/orgTabs.js';
import { renderWithAdmin } from './support/renderWithAdmin.js';

/** The org page's Expenses tab: money, the grey edge of an ended rule (spec 002). */

const P = Permissions.Orgs;
const T = Texts.orgs;

const rule = (Id: number, name: string, CPU: number, ActiveFrom: string | null, ActiveTo: string | null) => ({
  Id,
  Org_Id: 7,
  ExpenseType_Id: Id,
  ExpenseType: { Id, Description: name },
  CPU,
  UOM: { Description: 'Mile' },
  IsPassthrough: false,
  ActiveFrom,
  ActiveTo,
  Inherited: false,
  InheritedFrom: null,
});

const EXPENSE_TYPES = [
  { Id: 1, Short: 'Mileage', Description: 'Mileage', UOMType_Id: 12, UOM: { Id: 12, Short: 'MI', Description: 'Mile' }, MultipleUnitsAllowed: true, Reimbursable: true, Hidden: false },
  { Id: 2, Short: 'Lodging', Description: 'Lodging', UOMType_Id: 11, UOM: { Id: 11, Short: 'EA', Description: 'Each' }, MultipleUnitsAllowed: false, Reimbursable: true, Hidden: false },
];

function expensesScreen(roles: string[]) {
  const server = fakeServer(({ method, url, body }) => {
    if (method === 'GET' && url === '/api/orgs/7/expense-rules') return { body: [rule(1, 'Mileage', 1234.5, '2020-01-01', '2020-06-30'), rule(2, 'Lodging', 95, '2021-01-01', null)] };
    if (method === 'GET' && url === '/api/expense-types') return { body: EXPENSE_TYPES };
    if (method === 'PUT' && url === '/api/orgs/7/expense-rules/1') return { body: { ...rule(1, 'Mileage', 1234.5, '2020-01-01', '2020-06-30'), ...(body as object) } };
    return undefined;
  });
  signedInAs(roles);
  renderWithAdmin(<ResourceListOf resource="org-expense-rules" parent={ORG} />);
  return server;
}

describe('the Expenses tab', () => {
  it('shows CPU as money and gives an ended rule a grey edge, a current one green', async () => {
    expensesScreen([P.GET_ORG_EXPENSE_RULES]);
    const table = await screen.findByRole('table', { name: 'Expense Rules' });
    const ended = (await within(table).findByText('Mileage')).closest('tr')!;
    const current = within(table).getByText('Lodging').closest('tr')!;
    expect(ended).toHaveTextContent('$1,234.50');
    expect(current).toHaveTextContent('$95.00');
    expect(ended).toHaveTextContent('06/30/2020');
    expect(ended.cells[0]).toHaveStyle({ borderLeftColor: '#bdbdbd' });
    expect(current.cells[0]).toHaveStyle({ borderLeftColor: '#2e7d32' });
  });

  it('edits a rule: the expense type a select of expense types, CPU a number, the dates as YYYY-MM-DD', async () => {
    const { calls } = expensesScreen([P.GET_ORG_EXPENSE_RULES, P.UPDATE_ORG_EXPENSE_RULE, Permissions.ExpenseTypes.VIEW]);
    const table = await screen.findByRole('table', { name: 'Expense Rules' });
    await userEvent.click(await within(table).findByRole('button', { name: 'Edit Mileage' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /Expense Type/ })).toHaveTextContent('Mileage'));
    const cpu = within(dialog).getByRole('spinbutton', { name: /CPU/ });
    await userEvent.clear(cpu);
    await userEvent.type(cpu, '2000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(T.expenseRules.updated('Mileage'))).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toEqual({ ExpenseType_Id: 1, CPU: 2000, IsPassthrough: false, ActiveFrom: '2020-01-01', ActiveTo: '2020-06-30', Org_Id: 7 });
  });

  it('shows a read-only user no add, edit or delete', async () => {
    expensesScreen([P.GET_ORG_EXPENSE_RULES]);
    const table = await screen.findByRole('table', { name: 'Expense Rules' });
    await within(table).findByText('Mileage');
    expect(screen.queryByRole('button', { name: 'Add Expense Rule' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /Edit|Delete/ })).not.toBeInTheDocument();
  });
});
