import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Permissions } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import { ResourceListOf } from '../../src/resources/SchemaList.js';
import { fakeServer, signedInAs } from './support/fakeServer.js';
import { GROUPS, ORGS, USER_LISTS, record as userRecord, withOrgs } from './support/identityFixtures.js';
import { ORG, showAll } from './support/orgTabs.js';
import { renderWithAdmin } from './support/renderWithAdmin.js';

/** The org page's Users tab: the users' settings saved from the row (spec 002). */

const P = Permissions.Orgs;
const T = Texts.orgs;

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
