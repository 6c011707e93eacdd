import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataTableClasses } from 'react-admin';
import { Permissions } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import { resourceByName } from '../../resources/index.js';
import { ResourceForm } from '../../src/resources/ResourceForm.js';
import { ResourceListOf, SchemaList } from '../../src/resources/SchemaList.js';
import { fakeServer, signedInAs } from './support/fakeServer.js';
import { renderWithAdmin } from './support/renderWithAdmin.js';
import { GROUPS, ORGS, USER_LISTS, record as userRecord, withOrgs } from './support/identityFixtures.js';

/**
 * The org tabs' lists drawn by the generic machinery from their declarations alone (spec 002 §2.1, §3, §5, §9):
 * Case Types (grouped rows, date ranges with fees, CDs and ACDs), Users (settings saved from the row) and Expenses
 * (money, the grey edge of an ended rule), each given the selected org as its parent, as the org page's tabs do.
 */

const P = Permissions.Orgs;
const T = Texts.orgs;
const ORG = { Id: 7, id: 7, Name: 'Acme Insurance', ParentOrg_Id: 1, Hidden: false };

const CASE_TYPES = {
  TableName: 'CaseType',
  FormattedTableName: 'Case Type',
  IsDynamic: false,
  Types: [
    { Id: 3, Short: 'BG', Description: 'Background Check', Hidden: false },
    { Id: 4, Short: 'SV', Description: 'Surveillance', Hidden: false },
  ],
};

const fee = (Id: number, OrgCaseType_Id: number, DaysAfter: number, PriceAdjustment: number, ForDiscontinued = false) => ({ Id, OrgCaseType_Id, DaysAfter, PriceAdjustment, IsPercentage: false, ForDiscontinued });

const range = (Id: number, CaseType_Id: number, ActiveFrom: string | null, ActiveTo: string | null, BaseCost: number, Inherited = false, fees: ReturnType<typeof fee>[] = []) => {
  const type = CASE_TYPES.Types.find((t) => t.Id === CaseType_Id)!;
  const template = CaseType_Id === 3 ? { Id: 5, Label: 'Standard Background' } : { Id: 6, Label: 'Field Surveillance' };
  return {
    Id,
    Org_Id: 7,
    CaseType_Id,
    CaseTemplate_Id: template.Id,
    BaseCost,
    ActiveFrom,
    ActiveTo,
    CaseType: { Id: type.Id, Short: type.Short, Description: type.Description },
    CaseTemplate: template,
    Inherited,
    InheritedFrom: Inherited ? { Id: 1, Name: 'Provider' } : null,
    CompletedCaseFees: fees.filter((f) => !f.ForDiscontinued),
    DiscontinuedCaseFees: fees.filter((f) => f.ForDiscontinued),
  };
};

// Background Check: three own ranges (an open start, a closed year, an open end); Surveillance: one inherited range.
const RANGES = [
  range(30, 3, null, '2019-12-31', 90),
  range(31, 3, '2020-01-01', '2020-12-31', 100),
  range(32, 3, '2021-01-01', null, 1250.5, false, [fee(1, 32, 10, -25), fee(2, 32, 3, 15)]),
  range(40, 4, null, null, 500, true),
];

const deadline = (Id: number, DaysFromPending: number, Inherited: boolean, acd = false) => ({
  Id,
  Org_Id: 7,
  CaseType_Id: 3,
  ItemType_Id: acd ? 9 : null,
  ItemType: acd ? { Id: 9, Name: 'Criminal Search', Description: null } : null,
  DaysFromPending,
  IsBusinessDays: true,
  StartOnFull: false,
  IsACD: acd,
  ActiveFrom: null,
  ActiveTo: null,
  Inherited,
  InheritedFrom: Inherited ? { Id: 1, Name: 'Provider' } : null,
});

function caseTypesScreen(roles: string[]) {
  const server = fakeServer(({ method, url }) => {
    if (method === 'GET' && url === '/api/orgs/7/case-types') return { body: RANGES };
    if (method === 'GET' && url === '/api/orgs/7/deadlines?caseTypeId=3') return { body: { CaseTypes: [deadline(70, 5, false), deadline(71, 12, true)], ItemTypes: [] } };
    if (method === 'GET' && url === '/api/case-templates') {
      return { body: [{ Id: 6, Label: 'Zeta Template', Items: [] }, { Id: 5, Label: 'Alpha Template', Items: [] }] };
    }
    if (method === 'POST' && url.split('?')[0] === '/api/orgs/7/case-types') return { body: range(33, 4, null, null, 1250.5) };
    // After a save the lookup lists are asked again.
    if (method === 'GET' && url === '/api/types') return { body: [CASE_TYPES] };
    return undefined;
  });
  signedInAs(roles, {}, [], [CASE_TYPES]);
  renderWithAdmin(<ResourceListOf resource="org-case-types" parent={ORG} />);
  return server;
}

/** The record rows of a table (not its header, nor the rows holding what an expanded row shows). */
const bodyRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .filter((row) => !row.classList.contains(DataTableClasses.expandRow) && row.closest('table') === table);

/** Picks a select's "show all" choice: react-admin names its empty choice "Clear value" for screen readers; it reads Show All. */
async function showAll(select: HTMLElement) {
  await userEvent.click(select);
  await userEvent.click(within(await screen.findByRole('listbox')).getByText('Show All'));
}

describe('the Case Types tab', () => {
  it('shows one row per case type, template and inherited flag', async () => {
    caseTypesScreen([P.GET_ORG_CASE_TYPES]);
    const table = await screen.findByRole('table', { name: 'Case Types' });
    await within(table).findByText('Background Check');
    const rows = bodyRows(table);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Background Check');
    expect(rows[0]).toHaveTextContent('Standard Background');
    expect(within(rows[0]).getByRole('img', { name: 'No' })).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Surveillance');
    expect(within(rows[1]).getByRole('img', { name: 'Yes' })).toBeInTheDocument();
  });

  it('expands into its date ranges newest first, open start last, with ACTIVE or INACTIVE and "Any time"', async () => {
    caseTypesScreen([P.GET_ORG_CASE_TYPES, P.UPDATE_ORG_CASE_TYPE]);
    await userEvent.click(await screen.findByText('Background Check'));
    const ranges = await screen.findByRole('table', { name: 'Date ranges of Background Check' });
    await within(ranges).findByText('January 01, 2021');
    const rows = bodyRows(ranges);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent(/January 01, 2021.*Any time.*\$1,250\.50.*ACTIVE/);
    expect(rows[1]).toHaveTextContent(/January 01, 2020.*December 31, 2020.*\$100\.00.*INACTIVE/);
    expect(rows[2]).toHaveTextContent(/Any time.*December 31, 2019.*\$90\.00.*INACTIVE/);
    expect(within(rows[0]).queryByText(T.caseTypes.inactiveRange)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Date Range' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Override' })).not.toBeInTheDocument();
  });

  it('offers Override, not Add Date Range, on an inherited case type', async () => {
    caseTypesScreen([P.GET_ORG_CASE_TYPES, P.UPDATE_ORG_CASE_TYPE]);
    await userEvent.click(await screen.findByText('Surveillance'));
    const ranges = await screen.findByRole('table', { name: 'Date ranges of Surveillance' });
    expect(await within(ranges).findByText(T.caseTypes.active)).toBeInTheDocument();
    expect(within(ranges).getAllByText(T.caseTypes.anyTime)).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Override' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Date Range' })).not.toBeInTheDocument();
  });

  it('expands a date range into its completed and discontinued fees, read from the range, with their empty texts', async () => {
    const { calls } = caseTypesScreen([P.GET_ORG_CASE_TYPES, P.ADD_FEE_TO_ORG_CASE_TYPE]);
    await userEvent.click(await screen.findByText('Background Check'));
    const ranges = await screen.findByRole('table', { name: 'Date ranges of Background Check' });
    await userEvent.click(await within(ranges).findByText('January 01, 2021'));
    const completed = await screen.findByRole('table', { name: 'Completed Case Fees' });
    const fees = bodyRows(completed);
    // By days after, the amount as $0,0.00.
    expect(fees[0]).toHaveTextContent(/^3\$15\.00/);
    expect(fees[1]).toHaveTextContent(/^10-\$25\.00/);
    expect(screen.getByText(T.caseTypes.noDiscontinuedFees)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Add' })).toHaveLength(2);
    expect(calls.some((c) => c.url.includes('/fees'))).toBe(false);

    await userEvent.click(within(ranges).getByText('January 01, 2020'));
    expect(await screen.findByText(T.caseTypes.noCompletedFees)).toBeInTheDocument();
  });

  it('adds and deletes a fee through the fee calls of its range, and shows the range again as the server answers it', async () => {
    const fees = [fee(1, 32, 10, -25)];
    const ranges = () => RANGES.map((r) => (r.Id === 32 ? { ...r, CompletedCaseFees: [...fees] } : r));
    const { calls } = fakeServer(({ method, url, body }) => {
      if (method === 'GET' && url === '/api/orgs/7/case-types') return { body: ranges() };
      if (method === 'POST' && url === '/api/orgs/7/case-types/32/fees') {
        fees.push({ ...fee(3, 32, 0, 0), ...(body as object), Id: 3 });
        return { body: fees.at(-1) };
      }
      if (method === 'DELETE' && url === '/api/orgs/7/case-types/32/fees/1') return { body: fees.splice(0, 1)[0] };
      return undefined;
    });
    signedInAs([P.GET_ORG_CASE_TYPES, P.ADD_FEE_TO_ORG_CASE_TYPE, P.DELETE_FEE_FROM_ORG_CASE_TYPE], {}, [], [CASE_TYPES]);
    renderWithAdmin(<ResourceListOf resource="org-case-types" parent={ORG} />);
    await userEvent.click(await screen.findByText('Background Check'));
    await userEvent.click(await within(await screen.findByRole('table', { name: 'Date ranges of Background Check' })).findByText('January 01, 2021'));
    const completed = await screen.findByRole('table', { name: 'Completed Case Fees' });

    await userEvent.click(screen.getAllByRole('button', { name: 'Add' })[0]);
    const dialog = await screen.findByRole('dialog');
    await userEvent.clear(within(dialog).getByRole('spinbutton', { name: /Price Adjustment/ }));
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: /Price Adjustment/ }), '40');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(T.caseTypes.feeCreated)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ DaysAfter: 0, PriceAdjustment: 40, IsPercentage: false, ForDiscontinued: false });
    expect(await within(completed).findByText('$40.00')).toBeInTheDocument();

    await userEvent.click(within(completed).getByRole('button', { name: 'Delete 10 days' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(T.caseTypes.feeDeleted)).toBeInTheDocument();
    await waitFor(() => expect(within(completed).queryByText('-$25.00')).not.toBeInTheDocument());
    expect(bodyRows(completed)).toHaveLength(1);
  });

  it('lists CDs and ACDs of the case type, non-inherited ones first by default, for users who may read deadlines', async () => {
    const { calls } = caseTypesScreen([P.GET_ORG_CASE_TYPES, P.GET_ORG_DEADLINES]);
    await userEvent.click(await screen.findByText('Background Check'));
    const cds = await screen.findByRole('table', { name: 'CDs' });
    await within(cds).findByText('5');
    expect(within(cds).queryByText('12')).not.toBeInTheDocument();
    // The filter bars render just after their tables' first render.
    await waitFor(() => expect(screen.getAllByRole('combobox', { name: /Inherited/ })).toHaveLength(3));
    const filters = screen.getAllByRole('combobox', { name: /Inherited/ });
    // The case types' own filter shows all; the CDs' and ACDs' start at Non-Inherited.
    expect(filters.map((f) => f.textContent)).toEqual(['Show All', 'Non-Inherited', 'Non-Inherited']);
    expect(screen.getByText(T.caseTypes.noAcds)).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/orgs/7/deadlines?caseTypeId=3').length).toBeGreaterThan(0);

    await showAll(filters[1]);
    expect(await within(cds).findByText('12')).toBeInTheDocument();
  });

  it('leaves the deadlines out, and never asks for them, without Get Org Deadlines', async () => {
    const { calls } = caseTypesScreen([P.GET_ORG_CASE_TYPES]);
    await userEvent.click(await screen.findByText('Background Check'));
    await screen.findByRole('table', { name: 'Date ranges of Background Check' });
    expect(screen.queryByRole('table', { name: 'CDs' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'ACDs' })).not.toBeInTheDocument();
    expect(screen.queryByText(T.caseTypes.noAcds)).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('/deadlines'))).toBe(false);
  });

  it('adds a case type: a template picked from the list sorted by label after "Select a template...", the base cost sent as a number', async () => {
    const { calls } = caseTypesScreen([P.GET_ORG_CASE_TYPES, P.ADD_CASE_TYPE_TO_ORG]);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Case Type' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Case Type/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Surveillance' }));
    const template = within(dialog).getByRole('combobox', { name: /Template/ });
    expect(template).toHaveTextContent(T.caseTypes.selectTemplate);
    await userEvent.click(template);
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getAllByRole('option').map((o) => o.textContent)).toEqual([T.caseTypes.selectTemplate, 'Alpha Template', 'Zeta Template']);
    await userEvent.click(within(listbox).getByRole('option', { name: 'Alpha Template' }));
    const cost = within(dialog).getByRole('spinbutton', { name: /Base Cost/ });
    expect(cost.closest('.MuiInputBase-root')).toHaveTextContent('$');
    await userEvent.type(cost, '1250.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Case Type' }));
    expect(await screen.findByText(T.caseTypes.added('Surveillance'))).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    // A new case type: no override of inherited ranges asked.
    expect(post.url.split('?')[0]).toBe('/api/orgs/7/case-types');
    expect(post.url).not.toContain('overrideCaseTypes=true');
    expect(post.body).toEqual({ CaseType_Id: 4, CaseTemplate_Id: 5, BasePrice: 1250.5, ActiveFrom: null, ActiveTo: null });
  });
});

const FLAGS = ['PointOfContact', 'SendOnHoldNotice', 'SendSubmissionNotice', 'SendCompletionNotice', 'IncludeROI', 'EncryptROI', 'ViewClosedCases'] as const;
const settings = (on: readonly string[]) => Object.fromEntries(FLAGS.map((f) => [f, on.includes(f)]));

const orgUser = (Id: number, FirstName: string, LastName: string, Inherited: boolean, on: readonly string[]) => ({
  Id,
  Org_Id: 7,
  FirstName,
  MiddleName: null,
  LastName,
  Email: `${FirstName.toLowerCase()}@acme.test`,
  Emails: [{ Address: `${FirstName.toLowerCase()}@acme.test` }],
  Phones: [{ Number: '555-111-2222' }],
  Groups: [{ Name: 'Clients' }],
  Inherited,
  InheritedFrom: Inherited ? { Id: 1, Name: 'Provider' } : null,
  Settings: settings(on),
});

function usersScreen(roles: string[], { refuse = false } = {}) {
  let ann = orgUser(21, 'Ann', 'Lee', false, ['PointOfContact']);
  const server = fakeServer(({ method, url, body }) => {
    if (method === 'GET' && url === '/api/identity/users/21') return { body: userRecord(21, 'alee', 'Ann', 'Lee', { Org_Id: 7, Org: { Id: 7, Name: 'Acme Insurance', Code: 'ACME' } }) };
    if (method === 'GET' && url === '/api/identity/groups') return { body: GROUPS };
    if (method === 'GET' && url === '/api/orgs/7/users') return { body: [ann, orgUser(22, 'Bob', 'Ray', true, [])] };
    if (method === 'PUT' && url === '/api/orgs/7/users/21/settings') {
      if (refuse) return { status: 400, body: { Message: T.users.settingsFailed } };
      ann = { ...ann, Settings: body as Record<string, boolean> };
      return { body: ann };
    }
    return undefined;
  });
  signedInAs(roles, {}, [], USER_LISTS);
  withOrgs([...ORGS, { Id: 7, Name: 'Acme Insurance', ParentOrg_Id: 1, Hidden: false, ContractType_Id: null, Code: 'ACME' }]);
  renderWithAdmin(<ResourceListOf resource="org-users" parent={ORG} />);
  return server;
}

describe('the Users tab', () => {
  it('saves a ticked setting at once, sending all seven flags, and says so', async () => {
    const { calls } = usersScreen([P.GET_ORG_USERS, P.UPDATE_USER_ORG_SETTINGS]);
    const table = await screen.findByRole('table', { name: 'Users' });
    await within(table).findByText('Ann Lee');
    // The inherited user is left out by the default filter (Non-Inherited).
    expect(within(table).queryByText('Bob Ray')).not.toBeInTheDocument();
    expect(within(table).getByRole('checkbox', { name: 'PoC Ann Lee' })).toBeChecked();
    const onHold = within(table).getByRole('checkbox', { name: 'On Hold Ann Lee' });
    expect(onHold).not.toBeChecked();
    await userEvent.click(onHold);
    expect(await screen.findByText(T.users.settingsUpdated('Ann', 'Lee'))).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/api/orgs/7/users/21/settings');
    expect(put.body).toEqual(settings(['PointOfContact', 'SendOnHoldNotice']));
    expect(within(table).getByRole('checkbox', { name: 'On Hold Ann Lee' })).toBeChecked();
  });

  it('puts a refused setting back and says why', async () => {
    usersScreen([P.GET_ORG_USERS, P.UPDATE_USER_ORG_SETTINGS], { refuse: true });
    const table = await screen.findByRole('table', { name: 'Users' });
    await userEvent.click(await within(table).findByRole('checkbox', { name: 'Include ROI Ann Lee' }));
    expect(await screen.findByText(T.users.settingsFailed)).toBeInTheDocument();
    await waitFor(() => expect(within(table).getByRole('checkbox', { name: 'Include ROI Ann Lee' })).not.toBeChecked());
    expect(within(table).getByRole('checkbox', { name: 'PoC Ann Lee' })).toBeChecked();
  });

  it('opens the user form from the name of an own user, not an inherited one, for those who may edit users; New User for those who may create them', async () => {
    usersScreen([P.GET_ORG_USERS, Permissions.Users.EDIT_USERS, Permissions.Users.CREATE_USER]);
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(await within(table).findByRole('button', { name: 'Ann Lee' })).toBeInTheDocument();
    await showAll(screen.getByRole('combobox', { name: /Inherited/ }));
    expect(await within(table).findByText('Bob Ray')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Bob Ray' })).not.toBeInTheDocument();

    await userEvent.click(within(table).getByRole('button', { name: 'Ann Lee' }));
    const edit = await screen.findByRole('dialog', { name: 'Ann Lee' });
    expect(await within(edit).findByRole('textbox', { name: /First Name/ })).toHaveValue('Ann');
    expect(await within(edit).findByRole('textbox', { name: /Client\/Facility/ })).toHaveValue('Acme Insurance');
    expect(within(edit).getByRole('button', { name: 'Save User' })).toBeInTheDocument();
    await userEvent.click(within(edit).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'New User' }));
    const create = await screen.findByRole('dialog', { name: 'New User' });
    // The new user belongs to this org unless changed.
    expect(await within(create).findByRole('textbox', { name: /Client\/Facility/ })).toHaveValue('Acme Insurance');
    expect(within(create).getByRole('textbox', { name: /First Name/ })).toHaveValue('');
    expect(within(create).getByRole('button', { name: 'Create User' })).toBeInTheDocument();
  });

  it('shows a read-only user the settings as ticks, without toggles, links or New User', async () => {
    usersScreen([P.GET_ORG_USERS]);
    const table = await screen.findByRole('table', { name: 'Users' });
    const row = (await within(table).findByText('Ann Lee')).closest('tr')!;
    expect(within(row).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    // PoC ticked; the other six flags and Inherited crossed.
    expect(within(row).getAllByRole('img', { name: 'Yes' })).toHaveLength(1);
    expect(within(row).getAllByRole('img', { name: 'No' })).toHaveLength(7);
    expect(screen.queryByRole('button', { name: 'New User' })).not.toBeInTheDocument();
  });
});

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

describe('a read-only user of the Case Types tab', () => {
  it('sees ranges, fees and deadlines without add, edit or delete', async () => {
    caseTypesScreen([P.GET_ORG_CASE_TYPES, P.GET_ORG_DEADLINES]);
    await userEvent.click(await screen.findByText('Background Check'));
    const ranges = await screen.findByRole('table', { name: 'Date ranges of Background Check' });
    await userEvent.click(await within(ranges).findByText('January 01, 2021'));
    await screen.findByRole('table', { name: 'Completed Case Fees' });
    await within(await screen.findByRole('table', { name: 'CDs' })).findByText('5');
    expect(screen.queryByRole('button', { name: /^(Add|Override|Edit|Delete)/ })).not.toBeInTheDocument();
  });
});

describe('a declared confirmation before a toggle', () => {
  it('asks "Are you sure you wish to deactivate …?" before deactivating an org, then toggles it', async () => {
    const { calls } = fakeServer(({ method, url }) => {
      if (method === 'GET' && url === '/api/orgs?includeHidden=true') return { body: [{ ...ORG, Code: 'ACME', ContractType_Id: null }] };
      if (method === 'DELETE' && url === '/api/orgs/7') return { body: { ...ORG, Hidden: true } };
      return undefined;
    });
    signedInAs([P.VIEW_ORGANIZATIONS, P.DELETE_ORGANIZATION]);
    renderWithAdmin(<SchemaList resource="orgs" />);
    const table = await screen.findByRole('table', { name: 'Orgs' });
    await userEvent.click(await within(table).findByRole('button', { name: 'Deactivate Acme Insurance' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent(T.orgs.confirmToggle(false, 'Acme Insurance'));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText(T.orgs.deactivated('Acme Insurance'))).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/orgs/7']);
  });
});

describe('inputs the org schemas ask for', () => {
  it('picks an accounting company by its string id, "None" standing for -1 and sent as null', async () => {
    const { calls } = fakeServer(({ method, url, body }) => {
      if (method === 'GET' && url === '/api/qbo/customers') return { body: [{ Id: 'QB-9', DisplayName: 'Zenith LLC' }, { Id: 'QB-2', DisplayName: 'Acme Corp' }] };
      if (method === 'PUT' && url === '/api/orgs/7/invoice-settings') return { body: { Org_Id: 7, ...(body as object) } };
      return undefined;
    });
    signedInAs([P.GET_ORG_INVOICE_SETTINGS, P.UPDATE_ORG_INVOICE_SETTINGS]);
    const declaration = resourceByName('org-invoice-settings')!;
    renderWithAdmin(<ResourceForm declaration={declaration} record={{ Org_Id: 7, id: 7, QboId: '-1', IncludeLast4SSN: false }} label="Invoices" submitLabel="Save Changes" layout="stack" />);
    const company = await screen.findByRole('combobox', { name: /QuickBooks Company/ });
    expect(company).toHaveTextContent(T.invoices.noCompany);
    await userEvent.click(company);
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getAllByRole('option').map((o) => o.textContent)).toEqual([T.invoices.noCompany, 'Acme Corp', 'Zenith LLC']);
    await userEvent.click(within(listbox).getByRole('option', { name: 'Acme Corp' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(T.invoices.updated)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').at(-1)!.body).toEqual({ QboId: 'QB-2', IncludeLast4SSN: false });

    await userEvent.click(screen.getByRole('combobox', { name: /QuickBooks Company/ }));
    await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: T.invoices.noCompany }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PUT').at(-1)!.body).toEqual({ QboId: null, IncludeLast4SSN: false });
  });

  it('types the ROI encryption password unseen', async () => {
    fakeServer(() => undefined);
    signedInAs([P.VIEW_ORGANIZATIONS, P.EDIT_ORGANIZATION]);
    const record = { ...ORG, Code: 'ACME', Address1: '1 Main St', City: 'Springfield', PostalCode: '12345', Phone1: '555-123-4567', ROIEncrpytionPassword: 'secret', PrependAttachmentsToROI: false };
    renderWithAdmin(<ResourceForm declaration={resourceByName('orgs')!} record={record} label="General" submitLabel="Save Changes" layout="plain" />);
    const password = await screen.findByLabelText(/ROI Encryption Password/);
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveValue('secret');
  });

  it('keeps Save Changes disabled until something changed', async () => {
    fakeServer(() => undefined);
    signedInAs([P.VIEW_ORGANIZATIONS, P.EDIT_ORGANIZATION]);
    const record = { ...ORG, Code: 'ACME', Address1: '1 Main St', City: 'Springfield', PostalCode: '12345', Phone1: '555-123-4567', PrependAttachmentsToROI: false };
    renderWithAdmin(<ResourceForm declaration={resourceByName('orgs')!} record={record} label="General" submitLabel="Save Changes" layout="plain" />);
    const save = await screen.findByRole('button', { name: 'Save Changes' });
    expect(save).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: /^City/ }), 'ville');
    expect(save).toBeEnabled();
  });
});
