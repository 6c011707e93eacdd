import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Permissions } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import { UsPhone } from '../../shared/validationMessages.js';
import type { UserRecord } from '../../dataProvider/identity.js';
import userSchema from '../../schemas/user.json' with { type: 'json' };
import { AccountPage } from '../../src/account/AccountPage.js';
import { fakeServer, signedInAs } from './support/fakeServer.js';
import { renderWithAdmin } from './support/renderWithAdmin.js';
import { record, USER_LISTS, withOrgs } from './support/identityFixtures.js';

const A = Texts.account;

const contractor = record(7, 'contractor', 'Cora', 'Tate', {
  Groups: [{ Id: 3, Name: 'Independent Contractor', Tags: [] }],
  Emails: [],
  Title: 'Contract Investigator',
});
const employee = record(6, 'investigator', 'Ian', 'Vance', {
  Groups: [{ Id: 2, Name: 'Investigator', Tags: [{ Id: 2, Name: 'Employee' }] }],
  WorkStatusType_Id: 61,
  EmploymentStatusType_Id: 71,
  PINumber: 'PI-1',
  Credentials: [],
  Clearances: [],
});

type Handler = Parameters<typeof fakeServer>[0];

function setup(account: UserRecord, groups: string[] = [], override?: Handler) {
  const server = fakeServer((request) => {
    const answer = override?.(request);
    if (answer) return answer;
    const { method, url, body } = request;
    if (method === 'GET' && url === '/api/user') return { body: { ...account, Address: null } };
    if (method === 'PUT' && url === '/api/user') return { body: { ...account, ...(body as object) } };
    if (method === 'POST' && url === '/api/user/password') return { body: { Message: A.passwordUpdated } };
    return undefined;
  });
  signedInAs([Permissions.Cases.VIEW_CASES], { Id: account.Id, UserName: account.UserName, FirstName: account.FirstName, LastName: account.LastName }, groups, USER_LISTS);
  withOrgs();
  renderWithAdmin(<AccountPage />, { path: '/account' });
  return server;
}

const form = () => screen.findByRole('form', { name: 'My account' });

describe('the account screen', () => {
  it('shows the empty texts and no employment sections to a user outside Employee-tagged groups', async () => {
    setup(contractor);
    const account = await form();
    expect(within(account).getByText(A.noEmails)).toBeInTheDocument();
    expect(within(account).getByText(A.noPhones)).toBeInTheDocument();
    expect(within(account).getByText(A.noAddresses)).toBeInTheDocument();
    expect(within(account).queryByRole('region', { name: 'Settings' })).not.toBeInTheDocument();
    expect(within(account).queryByRole('region', { name: 'Credentials' })).not.toBeInTheDocument();
    expect(within(account).getByRole('textbox', { name: 'Username' })).toHaveAttribute('readonly');
    expect(within(account).queryByRole('button', { name: 'Choose' })).not.toBeInTheDocument();
    expect(within(account).queryByRole('combobox', { name: 'Groups' })).not.toBeInTheDocument();
  });

  it('shows settings, credentials and clearances to an employee, with their empty texts', async () => {
    setup(employee);
    const account = await form();
    expect(within(account).getByRole('region', { name: 'Settings' })).toBeInTheDocument();
    expect(within(account).getByText(A.noCredentials)).toBeInTheDocument();
    expect(within(account).getByText(A.noClearances)).toBeInTheDocument();
    expect(within(account).getByRole('combobox', { name: 'Employment Status' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('needs an email, then saves only the fields a user may change of the own account', async () => {
    const { calls } = setup(contractor);
    const account = await form();
    await userEvent.click(within(account).getByRole('button', { name: 'Save' }));
    expect(within(account).getByText(Texts.identity.users.needsEmail)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await userEvent.click(within(account).getByRole('button', { name: 'Add Email' }));
    await userEvent.type(within(account).getByRole('textbox', { name: 'Email' }), 'cora@example.com');
    await userEvent.click(within(account).getByRole('button', { name: 'Add Phone' }));
    await userEvent.type(within(account).getByRole('textbox', { name: 'Phone Number' }), '7045550101');
    await userEvent.click(within(account).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(A.updated)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      FirstName: 'Cora',
      MiddleName: null,
      LastName: 'Tate',
      Emails: [{ Address: 'cora@example.com', EmailType_Id: 21, IsPrimary: true }],
      PhoneNumbers: [{ Number: '704-555-0101', PhoneNumberType_Id: 31, IsPrimary: true }],
      Addresses: [],
    });
  });

  it('shows the US phone rule under a phone number that is not 10 digits once the user leaves it', async () => {
    setup(contractor);
    const account = await form();
    await userEvent.click(within(account).getByRole('button', { name: 'Add Phone' }));
    const phone = within(account).getByRole('textbox', { name: 'Phone Number' });
    await userEvent.type(phone, '12');
    expect(within(account).queryByText(UsPhone.message)).not.toBeInTheDocument();
    await userEvent.tab();
    expect(within(account).getByText(UsPhone.message)).toBeInTheDocument();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(phone);
    await userEvent.click(phone);
    await userEvent.paste('+1 (704) 555-0101');
    expect(phone).toHaveValue('704-555-0101');
    expect(within(account).queryByText(UsPhone.message)).not.toBeInTheDocument();
    expect(phone).toHaveAttribute('aria-invalid', 'false');
  });

  it('adds an address in a modal that requires City and Postal Code', async () => {
    setup(contractor);
    const account = await form();
    await userEvent.click(within(account).getByRole('button', { name: 'Add Address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Address' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Address' }));
    expect(within(dialog).getByText(Texts.identity.screens.required('City'))).toBeInTheDocument();
    // The schema's words, the same the server answers ("Postal code is required.").
    expect(within(dialog).getByText(userSchema.$defs.Address.properties.PostalCode['x-messages'].required)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'City' }), 'Charlotte');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Postal Code' }), '28202');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Address' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const addresses = within(account).getByRole('table', { name: 'Addresses' });
    expect(within(addresses).getByText('Charlotte')).toBeInTheDocument();
    expect(within(addresses).getByText('Home')).toBeInTheDocument();
  });

  it('shows each unique server message of a refused update as a toast and under its field', async () => {
    setup({ ...contractor, Emails: [{ Id: 1, Address: 'cora@example.com', EmailType_Id: 21, IsPrimary: true }] }, [], (r) =>
      r.method === 'PUT'
        ? { status: 400, body: { Message: 'The request is invalid.', ModelState: { FirstName: ['First Name is too long.'], LastName: ['First Name is too long.'] } } }
        : undefined,
    );
    const account = await form();
    await userEvent.click(within(account).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getAllByText('First Name is too long.')).toHaveLength(3));
    expect(screen.queryByText('The request is invalid.')).not.toBeInTheDocument();
  });

  it('says the session ended, never that the account was updated, when the save answers 419', async () => {
    setup({ ...contractor, Emails: [{ Id: 1, Address: 'cora@example.com', EmailType_Id: 21, IsPrimary: true }] }, [], (r) =>
      r.method === 'PUT' ? { status: 419, body: { Message: 'Signed in elsewhere.' } } : undefined,
    );
    const account = await form();
    await userEvent.click(within(account).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(Texts.global.signedInElsewhere)).toBeInTheDocument();
    expect(screen.queryByText(A.updated)).not.toBeInTheDocument();
  });

  it('changes the password only when all three fields are filled, showing server rules under the fields', async () => {
    const { calls } = setup(contractor, [], (r) =>
      r.method === 'POST' && r.url === '/api/user/password' && (r.body as { NewPassword: string }).NewPassword === 'short'
        ? { status: 400, body: { Message: 'The request is invalid.', ModelState: { NewPassword: ['The password must be at least 12 characters long.'] } } }
        : undefined,
    );
    const panel = await screen.findByRole('region', { name: 'Password' });
    const change = within(panel).getByRole('button', { name: 'Change Password' });
    await userEvent.type(within(panel).getByLabelText(/^Old Password/), 'demo-pass-2026');
    await userEvent.type(within(panel).getByLabelText(/^New Password/), 'short');
    expect(change).toBeDisabled();
    await userEvent.type(within(panel).getByLabelText(/^Confirm Password/), 'short');
    expect(change).toBeEnabled();
    await userEvent.click(change);
    expect(await within(panel).findByText('The password must be at least 12 characters long.')).toBeInTheDocument();

    await userEvent.clear(within(panel).getByLabelText(/^New Password/));
    await userEvent.type(within(panel).getByLabelText(/^New Password/), 'a-much-longer-pass');
    await userEvent.clear(within(panel).getByLabelText(/^Confirm Password/));
    await userEvent.type(within(panel).getByLabelText(/^Confirm Password/), 'a-much-longer-pass');
    await userEvent.click(change);
    expect(await screen.findByText(A.passwordUpdated)).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/user/password').at(-1)!.body).toEqual({
      OldPassword: 'demo-pass-2026',
      NewPassword: 'a-much-longer-pass',
      ConfirmPassword: 'a-much-longer-pass',
    });
    expect(within(panel).getByLabelText(/^Old Password/)).toHaveValue('');
  });

  it('links to the partner file pages of the groups the user is in', async () => {
    setup(contractor, ['Palmetto']);
    const links = await screen.findByRole('navigation', { name: 'Partner files' });
    expect(within(links).getByRole('link', { name: 'Upload Palmetto Files' })).toHaveAttribute('href', '/fileu');
    expect(within(links).getByRole('link', { name: 'Palmetto Files' })).toHaveAttribute('href', '/filed');
    expect(within(links).queryByRole('link', { name: /NCSC/ })).not.toBeInTheDocument();
  });

  it('shows no partner links to users outside the partner groups, and NCSC links to NCSC members', async () => {
    setup(contractor);
    await form();
    expect(screen.queryByRole('navigation', { name: 'Partner files' })).not.toBeInTheDocument();
  });

  it('links NCSC members to the NCSC pages', async () => {
    setup(contractor, ['NCSC']);
    const links = await screen.findByRole('navigation', { name: 'Partner files' });
    expect(within(links).getByRole('link', { name: 'Upload NCSC Files' })).toHaveAttribute('href', '/fileuNCSC');
    expect(within(links).getByRole('link', { name: 'NCSC Files' })).toHaveAttribute('href', '/filedNCSC');
  });
});
