import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Permissions } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import { resourceByName } from '../../resources/index.js';
import { ResourceForm } from '../../src/resources/ResourceForm.js';
import { ORG_INVOICE_SETTINGS_FORM } from '../../src/orgs/orgFormView.js';
import { OrgInvoicesTab } from '../../src/orgs/OrgTabs.js';
import { fakeServer, signedInAs } from './support/fakeServer.js';
import { renderWithAdmin } from './support/renderWithAdmin.js';

/**
 * Connecting the accounting service from the org Invoices tab (spec 002 §2.1, §2.10, §7): the company list's 400 with
 * the authorisation link offers Connect to QuickBooks, the pop-up's answer is saved and the companies are asked for
 * again; refusals and failures say so and never look like an empty company list.
 */
const P = Permissions.Orgs;
const A = Texts.invoices.accounting;
const LINK = 'https://appcenter.intuit.com/connect/oauth2?client_id=abc&state=s1';
const COMPANIES = [{ Id: '58', DisplayName: 'Department of Commerce' }];

const renderTab = (orgId: number) =>
  renderWithAdmin(
    <ResourceForm {...ORG_INVOICE_SETTINGS_FORM} declaration={resourceByName('org-invoice-settings')!} record={{ Org_Id: orgId, id: orgId, QboId: '-1', IncludeLast4SSN: false }} label="Invoices" submitLabel="Save Changes" layout="stack" />,
  );

/** What the /qbo/auth pop-up posts back to its opener. */
const popupAnswers = (search: string) =>
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data: { qbo: search }, origin: window.location.origin }));
  });

afterEach(() => vi.restoreAllMocks());

describe('the QuickBooks connection on the Invoices tab', () => {
  it('opens the authorisation link in a pop-up, saves its answer and lists the companies', async () => {
    let connected = false;
    const { calls } = fakeServer(({ method, url }) => {
      if (method === 'GET' && url === '/api/qbo/customers') return connected ? { body: COMPANIES } : { status: 400, body: { Message: 'authorise', ModelState: { Qbo: [LINK] } } };
      if (method === 'POST' && url === '/api/qbo/token') {
        connected = true;
        return { body: { Status: 'connected' } };
      }
      return undefined;
    });
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    signedInAs([P.GET_ORG_INVOICE_SETTINGS, P.UPDATE_ORG_INVOICE_SETTINGS]);
    renderTab(101);
    expect(await screen.findByText(A.notConnected)).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /QuickBooks Company/ })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: A.connect }));
    expect(open).toHaveBeenCalledWith(LINK, 'dossier-qbo-auth', expect.stringContaining('popup'));
    expect(await screen.findByRole('status')).toHaveTextContent(A.waiting);

    // A message from another origin is not QuickBooks' answer.
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data: { qbo: '?code=evil' }, origin: 'https://evil.example' }));
    });
    popupAnswers('?code=c1&state=s1&realmId=9341');
    expect(await screen.findByText(A.connected)).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/qbo/token').map((c) => c.body)).toEqual([{ QboResult: '?code=c1&state=s1&realmId=9341' }]);
    const company = await screen.findByRole('combobox', { name: /QuickBooks Company/ });
    await userEvent.click(company);
    expect(within(await screen.findByRole('listbox')).getAllByRole('option').map((o) => o.textContent)).toEqual([Texts.orgs.invoices.noCompany, 'Department of Commerce']);
    expect(calls.filter((c) => c.url === '/api/qbo/customers')).toHaveLength(2);
  });

  it('says the token was not saved, or why QuickBooks refused it, and stays unconnected', async () => {
    let refusal: { status: number; body: object } = { status: 500, body: { Message: 'boom' } };
    fakeServer(({ method, url }) => {
      if (method === 'GET' && url === '/api/qbo/customers') return { status: 400, body: { Message: 'authorise', ModelState: { Qbo: [LINK] } } };
      if (method === 'POST' && url === '/api/qbo/token') return refusal;
      return undefined;
    });
    vi.spyOn(window, 'open').mockReturnValue({} as Window);
    signedInAs([P.GET_ORG_INVOICE_SETTINGS, P.UPDATE_ORG_INVOICE_SETTINGS]);
    renderTab(102);
    await userEvent.click(await screen.findByRole('button', { name: A.connect }));
    popupAnswers('?code=c1&state=s1&realmId=9341');
    expect(await screen.findByText(A.tokenFailed)).toBeInTheDocument();
    expect(screen.getByText(A.notConnected)).toBeInTheDocument();

    refusal = { status: 400, body: { Message: 'The request is invalid.', ModelState: { QboResult: ['QuickBooks did not authorise Dossier (access_denied).'] } } };
    await userEvent.click(screen.getByRole('button', { name: A.connect }));
    popupAnswers('?error=access_denied&state=s1');
    expect(await screen.findByText('QuickBooks did not authorise Dossier (access_denied).')).toBeInTheDocument();
  });

  it('tells the user when the browser blocked the pop-up', async () => {
    fakeServer(({ method, url }) => (method === 'GET' && url === '/api/qbo/customers' ? { status: 400, body: { Message: 'authorise', ModelState: { Qbo: [LINK] } } } : undefined));
    vi.spyOn(window, 'open').mockReturnValue(null);
    signedInAs([P.GET_ORG_INVOICE_SETTINGS, P.UPDATE_ORG_INVOICE_SETTINGS]);
    renderTab(103);
    await userEvent.click(await screen.findByRole('button', { name: A.connect }));
    expect(await screen.findByText(A.popupBlocked)).toBeInTheDocument();
  });

  it('keeps the company already chosen in sight while QuickBooks is not connected', async () => {
    fakeServer(({ method, url }) => (method === 'GET' && url === '/api/qbo/customers' ? { status: 400, body: { Message: 'authorise', ModelState: { Qbo: [LINK] } } } : undefined));
    signedInAs([P.GET_ORG_INVOICE_SETTINGS, P.UPDATE_ORG_INVOICE_SETTINGS]);
    renderWithAdmin(
      <ResourceForm {...ORG_INVOICE_SETTINGS_FORM} declaration={resourceByName('org-invoice-settings')!} record={{ Org_Id: 105, id: 105, QboId: '58', QboCompany: { Id: '58', DisplayName: 'Department of Commerce' }, IncludeLast4SSN: false }} label="Invoices" submitLabel="Save Changes" layout="stack" />,
    );
    expect(await screen.findByRole('button', { name: A.connect })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /QuickBooks Company/ })).toHaveValue('Department of Commerce');
  });

  it('offers no Connect to a user who may only read invoice settings', async () => {
    fakeServer(({ method, url }) => (method === 'GET' && url === '/api/qbo/customers' ? { status: 400, body: { Message: 'authorise', ModelState: { Qbo: [LINK] } } } : undefined));
    signedInAs([P.GET_ORG_INVOICE_SETTINGS]);
    renderWithAdmin(
      <ResourceForm {...ORG_INVOICE_SETTINGS_FORM} declaration={resourceByName('org-invoice-settings')!} record={{ Org_Id: 104, id: 104, QboId: '58', IncludeLast4SSN: false }} label="Invoices" submitLabel="Save Changes" layout="stack" readOnly={false} />,
    );
    expect(await screen.findByText(A.askAdministrator)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: A.connect })).not.toBeInTheDocument();
  });

  it('shows a user who may only read the settings the chosen company by its name, or None, without asking QuickBooks', async () => {
    const { calls } = fakeServer(() => undefined);
    signedInAs([P.GET_ORG_INVOICE_SETTINGS]);
    const form = (record: Record<string, unknown>) => (
      <ResourceForm {...ORG_INVOICE_SETTINGS_FORM} declaration={resourceByName('org-invoice-settings')!} record={{ Org_Id: 106, id: 106, IncludeLast4SSN: false, ...record }} label="Invoices" submitLabel="Save Changes" layout="stack" readOnly />
    );
    const view = renderWithAdmin(form({ QboId: '58', QboCompany: { Id: '58', DisplayName: 'Department of Commerce' } }));
    expect(await screen.findByRole('textbox', { name: /QuickBooks Company/ })).toHaveValue('Department of Commerce');
    view.unmount();
    renderWithAdmin(form({ QboId: '-1', QboCompany: null }));
    expect(await screen.findByRole('textbox', { name: /QuickBooks Company/ })).toHaveValue(Texts.orgs.invoices.noCompany);
    expect(calls.filter((c) => c.url === '/api/qbo/customers')).toHaveLength(0);
  });

  it('says QuickBooks could not be reached, with a retry that asks again', async () => {
    let answer: { status?: number; body: unknown } = { status: 502, body: { Message: A.connectFailed } };
    const { calls } = fakeServer(({ method, url }) => (method === 'GET' && url === '/api/qbo/customers' ? answer : undefined));
    signedInAs([P.GET_ORG_INVOICE_SETTINGS, P.UPDATE_ORG_INVOICE_SETTINGS]);
    renderTab(105);
    expect(await screen.findByText(A.connectFailed)).toBeInTheDocument();
    answer = { body: COMPANIES };
    await userEvent.click(screen.getByRole('button', { name: A.retry }));
    expect(await screen.findByRole('combobox', { name: /QuickBooks Company/ })).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/qbo/customers')).toHaveLength(2);
  });
});

describe('without an accounting service', () => {
  it('says invoices are recorded in Dossier only, and says nothing once one is set up', async () => {
    let state = 'notConfigured';
    fakeServer(({ method, url }) => {
      if (method === 'GET' && url === '/api/qbo/status') return { body: { Status: state } };
      if (method === 'GET' && url === '/api/qbo/customers') return { body: [] };
      if (method === 'GET' && /^\/api\/orgs\/10[78]\/invoice-settings$/.test(url)) return { body: { Org_Id: Number(url.split('/')[3]), QboId: null, IncludeLast4SSN: false } };
      return undefined;
    });
    signedInAs([P.GET_ORG_INVOICE_SETTINGS, P.UPDATE_ORG_INVOICE_SETTINGS]);
    const first = renderWithAdmin(<OrgInvoicesTab orgId={107} />);
    expect(await screen.findByText(A.notConfigured)).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: /QuickBooks Company/ })).toHaveTextContent(Texts.orgs.invoices.noCompany);
    first.unmount();

    state = 'connected';
    renderWithAdmin(<OrgInvoicesTab orgId={108} />);
    expect(await screen.findByRole('combobox', { name: /QuickBooks Company/ })).toBeInTheDocument();
    expect(screen.queryByText(A.notConfigured)).not.toBeInTheDocument();
  });
});

describe('a reference select whose choices did not load', () => {
  it('says so with a retry instead of offering nothing', async () => {
    let failing = true;
    fakeServer(({ method, url }) => {
      if (method === 'GET' && url.startsWith('/api/expense-types')) return failing ? { status: 500, body: { Message: 'Server down' } } : { body: [{ Id: 4, Short: 'Mileage', Description: 'Mileage', UOM: { Id: 1, Short: 'mi', Description: 'Miles' }, Hidden: false }] };
      return undefined;
    });
    signedInAs([P.GET_ORG_EXPENSE_RULES, P.UPDATE_ORG_EXPENSE_RULE]);
    renderWithAdmin(<ResourceForm declaration={resourceByName('org-expense-rules')!} record={{ id: 0, Org_Id: 106 }} label="Expense rule" submitLabel="Save" layout="stack" />);
    expect(await screen.findByText(Texts.forms.choicesFailed('Expense Type'))).toBeInTheDocument();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByText(Texts.forms.choicesFailed('Expense Type'))).not.toBeInTheDocument());
  });
});
