import { afterAll, beforeAll, expect } from 'vitest';
import { startTestApp, type TestApp } from './testApp.js';

/** A day in milliseconds. */
export const DAY = 86_400_000;

/** The writable part of an answered user record, as a client would send it back. */
export function pickWritable(record: Record<string, unknown>) {
  const { Id: _id, Org: _org, WorkStatus: _ws, Manager: _m, ContractTypes: _ct, Groups: _g, LockoutEndDateUtc: _l, EmailConfirmed: _e, Email: _email, ...rest } = record;
  return rest;
}

/**
 * The app of a users test file, started before its tests and closed after them (`started` is handed it), and the
 * calls the tests make: the paged list, a new user's body and its create, ids by name, and a group of permissions
 * for the demo user `manager`.
 */
export function usersApp(started?: (app: TestApp) => void) {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
    started?.(t);
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

  return { db, userId, orgId, groupId, search, page, newUserBody, createUser, grantManager };
}
