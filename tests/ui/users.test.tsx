import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Permissions } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import type { UserRecord, UserRow, UsersQuery } from '../../dataProvider/identity.js';
import users from '../../resources/users.js';
import userSchema from '../../schemas/user.json' with { type: 'json' };
import { ResourceScreen } from '../../src/resources/ResourceScreen.js';
import { fakeServer, signedInAs } from './support/fakeServer.js';
import { renderWithAdmin } from './support/renderWithAdmin.js';
import { GROUPS, inYears, record, row, USER_LISTS, withOrgs } from './support/identityFixtures.js';

const T = Texts.identity.users;
const S = Texts.identity.screens;
const P = Permissions.Users;
const ALL = [...Object.values(P), Permissions.Groups.VIEW_GROUPS];

const employeeGroup = { Id: 2, Name: 'Investigator', Tags: [{ Id: 2, Name: 'Employee' }] };
const clientGroup = { Id: 4, Name: 'Client', Tags: [] };

const ROWS: UserRow[] = [
  row(10, 'amorgan', 'Avery', 'Morgan', { WorkStatus: { Id: 61, Short: 'AVAILABLE', Description: 'Available' } }),
  row(11, 'cdonovan', 'Claire', 'Donovan', { Org_Id: null, Org: null, LockoutEndDateUtc: inYears(1) }),
  row(12, 'gone', 'Gary', 'Gone', { LockoutEndDateUtc: inYears(90) }),
];
const RECORDS: Record<number, UserRecord> = {
  10: record(10, 'amorgan', 'Avery', 'Morgan', { Groups: [employeeGroup], Credentials: [], Clearances: [] }),
  11: record(11, 'cdonovan', 'Claire', 'Donovan', { Org_Id: null, Org: null, Groups: [clientGroup], LockoutEndDateUtc: ROWS[1].LockoutEndDateUtc }),
  12: record(12, 'gone', 'Gary', 'Gone', { Groups: [employeeGroup], LockoutEndDateUtc: ROWS[2].LockoutEndDateUtc }),
};

type Handler = Parameters<typeof fakeServer>[0];

function setup(roles: string[] = ALL, override?: Handler) {
  const server = fakeServer((request) => {
    const answer = override?.(request);
    if (answer) return answer;
    const { method, url, body } = request;
    if (method === 'POST' && url === '/api/identity/users') {
      const query = body as UsersQuery;
      return { body: { users: query.page === 0 ? ROWS : [row(30, 'page2', 'Pat', 'Second')], pageCount: 2, total: 23, totalIsExact: true } };
    }
    if (method === 'GET' && url === '/api/identity/groups') return { body: GROUPS };
    const one = /^\/api\/identity\/users\/(\d+)$/.exec(url);
    if (one && method === 'GET') return { body: RECORDS[Number(one[1])] };
    if (one && method === 'PATCH') return { body: { ...RECORDS[Number(one[1])], ...(body as object) } };
    if (one && method === 'DELETE') return { body: { Id: Number(one[1]), Message: 'ok' } };
    if (method === 'PUT' && /\/lock$/.test(url)) return { body: { LockoutEndDateUtc: inYears(100) } };
    if (method === 'POST' && url === '/api/identity/users/create') return { body: record(40, 'newbie', 'Nia', 'Newman') };
    return undefined;
  });
  signedInAs(roles, {}, [], USER_LISTS);
  withOrgs();
  renderWithAdmin(<ResourceScreen declaration={users} />);
  return server;
}

const searches = (calls: { method: string; url: string; body: unknown }[]) =>
  calls.filter((c) => c.method === 'POST' && c.url === '/api/identity/users').map((c) => c.body as UsersQuery);
// The first render loads the list and its slots lazily: on a busy machine that can take longer than 5 s.
const usersTable = () => screen.findByRole('table', { name: 'Users' }, { timeout: 15_000 });

async function openUser(userName: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Edit ${userName}` }));
  return screen.findByRole('form', { name: 'User record' });
}

describe('the users screen', () => {
  // The screen's slots load lazily; load their modules first so the timeouts measure the screen, not the transform.
  beforeAll(async () => {
    await Promise.all([import('../../src/identity/UserEditorSlot.js'), import('../../src/identity/UserFilters.js'), import('../../src/identity/WorkStatusName.js'), import('../../src/resources/ResourceList.js')]);
  });

  it('asks the server for 20 users sorted by first then last name, then pages and sorts', async () => {
    const { calls } = setup();
    const table = await usersTable();
    expect(await within(table).findByText('amorgan')).toBeInTheDocument();
    expect(searches(calls)[0]).toEqual({
      pageSize: 20,
      page: 0,
      sorted: [{ id: 'FirstName' }, { id: 'LastName' }],
      filtered: [],
      additional: { OrgIds: [], GroupIds: [], HideIDSUsers: false, Active: false, Inactive: false },
    });
    expect(screen.getByText('1–20 of 23')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await within(table).findByText('page2')).toBeInTheDocument();
    expect(searches(calls).at(-1)).toMatchObject({ page: 1 });

    await userEvent.click(within(table).getByText('Last Name'));
    await waitFor(() => expect(searches(calls).at(-1)).toMatchObject({ page: 0, sorted: [{ id: 'LastName', desc: false }] }));
    await userEvent.click(within(table).getByText('Last Name'));
    await waitFor(() => expect(searches(calls).at(-1)).toMatchObject({ sorted: [{ id: 'LastName', desc: true }] }));
  });

  it('waits 500 ms after typing before it searches, and sends only the last text', async () => {
    const { calls } = setup();
    await within(await usersTable()).findByText('amorgan');
    const before = searches(calls).length;
    await userEvent.type(await screen.findByRole('textbox', { name: 'Filter First Name' }), 'ave');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(searches(calls)).toHaveLength(before);
    await waitFor(() => expect(searches(calls).length).toBe(before + 1), { timeout: 2000 });
    expect(searches(calls).at(-1)!.filtered).toEqual([{ id: 'FirstName', value: 'ave' }]);
  });

  it('sends the filter panel choices and clears them', async () => {
    const { calls } = setup();
    await within(await usersTable()).findByText('amorgan');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Hide IDS Users' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Inactive' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Tag Employee' }));
    await waitFor(() => expect(searches(calls).at(-1)!.additional).toMatchObject({ HideIDSUsers: true, Active: false, Inactive: true }));
    await waitFor(() => expect([...searches(calls).at(-1)!.additional.GroupIds].sort()).toEqual([1, 2]));
    await userEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect(searches(calls).at(-1)!.additional).toEqual({ OrgIds: [], GroupIds: [], HideIDSUsers: false, Active: false, Inactive: false }));
  });

  it('marks locked accounts with a red left border, others green, and shows "No organization"', async () => {
    setup();
    const table = await usersTable();
    const locked = (await within(table).findByText('cdonovan')).closest('tr')!;
    const active = within(table).getByText('amorgan').closest('tr')!;
    expect(locked.cells[0]).toHaveStyle({ borderLeftColor: '#c62828' });
    expect(active.cells[0]).toHaveStyle({ borderLeftColor: '#2e7d32' });
    expect(within(locked).getByText(T.noOrganization)).toBeInTheDocument();
    expect(await within(active).findByRole('img', { name: 'Work status: Available' })).toHaveStyle({ backgroundColor: '#2e7d32' });
  });

  it('shows settings, credentials and clearances only for users in an Employee-tagged group', async () => {
    setup();
    const employee = await openUser('amorgan');
    expect(await within(employee).findByRole('region', { name: 'Settings' })).toBeInTheDocument();
    expect(within(employee).getByText(Texts.account.noCredentials)).toBeInTheDocument();
    expect(within(employee).getByText(Texts.account.noClearances)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Edit amorgan' }));

    const client = await openUser('cdonovan');
    expect(within(client).getByRole('region', { name: 'Emails' })).toBeInTheDocument();
    expect(within(client).queryByRole('region', { name: 'Settings' })).not.toBeInTheDocument();
    expect(within(client).queryByRole('region', { name: 'Credentials' })).not.toBeInTheDocument();
    expect(within(client).queryByRole('region', { name: 'Clearances' })).not.toBeInTheDocument();
  });

  it('shows a lock more than 50 years ahead as Forever, a nearer one as month, day, year', async () => {
    setup();
    const forever = await openUser('gone');
    expect(await within(forever).findByText(S.lockedForever)).toBeInTheDocument();
    expect(within(forever).getByRole('button', { name: 'Reactivate' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Edit gone' }));

    const dated = await openUser('cdonovan');
    const end = new Date(ROWS[1].LockoutEndDateUtc!);
    const month = end.toLocaleString('en-US', { month: 'long' });
    expect(within(dated).getByText(S.lockedUntil(`${month} ${end.getDate()}, ${end.getFullYear()}`))).toBeInTheDocument();
  });

  it('deactivates forever (the date is disabled) and reports it', async () => {
    const { calls } = setup();
    const form = await openUser('amorgan');
    const status = within(form).getByRole('region', { name: 'Account Status' });
    await userEvent.click(within(status).getByRole('checkbox', { name: T.forever }));
    const date = within(status).getByRole('group', { name: 'Deactivate until' });
    expect(within(date).getByRole('spinbutton', { name: 'Month' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(date).getByRole('button', { name: 'Choose date' })).toBeDisabled();
    await userEvent.click(within(status).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText(T.deactivated('Avery Morgan'))).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ url: '/api/identity/users/10/lock', body: { LockUntil: null, LockForever: true } });
    expect(await within(form).findByText(S.lockedForever)).toBeInTheDocument();
  });

  it('shows a refused lock under the control', async () => {
    setup(ALL, (r) => (r.method === 'PUT' ? { status: 400, body: { Message: T.cannotLockSelf } } : undefined));
    const form = await openUser('amorgan');
    await userEvent.click(within(form).getByRole('button', { name: 'Deactivate' }));
    const status = within(form).getByRole('region', { name: 'Account Status' });
    expect(await within(status).findByText(T.cannotLockSelf)).toBeInTheDocument();
  });

  it('shows the reason of a lock refused with a ModelState, not its generic message', async () => {
    const reason = 'The date cannot be in the past.';
    setup(ALL, (r) => (r.method === 'PUT' ? { status: 400, body: { Message: 'The request is invalid.', ModelState: { LockUntil: [reason] } } } : undefined));
    const form = await openUser('amorgan');
    await userEvent.click(within(form).getByRole('button', { name: 'Deactivate' }));
    const status = within(form).getByRole('region', { name: 'Account Status' });
    expect(await within(status).findByText(reason)).toBeInTheDocument();
    expect(within(status).queryByText('The request is invalid.')).toBeNull();
  });

  it('checks the record before saving and shows server ModelState under the fields', async () => {
    const { calls } = setup(ALL, (r) =>
      r.method === 'PATCH' ? { status: 400, body: { Message: 'The request is invalid.', ModelState: { 'Emails[0].Address': ['Email address is not valid.'] } } } : undefined,
    );
    const form = await openUser('amorgan');
    const first = within(form).getByRole('textbox', { name: 'First Name' });
    await userEvent.clear(first);
    await userEvent.click(within(form).getByRole('button', { name: 'Add Phone' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Remove Email 1' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save User' }));
    expect(within(form).getByText(S.required('First Name'))).toBeInTheDocument();
    // The schema's words, the same the server answers ("Phone number is required.").
    expect(within(form).getByText(userSchema.$defs.PhoneNumber.properties.Number['x-messages'].required)).toBeInTheDocument();
    expect(within(form).getByText(T.needsEmail)).toBeInTheDocument();
    expect(within(form).getByText(Texts.global.atLeast(1))).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    await userEvent.type(first, 'Avery');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Phone Number' }), '8035551234');
    expect(within(form).getByRole('textbox', { name: 'Phone Number' })).toHaveValue('803-555-1234');
    // An empty email row is dropped on save; the server's Emails[0] is the second row on screen.
    await userEvent.click(within(form).getByRole('button', { name: 'Add Email' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Add Email' }));
    const emails = within(form).getAllByRole('textbox', { name: 'Email' });
    // Well formed (the schema lets it through); the server still refuses it.
    await userEvent.type(emails[1], 'avery@bad.example');
    await userEvent.click(within(form).getByRole('button', { name: 'Save User' }));
    const email2 = within(form).getByRole('listitem', { name: 'Email 2' });
    expect(await within(email2).findByText('Email address is not valid.')).toBeInTheDocument();
    const sent = calls.find((c) => c.method === 'PATCH')!.body as { Emails: unknown[]; PhoneNumbers: unknown[] };
    expect(sent.Emails).toEqual([{ Address: 'avery@bad.example', EmailType_Id: 21, IsPrimary: true }]);
    expect(sent.PhoneNumbers).toEqual([{ Number: '803-555-1234', PhoneNumberType_Id: 31, IsPrimary: true }]);
    // Much typing: on a busy 2-core machine this takes longer than the default 20 s.
  }, 60_000);

  it('refuses a clearance whose last investigation is in the future', async () => {
    setup(ALL, (r) =>
      r.method === 'GET' && r.url === '/api/identity/users/10'
        ? { body: { ...RECORDS[10], Clearances: [{ Id: 5, ClearanceType_Id: 111, LastInvestigation: inYears(1).slice(0, 10), OrgCode: 'DOC' }] } }
        : undefined,
    );
    const form = await openUser('amorgan');
    await userEvent.click(within(form).getByRole('button', { name: 'Save User' }));
    expect(await within(form).findByText(T.lastInvestigationInFuture)).toBeInTheDocument();
  });

  it('asks before deleting and reports the result', async () => {
    const { calls } = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete amorgan' }));
    const dialog = await screen.findByRole('dialog', { name: T.deleteTitle });
    expect(within(dialog).getByText(T.deleteBody)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: T.deleteButton }));
    expect(await screen.findByText(T.deleted('Avery', 'Morgan'))).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')!.url).toBe('/api/identity/users/10');
  });

  it('reports a refused delete with the fallback text when the server gives none', async () => {
    setup(ALL, (r) => (r.method === 'DELETE' ? { status: 400, body: {} } : undefined));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete amorgan' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: T.deleteButton }));
    expect(await screen.findByText(T.unableToDelete)).toBeInTheDocument();
  });

  it('New Employee preselects Investigator and shows settings; New Client shows none; Escape closes', async () => {
    setup();
    await screen.findByText('amorgan');
    await userEvent.click(screen.getByRole('button', { name: 'New Employee' }));
    let dialog = await screen.findByRole('dialog', { name: 'New Employee' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Investigator' })).toBeInTheDocument());
    expect(within(dialog).getByRole('region', { name: 'Settings' })).toBeInTheDocument();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'New Contractor' }));
    dialog = await screen.findByRole('dialog', { name: 'New Contractor' });
    expect(within(dialog).getByRole('button', { name: 'Independent Contractor' })).toBeInTheDocument();
    expect(within(dialog).getByRole('region', { name: 'Settings' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));

    await userEvent.click(screen.getByRole('button', { name: 'New Client' }));
    dialog = await screen.findByRole('dialog', { name: 'New Client' });
    expect(within(dialog).getByRole('button', { name: 'Client' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('region', { name: 'Settings' })).not.toBeInTheDocument();
  });

  it('requires username, organization and an email on a new user, then creates it', async () => {
    const { calls } = setup();
    await screen.findByText('amorgan');
    await userEvent.click(screen.getByRole('button', { name: 'New Client' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Client' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect(within(dialog).getByText(S.required('Username'))).toBeInTheDocument();
    expect(within(dialog).getByText(T.chooseOrganization)).toBeInTheDocument();
    expect(within(dialog).getByText(T.needsEmail)).toBeInTheDocument();

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'newbie');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'First Name' }), 'Nia');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Last Name' }), 'Newman');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Email' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'nia@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Choose' }));
    const picker = await screen.findByRole('dialog', { name: 'Choose an organization' });
    await userEvent.click(await within(picker).findByText('Department of Commerce (DOC)'));
    await userEvent.click(within(picker).getByRole('button', { name: 'Select' }));
    expect(within(dialog).getByRole('textbox', { name: 'Client/Facility' })).toHaveValue('Department of Commerce');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect(await screen.findByText(S.userCreated('Nia Newman'))).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/identity/users/create')!.body).toEqual({
      UserName: 'newbie',
      FirstName: 'Nia',
      MiddleName: null,
      LastName: 'Newman',
      Title: null,
      Org_Id: 2,
      GroupIds: [4],
      Emails: [{ Address: 'nia@example.com', EmailType_Id: 21, IsPrimary: true }],
      PhoneNumbers: [],
      Addresses: [],
    });
  });

  it('shows the record read only to a user who may view but not edit users', async () => {
    setup([P.VIEW_USERS, Permissions.Groups.VIEW_GROUPS]);
    await userEvent.click(await screen.findByRole('button', { name: 'View amorgan' }));
    const form = await screen.findByRole('form', { name: 'User record' });
    expect(await within(form).findByRole('textbox', { name: 'First Name' })).toBeDisabled();
    expect(within(form).getByRole('textbox', { name: 'Email' })).toBeDisabled();
    expect(within(form).getByRole('region', { name: 'Settings' })).toBeInTheDocument();
    expect(within(form).queryByRole('button', { name: 'Add Email' })).not.toBeInTheDocument();
    expect(within(form).queryByRole('button', { name: 'Choose' })).not.toBeInTheDocument();
    expect(within(form).queryByRole('button', { name: 'Save User' })).not.toBeInTheDocument();
    expect(within(form).queryByRole('region', { name: 'Account Status' })).not.toBeInTheDocument();
  });

  it('shows the not-found view without the view-users permission', async () => {
    setup([Permissions.Cases.VIEW_CASES]);
    expect(await screen.findByText(Texts.global.notFound)).toBeInTheDocument();
  });
});
