import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Texts } from '../../shared/texts/index.js';
import { SignInLimits, Timing } from '../../shared/constants.js';
import { startTestApp, type TestApp } from '../support/testApp.js';

const MINUTE = 60_000;
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const tokenRequest = (fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/oauth/token',
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

describe('POST /oauth/token', () => {
  it('answers a bearer token for a demo sign-in', async () => {
    const response = await tokenRequest({ username: 'sysadmin', password: 'demo-pass-2026', grant_type: 'password' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.token_type).toBe('bearer');
    expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(body.expires_in).toBe(30 * 60);
  });

  it('accepts the username in any letter case', async () => {
    const response = await tokenRequest({ username: 'SysAdmin', password: 'demo-pass-2026', grant_type: 'password' });
    expect(response.statusCode).toBe(200);
  });

  it('answers the same error for a wrong password and an unknown user', async () => {
    const wrong = await tokenRequest({ username: 'manager', password: 'nope', grant_type: 'password' });
    const unknown = await tokenRequest({ username: 'nobody-here', password: 'nope', grant_type: 'password' });
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'invalid_grant', error_description: Texts.signIn.invalid });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('refuses other grant types and missing fields', async () => {
    const grant = await tokenRequest({ username: 'manager', password: 'demo-pass-2026', grant_type: 'client_credentials' });
    expect(grant.statusCode).toBe(400);
    expect(grant.json().error).toBe('unsupported_grant_type');
    const missing = await tokenRequest({ username: '', password: '', grant_type: 'password' });
    expect(missing.json().error).toBe('invalid_request');
  });

  it('locks a username for 15 minutes after 5 failures in a row, with the same wording for unknown users', async () => {
    for (const userName of ['dataentry', 'ghost-user']) {
      const answers: string[] = [];
      for (let i = 0; i < 5; i += 1) {
        answers.push((await tokenRequest({ username: userName, password: 'wrong', grant_type: 'password' })).json().error_description);
      }
      expect(answers.slice(0, 4)).toEqual(Array(4).fill(Texts.signIn.invalid));
      expect(answers[4]).toBe(Texts.signIn.locked);
    }
    const whileLocked = await tokenRequest({ username: 'dataentry', password: 'demo-pass-2026', grant_type: 'password' });
    expect(whileLocked.json().error_description).toBe(Texts.signIn.locked);
    const ghost = await tokenRequest({ username: 'ghost-user', password: 'demo-pass-2026', grant_type: 'password' });
    expect(ghost.json()).toEqual(whileLocked.json());

    t.clock.advance(16 * MINUTE);
    const after = await tokenRequest({ username: 'dataentry', password: 'demo-pass-2026', grant_type: 'password' });
    expect(after.statusCode).toBe(200);
    t.clock.reset();
  });

  it('refuses a deactivated account even with the right password', async () => {
    const locked = await t.database.db
      .selectFrom('users')
      .select('UserName')
      .where('LockoutEndDateUtc', '>', new Date())
      .executeTakeFirstOrThrow();
    const response = await tokenRequest({ username: locked.UserName, password: 'demo-pass-2026', grant_type: 'password' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error_description).toBe(Texts.signIn.deactivated);
  });
});

describe('rate limit', () => {
  const fromAddress = (remoteAddress: string, fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      remoteAddress,
      payload: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });

  const tries = (address: string, username: string, password: string, count: number) =>
    Promise.all(Array.from({ length: count }, () => fromAddress(address, { username, password, grant_type: 'password' }))).then((answers) => answers.map((a) => a.statusCode));

  it('answers a throttled sign-in as an OAuth error the sign-in page shows, with Retry-After in seconds', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < SignInLimits.FAILURES_PER_USER_AND_ADDRESS_PER_MINUTE; i += 1) {
      statuses.push((await fromAddress('192.0.2.44', { username: 'nobody-here', password: 'nope', grant_type: 'password' })).statusCode);
    }
    expect(statuses).toEqual(Array(SignInLimits.FAILURES_PER_USER_AND_ADDRESS_PER_MINUTE).fill(400));
    const throttled = await fromAddress('192.0.2.44', { username: 'Nobody-Here', password: 'nope', grant_type: 'password' });
    expect(throttled.statusCode).toBe(429);
    const retryAfter = Number(throttled.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(throttled.json()).toEqual({ error: 'too_many_requests', error_description: Texts.signIn.throttled(retryAfter) });
    expect(throttled.json().error_description).toMatch(/^Too many sign-in attempts\. Try again in \d+ seconds?\.$/);
    // Another user from the same address, and the same user from another address, are not held back.
    expect((await fromAddress('192.0.2.44', { username: 'sysadmin', password: 'demo-pass-2026', grant_type: 'password' })).statusCode).toBe(200);
    expect((await fromAddress('192.0.2.45', { username: 'nobody-here', password: 'nope', grant_type: 'password' })).statusCode).toBe(400);
  });

  it('lets fifty staff of one office behind one address sign in in the same minute', async () => {
    const staff = ['caseadmin', 'manager', 'dataentry', 'reviewer', 'investigator', 'contractor', 'client', 'sysadmin', 'palmetto', 'ncsc'];
    const statuses = (await Promise.all(staff.map((user) => tries('192.0.2.47', user, 'demo-pass-2026', 5)))).flat();
    expect(statuses).toHaveLength(50);
    expect(statuses).toEqual(Array(50).fill(200));
  });

  it('holds back an address that fails for many usernames (password spraying), whoever it tries next', async () => {
    const limit = SignInLimits.FAILURES_PER_ADDRESS_PER_MINUTE;
    const statuses: number[] = [];
    for (let i = 0; i < limit; i += 1) statuses.push((await fromAddress('192.0.2.48', { username: `sprayed-${i}`, password: 'Winter2026!', grant_type: 'password' })).statusCode);
    expect(statuses).toEqual(Array(limit).fill(400));
    expect((await fromAddress('192.0.2.48', { username: 'sysadmin', password: 'demo-pass-2026', grant_type: 'password' })).statusCode).toBe(429);
    expect((await fromAddress('192.0.2.49', { username: 'sysadmin', password: 'demo-pass-2026', grant_type: 'password' })).statusCode).toBe(200);
  });

  it('keeps a ceiling on every attempt from one address against floods', async () => {
    const statuses = await tries('192.0.2.50', '', 'x', SignInLimits.ATTEMPTS_PER_ADDRESS_PER_MINUTE + 1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(SignInLimits.ATTEMPTS_PER_ADDRESS_PER_MINUTE);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
  });

  it('answers { Message } with Retry-After on a throttled API route', async () => {
    let last = await t.call(null, { method: 'POST', url: '/api/user/forgot-password', payload: { Username: 'nobody' }, remoteAddress: '192.0.2.46' });
    for (let i = 0; i < 10; i += 1) {
      last = await t.call(null, { method: 'POST', url: '/api/user/forgot-password', payload: { Username: 'nobody' }, remoteAddress: '192.0.2.46' });
    }
    expect(last.statusCode).toBe(429);
    const retryAfter = Number(last.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(last.json()).toEqual({ Message: Texts.global.tooManyRequests(retryAfter) });
  });
});

describe('sessions', () => {
  it('needs a token: no token and a made-up token are 401', async () => {
    expect((await t.call(null, { method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    const fake = await t.call('made-up-token', { method: 'GET', url: '/api/user' });
    expect(fake.statusCode).toBe(401);
    expect(fake.json().Message).toBe(Texts.global.sessionExpired);
  });

  it('answers the signed-in user without any password data', async () => {
    const token = await t.signIn('investigator');
    const response = await t.call(token, { method: 'GET', url: '/api/user' });
    expect(response.statusCode).toBe(200);
    const user = response.json();
    expect(user).toMatchObject({ UserName: 'investigator', FirstName: 'Ian', LastName: 'Vance' });
    expect(user.Emails[0].Address).toBe('investigator@dossier.example');
    expect(JSON.stringify(user)).not.toMatch(/PasswordHash|argon2/);
  });

  it('ends the older session when the same user signs in again: the old token gets 419', async () => {
    const first = await t.signIn('reviewer');
    const second = await t.signIn('reviewer');
    const old = await t.call(first, { method: 'GET', url: '/api/user' });
    expect(old.statusCode).toBe(419);
    expect(old.json().Message).toBe(Texts.global.signedInElsewhere);
    expect((await t.call(second, { method: 'GET', url: '/api/user' })).statusCode).toBe(200);
  });

  it('signs out: the token is refused afterwards', async () => {
    const token = await t.signIn('manager');
    expect((await t.call(token, { method: 'POST', url: '/api/user/logout' })).statusCode).toBe(204);
    expect((await t.call(token, { method: 'GET', url: '/api/user' })).statusCode).toBe(401);
  });

  it('ends a session idle longer than AutoLogoutTime (30 minutes when unset) and its grace', async () => {
    const token = await t.signIn('contractor');
    t.clock.advance(29 * MINUTE);
    expect((await t.call(token, { method: 'GET', url: '/api/user' })).statusCode).toBe(200);
    // The browser's last activity may be up to a keepalive and a touch newer than the server knows (Timing).
    t.clock.advance(30 * MINUTE + Timing.SESSION_IDLE_GRACE_MS - 1000);
    expect((await t.call(token, { method: 'GET', url: '/api/user' })).statusCode).toBe(200);
    t.clock.advance(30 * MINUTE + Timing.SESSION_IDLE_GRACE_MS + 1000);
    expect((await t.call(token, { method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    t.clock.reset();
  });

  it('follows the AutoLogoutTime security setting', async () => {
    const admin = await t.signIn('sysadmin');
    const saved = await t.call(admin, { method: 'PUT', url: '/api/security', payload: { AutoLogoutTime: 5, EnablePasswordExpiration: true, PasswordExpirationTime: null } });
    expect(saved.statusCode).toBe(200);
    const token = await t.signIn('caseadmin');
    const signInAnswer = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: 'username=manager&password=demo-pass-2026&grant_type=password',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(signInAnswer.json().expires_in).toBe(5 * 60);
    t.clock.advance(5 * MINUTE + Timing.SESSION_IDLE_GRACE_MS + 1000);
    expect((await t.call(token, { method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    t.clock.reset();
    const again = await t.signIn('sysadmin');
    await t.call(again, { method: 'PUT', url: '/api/security', payload: { AutoLogoutTime: null, EnablePasswordExpiration: true, PasswordExpirationTime: null } });
  });
});

describe('password expiration', () => {
  it('answers password_expired when the password is older than PasswordExpirationTime days', async () => {
    const admin = await t.signIn('sysadmin');
    await t.call(admin, { method: 'PUT', url: '/api/security', payload: { AutoLogoutTime: null, EnablePasswordExpiration: true, PasswordExpirationTime: 90 } });
    t.clock.advance(91 * 24 * 60 * MINUTE);
    const response = await tokenRequest({ username: 'client', password: 'demo-pass-2026', grant_type: 'password' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('password_expired');
    t.clock.reset();

    await t.call(await t.signIn('sysadmin'), {
      method: 'PUT',
      url: '/api/security',
      payload: { AutoLogoutTime: null, EnablePasswordExpiration: false, PasswordExpirationTime: 90 },
    });
    t.clock.advance(91 * 24 * 60 * MINUTE);
    expect((await tokenRequest({ username: 'client', password: 'demo-pass-2026', grant_type: 'password' })).statusCode).toBe(200);
    t.clock.reset();
  });
});

describe('GET /api/user/permissions', () => {
  it('answers roles, groups and tags', async () => {
    const token = await t.signIn('client');
    const body = (await t.call(token, { method: 'GET', url: '/api/user/permissions' })).json();
    expect(body.groups).toEqual(['Client']);
    expect(body.roles).toContain('View Cases');
    expect(body.roles).not.toContain('System Administrator');
    const admin = (await t.call(await t.signIn('caseadmin'), { method: 'GET', url: '/api/user/permissions' })).json();
    expect(admin.tags).toContain('Case Admin');
  });
});

describe('POST /api/user/password', () => {
  const change = (token: string, body: object) => t.call(token, { method: 'POST', url: '/api/user/password', payload: body });

  it('answers ModelState keyed by field when rules fail, and changes nothing', async () => {
    const token = await t.signIn('ncsc');
    const wrongOld = await change(token, { OldPassword: 'bad', NewPassword: 'short', ConfirmPassword: 'other' });
    expect(wrongOld.statusCode).toBe(400);
    const state = wrongOld.json().ModelState;
    expect(state.OldPassword).toEqual(['The current password is incorrect.']);
    expect(state.NewPassword).toContain('The password must be at least 12 characters long.');
    expect(state.ConfirmPassword).toEqual(['The new password and confirmation password do not match.']);

    const common = await change(token, { OldPassword: 'demo-pass-2026', NewPassword: 'qwerty123456', ConfirmPassword: 'qwerty123456' });
    expect(common.json().ModelState.NewPassword).toEqual(['This password is too common. Choose a less predictable one.']);
    const reused = await change(token, { OldPassword: 'demo-pass-2026', NewPassword: 'demo-pass-2026', ConfirmPassword: 'demo-pass-2026' });
    expect(reused.json().ModelState.NewPassword).toEqual(['The password cannot be one of your last 5 passwords.']);
    const missing = await change(token, { OldPassword: 'demo-pass-2026' });
    expect(missing.json().ModelState).toMatchObject({ NewPassword: ['New Password is required.'], ConfirmPassword: ['Confirm Password is required.'] });
    await t.signIn('ncsc');
  });

  it('changes the password: the new one signs in, the old one does not', async () => {
    const token = await t.signIn('palmetto');
    const ok = await change(token, { OldPassword: 'demo-pass-2026', NewPassword: 'Harbor-lights-at-dawn', ConfirmPassword: 'Harbor-lights-at-dawn' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().Message).toBe(Texts.account.passwordUpdated);
    await expect(t.signIn('palmetto')).rejects.toThrow();
    await expect(t.signIn('palmetto', 'Harbor-lights-at-dawn')).resolves.toBeTruthy();
  });
});
