import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Permissions } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import type { Group } from '../../dataProvider/identity.js';
import groupsResource from '../../resources/groups.js';
import roles from '../../resources/roles.js';
import { ResourceScreen } from '../../src/resources/ResourceScreen.js';
import { fakeServer, signedInAs } from './support/fakeServer.js';
import { renderWithAdmin } from './support/renderWithAdmin.js';

const T = Texts.identity.groups;
const P = Permissions.Groups;
const ALL = Object.values(P);

const ROLES = [
  { Id: 1, Name: 'System Administrator' },
  { Id: 2, Name: 'View JSON Editor' },
  { Id: 3, Name: 'View Cases' },
  { Id: 4, Name: 'Edit Cases' },
  { Id: 5, Name: 'Admin View Groups' },
];
const CATEGORIES = { General: ['System Administrator', 'View JSON Editor'], Cases: ['View Cases', 'Edit Cases'], Groups: ['Admin View Groups'] };
const GROUPS: Group[] = [
  { Id: 1, Name: 'System Administrators', Description: 'Full access.', Roles: [1, 2], Tags: [{ Id: 1, Name: 'System Admin' }] },
  { Id: 2, Name: 'Investigator', Description: 'Field work.', Roles: [3], Tags: [{ Id: 2, Name: 'Employee' }] },
  { Id: 3, Name: 'Client', Description: null, Roles: [], Tags: [] },
];
const TAGS = [
  { Id: 1, Name: 'System Admin' },
  { Id: 2, Name: 'Employee' },
];

type Handler = Parameters<typeof fakeServer>[0];

function setup(roles: string[] = ALL, override?: Handler) {
  const groups = [...GROUPS];
  const server = fakeServer((request) => {
    const answer = override?.(request);
    if (answer) return answer;
    const { method, url, body } = request;
    if (method === 'GET' && url === '/api/identity/groups') return { body: groups };
    if (method === 'GET' && url === '/api/identity/roles') return { body: ROLES };
    if (method === 'GET' && url === '/api/identity/categories') return { body: CATEGORIES };
    if (method === 'GET' && url === '/api/identity/tags') return { body: TAGS };
    if (method === 'POST' && url === '/api/identity/groups/2/roles') return { body: { ...GROUPS[1], Roles: [3, (body as { Id: number }).Id] } };
    if (method === 'DELETE' && url === '/api/identity/groups/2/roles/3') return { body: { ...GROUPS[1], Roles: [] } };
    if (method === 'PATCH' && url === '/api/identity/groups/2') return { body: { ...GROUPS[1], ...(body as object) } };
    if (method === 'DELETE' && url === '/api/identity/groups/3') return { body: GROUPS[2] };
    if (method === 'PUT' && url === '/api/identity/groups/2/tags/') {
      const tags = body as { Id?: number; Name: string }[];
      return { body: { ...GROUPS[1], Tags: tags.map((t, i) => ({ Id: t.Id ?? 50 + i, Name: t.Name })) } };
    }
    if (method === 'POST' && url === '/api/identity/groups') {
      const created = { Id: 9, Name: (body as { Name: string }).Name, Description: null, Roles: [], Tags: [] };
      groups.push(created);
      return { body: created };
    }
    return undefined;
  });
  signedInAs(roles);
  renderWithAdmin(<ResourceScreen declaration={groupsResource} />);
  return server;
}

/** Opens a group's inline form by its row button: Edit, or View for users without the edit permission. */
async function open(name: string, action: 'Edit' | 'View' = 'Edit') {
  await userEvent.click(await screen.findByRole('button', { name: `${action} ${name}` }));
  return screen.findByRole('region', { name: `Edit group ${name}` });
}

describe('the groups screen', () => {
  it('lists groups with their tags', async () => {
    setup();
    const table = await screen.findByRole('table', { name: 'Groups' });
    const row = (await within(table).findByText('Investigator')).closest('tr')!;
    expect(within(row).getByText('Employee')).toBeInTheDocument();
    expect(within(table).getByText('System Admin')).toBeInTheDocument();
  });

  it('groups role checkboxes by category and sends a change after showing it', async () => {
    const { calls } = setup();
    const editor = await open('Investigator');
    const cases = await within(editor).findByRole('group', { name: 'Cases roles' });
    expect(within(editor).getByRole('group', { name: 'General roles' })).toBeInTheDocument();
    expect(within(cases).getByRole('checkbox', { name: 'View Cases' })).toBeChecked();
    await userEvent.click(within(cases).getByRole('checkbox', { name: 'Edit Cases' }));
    expect(within(cases).getByRole('checkbox', { name: 'Edit Cases' })).toBeChecked();
    await waitFor(() => expect(calls.find((c) => c.method === 'POST' && c.url === '/api/identity/groups/2/roles')?.body).toEqual({ Id: 4 }));
    await userEvent.click(within(cases).getByRole('checkbox', { name: 'View Cases' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/identity/groups/2/roles/3')).toBe(true));
    expect(within(cases).getByRole('checkbox', { name: 'View Cases' })).not.toBeChecked();
  });

  it('puts a refused role change back and says so', async () => {
    setup(ALL, (r) => (r.method === 'POST' && r.url.endsWith('/roles') ? { status: 400, body: { Message: T.onlyAdminsGrantAdmin } } : undefined));
    const editor = await open('Investigator');
    const cases = await within(editor).findByRole('group', { name: 'Cases roles' });
    await userEvent.click(within(cases).getByRole('checkbox', { name: 'Edit Cases' }));
    expect(await screen.findByText(T.onlyAdminsGrantAdmin)).toBeInTheDocument();
    await waitFor(() => expect(within(cases).getByRole('checkbox', { name: 'Edit Cases' })).not.toBeChecked());
  });

  it('shows read-only ticks and crosses without the edit-group permission', async () => {
    setup([P.VIEW_GROUPS]);
    const editor = await open('Investigator', 'View');
    const cases = await within(editor).findByRole('group', { name: 'Cases roles' });
    expect(within(cases).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(cases).getByRole('img', { name: 'Granted: View Cases' })).toBeInTheDocument();
    expect(within(cases).getByRole('img', { name: 'Not granted: Edit Cases' })).toBeInTheDocument();
    expect(within(editor).getByRole('textbox', { name: 'Name' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'New Group' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Investigator' })).not.toBeInTheDocument();
  });

  it('shows only the General category for a group holding System Administrator', async () => {
    setup();
    const editor = await open('System Administrators');
    expect(await within(editor).findByRole('group', { name: 'General roles' })).toBeInTheDocument();
    expect(within(editor).queryByRole('group', { name: 'Cases roles' })).not.toBeInTheDocument();
    expect(within(editor).queryByRole('group', { name: 'Groups roles' })).not.toBeInTheDocument();
  });

  it('renames a group and reports it', async () => {
    const { calls } = setup();
    const editor = await open('Investigator');
    const name = within(editor).getByRole('textbox', { name: 'Name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Field Investigators');
    await userEvent.click(within(editor).getByRole('button', { name: 'Save Group' }));
    expect(await screen.findByText(T.updated('Field Investigators'))).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ Id: 2, Name: 'Field Investigators', Description: 'Field work.' });
  });

  it('creates a tag from free text and saves the whole list', async () => {
    const { calls } = setup();
    const editor = await open('Investigator');
    await userEvent.type(within(editor).getByRole('combobox', { name: 'Tags' }), 'Night Shift{Enter}');
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual([{ Id: 2, Name: 'Employee' }, { Name: 'Night Shift' }]));
    expect(await within(editor).findByText('Night Shift')).toBeInTheDocument();
  });

  it('reports tags it cannot load or save', async () => {
    setup(ALL, (r) => (r.url === '/api/identity/tags' ? { status: 500, body: {} } : r.method === 'PUT' ? { status: 400, body: { Message: 'nope' } } : undefined));
    const editor = await open('Investigator');
    expect(await screen.findByText(Texts.identity.tags.unableToGet)).toBeInTheDocument();
    await userEvent.type(within(editor).getByRole('combobox', { name: 'Tags' }), 'Night Shift{Enter}');
    expect(await screen.findByText(Texts.identity.tags.unableToSave, undefined, { timeout: 8000 })).toBeInTheDocument();
    expect(within(editor).queryByText('Night Shift')).not.toBeInTheDocument();
  });

  it('asks "Delete group NAME?" and reports the delete', async () => {
    setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Client' }));
    const dialog = await screen.findByRole('dialog', { name: T.deleteTitle('Client') });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(T.deleted('Client'))).toBeInTheDocument();
  });

  it('reports a refused delete', async () => {
    setup(ALL, (r) => (r.method === 'DELETE' ? { status: 400, body: {} } : undefined));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Client' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(T.unableToDelete('Client'))).toBeInTheDocument();
  });

  it('creates a group and opens it', async () => {
    const { calls } = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'New Group' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Group' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Group' }));
    expect(within(dialog).getByText(Texts.identity.screens.groupNameRequired)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Auditors');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Group' }));
    expect(await screen.findByText(T.created('Auditors'))).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ Name: 'Auditors', Description: null });
    expect(await screen.findByRole('region', { name: 'Edit group Auditors' })).toBeInTheDocument();
  });
});

describe('the groups screen, rows', () => {
  it('opens a group by a click on its row and closes it again', async () => {
    setup();
    const table = await screen.findByRole('table', { name: 'Groups' });
    await userEvent.click(await within(table).findByText('Field work.'));
    const editor = await screen.findByRole('region', { name: 'Edit group Investigator' });
    expect(within(editor).getByRole('textbox', { name: 'Name' })).toHaveValue('Investigator');
    expect(await within(editor).findByRole('group', { name: 'Cases roles' })).toBeInTheDocument();
    await userEvent.click(within(editor).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Edit group Investigator' })).not.toBeInTheDocument());
  });

  it('says a group has no tags and keeps the name required', async () => {
    const { calls } = setup();
    const row = (await screen.findByText('Client')).closest('tr')!;
    expect(within(row).getByText(Texts.identity.screens.noTags)).toBeInTheDocument();
    const editor = await open('Client');
    await userEvent.clear(within(editor).getByRole('textbox', { name: 'Name' }));
    await userEvent.click(within(editor).getByRole('button', { name: 'Save Group' }));
    expect(await within(editor).findByText(Texts.identity.screens.groupNameRequired)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });
});

describe('the roles screen', () => {
  it('lists roles sorted by name and filters them', async () => {
    fakeServer(({ url }) => (url === '/api/identity/roles' ? { body: ROLES } : url === '/api/identity/categories' ? { body: CATEGORIES } : undefined));
    signedInAs([Permissions.Roles.VIEW_ROLES]);
    renderWithAdmin(<ResourceScreen declaration={roles} />);
    const table = await screen.findByRole('table', { name: 'Roles' });
    await within(table).findByText('Admin View Groups');
    const names = () => within(table).getAllByRole('row').slice(1).map((r) => (r as HTMLTableRowElement).cells[0].textContent);
    expect(names()).toEqual(['Admin View Groups', 'Edit Cases', 'System Administrator', 'View Cases', 'View JSON Editor']);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Filter roles' }), 'view');
    await waitFor(() => expect(names()).toEqual(['Admin View Groups', 'View Cases', 'View JSON Editor']));
  });

  it('shows the not-found view without the view-role permission', async () => {
    fakeServer(() => undefined);
    signedInAs([P.VIEW_GROUPS]);
    renderWithAdmin(<ResourceScreen declaration={roles} />);
    expect(await screen.findByText(Texts.global.notFound)).toBeInTheDocument();
  });
});
