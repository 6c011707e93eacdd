import { describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Permissions } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import { writeState, type OrgState } from '../../dataProvider/session.js';
import type { InvoiceableOrg } from '../../schemas/types.js';
import { completedOn, shownCases, subjectName, totalOf } from '../../src/invoices/invoiceModel.js';
import { formatDate, isoDay } from '../../shared/format.js';
import { fakeServer, signedInAs } from './support/fakeServer.js';
import { renderAt } from './support/renderApp.js';

/**
 * The invoicing screen (spec 002 §2.7) as a user meets it: the org tree with billable orgs in bold, a card per
 * checked org with its count, one card open at a time, the date filter, the cases table with its expense rows and
 * footer total, check-all within the dates, Create Invoice and what follows it.
 */
const P = Permissions.Invoices;
const T = Texts.invoices;
const WAIT = { timeout: 4000 };

const org = (Id: number, Name: string, Code: string, ParentOrg_Id: number | null): OrgState => ({ Id, Name, Code, ParentOrg_Id, Hidden: false, ContractType_Id: null });
const ORGS: OrgState[] = [
  org(1, 'Dossier Investigations', 'DI', null),
  org(2, 'Federal Clients', 'FED', 1),
  org(3, 'Department of Commerce', 'DOC', 2),
  org(4, 'Acme Logistics', 'ACME', 1),
  org(5, 'Harbor Bank', 'HARB', 1),
];

type Case = InvoiceableOrg['Cases'][number];
const kase = (Id: number, CaseNumber: string, CompletionDate: string, TotalCost: number, extra: Partial<Case> = {}): Case => ({
  Id,
  CaseNumber,
  Subject: { FirstName: 'Jane', LastName: `Doe${Id}` },
  CompletionDate,
  Discontinued: false,
  QboId: '58',
  BaseCost: TotalCost,
  FeeAmount: 0,
  ExpensesTotal: 0,
  TotalCost,
  Expenses: [],
  ...extra,
});
const GROUPS: Record<number, InvoiceableOrg> = {
  3: {
    Org_Id: 3,
    OrgName: 'Department of Commerce',
    QboId: '58',
    CanInvoice: true,
    Cases: [
      kase(31, 'DOS-2026-000031', '2026-03-20T15:00:00.000Z', 998.75, { Subject: { FirstName: 'Ann', LastName: 'Smith (PALMETTO)' } }),
      kase(32, 'DOS-2026-000032', '2026-03-05T23:30:00.000Z', 1175, {
        Discontinued: true,
        ExpensesTotal: 42.34,
        Expenses: [
          { Id: 901, Item_Id: 1, ExpenseType: { Id: 1, Description: 'Court Record Fee', UOM: { Description: 'Each' } }, Cost: 15, Units: 2, Override: null, Passthrough: true, Total: 30, Subject: { Id: 7, FirstName: 'Ivan', LastName: 'Vega' } },
          { Id: 902, Item_Id: 1, ExpenseType: { Id: 2, Description: 'Copy Fees', UOM: { Description: 'Page' } }, Cost: 0.25, Units: 40, Override: 12.34, Passthrough: true, Total: 12.34, Subject: { Id: 7, FirstName: 'Ivan', LastName: 'Vega' } },
        ],
      }),
      kase(33, 'DOS-2026-000033', '2026-02-10T10:00:00.000Z', 450),
    ],
  },
  4: { Org_Id: 4, OrgName: 'Acme Logistics', QboId: null, CanInvoice: false, Cases: [kase(41, 'DOS-2026-000041', '2026-03-01T10:00:00.000Z', 1250)] },
  5: { Org_Id: 5, OrgName: 'Harbor Bank', QboId: '9', CanInvoice: true, Cases: [] },
};

type Handler = Parameters<typeof fakeServer>[0];

function setup(roles: string[] = [P.VIEW_INVOICE_DETAILS, P.CREATE_INVOICES], override?: Handler) {
  const server = fakeServer((request) => {
    const answer = override?.(request);
    if (answer) return answer;
    const { method, url, body } = request;
    if (method === 'GET' && url === '/api/orgs?includeHidden=true') return { body: ORGS };
    if (method === 'GET' && url === '/api/orgs/invoiced') return { body: [{ Id: 3, Name: 'Department of Commerce' }, { Id: 4, Name: 'Acme Logistics' }] };
    if (method === 'POST' && url === '/api/invoices/get-cases') return { body: (body as { Org_Ids: number[] }).Org_Ids.map((id) => GROUPS[id]) };
    if (method === 'POST' && url === '/api/invoices/create-invoice') {
      const ids = (body as { Case_Ids: number[] }).Case_Ids;
      return { body: { Id: 77, Org_Id: 3, OrgName: 'Department of Commerce', InvoiceDate: '2026-04-01', Total: 1, QboInvoiceId: null, Cases: ids.map((id) => ({ Case_Id: id, CaseNumber: String(id), Amount: 1 })) } };
    }
    return undefined;
  });
  signedInAs(roles);
  writeState((s) => ({ ...s, orgs: { list: [], loadedAt: 0 } }));
  renderAt('/invoices');
  return server;
}

/** The tree item of an org, once shown. */
const treeItem = async (name: string) => within(await screen.findByRole('tree', { name: T.orgsHeading }, WAIT)).getByText(new RegExp(`^${name}`)).closest('li')!;

/** Opens an org's node in the tree (only the first node starts expanded). */
async function expand(user: ReturnType<typeof userEvent.setup>, name: string) {
  const item = await treeItem(name);
  if (item.getAttribute('aria-expanded') !== 'true') await user.click(item.querySelector('.MuiTreeItem-iconContainer')!);
  await waitFor(() => expect(item).toHaveAttribute('aria-expanded', 'true'));
}

/** Ticks an org's checkbox in the tree, its closed ancestors opened first (top down; the first node starts open). */
async function check(user: ReturnType<typeof userEvent.setup>, name: string) {
  const ancestors: string[] = [];
  for (let org = ORGS.find((o) => o.Name === name); org?.ParentOrg_Id; ) {
    org = ORGS.find((o) => o.Id === org!.ParentOrg_Id);
    if (org?.ParentOrg_Id) ancestors.unshift(org.Name);
  }
  for (const ancestor of ancestors) await expand(user, ancestor);
  const item = await treeItem(name);
  // The tree's checkbox is hidden from the accessibility tree (the item itself carries aria-checked).
  await user.click(item.querySelector('input[type="checkbox"]')!);
}

/** Answers the question Create Invoice asks. */
async function confirmInvoice(user: ReturnType<typeof userEvent.setup>) {
  const ask = await screen.findByRole('dialog', { name: T.confirm.title }, WAIT);
  await user.click(within(ask).getByRole('button', { name: T.createInvoice }));
}

const card = (name: string) => screen.getByRole('region', { name });
const table = (name: string) => screen.getByRole('table', { name: `Uninvoiced cases of ${name}` });

describe('the invoicing model', () => {
  it('shows names without the partner-group marker, completion days in UTC, and totals in cents', () => {
    expect(subjectName({ FirstName: 'Ann', LastName: 'Smith (PALMETTO)' })).toBe('Ann Smith');
    expect(completedOn('2026-03-05T23:30:00.000Z')).toBe('2026-03-05');
    expect(shownCases(GROUPS[3], '2026-03-05', '2026-03-05').map((c) => c.id)).toEqual([32]);
    expect(shownCases(GROUPS[3], '2026-03-01', '').map((c) => c.id)).toEqual([31, 32]);
    expect(totalOf(GROUPS[3].Cases)).toBe(2623.75);
  });
});

describe('the invoicing screen', () => {
  it('asks to choose orgs, then shows a card per checked org with its count, one open at a time', async () => {
    const user = userEvent.setup();
    const server = setup();
    expect(await screen.findByText(T.chooseOrgs, {}, WAIT)).toBeInTheDocument();
    await check(user, 'Department of Commerce');
    expect(await screen.findByText('3 uninvoiced cases', {}, WAIT)).toBeInTheDocument();
    await check(user, 'Acme Logistics');
    expect(await screen.findByText('1 uninvoiced case', {}, WAIT)).toBeInTheDocument();
    // The orgs as they settled (asked 500 ms after the last change).
    const asked = server.calls.filter((c) => c.url === '/api/invoices/get-cases').map((c) => c.body);
    expect((asked.at(-1) as { Org_Ids: number[] }).Org_Ids.sort()).toEqual([3, 4]);

    const doc = within(card('Department of Commerce')).getByRole('button', { expanded: false });
    await user.click(doc);
    expect(await screen.findByRole('table', { name: 'Uninvoiced cases of Department of Commerce' })).toBeInTheDocument();
    await user.click(within(card('Acme Logistics')).getByRole('button', { expanded: false }));
    expect(await screen.findByRole('table', { name: 'Uninvoiced cases of Acme Logistics' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Uninvoiced cases of Department of Commerce' })).not.toBeInTheDocument());
    // Acme has no accounting-service company: the text in place of Create Invoice.
    expect(within(card('Acme Logistics')).getByText(T.assignCompany)).toBeInTheDocument();
    expect(within(card('Acme Logistics')).queryByRole('button', { name: T.createInvoice })).not.toBeInTheDocument();
  });

  it('shows the cases newest first with subject, UTC completion day, discontinued tick, cost, expense rows and the footer total', async () => {
    const user = userEvent.setup();
    setup();
    await check(user, 'Department of Commerce');
    await user.click(await screen.findByRole('button', { name: /Department of Commerce/ }, WAIT));
    const cases = table('Department of Commerce');
    const rows = within(cases).getAllByRole('row').filter((r) => within(r).queryByText(/^DOS-/));
    expect(rows.map((r) => within(r).getByText(/^DOS-/).textContent)).toEqual(['DOS-2026-000031', 'DOS-2026-000032', 'DOS-2026-000033']);
    expect(within(rows[0]).getByText('Ann Smith')).toBeInTheDocument();
    expect(within(rows[1]).getByText('03/05/2026')).toBeInTheDocument();
    expect(within(rows[1]).getByLabelText('Discontinued: yes')).toBeInTheDocument();
    expect(within(rows[0]).getByText('$998.75')).toBeInTheDocument();
    expect(within(cases).getByLabelText('Total of the cases shown')).toHaveTextContent('$2,623.75');
    // The second case expands into its expenses; the override shows after the amount it replaces, struck through.
    await user.click(within(rows[1]).getByText('DOS-2026-000032'));
    const expenses = await screen.findByRole('table', { name: 'Expenses of DOS-2026-000032' });
    expect(within(expenses).getByText('Court Record Fee')).toBeInTheDocument();
    expect(within(expenses).getByText('40 Page')).toBeInTheDocument();
    expect(within(expenses).getByText('$10.00').tagName).toBe('S');
    expect(within(expenses).getByText('$12.34')).toBeInTheDocument();
  });

  it('checks all only within the date filter, invoices the checked cases, and returns to its first state', async () => {
    const user = userEvent.setup();
    const server = setup();
    await check(user, 'Department of Commerce');
    await user.click(await screen.findByRole('button', { name: /Department of Commerce/ }, WAIT));
    const create = screen.getByRole('button', { name: T.createInvoice });
    expect(create).toBeDisabled();
    await user.type(screen.getByLabelText(T.startDate), '2026-03-01');
    const cases = table('Department of Commerce');
    await waitFor(() => expect(within(cases).queryByText('DOS-2026-000033')).not.toBeInTheDocument());
    expect(within(cases).getByLabelText('Total of the cases shown')).toHaveTextContent('$2,173.75');
    await user.click(within(cases).getAllByRole('checkbox')[0]);
    expect(create).toBeEnabled();
    await user.click(create);
    await confirmInvoice(user);
    await waitFor(() => expect(server.calls.some((c) => c.url === '/api/invoices/create-invoice')).toBe(true));
    const sent = server.calls.find((c) => c.url === '/api/invoices/create-invoice')!;
    expect(sent.body).toEqual({ Case_Ids: expect.arrayContaining([31, 32]), OrgName: 'Department of Commerce', InvoiceDate: null });
    expect((sent.body as { Case_Ids: number[] }).Case_Ids).toHaveLength(2);
    expect(await screen.findByText(T.invoiced, {}, WAIT)).toBeInTheDocument();
    expect(await screen.findByText(T.chooseOrgs, {}, WAIT)).toBeInTheDocument();
  });

  it('asks before creating the invoice: the org, the cases, the total and the date; Cancel creates nothing', async () => {
    const user = userEvent.setup();
    const server = setup();
    await check(user, 'Department of Commerce');
    await user.click(await screen.findByRole('button', { name: /Department of Commerce/ }, WAIT));
    const cases = table('Department of Commerce');
    for (const number of ['DOS-2026-000031', 'DOS-2026-000033']) await user.click(within(within(cases).getByText(number).closest('tr')!).getByRole('checkbox'));
    await user.type(screen.getByLabelText(T.invoiceDate), '2026-04-30');
    await user.click(screen.getByRole('button', { name: T.createInvoice }));
    const ask = await screen.findByRole('dialog', { name: T.confirm.title }, WAIT);
    // 998.75 + 450.
    expect(ask).toHaveTextContent(T.confirm.summary('Department of Commerce', 2, '$1,448.75', '04/30/2026'));
    expect(within(ask).getByText(/DOS-2026-000031/)).toHaveTextContent('2: DOS-2026-000031, DOS-2026-000033');
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls.some((c) => c.url === '/api/invoices/create-invoice')).toBe(false);
    // The cases stay checked, ready to be invoiced after all; without a date the invoice says today.
    await user.clear(screen.getByLabelText(T.invoiceDate));
    await user.click(screen.getByRole('button', { name: T.createInvoice }));
    const again = await screen.findByRole('dialog', { name: T.confirm.title }, WAIT);
    expect(again).toHaveTextContent(T.confirm.today(formatDate(isoDay(new Date()))));
  });

  it('opens the invoice history from its header, for users who may see it', async () => {
    setup();
    const link = await screen.findByRole('link', { name: T.history.open }, WAIT);
    expect(link).toHaveAttribute('href', '/invoices/history');
  });

  it('sends the invoice date given, and says why the server refused', async () => {
    const user = userEvent.setup();
    const refusal = Texts.invoices.server.alreadyInvoiced(['DOS-2026-000033']);
    const server = setup(undefined, (request) => (request.url === '/api/invoices/create-invoice' ? { status: 409, body: { Message: refusal } } : undefined));
    await check(user, 'Department of Commerce');
    await user.click(await screen.findByRole('button', { name: /Department of Commerce/ }, WAIT));
    const cases = table('Department of Commerce');
    await user.click(within(within(cases).getByText('DOS-2026-000033').closest('tr')!).getByRole('checkbox'));
    await user.type(screen.getByLabelText(T.invoiceDate), '2026-04-30');
    await user.click(screen.getByRole('button', { name: T.createInvoice }));
    await confirmInvoice(user);
    expect(await screen.findByText(refusal, {}, WAIT)).toBeInTheDocument();
    expect(server.calls.find((c) => c.url === '/api/invoices/create-invoice')!.body).toEqual({ Case_Ids: [33], OrgName: 'Department of Commerce', InvoiceDate: '2026-04-30' });
    // Still there to try again.
    expect(table('Department of Commerce')).toBeInTheDocument();
  });

  it('shows an org without cases as none, and offers no Create Invoice without the permission', async () => {
    const user = userEvent.setup();
    setup([P.VIEW_INVOICE_DETAILS]);
    await check(user, 'Harbor Bank');
    await user.click(await screen.findByRole('button', { name: /Harbor Bank/ }, WAIT));
    expect(within(card('Harbor Bank')).getByText('0 uninvoiced cases')).toBeInTheDocument();
    expect(await within(card('Harbor Bank')).findByText(T.noCases)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: T.createInvoice })).not.toBeInTheDocument();
  });

  it('says when the cases could not be read', async () => {
    const user = userEvent.setup();
    setup(undefined, (request) => (request.url === '/api/invoices/get-cases' ? { status: 500, body: { Message: 'Boom' } } : undefined));
    await check(user, 'Department of Commerce');
    expect(await screen.findByText(T.loadingInvoices)).toBeInTheDocument();
    expect(await screen.findByText(T.loadFailed, {}, WAIT)).toBeInTheDocument();
  });

  it('says when no accounting service is set up, and when QuickBooks still has to be connected', async () => {
    let status = 'notConfigured';
    setup(undefined, (request) => (request.url === '/api/qbo/status' ? { body: { Status: status } } : undefined));
    expect(await screen.findByText(Texts.invoices.accounting.notConfigured, {}, WAIT)).toBeInTheDocument();
    cleanup();
    status = 'notAuthorised';
    setup(undefined, (request) => (request.url === '/api/qbo/status' ? { body: { Status: status } } : undefined));
    expect(await screen.findByText(Texts.invoices.accounting.notAuthorised, {}, WAIT)).toBeInTheDocument();
    expect(screen.queryByText(Texts.invoices.accounting.notConfigured)).not.toBeInTheDocument();
  });

  it('starts with the first node expanded only', async () => {
    setup();
    expect(await treeItem('Dossier Investigations')).toHaveAttribute('aria-expanded', 'true');
    expect(await treeItem('Federal Clients')).toHaveAttribute('aria-expanded', 'false');
    expect(within(screen.getByRole('tree', { name: T.orgsHeading })).queryByText(/^Department of Commerce/)).not.toBeInTheDocument();
  });

  it('says when the orgs could not be read, and asks again on Try again', async () => {
    let fail = true;
    const { calls } = setup(undefined, (request) => (request.url === '/api/orgs?includeHidden=true' && fail ? { status: 500, body: { Message: 'Boom' } } : undefined));
    expect(await screen.findByText(T.orgsFailed, {}, WAIT)).toBeInTheDocument();
    expect(screen.queryByText(T.loadingOrgs)).not.toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await treeItem('Dossier Investigations')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/orgs?includeHidden=true').length).toBeGreaterThanOrEqual(2);
  });

  it('marks the orgs with billable cases in bold', async () => {
    setup();
    await expand(userEvent.setup(), 'Federal Clients');
    const tree = await screen.findByRole('tree', { name: T.orgsHeading }, WAIT);
    await waitFor(() => {
      const label = (name: string) => within(tree).getByText(new RegExp(`^${name}`)).closest('.MuiTreeItem-label')!;
      expect(getComputedStyle(label('Department of Commerce')).fontWeight).toBe('700');
      expect(getComputedStyle(label('Harbor Bank')).fontWeight).not.toBe('700');
    }, WAIT);
  });

  it('is the not-found view without View Invoice Details', async () => {
    setup([Permissions.Cases.VIEW_CASES]);
    await waitFor(() => expect(screen.queryByText(T.chooseOrgs)).not.toBeInTheDocument());
    expect(await screen.findByText(/not found/i, {}, WAIT)).toBeInTheDocument();
  });
});
