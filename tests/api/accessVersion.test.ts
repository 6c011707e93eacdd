import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.js';
import { readConfig } from '../../server/config.js';
import { Permissions } from '../../shared/permissions.js';
import { startTestApp, type TestApp } from '../support/testApp.js';
import { TEST_VAULT } from '../support/testVault.js';

/**
 * An instance keeps each user's access (roles, groups, tags, org scope) between their requests and reads it again only
 * when the version of everyone's access moved (migration 027, server/auth/sessions.ts). What an administrator changes
 * counts from the next request on — on the instance that made the change and on another one serving the same database.
 */
let t: TestApp;
let other: FastifyInstance;
let admin: string;
const db = () => t.database.db;

const version = async () => (await db().selectFrom('access_version').select('Version').executeTakeFirstOrThrow()).Version;
const casesAs = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'POST', url: '/api/cases/search', headers: { authorization: `Bearer ${token}` }, payload: { page: 0, pageSize: 5, sorted: [], filtered: [], additional: {} } });
const groupOf = async (userName: string) =>
  db().selectFrom('user_groups as ug').innerJoin('users as u', 'u.Id', 'ug.User_Id').innerJoin('groups as g', 'g.Id', 'ug.Group_Id')
    .where('u.UserName', '=', userName).select(['g.Id', 'g.Name']).executeTakeFirstOrThrow();

beforeAll(async () => {
  t = await startTestApp();
  // A second instance on the same database: its own sessions service, so its own kept access.
  other = await buildApp({ db: db(), config: { ...readConfig({}), dataDir: t.dataDir, publicUrl: 'http://dossier.test' }, vault: TEST_VAULT, services: { now: t.clock.now } });
  await other.ready();
  admin = await t.signIn('sysadmin');
}, 60_000);
afterAll(async () => {
  await other?.close();
  await t?.close();
});

describe('the version of everyone\'s access', () => {
  it('moves when a group loses a permission, through the API or the database, and not when cases are read', async () => {
    const before = await version();
    const client = await t.signIn('client');
    expect((await casesAs(t.app, client)).statusCode).toBe(200);
    expect((await casesAs(other, client)).statusCode).toBe(200);
    expect(await version()).toBe(before);

    // Through the API, on the first instance: the client's group loses View Cases.
    const group = await groupOf('client');
    const role = await db().selectFrom('roles').where('Name', '=', Permissions.Cases.VIEW_CASES).select('Id').executeTakeFirstOrThrow();
    const removed = await t.call(admin, { method: 'DELETE', url: `/api/identity/groups/${group.Id}/roles/${role.Id}` });
    expect(removed.statusCode, removed.body).toBe(200);
    const moved = await version();
    expect(moved).toBeGreaterThan(before);
    // Refused at the next request on either instance, though both had kept the client's access.
    expect((await casesAs(t.app, client)).statusCode).toBe(403);
    expect((await casesAs(other, client)).statusCode).toBe(403);

    // Given back directly in the database, as another instance's transaction would: both see it at the next request.
    await db().insertInto('group_roles').values({ Group_Id: group.Id, Role_Id: role.Id }).execute();
    expect(await version()).toBeGreaterThan(moved);
    expect((await casesAs(other, client)).statusCode).toBe(200);
    expect((await casesAs(t.app, client)).statusCode).toBe(200);
  });

  it('moves when a user leaves a group, when a group is tagged, and when an org or a user moves', async () => {
    const client = await t.signIn('client');
    expect((await casesAs(other, client)).statusCode).toBe(200);
    const { Id: groupId } = await groupOf('client');
    const user = await db().selectFrom('users').where('UserName', '=', 'client').select(['Id', 'Org_Id']).executeTakeFirstOrThrow();

    let last = await version();
    const moves = async (what: string, change: () => Promise<unknown>) => {
      await change();
      const now = await version();
      expect(now, what).toBeGreaterThan(last);
      last = now;
    };
    await moves('a membership removed', () => db().deleteFrom('user_groups').where('User_Id', '=', user.Id).execute());
    expect((await casesAs(other, client)).statusCode).toBe(403);
    await moves('a membership added', () => db().insertInto('user_groups').values({ User_Id: user.Id, Group_Id: groupId }).execute());
    expect((await casesAs(other, client)).statusCode).toBe(200);

    await moves('a tag given', async () => {
      const tag = await db().selectFrom('tags').select('Id').executeTakeFirstOrThrow();
      await db().insertInto('group_tags').values({ Group_Id: groupId, Tag_Id: tag.Id }).execute();
      await db().deleteFrom('group_tags').where('Group_Id', '=', groupId).where('Tag_Id', '=', tag.Id).execute();
    });
    const org = await db().selectFrom('orgs').where('Id', '=', user.Org_Id!).select(['Id', 'ParentOrg_Id']).executeTakeFirstOrThrow();
    await moves('an org moved', () => db().updateTable('orgs').set({ ParentOrg_Id: org.ParentOrg_Id }).where('Id', '=', org.Id).execute());
    await moves('a user moved', () => db().updateTable('users').set({ Org_Id: user.Org_Id }).where('Id', '=', user.Id).execute());

    // Writes that do not touch anyone's access leave it where it was.
    await db().updateTable('orgs').set({ City: 'Washington' }).where('Id', '=', org.Id).execute();
    await db().updateTable('users').set({ Title: 'Security Officer' }).where('Id', '=', user.Id).execute();
    expect(await version()).toBe(last);
  });

  it('a client user whose org moves under another sees the cases of their new scope at the next request', async () => {
    const client = await t.signIn('client');
    const user = await db().selectFrom('users').where('UserName', '=', 'client').select('Org_Id').executeTakeFirstOrThrow();
    const seen = async () => ((await casesAs(other, client)).json() as { total: number }).total;
    const before = await seen();
    // Acme Logistics, a commercial client with cases of its own, moves under the client's org (Commerce): its cases
    // join the client's scope.
    const sibling = await db().selectFrom('orgs').where('Code', '=', 'ACME').select(['Id', 'ParentOrg_Id']).executeTakeFirstOrThrow();
    const itsCases = Number((await db().selectFrom('cases').where('Client_Id', '=', sibling.Id).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    await db().updateTable('orgs').set({ ParentOrg_Id: user.Org_Id }).where('Id', '=', sibling.Id).execute();
    try {
      expect(itsCases).toBeGreaterThan(0);
      expect(await seen()).toBe(before + itsCases);
    } finally {
      await db().updateTable('orgs').set({ ParentOrg_Id: sibling.ParentOrg_Id }).where('Id', '=', sibling.Id).execute();
    }
    expect(await seen()).toBe(before);
  });
});
