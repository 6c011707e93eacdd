import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_LABELS, PERMISSION_CATALOGUE, Permissions } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import { loadGroups } from '../../server/identity/groups.js';
import { startTestApp, type TestApp } from '../support/testApp.js';

const T = Texts.identity.groups;
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const roleId = async (name: string) => (await db().selectFrom('roles').select('Id').where('Name', '=', name).executeTakeFirstOrThrow()).Id;
/** A group as GET /api/identity/groups answers it, read without signing in (which would replace a test's session). */
const findGroup = async (name: string) => (await loadGroups(db())).find((g) => g.Name === name);
async function groupByName(name: string) {
  const group = await findGroup(name);
  if (!group) throw new Error(`No group ${name}`);
  return group;
}

async function createGroup(name: string, description: string | null = null) {
  const response = await t.call(await t.signIn('sysadmin'), { method: 'POST', url: '/api/identity/groups', payload: { Name: name, Description: description } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('roles, categories and tags', () => {
  it('GET /api/identity/roles answers every role sorted by name', async () => {
    const response = await t.call(await t.signIn('manager'), { method: 'GET', url: '/api/identity/roles' });
    expect(response.statusCode).toBe(200);
    const roles = response.json();
    expect(roles).toHaveLength(PERMISSION_CATALOGUE.length);
    expect(Object.keys(roles[0]).sort()).toEqual(['Id', 'Name']);
    const names = roles.map((r: { Name: string }) => r.Name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('GET /api/identity/categories maps category names to role names, General first', async () => {
    const categories = (await t.call(await t.signIn('manager'), { method: 'GET', url: '/api/identity/categories' })).json();
    expect(Object.keys(categories)[0]).toBe('General');
    expect(categories.General).toContain(Permissions.General.SYSTEM_ADMINISTRATOR);
    expect(categories[CATEGORY_LABELS.Users]).toEqual(Object.values(Permissions.Users));
    expect(Object.values(categories).flat()).toHaveLength(PERMISSION_CATALOGUE.length);
  });

  it('GET /api/identity/tags answers the tags sorted by name', async () => {
    const tags = (await t.call(await t.signIn('manager'), { method: 'GET', url: '/api/identity/tags' })).json();
    expect(tags.map((tag: { Name: string }) => tag.Name)).toEqual(expect.arrayContaining(['Employee', 'Case Admin', 'System Admin']));
  });

  it('need a view permission: a client gets 403', async () => {
    const client = await t.signIn('client');
    for (const url of ['/api/identity/roles', '/api/identity/categories', '/api/identity/groups', '/api/identity/tags']) {
      expect((await t.call(client, { method: 'GET', url })).statusCode, url).toBe(403);
    }
  });
});

describe('GET /api/identity/groups', () => {
  it('answers groups sorted by name with role ids and tags', async () => {
    const groups = (await t.call(await t.signIn('manager'), { method: 'GET', url: '/api/identity/groups' })).json();
    const names = groups.map((g: { Name: string }) => g.Name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
    const admins = groups.find((g: { Name: string }) => g.Name === 'System Administrators');
    expect(admins.Roles).toContain(await roleId(Permissions.General.SYSTEM_ADMINISTRATOR));
    expect(admins.Tags.map((tag: { Name: string }) => tag.Name).sort()).toEqual(['Employee', 'System Admin']);
    expect(admins.Description).toBe('Full access to every screen and setting.');
  });
});

describe('create, rename and delete groups', () => {
  it('creates a group with a unique name (any letter case) and answers it', async () => {
    const group = await createGroup('  Auditors ', 'Read-only auditors');
    expect(group).toEqual({ Id: expect.any(Number), Name: 'Auditors', Description: 'Read-only auditors', Roles: [], Tags: [] });
    const again = await t.call(await t.signIn('sysadmin'), { method: 'POST', url: '/api/identity/groups', payload: { Name: 'AUDITORS' } });
    expect(again.statusCode).toBe(400);
    expect(again.json().ModelState).toEqual({ Name: [T.nameTaken] });
    const blank = await t.call(await t.signIn('sysadmin'), { method: 'POST', url: '/api/identity/groups', payload: { Name: '  ' } });
    expect(blank.json().ModelState).toEqual({ Name: ['Name is required.'] });
    const audit = await db().selectFrom('audit_log').select('Action').where('Entity', '=', 'groups').where('Entity_Id', '=', String(group.Id)).execute();
    expect(audit.map((a) => a.Action)).toEqual(['create']);
  });

  it('renames a group; the body Id must match and the new name must be free', async () => {
    const group = await createGroup('Night Shift');
    const token = await t.signIn('sysadmin');
    const renamed = await t.call(token, { method: 'PATCH', url: `/api/identity/groups/${group.Id}`, payload: { Id: group.Id, Name: 'Late Shift', Description: 'After 6pm' } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ Id: group.Id, Name: 'Late Shift', Description: 'After 6pm' });
    const sameName = await t.call(token, { method: 'PATCH', url: `/api/identity/groups/${group.Id}`, payload: { Id: group.Id, Name: 'late shift' } });
    expect(sameName.statusCode).toBe(200);
    const taken = await t.call(token, { method: 'PATCH', url: `/api/identity/groups/${group.Id}`, payload: { Id: group.Id, Name: 'Managers' } });
    expect(taken.json().ModelState).toEqual({ Name: [T.nameTaken] });
    const mismatch = await t.call(token, { method: 'PATCH', url: `/api/identity/groups/${group.Id}`, payload: { Id: group.Id + 1, Name: 'X' } });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().Message).toBe(T.idMismatch);
    expect((await t.call(token, { method: 'PATCH', url: '/api/identity/groups/999999', payload: { Name: 'X' } })).statusCode).toBe(404);
  });

  it('deletes an empty group, refuses one that still has users', async () => {
    const empty = await createGroup('Temporary');
    const token = await t.signIn('sysadmin');
    const deleted = await t.call(token, { method: 'DELETE', url: `/api/identity/groups/${empty.Id}` });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ Id: empty.Id, Name: 'Temporary' });
    expect(await findGroup('Temporary')).toBeUndefined();

    const investigators = await groupByName('Investigator');
    const members = await db().selectFrom('user_groups').select('User_Id').where('Group_Id', '=', investigators.Id).execute();
    const refused = await t.call(token, { method: 'DELETE', url: `/api/identity/groups/${investigators.Id}` });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().Message).toBe(T.stillHasUsers('Investigator', members.length));
    expect(await groupByName('Investigator')).toBeTruthy();
  });

  it('need the create, edit and delete permissions: a manager gets 403 and nothing changes', async () => {
    // (createGroup signs the administrator in again, so tokens are taken after it.)
    const group = await createGroup('Untouchable');
    const before = (await t.call(await t.signIn('sysadmin'), { method: 'GET', url: '/api/identity/groups' })).json();
    const manager = await t.signIn('manager');
    const calls = [
      { method: 'POST', url: '/api/identity/groups', payload: { Name: 'Mine' } },
      { method: 'PATCH', url: `/api/identity/groups/${group.Id}`, payload: { Name: 'Renamed' } },
      { method: 'DELETE', url: `/api/identity/groups/${group.Id}` },
      { method: 'POST', url: `/api/identity/groups/${group.Id}/roles`, payload: { Id: await roleId('View Cases') } },
      { method: 'DELETE', url: `/api/identity/groups/${group.Id}/roles/${await roleId('View Cases')}` },
      { method: 'PUT', url: `/api/identity/groups/${group.Id}/tags/`, payload: [{ Name: 'Employee' }] },
    ] as const;
    for (const call of calls) expect((await t.call(manager, call)).statusCode, `${call.method} ${call.url}`).toBe(403);
    const after = (await t.call(await t.signIn('sysadmin'), { method: 'GET', url: '/api/identity/groups' })).json();
    expect(after).toEqual(before);
  });
});

describe('group roles', () => {
  it('adds roles by Id or by Name (idempotent) and removes them', async () => {
    const group = await createGroup('Viewers');
    const token = await t.signIn('sysadmin');
    const viewCases = await roleId('View Cases');
    const byId = await t.call(token, { method: 'POST', url: `/api/identity/groups/${group.Id}/roles`, payload: { Id: viewCases } });
    expect(byId.statusCode).toBe(200);
    expect(byId.json().Roles).toEqual([viewCases]);
    const byName = await t.call(token, { method: 'POST', url: `/api/identity/groups/${group.Id}/roles`, payload: { Name: 'search items' } });
    expect(byName.json().Roles.sort()).toEqual([viewCases, await roleId('Search Items')].sort());
    const twice = await t.call(token, { method: 'POST', url: `/api/identity/groups/${group.Id}/roles`, payload: { Id: viewCases } });
    expect(twice.json().Roles).toHaveLength(2);

    const removed = await t.call(token, { method: 'DELETE', url: `/api/identity/groups/${group.Id}/roles/${viewCases}` });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().Roles).toEqual([await roleId('Search Items')]);
  });

  it('answers ModelState for a missing or unknown role', async () => {
    const group = await createGroup('Role errors');
    const token = await t.signIn('sysadmin');
    const none = await t.call(token, { method: 'POST', url: `/api/identity/groups/${group.Id}/roles`, payload: {} });
    expect(none.json().ModelState).toEqual({ Id: [T.roleRequired] });
    const unknownId = await t.call(token, { method: 'POST', url: `/api/identity/groups/${group.Id}/roles`, payload: { Id: 99999 } });
    expect(unknownId.json().ModelState).toEqual({ Id: [T.unknownRole] });
    const unknownName = await t.call(token, { method: 'POST', url: `/api/identity/groups/${group.Id}/roles`, payload: { Name: 'Fly' } });
    expect(unknownName.json().ModelState).toEqual({ Name: [T.unknownRole] });
  });

  it('lets only system administrators grant System Administrator or change a group holding it', async () => {
    const editors = await createGroup('Group editors');
    const admin = await t.signIn('sysadmin');
    for (const name of [Permissions.Groups.VIEW_GROUPS, Permissions.Groups.EDIT_GROUP, Permissions.Groups.DELETE_GROUP]) {
      await t.call(admin, { method: 'POST', url: `/api/identity/groups/${editors.Id}/roles`, payload: { Name: name } });
    }
    const managerId = (await db().selectFrom('users').select('Id').where('UserName', '=', 'manager').executeTakeFirstOrThrow()).Id;
    await db().insertInto('user_groups').values({ User_Id: managerId, Group_Id: editors.Id }).execute();
    const editor = await t.signIn('manager');

    const target = await createGroup('Promotion target');
    const sysAdminRole = await roleId(Permissions.General.SYSTEM_ADMINISTRATOR);
    const grant = await t.call(editor, { method: 'POST', url: `/api/identity/groups/${target.Id}/roles`, payload: { Id: sysAdminRole } });
    expect(grant.statusCode).toBe(403);
    expect(grant.json().Message).toBe(T.onlyAdminsGrantAdmin);
    const adminTag = await t.call(editor, { method: 'PUT', url: `/api/identity/groups/${target.Id}/tags/`, payload: [{ Name: 'system admin' }] });
    expect(adminTag.statusCode).toBe(403);
    const adminTagById = await db().selectFrom('tags').select('Id').where('Name', '=', 'System Admin').executeTakeFirstOrThrow();
    const sneaky = await t.call(editor, { method: 'PUT', url: `/api/identity/groups/${target.Id}/tags/`, payload: [{ Id: adminTagById.Id, Name: 'harmless' }] });
    expect(sneaky.statusCode).toBe(403);
    expect(await db().selectFrom('tags').select('Id').where('Name', '=', 'harmless').executeTakeFirst()).toBeUndefined();
    expect((await groupByName('Promotion target')).Roles).toEqual([]);
    expect((await groupByName('Promotion target')).Tags).toEqual([]);

    const admins = await groupByName('System Administrators');
    const demote = await t.call(editor, { method: 'DELETE', url: `/api/identity/groups/${admins.Id}/roles/${sysAdminRole}` });
    expect(demote.statusCode).toBe(403);
    expect(demote.json().Message).toBe(T.onlyAdminsChangeAdminGroup);
    const rename = await t.call(editor, { method: 'PATCH', url: `/api/identity/groups/${admins.Id}`, payload: { Name: 'Nobodies' } });
    expect(rename.statusCode).toBe(403);

    const ordinary = await t.call(editor, { method: 'POST', url: `/api/identity/groups/${target.Id}/roles`, payload: { Name: 'View Cases' } });
    expect(ordinary.statusCode).toBe(200);
  });

  it('keeps System Administrator on at least one group', async () => {
    const admins = await groupByName('System Administrators');
    const sysAdminRole = await roleId(Permissions.General.SYSTEM_ADMINISTRATOR);
    const token = await t.signIn('sysadmin');
    const last = await t.call(token, { method: 'DELETE', url: `/api/identity/groups/${admins.Id}/roles/${sysAdminRole}` });
    expect(last.statusCode).toBe(400);
    expect(last.json().Message).toBe(T.lastAdminGroup);

    const second = await createGroup('Deputy administrators');
    const again = await t.signIn('sysadmin');
    await t.call(again, { method: 'POST', url: `/api/identity/groups/${second.Id}/roles`, payload: { Id: sysAdminRole } });
    const removed = await t.call(again, { method: 'DELETE', url: `/api/identity/groups/${second.Id}/roles/${sysAdminRole}` });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().Roles).toEqual([]);
  });
});

describe('PUT /api/identity/groups/{id}/tags/', () => {
  it('sets the complete tag list: existing tags by Id or by name in any case, unknown names create tags', async () => {
    const group = await createGroup('Tagged');
    const token = await t.signIn('sysadmin');
    const employee = await db().selectFrom('tags').select(['Id', 'Name']).where('Name', '=', 'Employee').executeTakeFirstOrThrow();
    const response = await t.call(token, {
      method: 'PUT',
      url: `/api/identity/groups/${group.Id}/tags/`,
      payload: [{ Id: employee.Id, Name: 'Employee' }, { Name: 'REVIEWER' }, { Name: ' Night Owls ' }],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().Tags.map((tag: { Name: string }) => tag.Name)).toEqual(['Employee', 'Night Owls', 'reviewer']);
    const allTags = (await t.call(token, { method: 'GET', url: '/api/identity/tags' })).json();
    expect(allTags.filter((tag: { Name: string }) => tag.Name.toLowerCase() === 'reviewer')).toHaveLength(1);
    expect(allTags.map((tag: { Name: string }) => tag.Name)).toContain('Night Owls');

    const cleared = await t.call(token, { method: 'PUT', url: `/api/identity/groups/${group.Id}/tags/`, payload: [] });
    expect(cleared.json().Tags).toEqual([]);
    const blank = await t.call(token, { method: 'PUT', url: `/api/identity/groups/${group.Id}/tags/`, payload: [{ Name: '' }] });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().ModelState).toEqual({ '[0].Name': ['Tag name is required.'] });
  });
});
