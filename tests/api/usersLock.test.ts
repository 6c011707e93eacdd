import { describe, expect, it } from 'vitest';
import { Texts } from '../../shared/texts/index.js';
import { linkIn, mailsSince, outboxMark } from '../support/outbox.js';
import type { TestApp } from '../support/testApp.js';
import { DAY, usersApp } from '../support/usersApp.js';
import { lockoutEnd } from '../../server/identity/lockout.js';
import { ValidationError } from '../../server/http/errors.js';

/** Deactivating and reactivating a user, and the confirmation mail sent again (by anyone, or by an administrator). */
const T = Texts.identity.users;
let t: TestApp;
const { db, userId, search, page, createUser } = usersApp((app) => (t = app));

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
