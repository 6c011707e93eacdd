import { Limits } from '../../shared/constants.js';
import { Texts } from '../../shared/texts/index.js';
import type { Database } from '../db/database.js';
import { audit } from '../audit/auditLog.js';
import type { SecuritySettingsService } from '../security/settingsService.js';
import { verifyPassword } from './secrets.js';
import type { SessionService } from './sessions.js';
import { secondStepOf, type SecondStep } from '../secondFactor/challenges.js';

export type SignInResult =
  | { ok: true; token: string; expiresIn: number; userId: number }
  | { ok: false; error: 'invalid_grant' | 'password_expired'; description: string }
  /** A right password whose second step is due (server/secondFactor/): not a failure, nothing is counted. */
  | ({ ok: false } & SecondStep);

export type CredentialCheck =
  | { ok: true; user: { Id: number; UserName: string; LockoutEndDateUtc: Date | null; PasswordChangedDate: Date } }
  | { ok: false; description: string };

const userKey = (userName: string) => userName.trim().toLowerCase();

/**
 * A sign-in attempt in the audit log, under the account it was for. An attempt for a username nobody has is kept
 * without that name: people type their password into the username box, and the log must not hold it.
 */
const auditSignIn = (db: Database, action: string, user: { Id: number; UserName: string } | null) =>
  audit(db, { entity: 'users', entityId: user?.Id ?? null, action, userId: user?.Id ?? null, userName: user?.UserName ?? null });

/**
 * The password grant. Failed attempts are counted per entered username — whether or not such a user exists — so
 * the answers never tell an attacker which usernames are real: after MAX_FAILED_SIGN_INS failures in a row the
 * username is locked for FAILED_SIGN_IN_LOCK_MINUTES, with the same wording for everyone.
 */
export class SignInService {
  constructor(
    private readonly db: Database,
    private readonly sessions: SessionService,
    private readonly settings: SecuritySettingsService,
    private readonly now: () => Date,
  ) {}

  async signIn(userName: string, password: string): Promise<SignInResult> {
    const checked = await this.checkCredentials(userName, password);
    if (!checked.ok) return { ok: false, error: 'invalid_grant', description: checked.description };
    const { user } = checked;
    if (user.LockoutEndDateUtc && user.LockoutEndDateUtc > this.now()) {
      await auditSignIn(this.db, 'sign-in-deactivated', user);
      return { ok: false, error: 'invalid_grant', description: Texts.signIn.deactivated };
    }
    if (await this.isPasswordExpired(user.PasswordChangedDate)) {
      await auditSignIn(this.db, 'sign-in-password-expired', user);
      return { ok: false, error: 'password_expired', description: Texts.signIn.passwordExpired };
    }
    const second = await secondStepOf(this.db, user.Id, this.now());
    if (second) {
      await auditSignIn(this.db, second.error === 'mfa_required' ? 'sign-in-code-required' : 'sign-in-enrolment-required', user);
      return { ok: false, ...second };
    }
    return this.openSession(user);
  }

  /** The end of every successful sign-in (after the password, or after its second step): a session and its entry. */
  async openSession(user: { Id: number; UserName: string }): Promise<SignInResult & { ok: true }> {
    const token = await this.sessions.open(user.Id);
    await auditSignIn(this.db, 'sign-in', user);
    return { ok: true, token, expiresIn: (await this.settings.idleLimitMs()) / 1000, userId: user.Id };
  }

  /** Whether a username is held by the failed-attempt lock now (the second step honours it as the password does). */
  async isLocked(userName: string): Promise<boolean> {
    const failures = await this.db.selectFrom('sign_in_failures').select('LockedUntil').where('UserKey', '=', userKey(userName)).executeTakeFirst();
    return Boolean(failures?.LockedUntil && failures.LockedUntil > this.now());
  }

  /**
   * A wrong second-factor code of a user, counted toward the username's lockout exactly as a wrong password is;
   * answers what to say (`wrong`, or the lock's wording when this one locks the username).
   */
  async countWrongCode(user: { Id: number; UserName: string }, wrong: string): Promise<string> {
    const key = userKey(user.UserName);
    const failures = await this.db.selectFrom('sign_in_failures').selectAll().where('UserKey', '=', key).executeTakeFirst();
    const failed = await this.recordFailure(key, failures?.FailedCount ?? 0, failures?.LockedUntil ?? null);
    await auditSignIn(this.db, failed.locked ? 'lockout' : 'sign-in-code-failed', user);
    return failed.locked ? failed.description : wrong;
  }

  /**
   * Checks a username and password, counting failures and honouring the failed-attempt lock exactly as sign-in
   * does. Every password check of an anonymous caller (sign-in, expired-password change) goes through here.
   */
  async checkCredentials(userName: string, password: string): Promise<CredentialCheck> {
    const key = userKey(userName);
    const now = this.now();
    const failures = await this.db
      .selectFrom('sign_in_failures')
      .selectAll()
      .where('UserKey', '=', key)
      .executeTakeFirst();
    const user = await this.db
      .selectFrom('users')
      .select(['Id', 'UserName', 'PasswordHash', 'LockoutEndDateUtc', 'PasswordChangedDate'])
      .where((eb) => eb(eb.fn('lower', ['UserName']), '=', key))
      .executeTakeFirst();
    if (failures?.LockedUntil && failures.LockedUntil > now) {
      await auditSignIn(this.db, 'sign-in-locked', user ?? null);
      return { ok: false, description: Texts.signIn.locked };
    }
    const valid = await verifyPassword(user?.PasswordHash ?? null, password);
    if (!user || !valid) {
      const failed = await this.recordFailure(key, failures?.FailedCount ?? 0, failures?.LockedUntil ?? null);
      await auditSignIn(this.db, failed.locked ? 'lockout' : 'sign-in-failed', user ?? null);
      return { ok: false, description: failed.description };
    }

    if (failures) await this.clearFailures(userName);
    return { ok: true, user };
  }

  /** Forgets failed sign-in attempts of a username (successful sign-in, password reset, reactivation). */
  async clearFailures(userName: string): Promise<void> {
    await this.db.deleteFrom('sign_in_failures').where('UserKey', '=', userKey(userName)).execute();
  }

  async isPasswordExpired(changed: Date): Promise<boolean> {
    const { EnablePasswordExpiration, PasswordExpirationTime } = await this.settings.get();
    if (!EnablePasswordExpiration || !PasswordExpirationTime) return false;
    return this.now().getTime() - new Date(changed).getTime() > PasswordExpirationTime * 86_400_000;
  }

  private async recordFailure(key: string, previous: number, lockedUntil: Date | null): Promise<{ locked: boolean; description: string }> {
    const now = this.now();
    // A lock that has run out starts a fresh count.
    const count = (lockedUntil ? 0 : previous) + 1;
    const locks = count >= Limits.MAX_FAILED_SIGN_INS;
    const values = {
      FailedCount: locks ? 0 : count,
      LockedUntil: locks ? new Date(now.getTime() + Limits.FAILED_SIGN_IN_LOCK_MINUTES * 60_000) : null,
      LastFailedDate: now,
    };
    await this.db
      .insertInto('sign_in_failures')
      .values({ UserKey: key, ...values })
      .onConflict((oc) => oc.column('UserKey').doUpdateSet(values))
      .execute();
    return { locked: locks, description: locks ? Texts.signIn.locked : Texts.signIn.invalid };
  }
}
