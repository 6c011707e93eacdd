import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Texts } from '../../shared/texts/index.js';
import { SecondFactorLimits } from '../../shared/constants.js';
import { DEMO_PASSWORD } from '../../server/db/seed/index.js';
import { startTestApp, type TestApp } from '../support/testApp.js';

const T = Texts.secondFactor;
const MINUTE = 60_000;
const STEP = SecondFactorLimits.PERIOD_SECONDS * 1000;
let t: TestApp;
let addresses = 0;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;

/** POST /oauth/token from an address of its own (the throttle's per-address counts stay each test's). */
const token = (fields: Record<string, string>, remoteAddress = `10.200.0.${(addresses++ % 250) + 1}`) =>
  t.app.inject({
    method: 'POST',
    url: '/oauth/token',
    remoteAddress,
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
const password = (username: string) => token({ username, password: DEMO_PASSWORD, grant_type: 'password' });

/** The code an authenticator app shows now (by the server's clock), or `steps` periods later. */
const codeOf = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), digits: 6, period: 30, timestamp: t.clock.now().getTime() + steps * STEP });

/** Turns two-step sign-in on for a demo user from /account; answers the base32 secret and the recovery codes. */
async function enrol(userName: string): Promise<{ secret: string; recoveryCodes: string[]; session: string }> {
  const session = await t.signIn(userName);
  const started = await t.call(session, { method: 'POST', url: '/api/user/second-factor/enrolment' });
  expect(started.statusCode, started.body).toBe(200);
  const { Secret: secret, Uri } = started.json();
  expect(Uri).toMatch(new RegExp(`^otpauth://totp/Dossier:${userName}\\?`));
  const confirmed = await t.call(session, { method: 'POST', url: '/api/user/second-factor/enrolment/confirm', payload: { Code: codeOf(secret) } });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { secret, recoveryCodes: confirmed.json().RecoveryCodes, session };
}

/** A password sign-in that answers mfa_required; answers its mfa_token. */
async function challenge(userName: string): Promise<string> {
  const response = await password(userName);
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({ error: 'mfa_required', error_description: T.signIn.codeRequired });
  return response.json().mfa_token as string;
}

const userIdOf = async (userName: string) => (await db().selectFrom('users').select('Id').where('UserName', '=', userName).executeTakeFirstOrThrow()).Id;
const auditActions = async (userName: string) => {
  const id = String(await userIdOf(userName));
  return (await db().selectFrom('audit_log').select('Action').where('Entity', '=', 'users').where('Entity_Id', '=', id).orderBy('Id').execute()).map((r) => r.Action);
};

describe('enrolment from /account', () => {
  it('keeps the secret pending until a code confirms it, sealed at rest, and answers ten recovery codes once', async () => {
    let session = await t.signIn('caseadmin');
    expect((await t.call(session, { method: 'GET', url: '/api/user/second-factor' })).json()).toEqual({ Enabled: false, Required: false, ConfirmedDate: null, RecoveryCodesLeft: 0 });
    const started = (await t.call(session, { method: 'POST', url: '/api/user/second-factor/enrolment' })).json();
    expect(started).toMatchObject({ Issuer: 'Dossier', AccountName: 'caseadmin', Digits: 6, Period: 30 });
    expect(started.Secret).toMatch(/^[A-Z2-7]{32}$/);
    const stored = await db().selectFrom('user_second_factors as f').innerJoin('users as u', 'u.Id', 'f.User_Id').selectAll('f').where('u.UserName', '=', 'caseadmin').executeTakeFirstOrThrow();
    expect(stored.ConfirmedDate).toBeNull();
    expect(stored.SecretCipher).not.toContain(started.Secret);
    // Until confirmed, sign-in needs no code (and its session replaces the one before).
    const pending = await password('caseadmin');
    expect(pending.statusCode).toBe(200);
    session = pending.json().access_token;

    const wrong = await t.call(session, { method: 'POST', url: '/api/user/second-factor/enrolment/confirm', payload: { Code: '000000' === codeOf(started.Secret) ? '111111' : '000000' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().ModelState).toEqual({ Code: [T.signIn.invalidCode] });
    const empty = await t.call(session, { method: 'POST', url: '/api/user/second-factor/enrolment/confirm', payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().ModelState.Code).toBeDefined();

    const confirmed = await t.call(session, { method: 'POST', url: '/api/user/second-factor/enrolment/confirm', payload: { Code: codeOf(started.Secret) } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const codes: string[] = confirmed.json().RecoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const hashes = await db().selectFrom('user_recovery_codes').select('CodeHash').where('User_Id', '=', stored.User_Id).execute();
    expect(hashes).toHaveLength(10);
    expect(hashes.map((h) => h.CodeHash)).not.toContain(codes[0]);
    const status = (await t.call(session, { method: 'GET', url: '/api/user/second-factor' })).json();
    expect(status).toMatchObject({ Enabled: true, Required: false, RecoveryCodesLeft: 10 });

    // Never answered again: a new start is refused while it is on.
    const again = await t.call(session, { method: 'POST', url: '/api/user/second-factor/enrolment' });
    expect(again.statusCode).toBe(400);
    expect(again.json().Message).toBe(T.enrol.alreadyOn);
    expect(await auditActions('caseadmin')).toEqual(expect.arrayContaining(['second-factor-enrolment-started', 'second-factor-enabled']));
  });
});

describe('sign-in with a second factor', () => {
  it('answers mfa_required for the password, then the token for a code; a code is accepted once', async () => {
    const { secret } = await enrol('investigator');
    const first = await challenge('investigator');
    expect(first).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    // The code that confirmed the enrolment was of this time step: it is not accepted again.
    const replay = await token({ grant_type: 'mfa_otp', mfa_token: first, otp: codeOf(secret) });
    expect(replay.json()).toEqual({ error: 'invalid_grant', error_description: T.signIn.invalidCode });

    t.clock.advance(STEP);
    const signedIn = await token({ grant_type: 'mfa_otp', mfa_token: first, otp: codeOf(secret) });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const { access_token: session } = signedIn.json();
    expect((await t.call(session, { method: 'GET', url: '/api/user' })).json().UserName).toBe('investigator');
    // The challenge is used up, and the code's step with it.
    const reused = await token({ grant_type: 'mfa_otp', mfa_token: first, otp: codeOf(secret) });
    expect(reused.json().error_description).toBe(T.signIn.expired);
    const second = await challenge('investigator');
    expect((await token({ grant_type: 'mfa_otp', mfa_token: second, otp: codeOf(secret) })).json().error_description).toBe(T.signIn.invalidCode);
    // A step either side of now is accepted (clock drift).
    expect((await token({ grant_type: 'mfa_otp', mfa_token: second, otp: codeOf(secret, 1) })).statusCode).toBe(200);
    t.clock.reset();
  });

  it('counts wrong codes toward the username lockout, as wrong passwords', async () => {
    const { secret } = await enrol('contractor');
    t.clock.advance(2 * STEP);
    let mfaToken = await challenge('contractor');
    const answers: string[] = [];
    for (let i = 0; i < 4; i += 1) answers.push((await token({ grant_type: 'mfa_otp', mfa_token: mfaToken, otp: '12345' + String(i) })).json().error_description);
    expect(answers).toEqual(Array(4).fill(T.signIn.invalidCode));
    const fifth = await token({ grant_type: 'mfa_otp', mfa_token: mfaToken, otp: '999999' === codeOf(secret) ? '999998' : '999999' });
    expect(fifth.json().error_description).toBe(Texts.signIn.locked);
    // Locked: the password says so, and the challenge is over.
    expect((await password('contractor')).json().error_description).toBe(Texts.signIn.locked);
    expect((await token({ grant_type: 'mfa_otp', mfa_token: mfaToken, otp: codeOf(secret) })).json().error_description).toBe(T.signIn.expired);
    expect(await auditActions('contractor')).toEqual(expect.arrayContaining(['sign-in-code-failed', 'lockout']));

    t.clock.advance(16 * MINUTE);
    mfaToken = await challenge('contractor');
    expect((await token({ grant_type: 'mfa_otp', mfa_token: mfaToken, otp: codeOf(secret) })).statusCode).toBe(200);
    t.clock.reset();
  });

  it('accepts each recovery code once', async () => {
    const { recoveryCodes, secret } = await enrol('palmetto');
    const [code] = recoveryCodes;
    const first = await challenge('palmetto');
    const used = await token({ grant_type: 'mfa_otp', mfa_token: first, recovery_code: code.toUpperCase().replace('-', ' ') });
    expect(used.statusCode, used.body).toBe(200);
    const second = await challenge('palmetto');
    expect((await token({ grant_type: 'mfa_otp', mfa_token: second, recovery_code: code })).json()).toEqual({ error: 'invalid_grant', error_description: T.signIn.invalidRecoveryCode });
    expect((await token({ grant_type: 'mfa_otp', mfa_token: second, recovery_code: recoveryCodes[1] })).statusCode).toBe(200);
    const session = await (async () => {
      const third = await challenge('palmetto');
      t.clock.advance(STEP);
      const answer = await token({ grant_type: 'mfa_otp', mfa_token: third, otp: codeOf(secret) });
      t.clock.reset();
      return answer.json().access_token as string;
    })();
    expect((await t.call(session, { method: 'GET', url: '/api/user/second-factor' })).json().RecoveryCodesLeft).toBe(8);
    expect(await auditActions('palmetto')).toContain('recovery-code-used');
  });

  it('ends a challenge after its few minutes, and refuses unknown ones and missing codes', async () => {
    const mfaToken = await challenge('investigator');
    expect((await token({ grant_type: 'mfa_otp', mfa_token: mfaToken })).json().error_description).toBe(T.signIn.missingCode);
    t.clock.advance((SecondFactorLimits.CHALLENGE_MINUTES + 1) * MINUTE);
    const late = await token({ grant_type: 'mfa_otp', mfa_token: mfaToken, otp: '123456' });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ error: 'invalid_grant', error_description: T.signIn.expired });
    t.clock.reset();
    expect((await token({ grant_type: 'mfa_otp', mfa_token: 'not-a-challenge', otp: '123456' })).json().error_description).toBe(T.signIn.expired);
    expect((await token({ grant_type: 'mfa_otp', otp: '123456' })).json().error).toBe('invalid_request');
    // A verify challenge does not complete an enrolment grant.
    const other = await challenge('investigator');
    expect((await token({ grant_type: 'mfa_enrollment', mfa_token: other })).json().error_description).toBe(T.signIn.expired);
  });

  it('keeps the password flow unchanged for users without a factor', async () => {
    const response = await password('manager');
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json()).sort()).toEqual(['access_token', 'expires_in', 'token_type']);
  });
});

describe('turning it off', () => {
  it('needs the password and a code, and is audited', async () => {
    const { secret, session } = await enrol('ncsc');
    const url = '/api/user/second-factor/disable';
    t.clock.advance(STEP);
    const badPassword = await t.call(session, { method: 'POST', url, payload: { Password: 'wrong', Code: codeOf(secret) } });
    expect(badPassword.json().ModelState).toEqual({ Password: [T.disable.invalidPassword] });
    const badCode = await t.call(session, { method: 'POST', url, payload: { Password: DEMO_PASSWORD, Code: '000000' === codeOf(secret) ? '111111' : '000000' } });
    expect(badCode.json().ModelState).toEqual({ Code: [T.signIn.invalidCode] });
    const missing = await t.call(session, { method: 'POST', url, payload: { Password: DEMO_PASSWORD } });
    expect(missing.statusCode).toBe(400);
    const done = await t.call(session, { method: 'POST', url, payload: { Password: DEMO_PASSWORD, Code: codeOf(secret) } });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ Message: T.disable.disabled });
    t.clock.reset();
    const signedIn = await password('ncsc');
    expect(signedIn.statusCode).toBe(200);
    expect(await db().selectFrom('user_recovery_codes as c').innerJoin('users as u', 'u.Id', 'c.User_Id').select('c.Id').where('u.UserName', '=', 'ncsc').execute()).toEqual([]);
    expect(await auditActions('ncsc')).toContain('second-factor-disabled');
    const again = await t.call(signedIn.json().access_token, { method: 'POST', url, payload: { Password: DEMO_PASSWORD, Code: '123456' } });
    expect(again.json().Message).toBe(T.disable.notOn);
  });
});

describe('an administrator’s reset', () => {
  it('removes a user’s factor (audited); refused without the users’ edit permission', async () => {
    await enrol('client');
    const userId = await userIdOf('client');
    const url = `/api/identity/users/${userId}/second-factor`;
    const admin = await t.signIn('sysadmin');
    expect((await t.call(admin, { method: 'GET', url })).json()).toMatchObject({ Enabled: true, RecoveryCodesLeft: 10 });
    const outsider = await t.signIn('reviewer');
    expect((await t.call(outsider, { method: 'DELETE', url })).statusCode).toBe(403);
    expect((await t.call(null, { method: 'DELETE', url })).statusCode).toBe(401);
    const reset = await t.call(admin, { method: 'DELETE', url });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toEqual({ Enabled: false, Required: false, ConfirmedDate: null, RecoveryCodesLeft: 0 });
    expect((await password('client')).statusCode).toBe(200);
    const entry = await db().selectFrom('audit_log').select(['Action', 'UserName']).where('Entity', '=', 'users').where('Entity_Id', '=', String(userId)).where('Action', '=', 'second-factor-reset').executeTakeFirstOrThrow();
    expect(entry).toEqual({ Action: 'second-factor-reset', UserName: 'sysadmin' });
    expect((await t.call(admin, { method: 'DELETE', url: '/api/identity/users/999999/second-factor' })).statusCode).toBe(404);
  });
});

describe('a security setting requiring it for chosen groups', () => {
  it('leads a member without a factor through enrolment at sign-in, then signs them in', async () => {
    const admin = await t.signIn('sysadmin');
    const settings = (await t.call(admin, { method: 'GET', url: '/api/security' })).json();
    expect(settings.SecondFactorGroupIds).toEqual([]);
    const reviewers = (await db().selectFrom('groups').select('Id').where('Name', '=', 'Reviewers').executeTakeFirstOrThrow()).Id;
    const unknown = await t.call(admin, { method: 'PUT', url: '/api/security', payload: { ...settings, SecondFactorGroupIds: [999999] } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().ModelState.SecondFactorGroupIds).toEqual([T.settings.unknownGroup]);
    const saved = await t.call(admin, { method: 'PUT', url: '/api/security', payload: { ...settings, SecondFactorGroupIds: [reviewers] } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().SecondFactorGroupIds).toEqual([reviewers]);

    const answer = await password('reviewer');
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ error: 'mfa_enrollment_required', error_description: T.signIn.enrolmentRequired });
    const mfaToken = answer.json().mfa_token as string;
    // The challenge allows enrolment only: no code grant, no sign-in before the enrolment is confirmed.
    expect((await token({ grant_type: 'mfa_otp', mfa_token: mfaToken, otp: '123456' })).json().error_description).toBe(T.signIn.expired);
    expect((await token({ grant_type: 'mfa_enrollment', mfa_token: mfaToken })).json().error_description).toBe(T.signIn.enrolmentRequired);
    expect((await t.call(null, { method: 'POST', url: '/api/sign-in/second-factor/enrolment', payload: { MfaToken: 'forged' } })).statusCode).toBe(400);

    const started = await t.call(null, { method: 'POST', url: '/api/sign-in/second-factor/enrolment', payload: { MfaToken: mfaToken } });
    expect(started.statusCode, started.body).toBe(200);
    const secret = started.json().Secret as string;
    const wrong = await t.call(null, { method: 'POST', url: '/api/sign-in/second-factor/enrolment/confirm', payload: { MfaToken: mfaToken, Code: '000000' === codeOf(secret) ? '111111' : '000000' } });
    expect(wrong.json().ModelState).toEqual({ Code: [T.signIn.invalidCode] });
    const confirmed = await t.call(null, { method: 'POST', url: '/api/sign-in/second-factor/enrolment/confirm', payload: { MfaToken: mfaToken, Code: codeOf(secret) } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().RecoveryCodes).toHaveLength(10);
    const signedIn = await token({ grant_type: 'mfa_enrollment', mfa_token: mfaToken });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const session = signedIn.json().access_token as string;
    expect((await t.call(session, { method: 'GET', url: '/api/user/second-factor' })).json()).toMatchObject({ Enabled: true, Required: true });
    // Once only; and required, it cannot be turned off.
    expect((await token({ grant_type: 'mfa_enrollment', mfa_token: mfaToken })).json().error_description).toBe(T.signIn.expired);
    t.clock.advance(STEP);
    const off = await t.call(session, { method: 'POST', url: '/api/user/second-factor/disable', payload: { Password: DEMO_PASSWORD, Code: codeOf(secret) } });
    expect(off.json().Message).toBe(T.disable.required);
    // The next sign-in asks for a code.
    expect((await password('reviewer')).json().error).toBe('mfa_required');
    t.clock.reset();
    await t.call(admin, { method: 'PUT', url: '/api/security', payload: { ...settings, SecondFactorGroupIds: [] } });
  });
});
