import { describe, expect, it } from 'vitest';
import type { TestApp } from '../support/testApp.js';
import { usersApp } from '../support/usersApp.js';

/** The users list (paged, sorted, filtered, its page count on a large table) and one user's record. */
let t: TestApp;
const { db, userId, orgId, groupId, search, page } = usersApp((app) => (t = app));

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
