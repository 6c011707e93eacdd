import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Permissions } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import { resourceByName } from '../../resources/index.js';
import { ResourceForm } from '../../src/resources/ResourceForm.js';
import { ORG_FORM, ORG_INVOICE_SETTINGS_FORM } from '../../src/orgs/orgFormView.js';
import { SchemaList } from '../../src/resources/SchemaList.js';
import { fakeServer, signedInAs } from './support/fakeServer.js';
import { ORG } from './support/orgTabs.js';
import { renderWithAdmin } from './support/renderWithAdmin.js';

/** What the orgs' declarations and schemas ask of the generic list and form: a confirmation, a select, a password. */

const P = Permissions.Orgs;
const T = Texts.orgs;

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
    renderWithAdmin(<ResourceForm {...ORG_INVOICE_SETTINGS_FORM} declaration={declaration} record={{ Org_Id: 7, id: 7, QboId: '-1', IncludeLast4SSN: false }} label="Invoices" submitLabel="Save Changes" layout="stack" />);
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
    renderWithAdmin(<ResourceForm {...ORG_FORM} declaration={resourceByName('orgs')!} record={record} label="General" submitLabel="Save Changes" layout="plain" />);
    const password = await screen.findByLabelText(/ROI Encryption Password/);
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveValue('secret');
  });

  it('keeps Save Changes disabled until something changed', async () => {
    fakeServer(() => undefined);
    signedInAs([P.VIEW_ORGANIZATIONS, P.EDIT_ORGANIZATION]);
    const record = { ...ORG, Code: 'ACME', Address1: '1 Main St', City: 'Springfield', PostalCode: '12345', Phone1: '555-123-4567', PrependAttachmentsToROI: false };
    renderWithAdmin(<ResourceForm {...ORG_FORM} declaration={resourceByName('orgs')!} record={record} label="General" submitLabel="Save Changes" layout="plain" />);
    const save = await screen.findByRole('button', { name: 'Save Changes' });
    expect(save).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: /^City/ }), 'ville');
    expect(save).toBeEnabled();
  });
});
