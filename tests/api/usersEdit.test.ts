import { describe, expect, it } from 'vitest';
import { Permissions } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import { UsPhone } from '../../shared/validationMessages.js';
import type { TestApp } from '../support/testApp.js';
import { pickWritable, usersApp } from '../support/usersApp.js';

/** Changing a user: fields and sub-lists, who may change whom, and a client org's user administrator's scope. */
const T = Texts.identity.users;
let t: TestApp;
const { db, userId, orgId, groupId, search, page, createUser, grantManager } = usersApp((app) => (t = app));

describe('PATCH /api/identity/users/{id}', () => {
  it('refuses a phone number that is not a 10-digit US number and changes nothing', async () => {
    const created = await createUser('patchphone');
    const token = await t.signIn('sysadmin');
    const response = await t.call(token, {
      method: 'PATCH',
      url: `/api/identity/users/${created.Id}`,
      payload: { ...pickWritable(created), PhoneNumbers: [{ ...created.PhoneNumbers[0], Number: '12' }] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().ModelState).toEqual({ 'PhoneNumbers[0].Number': [UsPhone.message] });
    const after = (await t.call(token, { method: 'GET', url: `/api/identity/users/${created.Id}` })).json();
    expect(after.PhoneNumbers).toEqual(created.PhoneNumbers);
  });

  it('updates fields, replaces sub-lists keeping the ids of kept entries, and never changes the username', async () => {
    const created = await createUser('pdawes');
    const token = await t.signIn('sysadmin');
    const keptPhone = created.PhoneNumbers[0];
    const response = await t.call(token, {
      method: 'PATCH',
      url: `/api/identity/users/${created.Id}`,
      payload: {
        ...pickWritable(created),
        UserName: 'renamed',
        FirstName: 'Petra ',
        Title: 'Senior Investigator',
        Org_Id: await orgId('DOC'),
        GroupIds: [await groupId('Reviewers')],
        ContractTypeIds: [t.lookup('ContractType', 'FED')],
        Emails: [
          { Address: 'first@example.org', IsPrimary: false },
          { Address: 'second@example.org', IsPrimary: true },
        ],
        PhoneNumbers: [{ ...keptPhone, Number: '803-555-0199', IsPrimary: false }, { Number: '803-555-0200', IsPrimary: true }],
        Addresses: [],
        Credentials: [
          { CredentialType_Id: t.lookup('CredentialType', 'PI'), License: 'SC-1', RegionType_Id: t.lookup('RegionType', 'SC'), Expiration: '2030-01-31' },
        ],
        Clearances: [{ ClearanceType_Id: t.lookup('ClearanceType', 'S'), LastInvestigation: '2024-05-01', OrgCode: 'DOD' }],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const user = response.json();
    expect(user).toMatchObject({
      UserName: 'pdawes',
      FirstName: 'Petra',
      Title: 'Senior Investigator',
      Org: { Code: 'DOC' },
      Email: 'second@example.org',
      Groups: [{ Name: 'Reviewers' }],
      ContractTypeIds: [t.lookup('ContractType', 'FED')],
      Addresses: [],
      Credentials: [{ License: 'SC-1', Expiration: '2030-01-31' }],
      Clearances: [{ OrgCode: 'DOD', LastInvestigation: '2024-05-01' }],
    });
    expect(user.Emails.map((e: { IsPrimary: boolean }) => e.IsPrimary)).toEqual([false, true]);
    expect(user.PhoneNumbers).toEqual([
      { Id: keptPhone.Id, Number: '803-555-0199', PhoneNumberType_Id: keptPhone.PhoneNumberType_Id, IsPrimary: false },
      expect.objectContaining({ Number: '803-555-0200', IsPrimary: true }),
    ]);
    expect(await db().selectFrom('user_addresses').select('Id').where('User_Id', '=', created.Id).execute()).toEqual([]);
  });

  it("does not let an id of another user's entry touch that entry", async () => {
    const created = await createUser('idthief');
    const otherPhone = await db().selectFrom('user_phones').selectAll().where('User_Id', '=', await userId('investigator')).executeTakeFirstOrThrow();
    const response = await t.call(await t.signIn('sysadmin'), {
      method: 'PATCH',
      url: `/api/identity/users/${created.Id}`,
      payload: { ...pickWritable(created), PhoneNumbers: [{ Id: otherPhone.Id, Number: '000-000-0000' }] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().PhoneNumbers[0].Id).not.toBe(otherPhone.Id);
    const after = await db().selectFrom('user_phones').selectAll().where('Id', '=', otherPhone.Id).executeTakeFirstOrThrow();
    expect(after).toEqual(otherPhone);
  });

  it('needs Admin Edit Users: a manager gets 403 and the user stays as it was', async () => {
    const id = await userId('investigator');
    const admin = await t.signIn('sysadmin');
    const before = (await t.call(admin, { method: 'GET', url: `/api/identity/users/${id}` })).json();
    const response = await t.call(await t.signIn('manager'), {
      method: 'PATCH',
      url: `/api/identity/users/${id}`,
      payload: { ...pickWritable(before), FirstName: 'Hacked' },
    });
    expect(response.statusCode).toBe(403);
    const after = (await t.call(await t.signIn('sysadmin'), { method: 'GET', url: `/api/identity/users/${id}` })).json();
    expect(after).toEqual(before);
  });

  it('lets only system administrators grant System Administrator or change an administrator', async () => {
    await grantManager('User editors', [Permissions.Users.VIEW_USERS, Permissions.Users.EDIT_USERS]);
    const editor = await t.signIn('manager');
    const target = (await t.call(editor, { method: 'GET', url: `/api/identity/users/${await userId('dataentry')}` })).json();
    const admins = await groupId('System Administrators');
    const grant = await t.call(editor, {
      method: 'PATCH',
      url: `/api/identity/users/${target.Id}`,
      payload: { ...pickWritable(target), GroupIds: [admins] },
    });
    expect(grant.statusCode).toBe(403);
    expect(grant.json().Message).toBe(T.onlyAdminsGrantAdmin);
    const groups = await db().selectFrom('user_groups').select('Group_Id').where('User_Id', '=', target.Id).execute();
    expect(groups.map((g) => g.Group_Id)).not.toContain(admins);

    const ordinary = await t.call(editor, {
      method: 'PATCH',
      url: `/api/identity/users/${target.Id}`,
      payload: { ...pickWritable(target), Title: 'Lead Clerk' },
    });
    expect(ordinary.statusCode).toBe(200);

    const sysadmin = (await t.call(editor, { method: 'GET', url: `/api/identity/users/${await userId('sysadmin')}` })).json();
    const takeover = await t.call(editor, {
      method: 'PATCH',
      url: `/api/identity/users/${sysadmin.Id}`,
      payload: { ...pickWritable(sysadmin), Emails: [{ Address: 'attacker@example.org', IsPrimary: true }] },
    });
    expect(takeover.statusCode).toBe(403);
    expect(takeover.json().Message).toBe(T.onlyAdminsManageAdmins);
    const lock = await t.call(editor, { method: 'PUT', url: `/api/identity/users/${sysadmin.Id}/lock`, payload: { LockForever: true } });
    expect(lock.statusCode).toBe(403);
  });
});

describe('org scope', () => {
  it('a user administrator of a client org sees and edits only users of that org and below', async () => {
    const admin = await t.signIn('sysadmin');
    const group = (await t.call(admin, { method: 'POST', url: '/api/identity/groups', payload: { Name: 'Client user admins' } })).json();
    await t.call(admin, { method: 'POST', url: `/api/identity/groups/${group.Id}/roles`, payload: { Name: Permissions.Users.VIEW_USERS } });
    await t.call(admin, { method: 'POST', url: `/api/identity/groups/${group.Id}/roles`, payload: { Name: Permissions.Users.EDIT_USERS } });
    const clientId = await userId('client');
    const client = (await t.call(admin, { method: 'GET', url: `/api/identity/users/${clientId}` })).json();
    await t.call(admin, {
      method: 'PATCH',
      url: `/api/identity/users/${clientId}`,
      payload: { ...pickWritable(client), GroupIds: [...client.Groups.map((g: { Id: number }) => g.Id), group.Id] },
    });

    const token = await t.signIn('client');
    const listed = (await search(token, page({ pageSize: 100 }))).json().users;
    const allowed = new Set([await orgId('DOC'), await orgId('DOC-ATL')]);
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((u: { Org_Id: number }) => allowed.has(u.Org_Id))).toBe(true);
    expect((await t.call(token, { method: 'GET', url: `/api/identity/users/${await userId('investigator')}` })).statusCode).toBe(404);

    const move = await t.call(token, {
      method: 'PATCH',
      url: `/api/identity/users/${clientId}`,
      payload: { ...pickWritable(client), Org_Id: await orgId('ACME') },
    });
    expect(move.statusCode).toBe(400);
    expect(move.json().ModelState).toEqual({ Org_Id: [T.chooseOrganization] });
  });
});
