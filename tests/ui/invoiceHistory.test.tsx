import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Permissions } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import { writeState, type OrgState } from '../../dataProvider/session.js';
import type { InvoiceLine, InvoiceSummary } from '../../schemas/types.js';
import { fakeServer, signedInAs } from './support/fakeServer.js';
import { renderAt } from './support/renderApp.js';

/**
 * The invoice history (issue 22 §2) as a user meets it at /invoices/history: the invoices newest first with their org,
 * date, cases, total, QuickBooks id (or "Dossier only") and creator; a row opening into its lines; the org and date
 * filters sent to the server; a failed load said as such; no page without the permission.
 */
const P = Permissions.Invoices;
const H = Texts.invoices.history;
const WAIT = { timeout: 15_000 };

type Request = { method: string; url: string; body: unknown };
type Answer = { status?: number; body?: unknown } | undefined;

const org = (Id: number, Name: string, Code: string, ParentOrg_Id: number | null): OrgState => ({ Id, Name, Code, ParentOrg_Id, Hidden: false, ContractType_Id: null });
const ORGS = [org(1, 'Dossier Investigations', 'DI', null), org(3, 'Department of Commerce', 'DOC', 1), org(4, 'Acme Logistics', 'ACME', 1)];
const INVOICES: InvoiceSummary[] = [
  { Id: 12, Org_Id: 3, OrgName: 'Department of Commerce', InvoiceDate: '2026-04-30', Total: 2173.75, CaseCount: 2, QboInvoiceId: '1045', CreatedBy: 'Morgan Lee', CreatedDate: '2026-04-30T14:00:00.000Z' },
  { Id: 11, Org_Id: 4, OrgName: 'Acme Logistics', InvoiceDate: '2026-04-02', Total: 637.34, CaseCount: 1, QboInvoiceId: null, CreatedBy: 'Morgan Lee', CreatedDate: '2026-04-02T09:00:00.000Z' },
];
const LINES: InvoiceLine[] = [
  { Invoice_Id: 12, LineNumber: 1, Case_Id: 31, CaseNumber: 'DOS-2026-000031', Description: 'DOS-2026-000031 Ann Smith', Amount: 998.75 },
  { Invoice_Id: 12, LineNumber: 2, Case_Id: 32, CaseNumber: 'DOS-2026-000032', Description: 'DOS-2026-000032 Court Record Fee (2 Each)', Amount: 30 },
];

function setup(roles: string[] = [P.VIEW_INVOICE_DETAILS], override?: (request: Request) => Answer) {
  const server = fakeServer((request) => {
    const answer = override?.(request);
    if (answer) return answer;
    const { method, url } = request;
    if (method === 'GET' && url === '/api/orgs?includeHidden=true') return { body: ORGS };
    if (method === 'POST' && url === '/api/invoices/search') return { body: { Invoices: INVOICES, total: INVOICES.length, totalIsExact: true, pageCount: 1, page: 0 } };
    if (method === 'GET' && url === '/api/invoices/12/lines') return { body: LINES };
    if (method === 'GET' && url.startsWith('/api/') && !url.startsWith('/api/live')) return { body: [] };
    return undefined;
  });
  signedInAs(roles);
  writeState((s) => ({ ...s, orgs: { list: [], loadedAt: 0 } }));
  renderAt('/invoices/history');
  return server;
}

const table = () => screen.findByRole('table', { name: 'Invoices' }, WAIT);
const searches = (calls: Request[]) => calls.filter((c) => c.method === 'POST' && c.url === '/api/invoices/search').map((c) => c.body as { sorted: unknown[]; additional: Record<string, unknown> });

describe('the invoice history', () => {
  it('lists the invoices newest first, with their org, date, cases, total, QuickBooks id and creator', async () => {
    const { calls } = setup();
    const invoices = await table();
    expect(screen.getByRole('heading', { name: H.title })).toBeInTheDocument();
    const doc = (await within(invoices).findByText('Department of Commerce', {}, WAIT)).closest('tr')!;
    for (const text of ['12', '04/30/2026', '2', '$2,173.75', '1045']) expect(within(doc).getByText(text)).toBeInTheDocument();
    const acme = within(invoices).getByText('Acme Logistics').closest('tr')!;
    expect(within(acme).getByText(H.notSent)).toBeInTheDocument();
    expect(searches(calls)[0].sorted).toEqual([{ id: 'InvoiceDate', desc: true }]);
  });

  it('opens an invoice into its lines, each case a link to the case', async () => {
    const user = userEvent.setup();
    setup([P.VIEW_INVOICE_DETAILS, Permissions.Cases.VIEW_CASES]);
    const invoices = await table();
    await user.click(await within(invoices).findByText('Department of Commerce', {}, WAIT));
    const lines = await screen.findByRole('table', { name: H.linesOf(12) }, WAIT);
    expect(await within(lines).findByText('DOS-2026-000031 Ann Smith')).toBeInTheDocument();
    expect(within(lines).getByText('$998.75')).toBeInTheDocument();
    expect(within(lines).getByRole('link', { name: 'DOS-2026-000032' })).toHaveAttribute('href', '/cases/32');
  });

  it('sends the org chosen to the server', async () => {
    const user = userEvent.setup();
    const { calls } = setup();
    await table();
    await user.click(await screen.findByRole('combobox', { name: 'Org' }));
    await user.click(await screen.findByRole('option', { name: 'Department of Commerce' }, WAIT));
    await waitFor(() => expect(searches(calls).at(-1)!.additional).toMatchObject({ Org_Id: 3 }), WAIT);
  });

  it('says when the invoices could not be read, not that there are none', async () => {
    setup(undefined, (request) => (request.url === '/api/invoices/search' ? { status: 500, body: { Message: 'Boom' } } : undefined));
    expect(await screen.findByText(H.loadFailed, {}, WAIT)).toBeInTheDocument();
    expect(screen.queryByText(H.empty)).not.toBeInTheDocument();
  });

  it('is open to holders of Create Invoices too', async () => {
    setup([P.CREATE_INVOICES]);
    expect(await screen.findByRole('heading', { name: H.title }, WAIT)).toBeInTheDocument();
  });

  it('is the not-found view without View Invoice Details or Create Invoices', async () => {
    setup([Permissions.Cases.VIEW_CASES]);
    expect(await screen.findByText(/not found/i, {}, WAIT)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: H.title })).not.toBeInTheDocument();
  });
});
