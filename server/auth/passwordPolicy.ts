import { dictionary } from '@zxcvbn-ts/language-common';
import { Limits } from '../../shared/constants.js';
import type { Database } from '../db/database.js';
import { verifyPassword } from './secrets.js';

/** The common-password list shipped with the product (zxcvbn-ts' list of ~49,000 leaked passwords). */
const COMMON = new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));

export const PasswordMessages = {
  tooShort: `The password must be at least ${Limits.PASSWORD_MIN_LENGTH} characters long.`,
  tooLong: `The password must be at most ${Limits.PASSWORD_MAX_LENGTH} characters long.`,
  sameAsUserName: 'The password cannot be the same as the username.',
  common: 'This password is too common. Choose a less predictable one.',
  reused: `The password cannot be one of your last ${Limits.PASSWORD_HISTORY} passwords.`,
  mismatch: 'The new password and confirmation password do not match.',
  wrongOld: 'The current password is incorrect.',
} as const;

/** Rules that need no database: length, not the username, not a common password. */
export function passwordRuleErrors(password: string, userName: string): string[] {
  const errors: string[] = [];
  if (password.length < Limits.PASSWORD_MIN_LENGTH) errors.push(PasswordMessages.tooShort);
  if (password.length > Limits.PASSWORD_MAX_LENGTH) errors.push(PasswordMessages.tooLong);
  if (password.trim().toLowerCase() === userName.trim().toLowerCase()) errors.push(PasswordMessages.sameAsUserName);
  if (COMMON.has(password.toLowerCase())) errors.push(PasswordMessages.common);
  return errors;
}

/** True when the password matches the current one or one of the last PASSWORD_HISTORY ones. */
export async function isRecentPassword(db: Database, userId: number, password: string): Promise<boolean> {
  const history = await db
    .selectFrom('password_history')
    .select('PasswordHash')
    .where('User_Id', '=', userId)
    .orderBy('CreatedDate', 'desc')
    .orderBy('Id', 'desc')
    .limit(Limits.PASSWORD_HISTORY)
    .execute();
  for (const { PasswordHash } of history) {
    if (await verifyPassword(PasswordHash, password)) return true;
  }
  return false;
}
