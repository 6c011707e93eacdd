import type { Kysely } from 'kysely';
import { SecondFactorLimits } from '../../shared/constants.js';
import type { DB } from '../db/schema.js';
import { matchingStep, newRecoveryCode, newTotpSecret, normalizeRecoveryCode } from './totp.js';
import type { TotpVault } from './totpVault.js';

/** A user's two-step sign-in as the status calls answer it (secondFactorStatus.json). */
export interface FactorStatus {
  Enabled: boolean;
  Required: boolean;
  ConfirmedDate: Date | null;
  RecoveryCodesLeft: number;
}

/** Whether a group of the user is one the security settings require a second factor of. */
export async function isFactorRequired(db: Kysely<DB>, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('user_groups as ug')
    .innerJoin('second_factor_groups as g', 'g.Group_Id', 'ug.Group_Id')
    .select('ug.Group_Id')
    .where('ug.User_Id', '=', userId)
    .executeTakeFirst();
  return Boolean(row);
}

/** Whether the user's factor is on (enrolment confirmed). */
export async function hasConfirmedFactor(db: Kysely<DB>, userId: number): Promise<boolean> {
  const row = await db.selectFrom('user_second_factors').select('User_Id').where('User_Id', '=', userId).where('ConfirmedDate', 'is not', null).executeTakeFirst();
  return Boolean(row);
}

export async function factorStatus(db: Kysely<DB>, userId: number): Promise<FactorStatus> {
  const factor = await db.selectFrom('user_second_factors').select('ConfirmedDate').where('User_Id', '=', userId).executeTakeFirst();
  const { left } = await db
    .selectFrom('user_recovery_codes')
    .select((eb) => eb.fn.countAll<string | number>().as('left'))
    .where('User_Id', '=', userId)
    .where('UsedDate', 'is', null)
    .executeTakeFirstOrThrow();
  const enabled = Boolean(factor?.ConfirmedDate);
  return { Enabled: enabled, Required: await isFactorRequired(db, userId), ConfirmedDate: factor?.ConfirmedDate ?? null, RecoveryCodesLeft: enabled ? Number(left) : 0 };
}

/**
 * Begins (or begins again) an enrolment: a new secret, sealed, kept pending until a code confirms it. Answers the
 * secret, or null when the user's factor is already on (it is never answered again, nor replaced by a start).
 */
export async function startEnrolment(db: Kysely<DB>, vault: TotpVault, userId: number, now: Date): Promise<Buffer | null> {
  if (await hasConfirmedFactor(db, userId)) return null;
  const secret = newTotpSecret();
  const sealed = vault.seal(secret);
  await db
    .insertInto('user_second_factors')
    .values({ User_Id: userId, ...sealed, ConfirmedDate: null, LastUsedStep: null, CreatedDate: now })
    .onConflict((oc) => oc.column('User_Id').doUpdateSet({ ...sealed, LastUsedStep: null, CreatedDate: now }).where('user_second_factors.ConfirmedDate', 'is', null))
    .execute();
  return secret;
}

export type ConfirmResult = { ok: true; recoveryCodes: string[] } | { ok: false; reason: 'notStarted' | 'wrongCode' };

/**
 * Confirms the pending enrolment with a code of its secret: the factor is on from now, the code's step counts as
 * used, and ten new recovery codes replace any old ones (their hashes kept; the codes answered this once). Run it in
 * the caller's transaction, with the audit entry.
 */
export async function confirmEnrolment(trx: Kysely<DB>, vault: TotpVault, userId: number, code: string, now: Date): Promise<ConfirmResult> {
  const pending = await trx
    .selectFrom('user_second_factors')
    .select(['SecretCipher', 'SecretKeyId'])
    .where('User_Id', '=', userId)
    .where('ConfirmedDate', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  if (!pending) return { ok: false, reason: 'notStarted' };
  const step = matchingStep(vault.open(pending), code, now);
  if (step === null) return { ok: false, reason: 'wrongCode' };
  await trx.updateTable('user_second_factors').set({ ConfirmedDate: now, LastUsedStep: step }).where('User_Id', '=', userId).execute();
  const recoveryCodes = Array.from({ length: SecondFactorLimits.RECOVERY_CODES }, newRecoveryCode);
  await trx.deleteFrom('user_recovery_codes').where('User_Id', '=', userId).execute();
  await trx
    .insertInto('user_recovery_codes')
    .values(recoveryCodes.map((recoveryCode) => ({ User_Id: userId, CodeHash: vault.codeHash(normalizeRecoveryCode(recoveryCode)), CodeKeyId: vault.keyring.current.id, UsedDate: null })))
    .execute();
  return { ok: true, recoveryCodes };
}

/**
 * Accepts a code of the user's factor (on): right for now (± a step) and of a step newer than the last accepted
 * one, which it becomes — in one statement, so two requests with the same code cannot both pass.
 */
export async function acceptTotp(db: Kysely<DB>, vault: TotpVault, userId: number, code: string, now: Date): Promise<boolean> {
  const factor = await db.selectFrom('user_second_factors').select(['SecretCipher', 'SecretKeyId']).where('User_Id', '=', userId).where('ConfirmedDate', 'is not', null).executeTakeFirst();
  if (!factor) return false;
  const step = matchingStep(vault.open(factor), code, now);
  if (step === null) return false;
  const accepted = await db
    .updateTable('user_second_factors')
    .set({ LastUsedStep: step })
    .where('User_Id', '=', userId)
    .where('ConfirmedDate', 'is not', null)
    .where((eb) => eb.or([eb('LastUsedStep', 'is', null), eb('LastUsedStep', '<', step)]))
    .returning('User_Id')
    .executeTakeFirst();
  return Boolean(accepted);
}

/** Accepts an unused recovery code of the user, which is then used (in one statement: a code works once). */
export async function acceptRecoveryCode(db: Kysely<DB>, vault: TotpVault, userId: number, code: string, now: Date): Promise<boolean> {
  const normalized = normalizeRecoveryCode(code);
  if (!normalized) return false;
  const used = await db
    .updateTable('user_recovery_codes')
    .set({ UsedDate: now })
    .where('User_Id', '=', userId)
    .where('CodeHash', 'in', vault.codeHashes(normalized))
    .where('UsedDate', 'is', null)
    .returning('Id')
    .executeTakeFirst();
  return Boolean(used);
}

/** Removes a user's factor, recovery codes and pending sign-in steps (turned off, or reset by an administrator). */
export async function removeFactor(trx: Kysely<DB>, userId: number): Promise<boolean> {
  const removed = await trx.deleteFrom('user_second_factors').where('User_Id', '=', userId).returning('ConfirmedDate').executeTakeFirst();
  await trx.deleteFrom('user_recovery_codes').where('User_Id', '=', userId).execute();
  await trx.deleteFrom('sign_in_challenges').where('User_Id', '=', userId).execute();
  return Boolean(removed?.ConfirmedDate);
}
