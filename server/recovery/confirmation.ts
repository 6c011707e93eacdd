import { Limits } from '../../shared/constants.js';
import { Texts } from '../../shared/texts/index.js';
import { audit } from '../audit/auditLog.js';
import type { Database } from '../db/database.js';
import { badRequest } from '../http/errors.js';
import { findUsableCode, issueCode, useCode } from './codes.js';
import { pageLink, sendAccountMail, type MailContext } from './mailContext.js';

/**
 * E-mail confirmation. A new user gets no password, only a confirmation link
 * (`/confirm-email?userId=…&code=…`). Confirming marks the e-mail confirmed and, for a user who has no password
 * yet, answers a fresh password-reset code with which the client lets the user choose a first password.
 */

const DAY_MS = 86_400_000;
const RESET_MS = Limits.RESET_CODE_HOURS * 3_600_000;

export interface ConfirmTarget {
  Id: number;
  UserName: string;
  FirstName: string;
  Email: string | null;
}

async function mailConfirmation(ctx: MailContext, user: ConfirmTarget, code: string): Promise<void> {
  if (!user.Email) return;
  const link = pageLink(ctx, '/confirm-email', { userId: user.Id, code });
  const { subject, text } = Texts.identity.recovery.confirmMail;
  await sendAccountMail(ctx, { to: user.Email, subject, text: text(user.FirstName, user.UserName, link, Limits.CONFIRM_CODE_DAYS) });
}

function newConfirmCode(ctx: MailContext, db: Database, userId: number, releasesLockout: Date | null = null) {
  return issueCode(db, {
    userId,
    purpose: 'confirm',
    now: ctx.now,
    validForMs: Limits.CONFIRM_CODE_DAYS * DAY_MS,
    releasesLockout,
  });
}

/** Issues a confirmation code and e-mails it (nothing is sent to a user without an address). */
export async function sendConfirmation(ctx: MailContext, user: ConfirmTarget): Promise<void> {
  if (!user.Email) return;
  const code = await ctx.db.transaction().execute((trx) => newConfirmCode(ctx, trx, user.Id));
  await mailConfirmation(ctx, user, code);
}

/** Unused confirmation codes sent within the last CONFIRM_MAIL_INTERVAL_MINUTES. */
async function recentConfirmationIds(db: Database, userId: number, now: Date): Promise<number[]> {
  const since = new Date(now.getTime() - Limits.CONFIRM_MAIL_INTERVAL_MINUTES * 60_000);
  const rows = await db
    .selectFrom('user_tokens')
    .select('Id')
    .where('User_Id', '=', userId)
    .where('Purpose', '=', 'confirm')
    .where('UsedDate', 'is', null)
    .where('CreatedDate', '>', since)
    .execute();
  return rows.map((r) => r.Id);
}

/**
 * The anonymous "resend verification": e-mails a new link to an account still waiting for confirmation, at most
 * once per CONFIRM_MAIL_INTERVAL_MINUTES. Silently does nothing otherwise; the caller answers the same anyway.
 */
export async function resendConfirmation(ctx: MailContext, userId: number): Promise<void> {
  const user = await ctx.db
    .selectFrom('users')
    .select(['Id', 'UserName', 'FirstName', 'Email', 'EmailConfirmed'])
    .where('Id', '=', userId)
    .executeTakeFirst();
  if (!user || user.EmailConfirmed || !user.Email) return;
  if ((await recentConfirmationIds(ctx.db, userId, ctx.now)).length) return;
  await sendConfirmation(ctx, user);
}

/**
 * The administrator's "resend verification": the e-mail counts as unconfirmed again and the account is
 * deactivated until `lockoutEnd`; confirming the pending link lifts that deactivation (and only that one — a later
 * deactivation stays). The client calls the anonymous resend first, so a link sent a moment ago is reused rather
 * than sending a second one.
 */
export async function resendWithDeactivation(
  ctx: MailContext,
  user: ConfirmTarget,
  lockoutEnd: Date,
  actorId: number,
): Promise<void> {
  const code = await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ EmailConfirmed: false, LockoutEndDateUtc: lockoutEnd, UpdatedDate: ctx.now })
      .where('Id', '=', user.Id)
      .execute();
    await audit(trx, {
      userId: actorId,
      entity: 'users',
      entityId: user.Id,
      action: 'resend-verification',
      fields: ['LockoutEndDateUtc'],
    });
    const recent = await recentConfirmationIds(trx, user.Id, ctx.now);
    if (!recent.length) return newConfirmCode(ctx, trx, user.Id, lockoutEnd);
    await trx.updateTable('user_tokens').set({ ReleasesLockout: lockoutEnd }).where('Id', 'in', recent).execute();
    return null;
  });
  if (code) await mailConfirmation(ctx, user, code);
}

export interface ConfirmResult {
  UserName: string;
  /** A password-reset code when the user has no password yet, else null. */
  Code: string | null;
}

/** Confirms an e-mail address with the link's user id and code; anything wrong answers "Unable to confirm email". */
export async function confirmEmail(ctx: MailContext, userId: number, code: string): Promise<ConfirmResult> {
  const failed = () => badRequest(Texts.account.unableToConfirm);
  const token = await findUsableCode(ctx.db, 'confirm', code, ctx.now);
  if (!token || token.User_Id !== userId) throw failed();
  const user = await ctx.db
    .selectFrom('users')
    .select(['Id', 'UserName', 'PasswordHash', 'LockoutEndDateUtc'])
    .where('Id', '=', userId)
    .executeTakeFirstOrThrow();

  return ctx.db.transaction().execute(async (trx) => {
    if (!(await useCode(trx, token.Id, ctx.now))) throw failed();
    const releases =
      token.ReleasesLockout !== null &&
      user.LockoutEndDateUtc !== null &&
      new Date(user.LockoutEndDateUtc).getTime() === new Date(token.ReleasesLockout).getTime();
    await trx
      .updateTable('users')
      .set({ EmailConfirmed: true, UpdatedDate: ctx.now, ...(releases ? { LockoutEndDateUtc: null } : {}) })
      .where('Id', '=', userId)
      .execute();
    await audit(trx, { userId, entity: 'users', entityId: userId, action: 'confirm-email', fields: releases ? ['LockoutEndDateUtc', 'EmailConfirmed'] : ['EmailConfirmed'] });
    const resetCode = user.PasswordHash
      ? null
      : await issueCode(trx, { userId, purpose: 'reset', now: ctx.now, validForMs: RESET_MS });
    return { UserName: user.UserName, Code: resetCode };
  });
}
