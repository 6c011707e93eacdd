import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import type { DB } from '../db/schema.js';
import { ModelStateBuilder } from '../http/errors.js';
import { hashPassword, verifyPassword } from './secrets.js';
import { PasswordMessages, isRecentPassword, passwordRuleErrors } from './passwordPolicy.js';

/** Stores a new password hash, stamps its date and keeps it in the history, in the caller's transaction. */
export async function storePassword(trx: Kysely<DB>, userId: number, password: string, now: Date): Promise<void> {
  const hash = await hashPassword(password);
  await trx.updateTable('users').set({ PasswordHash: hash, PasswordChangedDate: now, UpdatedDate: now }).where('Id', '=', userId).execute();
  await trx.insertInto('password_history').values({ User_Id: userId, PasswordHash: hash, CreatedDate: now }).execute();
}

export interface NewPasswordInput {
  userId: number;
  userName: string;
  newPassword: string;
  confirmPassword: string;
  /** Field names used in ModelState (the reset form calls them Password / ConfirmPassword). */
  fields?: { newPassword: string; confirmPassword: string };
}

/**
 * Checks a new password against every rule and collects the errors under the form's field names.
 * Throws a 400 ValidationError when any rule fails.
 */
export async function checkNewPassword(db: Database, input: NewPasswordInput, errors = new ModelStateBuilder()) {
  const fields = input.fields ?? { newPassword: 'NewPassword', confirmPassword: 'ConfirmPassword' };
  for (const message of passwordRuleErrors(input.newPassword, input.userName)) errors.add(fields.newPassword, message);
  if (input.newPassword !== input.confirmPassword) errors.add(fields.confirmPassword, PasswordMessages.mismatch);
  if (errors.isValid && (await isRecentPassword(db, input.userId, input.newPassword))) {
    errors.add(fields.newPassword, PasswordMessages.reused);
  }
  errors.throwIfInvalid();
}

/** Own password change: the old password must be right, the new one must pass every rule. */
export async function changeOwnPassword(
  db: Database,
  user: { Id: number; UserName: string; PasswordHash: string | null },
  body: { OldPassword: string; NewPassword: string; ConfirmPassword: string },
  now: Date,
): Promise<void> {
  const errors = new ModelStateBuilder();
  if (!(await verifyPassword(user.PasswordHash, body.OldPassword))) errors.add('OldPassword', PasswordMessages.wrongOld);
  await checkNewPassword(
    db,
    { userId: user.Id, userName: user.UserName, newPassword: body.NewPassword, confirmPassword: body.ConfirmPassword },
    errors,
  );
  await db.transaction().execute((trx) => storePassword(trx, user.Id, body.NewPassword, now));
}
