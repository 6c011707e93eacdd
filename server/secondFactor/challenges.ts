import type { Kysely } from 'kysely';
import { SecondFactorLimits } from '../../shared/constants.js';
import { Texts } from '../../shared/texts/index.js';
import type { DB } from '../db/schema.js';
import { hashToken, newToken } from '../auth/secrets.js';
import { hasConfirmedFactor, isFactorRequired } from './factors.js';

const T = Texts.secondFactor.signIn;

export type ChallengeKind = 'verify' | 'enrol';

/** What a right password answers when a second step is due (the token goes to the client, its hash to the table). */
export interface SecondStep {
  error: 'mfa_required' | 'mfa_enrollment_required';
  description: string;
  mfaToken: string;
}

/** A live challenge with its user. */
export interface Challenge {
  Id: number;
  Kind: ChallengeKind;
  Attempts: number;
  EnrolledDate: Date | null;
  User_Id: number;
  UserName: string;
  LockoutEndDateUtc: Date | null;
}

/**
 * The second step a sign-in needs after a right password, if any: a code when the user's factor is on
 * (`mfa_required`), enrolment when a group of theirs requires a factor they do not have (`mfa_enrollment_required`).
 * Either opens a challenge of a few minutes, kept by its token's hash so any instance can complete it.
 */
export async function secondStepOf(db: Kysely<DB>, userId: number, now: Date): Promise<SecondStep | null> {
  const kind: ChallengeKind | null = (await hasConfirmedFactor(db, userId)) ? 'verify' : (await isFactorRequired(db, userId)) ? 'enrol' : null;
  if (!kind) return null;
  const token = newToken();
  // A user's older challenges and those of anyone past their time go: a table of live steps only.
  await db
    .deleteFrom('sign_in_challenges')
    .where((eb) => eb.or([eb('ExpiresDate', '<=', now), eb('User_Id', '=', userId)]))
    .execute();
  await db
    .insertInto('sign_in_challenges')
    .values({ TokenHash: hashToken(token), User_Id: userId, Kind: kind, CreatedDate: now, ExpiresDate: new Date(now.getTime() + SecondFactorLimits.CHALLENGE_MINUTES * 60_000) })
    .execute();
  return kind === 'verify'
    ? { error: 'mfa_required', description: T.codeRequired, mfaToken: token }
    : { error: 'mfa_enrollment_required', description: T.enrolmentRequired, mfaToken: token };
}

/** The live challenge of a token (not past its time, attempts left), or null. */
export async function findChallenge(db: Kysely<DB>, token: string, now: Date): Promise<Challenge | null> {
  if (!token) return null;
  const found = await db
    .selectFrom('sign_in_challenges as c')
    .innerJoin('users as u', 'u.Id', 'c.User_Id')
    .select(['c.Id', 'c.Kind', 'c.Attempts', 'c.EnrolledDate', 'c.User_Id', 'u.UserName', 'u.LockoutEndDateUtc'])
    .where('c.TokenHash', '=', hashToken(token))
    .where('c.ExpiresDate', '>', now)
    .where('c.Attempts', '<', SecondFactorLimits.CHALLENGE_ATTEMPTS)
    .executeTakeFirst();
  return found ?? null;
}

/** Counts a wrong code against a challenge; the last allowed one ends it. */
export async function countWrongCode(db: Kysely<DB>, challenge: Challenge): Promise<void> {
  if (challenge.Attempts + 1 >= SecondFactorLimits.CHALLENGE_ATTEMPTS) await endChallenge(db, challenge.Id);
  else await db.updateTable('sign_in_challenges').set({ Attempts: challenge.Attempts + 1 }).where('Id', '=', challenge.Id).execute();
}

/** Ends a challenge; answers whether it was still there (so of two requests completing one, only one does). */
export async function endChallenge(db: Kysely<DB>, id: number): Promise<boolean> {
  const ended = await db.deleteFrom('sign_in_challenges').where('Id', '=', id).returning('Id').executeTakeFirst();
  return Boolean(ended);
}

/** Marks an enrolment challenge's enrolment as confirmed: its token may now complete the sign-in. */
export async function markEnrolled(db: Kysely<DB>, id: number, now: Date): Promise<void> {
  await db.updateTable('sign_in_challenges').set({ EnrolledDate: now }).where('Id', '=', id).execute();
}
