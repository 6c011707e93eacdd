import type { FastifyInstance } from 'fastify';
import { Texts } from '../../shared/texts/index.js';
import type { SignInResult } from '../auth/signIn.js';
import { audit } from '../audit/auditLog.js';
import { acceptRecoveryCode, acceptTotp } from './factors.js';
import { countWrongCode, endChallenge, findChallenge, type Challenge } from './challenges.js';
import { totpVaultOf } from './vaultOf.js';

const T = Texts.secondFactor.signIn;

/** The second grant's fields of POST /oauth/token. */
export interface SecondGrant {
  grantType: 'mfa_otp' | 'mfa_enrollment';
  mfaToken: string;
  otp?: string;
  recoveryCode?: string;
}

/** What the second grant answers: the sign-in's result, and the username its failures count under (for the throttle). */
export interface SecondGrantResult {
  result: SignInResult;
  /** When the route's throttle holds this username and address back: how long, in ms (nothing was checked). */
  waitMs?: number;
  /** Whether a failure is to be counted by the route's throttle (a wrong code, an unknown challenge). */
  counted: boolean;
  userName: string;
}

const refused = (description: string, counted: boolean, userName = ''): SecondGrantResult => ({
  result: { ok: false, error: 'invalid_grant', description },
  counted,
  userName,
});

/**
 * The sign-in's second step (issue 26 §2): `mfa_otp` completes a challenge of a user whose factor is on with a code
 * (or a recovery code); `mfa_enrollment` completes the challenge of a user who had to enrol, once its enrolment is
 * confirmed. The failed-attempt lock of the username holds here too, a wrong code counts toward it as a wrong
 * password does and toward the challenge's own attempts; a code's time step and a recovery code are accepted once.
 */
export async function completeSecondStep(app: FastifyInstance, grant: SecondGrant, throttleWaitMs: (userName: string) => Promise<number>): Promise<SecondGrantResult> {
  const { db, services } = app;
  const now = services.now();
  const challenge = await findChallenge(db, grant.mfaToken, now);
  const expectedKind = grant.grantType === 'mfa_otp' ? 'verify' : 'enrol';
  if (!challenge || challenge.Kind !== expectedKind) {
    const waitMs = await throttleWaitMs('');
    return waitMs > 0 ? { ...refused(Texts.signIn.throttledLater, false), waitMs } : refused(T.expired, true);
  }
  const user = { Id: challenge.User_Id, UserName: challenge.UserName };
  const waitMs = await throttleWaitMs(user.UserName);
  if (waitMs > 0) return { ...refused(Texts.signIn.throttledLater, false, user.UserName), waitMs };
  if (await services.signIn.isLocked(user.UserName)) return refused(Texts.signIn.locked, false, user.UserName);
  if (challenge.LockoutEndDateUtc && challenge.LockoutEndDateUtc > now) {
    await endChallenge(db, challenge.Id);
    return refused(Texts.signIn.deactivated, false, user.UserName);
  }
  if (grant.grantType === 'mfa_enrollment') {
    if (!challenge.EnrolledDate) return refused(T.enrolmentRequired, false, user.UserName);
    return finish(app, challenge);
  }
  const otp = grant.otp?.trim();
  const recoveryCode = grant.recoveryCode?.trim();
  if (!otp && !recoveryCode) return { result: { ok: false, error: 'invalid_grant', description: T.missingCode }, counted: false, userName: user.UserName };
  const vault = totpVaultOf(services.ssn.keyring);
  const accepted = otp ? await acceptTotp(db, vault, user.Id, otp, now) : await acceptRecoveryCode(db, vault, user.Id, recoveryCode!, now);
  if (!accepted) {
    await countWrongCode(db, challenge);
    const description = await services.signIn.countWrongCode(user, otp ? T.invalidCode : T.invalidRecoveryCode);
    return refused(description, true, user.UserName);
  }
  if (!otp) await audit(db, { entity: 'users', entityId: user.Id, action: 'recovery-code-used', userId: user.Id, userName: user.UserName });
  return finish(app, challenge);
}

async function finish(app: FastifyInstance, challenge: Challenge): Promise<SecondGrantResult> {
  const { db, services } = app;
  const user = { Id: challenge.User_Id, UserName: challenge.UserName };
  // Of two requests completing one challenge, one signs in.
  if (!(await endChallenge(db, challenge.Id))) return refused(T.expired, true, user.UserName);
  await services.signIn.clearFailures(user.UserName);
  return { result: await services.signIn.openSession(user), counted: false, userName: user.UserName };
}
