import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { readConfig } from '../../server/config.js';
import { Texts } from '../../shared/texts/index.js';
import { linkIn, mailsSince, outboxMark } from '../support/outbox.js';
import { startTestApp, type TestApp } from '../support/testApp.js';
import { TEST_VAULT } from '../support/testVault.js';
import { checkAnswersOf } from '../support/answerCheck.js';

const MINUTE = 60_000;
const R = Texts.identity.recovery;
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

let address = 0;
/** An anonymous call from a client address of its own (the per-address rate limit has a test of its own). */
const anon = (url: string, payload: object, remoteAddress = `198.51.100.${(address++ % 250) + 1}`) =>
  t.call(null, { method: 'POST', url, payload, remoteAddress });

const db = () => t.database.db;
const NEW_PASSWORD = 'Lantern-over-the-bay-7';

async function requestReset(userName: string): Promise<string> {
  const mark = await outboxMark(t.dataDir);
  const response = await anon('/api/user/forgot-password', { Username: userName });
  expect(response.statusCode).toBe(200);
  const mails = await mailsSince(t.dataDir, mark);
  expect(mails).toHaveLength(1);
  return linkIn(mails[0], 'http://dossier.test/reset-password').searchParams.get('code')!;
}

const reset = (body: object) => anon('/api/user/reset-password', body);

describe('forgot password and reset', () => {
  it('answers exactly the same for a known, an unknown and a deactivated username, and mails only the known one', async () => {
    const locked = await db().selectFrom('users').select('UserName').where('LockoutEndDateUtc', '>', new Date()).executeTakeFirstOrThrow();
    const mark = await outboxMark(t.dataDir);
    const answers = [];
    for (const userName of ['Manager', 'nobody-at-all', locked.UserName]) {
      const response = await anon('/api/user/forgot-password', { Username: userName });
      answers.push({ status: response.statusCode, body: response.body, type: response.headers['content-type'] });
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(answers[0]).toMatchObject({ status: 200, body: JSON.stringify({ Message: Texts.account.forgotPasswordNote }) });
    const mails = await mailsSince(t.dataDir, mark);
    expect(mails.map((m) => m.to)).toEqual(['manager@dossier.example']);
    expect(mails[0].subject).toBe(R.resetMail.subject);
    expect(linkIn(mails[0], 'http://dossier.test/reset-password').searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  });

  it('resets with the mailed code: sessions end, the new password signs in, the code works once', async () => {
    const session = await t.signIn('reviewer');
    const code = await requestReset('reviewer');
    const ok = await reset({ Username: 'REVIEWER', Password: NEW_PASSWORD, ConfirmPassword: NEW_PASSWORD, Code: code });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ Message: Texts.account.passwordChanged });
    expect((await t.call(session, { method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    await expect(t.signIn('reviewer')).rejects.toThrow();
    await expect(t.signIn('reviewer', NEW_PASSWORD)).resolves.toBeTruthy();

    const again = await reset({ Username: 'reviewer', Password: 'Another-long-phrase-9', ConfirmPassword: 'Another-long-phrase-9', Code: code });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ Message: R.invalidCode });
    await expect(t.signIn('reviewer', NEW_PASSWORD)).resolves.toBeTruthy();
  });

  it('refuses a wrong code, another user\'s code, and password rules with ModelState on Password / ConfirmPassword', async () => {
    const code = await requestReset('caseadmin');
    const wrong = await reset({ Username: 'caseadmin', Password: NEW_PASSWORD, ConfirmPassword: NEW_PASSWORD, Code: 'made-up' });
    expect(wrong.json()).toEqual({ Message: R.invalidCode });
    const otherUser = await reset({ Username: 'manager', Password: NEW_PASSWORD, ConfirmPassword: NEW_PASSWORD, Code: code });
    expect(otherUser.statusCode).toBe(400);
    expect(otherUser.json()).toEqual({ Message: R.invalidCode });

    const rules = await reset({ Username: 'caseadmin', Password: 'kq9-zzv', ConfirmPassword: 'different', Code: code });
    expect(rules.statusCode).toBe(400);
    expect(rules.json().ModelState).toEqual({
      Password: ['The password must be at least 12 characters long.'],
      ConfirmPassword: ['The new password and confirmation password do not match.'],
    });
    const reused = await reset({ Username: 'caseadmin', Password: 'demo-pass-2026', ConfirmPassword: 'demo-pass-2026', Code: code });
    expect(reused.json().ModelState).toEqual({ Password: ['The password cannot be one of your last 5 passwords.'] });
    const missing = await reset({ Username: 'caseadmin', Code: code });
    expect(missing.json().ModelState).toEqual({ Password: ['New Password is required.'], ConfirmPassword: ['Confirm Password is required.'] });

    // The code survives rule failures and still works.
    const ok = await reset({ Username: 'caseadmin', Password: NEW_PASSWORD, ConfirmPassword: NEW_PASSWORD, Code: code });
    expect(ok.statusCode).toBe(200);
  });

  it('keeps only the newest link working, and none after an hour', async () => {
    const first = await requestReset('dataentry');
    const second = await requestReset('dataentry');
    const old = await reset({ Username: 'dataentry', Password: NEW_PASSWORD, ConfirmPassword: NEW_PASSWORD, Code: first });
    expect(old.json()).toEqual({ Message: R.invalidCode });

    t.clock.advance(61 * MINUTE);
    const expired = await reset({ Username: 'dataentry', Password: NEW_PASSWORD, ConfirmPassword: NEW_PASSWORD, Code: second });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ Message: R.invalidCode });
    t.clock.reset();
    await expect(t.signIn('dataentry')).resolves.toBeTruthy();
  });

  it('lifts the failed sign-in lock', async () => {
    for (let i = 0; i < 5; i += 1) {
      await t.app.inject({
        method: 'POST',
        url: '/oauth/token',
        payload: 'username=contractor&password=wrong&grant_type=password',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        remoteAddress: '192.0.2.77',
      });
    }
    await expect(t.signIn('contractor')).rejects.toThrow(Texts.signIn.locked);
    const code = await requestReset('contractor');
    expect((await reset({ Username: 'contractor', Password: NEW_PASSWORD, ConfirmPassword: NEW_PASSWORD, Code: code })).statusCode).toBe(200);
    await expect(t.signIn('contractor', NEW_PASSWORD)).resolves.toBeTruthy();
  });
});

describe('forgot username', () => {
  it('mails the username to a known address (any letter case) and answers the same for an unknown one', async () => {
    const mark = await outboxMark(t.dataDir);
    const known = await anon('/api/user/forgot-username', { Email: ' NCSC@ncsc.example ' });
    const unknown = await anon('/api/user/forgot-username', { Email: 'nobody@example.org' });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ Message: Texts.account.emailSent });
    expect(unknown.body).toBe(known.body);
    expect(unknown.statusCode).toBe(known.statusCode);
    const mails = await mailsSince(t.dataDir, mark);
    expect(mails.map((m) => m.to)).toEqual(['ncsc@ncsc.example']);
    expect(mails[0].subject).toBe(R.usernameMail.subject);
    expect(mails[0].text).toContain('  ncsc\n');
    expect(mails[0].text).toContain('http://dossier.test/login');
  });

  it('answers ModelState for a malformed address, and mails nothing', async () => {
    const mark = await outboxMark(t.dataDir);
    for (const Email of ['not-an-email', 'ncsc@ncsc', '@ncsc.example', 'ncsc@@ncsc.example', 'ncsc ncsc@ncsc.example', '   ']) {
      const response = await anon('/api/user/forgot-username', { Email });
      expect(response.statusCode, Email).toBe(400);
      expect(response.json().ModelState, Email).toEqual({ Email: ['Enter a valid email address.'] });
    }
    expect(await mailsSince(t.dataDir, mark)).toEqual([]);
  });

  it('answers ModelState when the field is missing', async () => {
    const response = await anon('/api/user/forgot-username', {});
    expect(response.statusCode).toBe(400);
    expect(response.json().ModelState).toEqual({ Email: ['Email is required.'] });
  });
});

describe('POST /api/user/anonymous-password (expired password)', () => {
  const change = (body: object) => anon('/api/user/anonymous-password', body);
  const invalid = { Message: Texts.account.invalidLogin, ModelState: { invalid_login: [Texts.account.invalidLogin] } };

  it('answers ModelState.invalid_login for a wrong password or an unknown user, with the same body', async () => {
    const wrong = await change({ UserName: 'investigator', OldPassword: 'nope', NewPassword: NEW_PASSWORD, ConfirmPassword: NEW_PASSWORD });
    const unknown = await change({ UserName: 'ghost', OldPassword: 'nope', NewPassword: NEW_PASSWORD, ConfirmPassword: NEW_PASSWORD });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(invalid);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual(invalid);
  });

  it('changes an expired password so that sign-in works again', async () => {
    const admin = await t.signIn('sysadmin');
    await t.call(admin, { method: 'PUT', url: '/api/security', payload: { AutoLogoutTime: null, EnablePasswordExpiration: true, PasswordExpirationTime: 90 } });
    t.clock.advance(91 * 24 * 60 * MINUTE);
    try {
      await expect(t.signIn('investigator')).rejects.toThrow('password_expired');
      const rules = await change({ UserName: 'investigator', OldPassword: 'demo-pass-2026', NewPassword: 'investigator', ConfirmPassword: 'x' });
      expect(rules.statusCode).toBe(400);
      expect(rules.json().ModelState).toEqual({
        NewPassword: ['The password cannot be the same as the username.'],
        ConfirmPassword: ['The new password and confirmation password do not match.'],
      });
      const ok = await change({ UserName: 'investigator', OldPassword: 'demo-pass-2026', NewPassword: NEW_PASSWORD, ConfirmPassword: NEW_PASSWORD });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toEqual({ Message: Texts.account.passwordUpdated });
      await expect(t.signIn('investigator', NEW_PASSWORD)).resolves.toBeTruthy();
    } finally {
      t.clock.reset();
      await t.call(await t.signIn('sysadmin'), { method: 'PUT', url: '/api/security', payload: { AutoLogoutTime: null, EnablePasswordExpiration: true, PasswordExpirationTime: null } });
    }
  });

  it('counts wrong old passwords toward the sign-in lock', async () => {
    for (let i = 0; i < 4; i += 1) {
      expect((await change({ UserName: 'palmetto', OldPassword: 'guess', NewPassword: NEW_PASSWORD, ConfirmPassword: NEW_PASSWORD })).json()).toEqual(invalid);
    }
    const fifth = await change({ UserName: 'palmetto', OldPassword: 'guess', NewPassword: NEW_PASSWORD, ConfirmPassword: NEW_PASSWORD });
    expect(fifth.json().ModelState).toEqual({ invalid_login: [Texts.signIn.locked] });
    const right = await change({ UserName: 'palmetto', OldPassword: 'demo-pass-2026', NewPassword: NEW_PASSWORD, ConfirmPassword: NEW_PASSWORD });
    expect(right.statusCode).toBe(400);
    await expect(t.signIn('palmetto')).rejects.toThrow(Texts.signIn.locked);
  });
});

describe('e-mail confirmation of a new user', () => {
  it('confirms with the mailed link, answers a reset code for the first password, and the user can sign in', async () => {
    const mark = await outboxMark(t.dataDir);
    const org = await db().selectFrom('orgs').select('Id').where('Code', '=', 'DI').executeTakeFirstOrThrow();
    const created = await t.call(await t.signIn('sysadmin'), {
      method: 'POST',
      url: '/api/identity/users/create',
      payload: { UserName: 'fresh', FirstName: 'Fran', LastName: 'Esh', Org_Id: org.Id, Emails: [{ Address: 'fresh@example.org' }] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const [mail] = await mailsSince(t.dataDir, mark, 'fresh@example.org');
    expect(mail.subject).toBe(R.confirmMail.subject);
    const link = linkIn(mail, 'http://dossier.test/confirm-email');
    const userId = link.searchParams.get('userId')!;
    const code = link.searchParams.get('code')!;

    const wrongCode = await anon('/api/user/confirm', { UserId: userId, Code: 'nope' });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json()).toEqual({ Message: Texts.account.unableToConfirm });
    const wrongUser = await anon('/api/user/confirm', { UserId: 1, Code: code });
    expect(wrongUser.json()).toEqual({ Message: Texts.account.unableToConfirm });

    const confirmed = await anon('/api/user/confirm', { UserId: userId, Code: code });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const body = confirmed.json();
    expect(body).toEqual({ Message: R.emailConfirmed, UserName: 'fresh', Code: expect.stringMatching(/^[A-Za-z0-9_-]{40,}$/) });
    const row = await db().selectFrom('users').select('EmailConfirmed').where('UserName', '=', 'fresh').executeTakeFirstOrThrow();
    expect(row.EmailConfirmed).toBe(true);
    expect((await anon('/api/user/confirm', { UserId: userId, Code: code })).json()).toEqual({ Message: Texts.account.unableToConfirm });

    const first = await reset({ Username: 'fresh', Password: NEW_PASSWORD, ConfirmPassword: NEW_PASSWORD, Code: body.Code });
    expect(first.statusCode, first.body).toBe(200);
    await expect(t.signIn('fresh', NEW_PASSWORD)).resolves.toBeTruthy();
  });

  it('a confirmation link expires after 7 days', async () => {
    const mark = await outboxMark(t.dataDir);
    const org = await db().selectFrom('orgs').select('Id').where('Code', '=', 'DI').executeTakeFirstOrThrow();
    await t.call(await t.signIn('sysadmin'), {
      method: 'POST',
      url: '/api/identity/users/create',
      payload: { UserName: 'late', FirstName: 'Lee', LastName: 'Ate', Org_Id: org.Id, Emails: [{ Address: 'late@example.org' }] },
    });
    const link = linkIn((await mailsSince(t.dataDir, mark, 'late@example.org'))[0], 'http://dossier.test/confirm-email');
    t.clock.advance(7 * 24 * 60 * MINUTE + MINUTE);
    const response = await anon('/api/user/confirm', { UserId: link.searchParams.get('userId'), Code: link.searchParams.get('code') });
    t.clock.reset();
    expect(response.json()).toEqual({ Message: Texts.account.unableToConfirm });
  });
});

describe('rate limit', () => {
  it('answers 429 after 10 forgot-password requests a minute from one address', async () => {
    const statuses = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await anon('/api/user/forgot-password', { Username: 'nobody' }, '203.0.113.9')).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
    expect((await anon('/api/user/forgot-password', { Username: 'nobody' }, '203.0.113.10')).statusCode).toBe(200);
  });

  it('counts the requests to every API instance against one limit', async () => {
    const second = await buildApp({ db: t.database.db, config: { ...readConfig({}), dataDir: t.dataDir }, vault: TEST_VAULT });
    checkAnswersOf(second);
    try {
      const statuses = [];
      for (let i = 0; i < 12; i += 1) {
        const instance = i % 2 === 0 ? t.app : second;
        const response = await instance.inject({ method: 'POST', url: '/api/user/forgot-username', payload: { Email: 'nobody@example.org' }, remoteAddress: '203.0.113.77' });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
      expect(statuses.slice(10)).toEqual([429, 429]);
    } finally {
      await second.close();
    }
  });
});
