import { Limits } from '../../shared/constants.js';
import { Texts } from '../../shared/texts/index.js';
import { audit } from '../audit/auditLog.js';
import { checkNewPassword, storePassword } from '../auth/passwordChange.js';
import type { SignInService } from '../auth/signIn.js';
import { ValidationError, badRequest } from '../http/errors.js';
import { findUsableCode, issueCode, useCode } from './codes.js';
import { pageLink, sendAccountMail, type MailContext } from './mailContext.js';

/**
 * Forgot password, forgot username and reset. The anonymous requests never tell whether an account exists: the
 * caller answers the same body whatever happens here.
 */

const RESET_MS = Limits.RESET_CODE_HOURS * 3_600_000;

const byUserName = (userName: string) => userName.trim().toLowerCase();

/**
 * E-mails a single-use reset link (`/reset-password?code=…`, valid RESET_CODE_HOURS) to the account's primary
 * address, retiring older unused reset links. Nothing is sent for an unknown username, an account without an
 * address or a deactivated account.
 */
export async function requestPasswordReset(ctx: MailContext, userName: string): Promise<void> {
  const user = await ctx.db
    .selectFrom('users')
    .select(['Id', 'Email', 'LockoutEndDateUtc'])
    .where((eb) => eb(eb.fn('lower', ['UserName']), '=', byUserName(userName)))
    .executeTakeFirst();
  if (!user?.Email || (user.LockoutEndDateUtc && user.LockoutEndDateUtc > ctx.now)) return;
  const code = await ctx.db
    .transaction()
    .execute((trx) => issueCode(trx, { userId: user.Id, purpose: 'reset', now: ctx.now, validForMs: RESET_MS }));
  const { subject, text } = Texts.identity.recovery.resetMail;
  await sendAccountMail(ctx, { to: user.Email, subject, text: text(pageLink(ctx, '/reset-password', { code }), Limits.RESET_CODE_HOURS) });
}

/** E-mails the username(s) registered for an address (any of a user's emails counts) to that address. */
export async function sendUserNames(ctx: MailContext, email: string): Promise<void> {
  const rows = await ctx.db
    .selectFrom('user_emails as e')
    .innerJoin('users as u', 'u.Id', 'e.User_Id')
    .select(['u.UserName', 'e.Address'])
    .where((eb) => eb(eb.fn('lower', ['e.Address']), '=', email.trim().toLowerCase()))
    .orderBy('u.UserName')
    .execute();
  if (!rows.length) return;
  const userNames = [...new Set(rows.map((r) => r.UserName))];
  const { subject, text } = Texts.identity.recovery.usernameMail;
  await sendAccountMail(ctx, { to: rows[0].Address, subject, text: text(userNames, `${ctx.publicUrl}/login`) });
}

export interface ResetRequest {
  Username: string;
  Password: string;
  ConfirmPassword: string;
  Code: string;
}

/**
 * Sets a new password with a reset code. A wrong, expired, used or other user's code answers 400 "Invalid token.";
 * a password breaking a rule answers ModelState on Password / ConfirmPassword. Success uses the code up, confirms
 * the e-mail (the link proved the mailbox), forgets failed sign-ins and ends every session of the user.
 */
export async function resetPassword(ctx: MailContext, body: ResetRequest): Promise<{ Id: number; UserName: string }> {
  const invalid = () => badRequest(Texts.identity.recovery.invalidCode);
  const token = await findUsableCode(ctx.db, 'reset', body.Code, ctx.now);
  if (!token) throw invalid();
  const user = await ctx.db.selectFrom('users').select(['Id', 'UserName']).where('Id', '=', token.User_Id).executeTakeFirstOrThrow();
  if (byUserName(user.UserName) !== byUserName(body.Username)) throw invalid();

  await checkNewPassword(ctx.db, {
    userId: user.Id,
    userName: user.UserName,
    newPassword: body.Password,
    confirmPassword: body.ConfirmPassword,
    fields: { newPassword: 'Password', confirmPassword: 'ConfirmPassword' },
  });
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await useCode(trx, token.Id, ctx.now))) throw invalid();
    await storePassword(trx, user.Id, body.Password, ctx.now);
    await trx.updateTable('users').set({ EmailConfirmed: true }).where('Id', '=', user.Id).execute();
    await audit(trx, { userId: user.Id, entity: 'users', entityId: user.Id, action: 'reset-password', fields: ['Password'] });
  });
  return user;
}

export interface ExpiredPasswordChange {
  UserName: string;
  OldPassword: string;
  NewPassword: string;
  ConfirmPassword: string;
}

/**
 * The expired-password change (no session: the sign-in answered password_expired). The old password is checked
 * like a sign-in — failures count toward the same lock — and a wrong one answers ModelState.invalid_login.
 */
export async function changeExpiredPassword(
  ctx: MailContext,
  signIn: SignInService,
  body: ExpiredPasswordChange,
): Promise<{ Id: number; UserName: string }> {
  const checked = await signIn.checkCredentials(body.UserName, body.OldPassword);
  if (!checked.ok) {
    const message = checked.description === Texts.signIn.locked ? Texts.signIn.locked : Texts.account.invalidLogin;
    throw new ValidationError({ invalid_login: [message] }, message);
  }
  const { user } = checked;
  await checkNewPassword(ctx.db, {
    userId: user.Id,
    userName: user.UserName,
    newPassword: body.NewPassword,
    confirmPassword: body.ConfirmPassword,
  });
  await ctx.db.transaction().execute(async (trx) => {
    await storePassword(trx, user.Id, body.NewPassword, ctx.now);
    await audit(trx, { userId: user.Id, entity: 'users', entityId: user.Id, action: 'change-expired-password', fields: ['Password'] });
  });
  return user;
}
