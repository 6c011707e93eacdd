import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Permissions } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import { ResourceListOf } from '../../src/resources/SchemaList.js';
import { OrgInvoicesTab } from '../../src/orgs/OrgTabs.js';
import { fakeServer, signedInAs } from './support/fakeServer.js';
import { renderWithAdmin } from './support/renderWithAdmin.js';

/**
 * What the org tabs' forms require before anything is sent (spec 002 §2.1, §9): Add Case Type its case type, template
 * and base cost; the Invoices tab a change before Save Changes, and its company while the accounting service is
 * connected.
 */

const P = Permissions.Orgs;
const T = Texts.orgs;
const ORG = { Id: 7, id: 7, Name: 'Acme Insurance', ParentOrg_Id: 1, Hidden: false };
const CASE_TYPES = { TableName: 'CaseType', FormattedTableName: 'Case Type', IsDynamic: false, Types: [{ Id: 4, Short: 'SV', Description: 'Surveillance', Hidden: false }] };

/** Whether an input's label carries the required mark (react-admin's asterisk, hidden from screen readers). */
const marked = (input: HTMLElement) => {
  const label = input.closest('.MuiFormControl-root')?.querySelector('label');
  return Array.from(label?.querySelectorAll('span[aria-hidden="true"]') ?? []).some((span) => span.textContent?.includes('*'));
};

describe('Add Case Type', () => {
  it('marks Case Type, Template and Base Cost required and flags all three when sent empty, sending nothing', async () => {
    const { calls } = fakeServer(({ method, url }) => {
      if (method === 'GET' && url === '/api/orgs/7/case-types') return { body: [] };
      if (method === 'GET' && url === '/api/case-templates') return { body: [{ Id: 5, Label: 'Alpha Template', Items: [] }] };
      if (method === 'GET' && url === '/api/types') return { body: [CASE_TYPES] };
      return undefined;
    });
    signedInAs([P.GET_ORG_CASE_TYPES, P.ADD_CASE_TYPE_TO_ORG], {}, [], [CASE_TYPES]);
    renderWithAdmin(<ResourceListOf resource="org-case-types" parent={ORG} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Case Type' }));
    const dialog = await screen.findByRole('dialog');
    const caseType = await within(dialog).findByRole('combobox', { name: /Case Type/ });
    const template = await within(dialog).findByRole('combobox', { name: /Template/ });
    const cost = await within(dialog).findByRole('spinbutton', { name: /Base Cost/ });
    expect([caseType, template, cost].map(marked)).toEqual([true, true, true]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Case Type' }));
    expect(await within(dialog).findByText('Case Type is required.')).toBeInTheDocument();
    expect(within(dialog).getByText(T.caseTypes.templateRequired)).toBeInTheDocument();
    expect(within(dialog).getByText('Base Cost is required.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(screen.getByRole('dialog')).toBe(dialog);
  });
});

describe('the Invoices tab', () => {
  type Status = 'connected' | 'notConfigured';
  function invoicesTab(status: Status) {
    const server = fakeServer(({ method, url, body }) => {
      if (method === 'GET' && url === '/api/orgs/7/invoice-settings') return { body: { Org_Id: 7, QboId: null, QboCompany: null, IncludeLast4SSN: false } };
      if (method === 'GET' && url === '/api/qbo/status') return { body: { Status: status } };
      if (method === 'GET' && url === '/api/qbo/customers') return { body: status === 'connected' ? [{ Id: 'QB-2', DisplayName: 'Acme Corp' }] : [] };
      if (method === 'PUT' && url === '/api/orgs/7/invoice-settings') return { body: { Org_Id: 7, ...(body as object) } };
      return undefined;
    });
    signedInAs([P.GET_ORG_INVOICE_SETTINGS, P.UPDATE_ORG_INVOICE_SETTINGS]);
    renderWithAdmin(<OrgInvoicesTab orgId={7} />);
    return server;
  }
  const puts = (calls: { method: string; body: unknown }[]) => calls.filter((c) => c.method === 'PUT').map((c) => c.body);
  /** Save Changes once the form may be changed (it shows read only until the permissions are known). */
  const saveButton = () => screen.findByRole('button', { name: 'Save Changes' }, { timeout: 10_000 });

  it('keeps Save Changes disabled until something changed, and refuses "None" while the accounting service is connected', async () => {
    const { calls } = invoicesTab('connected');
    const save = await saveButton();
    expect(save).toBeDisabled();
    const company = await screen.findByRole('combobox', { name: /QuickBooks Company/ });
    expect(marked(company)).toBe(true);
    await userEvent.click(screen.getByLabelText(/Include Last 4 SSN in Details/));
    expect(save).toBeEnabled();
    await userEvent.click(save);
    expect(await screen.findByText('QuickBooks Company is required.')).toBeInTheDocument();
    expect(puts(calls)).toEqual([]);

    await userEvent.click(company);
    await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Acme Corp' }));
    await waitFor(() => expect(screen.queryByText('QuickBooks Company is required.')).not.toBeInTheDocument());
    await userEvent.click(save);
    expect(await screen.findByText(T.invoices.updated)).toBeInTheDocument();
    expect(puts(calls)).toEqual([{ QboId: 'QB-2', IncludeLast4SSN: true }]);
  });

  it('saves "None" while no accounting service is set up: it is the only choice', async () => {
    const { calls } = invoicesTab('notConfigured');
    const save = await saveButton();
    await screen.findByText(Texts.invoices.accounting.notConfigured);
    expect(save).toBeDisabled();
    await userEvent.click(screen.getByLabelText(/Include Last 4 SSN in Details/));
    await userEvent.click(save);
    expect(await screen.findByText(T.invoices.updated)).toBeInTheDocument();
    expect(puts(calls)).toEqual([{ QboId: null, IncludeLast4SSN: true }]);
  });
});
