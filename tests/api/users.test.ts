import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Permissions } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import { UsPhone } from '../../shared/validationMessages.js';
import { linkIn, mailsSince, outboxMark } from '../support/outbox.js';
import { startTestApp, type TestApp } from '../support/testApp.js';
import { lockoutEnd } from '../../server/identity/lockout.js';
import { ValidationError } from '../../server/http/errors.js';

const DAY = 86_400_000;
const T = Texts.identity.users;
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const userId = async (userName: string) =>
  (await db().selectFrom('users').select('Id').where('UserName', '=', userName).executeTakeFirstOrThrow()).Id;
const orgId = async (code: string) => (await db().selectFrom('orgs').select('Id').where('Code', '=', code).executeTakeFirstOrThrow()).Id;
const groupId = async (name: string) => (await db().selectFrom('groups').select('Id').where('Name', '=', name).executeTakeFirstOrThrow()).Id;

const search = (token: string, body: object) => t.call(token, { method: 'POST', url: '/api/identity/users', payload: body });
const page = (body: object = {}) => ({ pageSize: 20, page: 0, sorted: [], filtered: [], additional: {}, ...body });

async function newUserBody(userName: string, extra: object = {}) {
  return {
    UserName: userName,
    FirstName: 'Nora',
    LastName: 'Quill',
    Org_Id: await orgId('DI'),
    GroupIds: [await groupId('Investigator')],
    Emails: [
      { Address: '', EmailType_Id: 1, IsPrimary: true },
      { Address: `${userName}@example.org`, EmailType_Id: t.lookup('EmailType', 'Work'), IsPrimary: false },
    ],
    PhoneNumbers: [{ Number: '803-555-0101', PhoneNumberType_Id: t.lookup('PhoneNumberType', 'Mobile'), IsPrimary: true }],
    Addresses: [
      { AddressType_Id: t.lookup('AddressType', 'Home'), Line1: '1 Main St', City: 'Columbia', RegionType_Id: t.lookup('RegionType', 'SC'), PostalCode: '29201', IsPrimary: true },
    ],
    ...extra,
  };
}

async function createUser(userName: string, extra: object = {}) {
  const response = await t.call(await t.signIn('sysadmin'), {
    method: 'POST',
    url: '/api/identity/users/create',
    payload: await newUserBody(userName, extra),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** A group holding the given permissions, and the demo user `manager` put into it (for non-administrator editors). */
async function grantManager(name: string, roles: string[]) {
  const admin = await t.signIn('sysadmin');
  const group = (await t.call(admin, { method: 'POST', url: '/api/identity/groups', payload: { Name: name } })).json();
  for (const role of roles) await t.call(admin, { method: 'POST', url: `/api/identity/groups/${group.Id}/roles`, payload: { Name: role } });
  const manager = await userId('manager');
  const current = (await t.call(admin, { method: 'GET', url: `/api/identity/users/${manager}` })).json();
  const update = await t.call(admin, {
    method: 'PATCH',
    url: `/api/identity/users/${manager}`,
    payload: { ...pickWritable(current), GroupIds: [...current.Groups.map((g: { Id: number }) => g.Id), group.Id] },
  });
  expect(update.statusCode, update.body).toBe(200);
  return group.Id as number;
}

/** The writable part of an answered user record, as a client would send it back. */
function pickWritable(record: Record<string, unknown>) {
  const { Id: _id, Org: _org, WorkStatus: _ws, Manager: _m, ContractTypes: _ct, Groups: _g, LockoutEndDateUtc: _l, EmailConfirmed: _e, Email: _email, ...rest } = record;
  return rest;
}

describe('POST /api/identity/users (paged list)', () => {
  it('answers 20 users sorted by first then last name, with page count and the row details the table shows', async () => {
    const token = await t.signIn('sysadmin');
    const response = await search(token, page());
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const all = await db().selectFrom('users').select(['FirstName', 'LastName', 'Id']).execute();
    expect(body.total).toBe(all.length);
    expect(body.totalIsExact).toBe(true);
    expect(body.pageCount).toBe(Math.ceil(all.length / 20));
    expect(body.users).toHaveLength(20);
    const expected = all
      .sort((a, b) => (a.FirstName < b.FirstName ? -1 : a.FirstName > b.FirstName ? 1 : a.LastName < b.LastName ? -1 : a.LastName > b.LastName ? 1 : a.Id - b.Id))
      .slice(0, 20)
      .map((u) => u.Id);
    expect(body.users.map((u: { Id: number }) => u.Id)).toEqual(expected);

    const investigator = (await search(token, page({ filtered: [{ id: 'UserName', value: 'investigator' }] }))).json().users[0];
    expect(investigator).toMatchObject({
      UserName: 'investigator',
      FirstName: 'Ian',
      LastName: 'Vance',
      Email: 'investigator@dossier.example',
      Org: { Name: 'Dossier Investigations', Code: 'DI' },
      Groups: [{ Name: 'Investigator' }],
      LockoutEndDateUtc: null,
    });
    expect(investigator.WorkStatus).toMatchObject({ Short: expect.any(String) });
    expect(JSON.stringify(body)).not.toMatch(/PasswordHash|argon2/);
  });

  it('pages, sorts by any column and filters text with ILIKE (wildcards typed by the user match themselves)', async () => {
    const token = await t.signIn('sysadmin');
    const third = (await search(token, page({ page: 2 }))).json();
    expect(third.users.length).toBe(third.total - 40);
    const byLast = (await search(token, page({ sorted: [{ id: 'LastName', desc: true }], pageSize: 5 }))).json().users;
    const lastNames = byLast.map((u: { LastName: string }) => u.LastName);
    expect(lastNames).toEqual([...lastNames].sort().reverse());

    const admins = (await search(token, page({ filtered: [{ id: 'UserName', value: 'ADMIN' }] }))).json().users;
    expect(admins.map((u: { UserName: string }) => u.UserName).sort()).toEqual(['caseadmin', 'sysadmin']);
    expect((await search(token, page({ filtered: [{ id: 'UserName', value: 'adm%' }] }))).json().total).toBe(0);
    const commerce = (await search(token, page({ filtered: [{ id: 'Organization', value: 'commerce' }] }))).json().users;
    expect(commerce.length).toBeGreaterThan(0);
    expect(commerce.every((u: { Org: { Code: string } }) => u.Org.Code === 'DOC')).toBe(true);
    const byEmail = (await search(token, page({ filtered: [{ id: 'Email', value: 'ncsc.example' }] }))).json().users;
    expect(byEmail.map((u: { UserName: string }) => u.UserName)).toContain('ncsc');
  });

  it('filters by orgs, groups, Hide IDS Users (the provider\'s own root-org staff) and Active/Inactive', async () => {
    const token = await t.signIn('sysadmin');
    const doc = await orgId('DOC');
    const inDoc = (await search(token, page({ additional: { OrgIds: [doc] } }))).json().users;
    expect(inDoc.length).toBeGreaterThan(0);
    expect(inDoc.every((u: { Org_Id: number }) => u.Org_Id === doc)).toBe(true);

    const palmetto = (await search(token, page({ additional: { GroupIds: [await groupId('Palmetto')] } }))).json().users;
    expect(palmetto.map((u: { UserName: string }) => u.UserName)).toEqual(['palmetto']);

    const hidden = (await search(token, page({ pageSize: 100, additional: { HideIDSUsers: true } }))).json();
    const di = await orgId('DI');
    expect(hidden.users.some((u: { Org_Id: number }) => u.Org_Id === di)).toBe(false);
    expect(hidden.users.map((u: { UserName: string }) => u.UserName)).toEqual(expect.arrayContaining(['client', 'palmetto', 'ncsc']));

    const inactive = (await search(token, page({ additional: { Inactive: true } }))).json();
    const locked = await db().selectFrom('users').select('Id').where('LockoutEndDateUtc', '>', new Date()).execute();
    expect(inactive.users.map((u: { Id: number }) => u.Id).sort()).toEqual(locked.map((u) => u.Id).sort());
    expect(inactive.users[0].LockoutEndDateUtc).toBeTruthy();
    const active = (await search(token, page({ additional: { Active: true } }))).json();
    const everyone = (await search(token, page())).json();
    expect(active.total).toBe(everyone.total - locked.length);
    expect((await search(token, page({ additional: { Active: true, Inactive: true } }))).json().total).toBe(everyone.total);
  });

  it('answers ModelState for an unknown sort column or a page size over 100', async () => {
    const token = await t.signIn('sysadmin');
    const response = await search(token, page({ sorted: [{ id: 'PasswordHash' }], pageSize: 1000 }));
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().ModelState).sort()).toEqual(['pageSize', 'sorted[0].id']);
  });

  it('needs Admin View Users: a client gets 403, a manager (who holds it) gets the list', async () => {
    expect((await search(await t.signIn('client'), page())).statusCode).toBe(403);
    expect((await search(await t.signIn('manager'), page())).statusCode).toBe(200);
    expect((await t.call(await t.signIn('client'), { method: 'GET', url: `/api/identity/users/${await userId('manager')}` })).statusCode).toBe(403);
  });
});

describe('GET /api/identity/users/{id}', () => {
  it('answers the full record without password data, and 404 for an unknown id', async () => {
    const token = await t.signIn('manager');
    const response = await t.call(token, { method: 'GET', url: `/api/identity/users/${await userId('investigator')}` });
    expect(response.statusCode).toBe(200);
    const user = response.json();
    expect(user).toMatchObject({ UserName: 'investigator', Org: { Code: 'DI' }, Manager: { FirstName: 'Morgan' } });
    for (const list of ['Emails', 'PhoneNumbers', 'Addresses', 'Credentials', 'Clearances', 'ContractTypeIds', 'Groups']) {
      expect(user[list].length, list).toBeGreaterThan(0);
    }
    expect(JSON.stringify(user)).not.toMatch(/PasswordHash|argon2/);
    expect((await t.call(token, { method: 'GET', url: '/api/identity/users/999999' })).statusCode).toBe(404);
  });
});

describe('POST /api/identity/users/create', () => {
  it('creates a user without a password, drops empty emails, makes the first address primary and mails a confirmation link', async () => {
    const mark = await outboxMark(t.dataDir);
    const created = await createUser('nquill');
    expect(created).toMatchObject({
      UserName: 'nquill',
      FirstName: 'Nora',
      Email: 'nquill@example.org',
      EmailConfirmed: false,
      Emails: [{ Address: 'nquill@example.org', IsPrimary: true }],
      PhoneNumbers: [{ Number: '803-555-0101', IsPrimary: true }],
      Addresses: [{ City: 'Columbia', PostalCode: '29201', IsPrimary: true }],
      Groups: [{ Name: 'Investigator', Tags: [{ Name: 'Employee' }] }],
    });
    const row = await db().selectFrom('users').select(['PasswordHash']).where('Id', '=', created.Id).executeTakeFirstOrThrow();
    expect(row.PasswordHash).toBeNull();
    await expect(t.signIn('nquill', '')).rejects.toThrow();

    const [mail] = await mailsSince(t.dataDir, mark, 'nquill@example.org');
    const link = linkIn(mail, 'http://dossier.test/confirm-email');
    expect(link.searchParams.get('userId')).toBe(String(created.Id));
    expect(link.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{40,}$/);

    const audit = await db().selectFrom('audit_log').select(['Action']).where('Entity', '=', 'users').where('Entity_Id', '=', String(created.Id)).orderBy('Id').execute();
    expect(audit.map((a) => a.Action)).toEqual(['create']);
  });

  it('refuses a username that exists in any letter case', async () => {
    const response = await t.call(await t.signIn('sysadmin'), {
      method: 'POST',
      url: '/api/identity/users/create',
      payload: await newUserBody('SysAdmin'),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().ModelState).toEqual({ UserName: [T.userNameTaken] });
  });

  it('answers the spec wording for every missing or invalid field, and creates nothing', async () => {
    const before = await db().selectFrom('users').select('Id').execute();
    const token = await t.signIn('sysadmin');
    const response = await t.call(token, {
      method: 'POST',
      url: '/api/identity/users/create',
      payload: {
        UserName: ' ',
        FirstName: '',
        Org_Id: null,
        Emails: [{ Address: 'not-an-email' }],
        PhoneNumbers: [{ Number: '' }],
        Addresses: [{ Line1: 'x', City: '', PostalCode: '' }],
        Credentials: [{ License: '' }],
        Clearances: [{ ClearanceType_Id: t.lookup('ClearanceType', 'S'), OrgCode: '' }],
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().ModelState).toEqual({
      UserName: ['Username is required.'],
      FirstName: ['First Name is required.'],
      LastName: ['Last Name is required.'],
      Org_Id: ['You must choose an organization.'],
      'Emails[0].Address': ['Email address is not valid.'],
      'PhoneNumbers[0].Number': ['Phone number is required.'],
      'Addresses[0].City': ['City is required.'],
      'Addresses[0].PostalCode': ['Postal code is required.'],
      'Credentials[0].CredentialType_Id': ['Credential type is required.'],
      'Credentials[0].License': ['License number is required.'],
      'Credentials[0].RegionType_Id': ['State is required.'],
      'Credentials[0].Expiration': ['Expiration is required.'],
      'Clearances[0].LastInvestigation': ['Last investigation is required.'],
      'Clearances[0].OrgCode': ['Organization is required.'],
    });

    const noEmail = await t.call(token, {
      method: 'POST',
      url: '/api/identity/users/create',
      payload: await newUserBody('noemail', {
        Emails: [{ Address: '  ' }],
        Clearances: [{ ClearanceType_Id: t.lookup('ClearanceType', 'S'), LastInvestigation: '2999-01-01', OrgCode: 'DOD' }],
        WorkStatusType_Id: t.lookup('RegionType', 'SC'),
      }),
    });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().ModelState).toEqual({
      Emails: [T.needsEmail],
      'Clearances[0].LastInvestigation': [T.lastInvestigationInFuture],
      WorkStatusType_Id: [T.notAChoice('Work Status')],
    });
    const missingEmails = await t.call(token, {
      method: 'POST',
      url: '/api/identity/users/create',
      payload: { UserName: 'x1', FirstName: 'A', LastName: 'B', Org_Id: 999999, Emails: [{ Address: 'x1@example.org' }] },
    });
    expect(missingEmails.json().ModelState).toEqual({ Org_Id: [T.chooseOrganization] });
    expect(await db().selectFrom('users').select('Id').execute()).toHaveLength(before.length);
  });

  it('refuses a phone number that is not a 10-digit US number, under its field, and creates nothing', async () => {
    const before = await db().selectFrom('users').select('Id').execute();
    const token = await t.signIn('sysadmin');
    const response = await t.call(token, {
      method: 'POST',
      url: '/api/identity/users/create',
      payload: await newUserBody('badphone', {
        PhoneNumbers: [{ Number: '803-555-0101' }, { Number: '12' }, { Number: '803-555-01011' }, { Number: '2-803-555-0101' }, { Number: '803-CALL-NOW' }],
      }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().ModelState).toEqual({
      'PhoneNumbers[1].Number': [UsPhone.message],
      'PhoneNumbers[2].Number': [UsPhone.message],
      'PhoneNumbers[3].Number': [UsPhone.message],
      'PhoneNumbers[4].Number': [UsPhone.message],
    });
    expect(UsPhone.message).toBe('Enter a 10-digit US phone number.');
    expect(await db().selectFrom('users').select('Id').execute()).toHaveLength(before.length);
  });

  it('stores a 10-digit number, with or without the country code 1, as 555-123-4567', async () => {
    const created = await createUser('goodphone', {
      PhoneNumbers: [{ Number: '(803) 555-0101', IsPrimary: true }, { Number: '1-803-555-0102' }, { Number: '+1 803.555.0103' }, { Number: '8035550104' }],
    });
    expect(created.PhoneNumbers.map((p: { Number: string }) => p.Number)).toEqual(['803-555-0101', '803-555-0102', '803-555-0103', '803-555-0104']);
  });

  it('needs Admin Create User: a manager gets 403 and nothing is created', async () => {
    const response = await t.call(await t.signIn('manager'), {
      method: 'POST',
      url: '/api/identity/users/create',
      payload: await newUserBody('sneaky'),
    });
    expect(response.statusCode).toBe(403);
    expect(await db().selectFrom('users').select('Id').where('UserName', '=', 'sneaky').executeTakeFirst()).toBeUndefined();
  });
});

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

describe('DELETE /api/identity/users/{id}', () => {
  it('deletes a user and answers the name for the toast', async () => {
    const created = await createUser('todelete');
    const token = await t.signIn('sysadmin');
    const response = await t.call(token, { method: 'DELETE', url: `/api/identity/users/${created.Id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ FirstName: 'Nora', LastName: 'Quill', Message: T.deleted('Nora', 'Quill') });
    expect((await t.call(token, { method: 'GET', url: `/api/identity/users/${created.Id}` })).statusCode).toBe(404);
    expect(await db().selectFrom('user_emails').select('Id').where('User_Id', '=', created.Id).execute()).toEqual([]);
  });

  it('refuses to delete oneself, and users whom authored history refers to (they are deactivated instead)', async () => {
    const token = await t.signIn('sysadmin');
    const self = await t.call(token, { method: 'DELETE', url: `/api/identity/users/${await userId('sysadmin')}` });
    expect(self.statusCode).toBe(400);
    expect(self.json().Message).toBe(T.cannotDeleteSelf);

    const author = await db()
      .selectFrom('case_messages as m')
      .innerJoin('users as u', 'u.Id', 'm.SentBy_Id')
      .select(['u.Id', 'u.FirstName', 'u.LastName'])
      .where('u.UserName', '<>', 'sysadmin')
      .executeTakeFirstOrThrow();
    const referenced = await t.call(token, { method: 'DELETE', url: `/api/identity/users/${author.Id}` });
    expect(referenced.statusCode).toBe(400);
    expect(referenced.json().Message).toBe(T.stillReferenced(`${author.FirstName} ${author.LastName}`));
    expect(await db().selectFrom('users').select('Id').where('Id', '=', author.Id).executeTakeFirst()).toBeTruthy();
  });

  it('needs Admin Delete Users: a manager gets 403 and the user stays', async () => {
    const created = await createUser('keepme');
    const response = await t.call(await t.signIn('manager'), { method: 'DELETE', url: `/api/identity/users/${created.Id}` });
    expect(response.statusCode).toBe(403);
    expect(await db().selectFrom('users').select('Id').where('Id', '=', created.Id).executeTakeFirst()).toBeTruthy();
  });
});

describe('deactivate and reactivate', () => {
  const lock = (token: string, id: number, body: object) => t.call(token, { method: 'PUT', url: `/api/identity/users/${id}/lock`, payload: body });

  it('refuses a date in the past or a non-date with ModelState on LockUntil', async () => {
    const token = await t.signIn('sysadmin');
    const id = await userId('reviewer');
    const twoDaysAgo = new Date(Date.now() - 2 * DAY).toISOString().slice(0, 10);
    const past = await lock(token, id, { LockUntil: twoDaysAgo, LockForever: false });
    expect(past.statusCode).toBe(400);
    expect(past.json().ModelState).toEqual({ LockUntil: [T.lockDateInPast] });
    const nonsense = await lock(token, id, { LockUntil: '2026-02-31', LockForever: false });
    expect(nonsense.json().ModelState).toEqual({ LockUntil: [T.lockDateInvalid] });
    const row = await db().selectFrom('users').select('LockoutEndDateUtc').where('Id', '=', id).executeTakeFirstOrThrow();
    expect(row.LockoutEndDateUtc).toBeNull();
  });

  it('takes the user\'s own today in any time zone, and refuses a day already over everywhere', () => {
    // 01:00 UTC on March 6 is still March 5 in the Americas: an administrator there may choose March 5.
    const now = new Date('2026-03-06T01:00:00.000Z');
    expect(lockoutEnd({ LockUntil: '2026-03-05', LockForever: false }, now).toISOString()).toBe('2026-03-05T23:59:59.999Z');
    expect(() => lockoutEnd({ LockUntil: '2026-03-04', LockForever: false }, now)).toThrow(ValidationError);
    // At 13:00 UTC March 6 it is March 6 everywhere (UTC−12 included): March 5 is past.
    expect(() => lockoutEnd({ LockUntil: '2026-03-05', LockForever: false }, new Date('2026-03-06T13:00:00.000Z'))).toThrow(ValidationError);
  });

  it('locks until the end of the chosen day, ends the user\'s session and refuses their sign-in; reactivation lets them in', async () => {
    const userToken = await t.signIn('reviewer');
    const id = await userId('reviewer');
    const day = new Date(Date.now() + 10 * DAY).toISOString().slice(0, 10);
    const response = await lock(await t.signIn('sysadmin'), id, { LockUntil: `${day}T04:00:00.000Z`, LockForever: false });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ LockoutEndDateUtc: `${day}T23:59:59.999Z` });
    expect((await t.call(userToken, { method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    await expect(t.signIn('reviewer')).rejects.toThrow(Texts.signIn.deactivated);

    const listed = (await search(await t.signIn('sysadmin'), page({ additional: { Inactive: true } }))).json();
    expect(listed.users.map((u: { UserName: string }) => u.UserName)).toContain('reviewer');

    const unlock = await t.call(await t.signIn('sysadmin'), { method: 'DELETE', url: `/api/identity/users/${id}/lock` });
    expect(unlock.statusCode).toBe(200);
    expect(unlock.json()).toEqual({ LockoutEndDateUtc: null });
    await expect(t.signIn('reviewer')).resolves.toBeTruthy();
    const actions = await db().selectFrom('audit_log').select('Action').where('Entity', '=', 'users').where('Entity_Id', '=', String(id)).orderBy('Id').execute();
    // The refused sign-in of the deactivated user is in the log between the two.
    expect(actions.map((a) => a.Action)).toEqual(['sign-in', 'deactivate', 'sign-in-deactivated', 'reactivate', 'sign-in']);
  });

  it('locks forever (100 years) when asked, or when no date is given', async () => {
    const created = await createUser('lockforever');
    const token = await t.signIn('sysadmin');
    for (const body of [{ LockForever: true, LockUntil: '2000-01-01' }, { LockUntil: null }, {}]) {
      const response = await lock(token, created.Id, body);
      expect(response.statusCode).toBe(200);
      const years = (new Date(response.json().LockoutEndDateUtc).getTime() - Date.now()) / (365.25 * DAY);
      expect(years).toBeGreaterThan(99);
    }
  });

  it('refuses to deactivate oneself, and needs Admin Edit Users', async () => {
    const self = await lock(await t.signIn('sysadmin'), await userId('sysadmin'), { LockForever: true });
    expect(self.statusCode).toBe(400);
    expect(self.json().Message).toBe(T.cannotLockSelf);
    const client = await t.signIn('client');
    expect((await lock(client, await userId('investigator'), { LockForever: true })).statusCode).toBe(403);
    expect((await t.call(client, { method: 'DELETE', url: `/api/identity/users/${await userId('investigator')}/lock` })).statusCode).toBe(403);
    await expect(t.signIn('investigator')).resolves.toBeTruthy();
  });
});

describe('resend verification', () => {
  it('the anonymous call mails a new link only to an account awaiting confirmation, and answers the same for any id', async () => {
    const created = await createUser('awaiting');
    t.clock.advance(2 * 60_000);
    const mark = await outboxMark(t.dataDir);
    const answers = [];
    for (const id of [created.Id, await userId('investigator'), 999999, '9999999999']) {
      const response = await t.call(null, { method: 'POST', url: '/api/user/resendmail', payload: { UserId: id } });
      answers.push({ status: response.statusCode, body: response.body });
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toEqual({ status: 200, body: JSON.stringify({ Message: Texts.identity.recovery.confirmationSent }) });
    const mails = await mailsSince(t.dataDir, mark);
    expect(mails.map((m) => m.to)).toEqual(['awaiting@example.org']);

    // At most one mail a minute per user.
    await t.call(null, { method: 'POST', url: '/api/user/resendmail', payload: { UserId: created.Id } });
    expect(await mailsSince(t.dataDir, mark)).toHaveLength(1);
    t.clock.reset();
  });

  it("the administrator's call deactivates the account until the pending link is used; confirming reactivates", async () => {
    const id = await userId('contractor');
    const mark = await outboxMark(t.dataDir);
    await t.call(null, { method: 'POST', url: '/api/user/resendmail', payload: { UserId: id } });
    expect(await mailsSince(t.dataDir, mark)).toHaveLength(0); // confirmed accounts get nothing from the anonymous call

    const response = await t.call(await t.signIn('sysadmin'), {
      method: 'POST',
      url: `/api/identity/users/${id}/resendmail`,
      payload: { LockUntil: null, LockForever: true },
    });
    expect(response.statusCode).toBe(200);
    expect(new Date(response.json().LockoutEndDateUtc).getTime()).toBeGreaterThan(Date.now() + 99 * 365 * DAY);
    await expect(t.signIn('contractor')).rejects.toThrow(Texts.signIn.deactivated);
    const [mail] = await mailsSince(t.dataDir, mark, 'contractor@dossier.example');
    const link = linkIn(mail, 'http://dossier.test/confirm-email');

    const confirmed = await t.call(null, {
      method: 'POST',
      url: '/api/user/confirm',
      payload: { UserId: link.searchParams.get('userId'), Code: link.searchParams.get('code') },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ UserName: 'contractor', Code: null });
    await expect(t.signIn('contractor')).resolves.toBeTruthy();
  });

  it('a later deactivation is not lifted by confirming the earlier link', async () => {
    const id = await userId('dataentry');
    const admin = await t.signIn('sysadmin');
    const mark = await outboxMark(t.dataDir);
    await t.call(admin, { method: 'POST', url: `/api/identity/users/${id}/resendmail`, payload: { LockForever: true } });
    const later = new Date(Date.now() + 30 * DAY).toISOString().slice(0, 10);
    await t.call(admin, { method: 'PUT', url: `/api/identity/users/${id}/lock`, payload: { LockUntil: later } });
    const link = linkIn((await mailsSince(t.dataDir, mark, 'dataentry'))[0], 'http://dossier.test/confirm-email');
    const confirmed = await t.call(null, {
      method: 'POST',
      url: '/api/user/confirm',
      payload: { UserId: Number(link.searchParams.get('userId')), Code: link.searchParams.get('code') },
    });
    expect(confirmed.statusCode).toBe(200);
    await expect(t.signIn('dataentry')).rejects.toThrow(Texts.signIn.deactivated);
    await t.call(await t.signIn('sysadmin'), { method: 'DELETE', url: `/api/identity/users/${id}/lock` });
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

describe('page count on a large table', () => {
  it('counts exactly up to 10,000 matches and answers an estimate beyond', async () => {
    const { sql } = await import('kysely');
    await sql`INSERT INTO users ("UserName", "FirstName", "LastName", "Email")
              SELECT 'bulk' || n, 'Bulk', 'User ' || n, 'bulk' || n || '@example.org' FROM generate_series(1, 10050) AS n`.execute(db());
    await sql`ANALYZE users`.execute(db());
    try {
      const token = await t.signIn('sysadmin');
      const body = (await search(token, page({ filtered: [{ id: 'FirstName', value: 'bulk' }] }))).json();
      expect(body.totalIsExact).toBe(false);
      expect(body.total).toBeGreaterThan(10_000);
      expect(body.pageCount).toBe(Math.ceil(body.total / 20));
      expect(body.users).toHaveLength(20);
      const few = (await search(token, page({ filtered: [{ id: 'UserName', value: 'bulk1000' }] }))).json();
      expect(few).toMatchObject({ total: 11, totalIsExact: true, pageCount: 1 }); // bulk1000 and bulk10000–bulk10009
    } finally {
      await db().deleteFrom('users').where('UserName', 'like', 'bulk%').execute();
    }
  });
});
