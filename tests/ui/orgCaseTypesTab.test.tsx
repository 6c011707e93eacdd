import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataTableClasses } from 'react-admin';
import { Permissions } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import { ResourceListOf } from '../../src/resources/SchemaList.js';
import { fakeServer, signedInAs } from './support/fakeServer.js';
import { ORG, showAll } from './support/orgTabs.js';
import { renderWithAdmin } from './support/renderWithAdmin.js';

/** The org page's Case Types tab: grouped rows, date ranges with fees, CDs and ACDs (spec 002). */

const P = Permissions.Orgs;
const T = Texts.orgs;

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
