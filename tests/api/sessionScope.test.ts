import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/testApp.js';

/**
 * The caller's org scope comes with the session lookup (whether their org is the root, else the ids of its subtree)
 * and a case page reads its case once (issue 25, docs/performance.md "Where a request's time goes"). The rules stay
 * as they were, and nothing is kept from one request to the next: a case outside the scope is a 404 like an unknown
 * one; an org moved, a session ended, a user locked or a group left counts from the very next request — here changed
 * in the database behind the app's back, as another instance of the app would change it.
 */
let t: TestApp;
let client: string;
const org = new Map<string, number>();
const db = () => t.database.db;

const caseOf = async (code: string) =>
  (await db().selectFrom('cases').select('Id').where('Client_Id', '=', org.get(code)!).orderBy('Id').executeTakeFirstOrThrow()).Id;
const read = (token: string, caseId: number) => t.call(token, { method: 'GET', url: `/api/cases/${caseId}?ssn=masked` });
const status = async (token: string, caseId: number) => (await read(token, caseId)).statusCode;
const moveOrg = (code: string, parent: string | null) =>
  db().updateTable('orgs').set({ ParentOrg_Id: parent === null ? null : org.get(parent)! }).where('Id', '=', org.get(code)!).execute();
const parentOf = async (code: string) => (await db().selectFrom('orgs').select('ParentOrg_Id').where('Id', '=', org.get(code)!).executeTakeFirstOrThrow()).ParentOrg_Id;
const search = (token: string) =>
  t.call(token, { method: 'POST', url: '/api/cases/search', payload: { page: 0, pageSize: 20, sorted: [], filtered: [], additional: {} } });
const casesIn = async (codes: string[]) =>
  Number((await db().selectFrom('cases').select((eb) => eb.fn.countAll<string | number>().as('n')).where('Client_Id', 'in', codes.map((c) => org.get(c)!)).executeTakeFirstOrThrow()).n);

beforeAll(async () => {
  t = await startTestApp();
  for (const row of await db().selectFrom('orgs').select(['Id', 'Code']).execute()) org.set(String(row.Code), row.Id);
  client = await t.signIn('client');
});
afterAll(() => t.close());

describe("the caller's org scope, read with the session", () => {
  it('a client user reads the cases of its org and the orgs below it; any other case is a 404 like an unknown one', async () => {
    const own = await read(client, await caseOf('DOC'));
    expect(own.statusCode, own.body).toBe(200);
    // The answer is the record as before: the case's access columns read with it stay out of it.
    expect(own.json()).toMatchObject({ Org: { Id: org.get('DOC') }, Steps: expect.any(Array), LockedReason: null });
    expect(own.json()).not.toHaveProperty('ResumeState');
    expect(await status(client, await caseOf('DOC-ATL'))).toBe(200);
    const outside = await read(client, await caseOf('ACME'));
    const unknown = await read(client, 999_999);
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toEqual(unknown.json());
    // The search: the org and the org below it, nothing else.
    expect((await search(client)).json().total).toBe(await casesIn(['DOC', 'DOC-ATL']));
    // The provider's staff (the root org) see every case.
    const caseadmin = await t.signIn('caseadmin');
    expect(await status(caseadmin, await caseOf('ACME'))).toBe(200);
  });

  it('an org moved under another parent changes the scope on the next request, the session the same', async () => {
    const atlanta = await caseOf('DOC-ATL');
    const acme = await caseOf('ACME');
    const [atlantaParent, acmeParent] = [await parentOf('DOC-ATL'), await parentOf('ACME')];
    try {
      // Out of the client's subtree: its cases are gone from the case page and the search at once.
      await moveOrg('DOC-ATL', 'ACME');
      expect(await status(client, atlanta)).toBe(404);
      expect((await search(client)).json().total).toBe(await casesIn(['DOC']));
      // Into it: another client org's cases appear at once.
      await db().updateTable('orgs').set({ ParentOrg_Id: atlantaParent }).where('Id', '=', org.get('DOC-ATL')!).execute();
      await moveOrg('ACME', 'DOC');
      expect(await status(client, acme)).toBe(200);
      expect(await status(client, atlanta)).toBe(200);
      expect((await search(client)).json().total).toBe(await casesIn(['DOC', 'DOC-ATL', 'ACME']));
    } finally {
      await db().updateTable('orgs').set({ ParentOrg_Id: atlantaParent }).where('Id', '=', org.get('DOC-ATL')!).execute();
      await db().updateTable('orgs').set({ ParentOrg_Id: acmeParent }).where('Id', '=', org.get('ACME')!).execute();
    }
    expect(await status(client, acme)).toBe(404);
  });

  it("a user moved to another org has that org's scope on the next request", async () => {
    const user = await db().selectFrom('users').select(['Id', 'Org_Id']).where('UserName', '=', 'client').executeTakeFirstOrThrow();
    const acme = await caseOf('ACME');
    const doc = await caseOf('DOC');
    try {
      await db().updateTable('users').set({ Org_Id: org.get('ACME')! }).where('Id', '=', user.Id).execute();
      expect(await status(client, acme)).toBe(200);
      expect(await status(client, doc)).toBe(404);
    } finally {
      await db().updateTable('users').set({ Org_Id: user.Org_Id }).where('Id', '=', user.Id).execute();
    }
    expect(await status(client, doc)).toBe(200);
    expect(await status(client, acme)).toBe(404);
  });
});

describe('the session, read on every request', () => {
  it('a session ended elsewhere, a locked user or a group left is refused on the very next request', async () => {
    const caseId = await caseOf('DOC');
    const user = await db().selectFrom('users').select('Id').where('UserName', '=', 'client').executeTakeFirstOrThrow();

    // Ended behind the app's back (another instance's sign-out).
    let token = await t.signIn('client');
    expect(await status(token, caseId)).toBe(200);
    await db().updateTable('sessions').set({ EndedDate: new Date(), EndReason: 'logout' }).where('User_Id', '=', user.Id).where('EndedDate', 'is', null).execute();
    expect(await status(token, caseId)).toBe(401);

    // Replaced by a newer sign-in: 419.
    token = await t.signIn('client');
    expect(await status(token, caseId)).toBe(200);
    const newer = await t.signIn('client');
    expect(await status(token, caseId)).toBe(419);

    // Signed out through the API.
    expect(await status(newer, caseId)).toBe(200);
    expect((await t.call(newer, { method: 'POST', url: '/api/user/logout' })).statusCode).toBeLessThan(300);
    expect(await status(newer, caseId)).toBe(401);

    // Locked.
    token = await t.signIn('client');
    expect(await status(token, caseId)).toBe(200);
    await db().updateTable('users').set({ LockoutEndDateUtc: new Date(Date.now() + 3_600_000) }).where('Id', '=', user.Id).execute();
    try {
      expect(await status(token, caseId)).toBe(401);
    } finally {
      await db().updateTable('users').set({ LockoutEndDateUtc: null }).where('Id', '=', user.Id).execute();
    }

    // Out of the group that lets them read cases: refused at once, let in again at once.
    token = await t.signIn('client');
    expect(await status(token, caseId)).toBe(200);
    const memberships = await db().selectFrom('user_groups').selectAll().where('User_Id', '=', user.Id).execute();
    await db().deleteFrom('user_groups').where('User_Id', '=', user.Id).execute();
    try {
      expect(await status(token, caseId)).toBe(403);
    } finally {
      await db().insertInto('user_groups').values(memberships).execute();
    }
    expect(await status(token, caseId)).toBe(200);
  });
});
