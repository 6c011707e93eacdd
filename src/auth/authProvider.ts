import type { AuthProvider } from 'react-admin';
import { Timing } from '../../shared/constants.js';
import { Texts } from '../../shared/texts/index.js';
import { customMethods } from '../../dataProvider/dataProvider.js';
import { request, type ErrorBody } from '../../dataProvider/httpClient.js';
import { clearSession, readState, writeState, type SessionUser } from '../../dataProvider/session.js';
import { toast } from '../layout/toast.js';
import { canAccess } from './access.js';
import { readLogoutAt, startLogoutClock } from './logoutClock.js';

export const PASSWORD_EXPIRED_ROUTE = '/change-password';

/**
 * Sign-in failure carrying the server's error code (`password_expired` sends the user to change it; `mfa_required`
 * and `mfa_enrollment_required` to the second step, with the challenge's `mfaToken`).
 */
export class SignInError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
    readonly mfaToken?: string,
  ) {
    super(message);
  }
}

/**
 * What the sign-in page passes to `login`: a username and password, or the second step of a sign-in that answered
 * an mfa_token — a code, a recovery code, or an enrolment just confirmed (issue 26 §2).
 */
export type LoginParams =
  | { username: string; password: string }
  | { mfaToken: string; otp: string }
  | { mfaToken: string; recoveryCode: string }
  | { mfaToken: string; enrolled: true };

/** The form of POST /oauth/token for each kind of login. */
function grantOf(params: LoginParams): Record<string, string> {
  if (!('mfaToken' in params)) return { username: params.username, password: params.password, grant_type: 'password' };
  if ('enrolled' in params) return { grant_type: 'mfa_enrollment', mfa_token: params.mfaToken };
  if ('otp' in params) return { grant_type: 'mfa_otp', mfa_token: params.mfaToken, otp: params.otp };
  return { grant_type: 'mfa_otp', mfa_token: params.mfaToken, recovery_code: params.recoveryCode };
}

/** After the token: the user, lookup lists, permissions, settings and orgs. Any failure clears everything. */
async function loadAccount(token: string): Promise<SessionUser> {
  writeState((s) => ({ ...s, account: { ...s.account, token } }));
  try {
    const [user, permissions, lists, settings, orgs] = await Promise.all([
      customMethods.getCurrentUser(),
      customMethods.getUserPermissions(),
      customMethods.getLookupLists(),
      customMethods.getSecuritySettings(),
      customMethods.getOrgs(),
    ]);
    const sessionUser: SessionUser = {
      Id: user.Id as number,
      UserName: user.UserName as string,
      FirstName: user.FirstName as string,
      LastName: user.LastName as string,
      Email: (user.Email as string | null) ?? null,
      Org_Id: (user.Org_Id as number | null) ?? null,
    };
    const now = Date.now();
    writeState((s) => ({
      ...s,
      account: { token, user: sessionUser, permissions, autoLogoutMinutes: settings.AutoLogoutTime },
      types: { lists, loadedAt: now },
      orgs: { list: orgs, loadedAt: now },
    }));
    startLogoutClock(settings.AutoLogoutTime ?? Timing.DEFAULT_AUTO_LOGOUT_MINUTES);
    return sessionUser;
  } catch (error) {
    clearSession();
    throw error;
  }
}

const roles = () => readState().account.permissions?.roles ?? [];

export const authProvider: AuthProvider = {
  async login(params: LoginParams) {
    let token: string;
    try {
      const answer = await request<{ access_token: string }>('/oauth/token', {
        method: 'POST',
        form: grantOf(params),
        anonymous: true,
      });
      token = answer.access_token;
    } catch (error) {
      const { body, status } = error as { body?: ErrorBody; status?: number };
      // A throttled sign-in says so even when the answer carries no text (a proxy's bare 429, say).
      const throttled = status === 429 && !body?.error_description && !body?.Message;
      const mfaToken = (body as { mfa_token?: string } | undefined)?.mfa_token;
      throw new SignInError(throttled ? Texts.signIn.throttledLater : (body?.error_description ?? (error as Error).message), body?.error, mfaToken);
    }
    const user = await loadAccount(token);
    return { redirectTo: '/', user };
  },

  async logout() {
    const token = readState().account.token;
    clearSession();
    if (token) {
      await fetch('/api/user/logout', { method: 'POST', headers: { Authorization: `Bearer ${token}` } }).catch(() => undefined);
    }
    // Pages still mounted re-check the (now missing) session and sign out again; yielding to the event loop here
    // lets the first sign-out's redirect to /login run before those repeat calls can starve it.
    await new Promise((resolve) => setTimeout(resolve, 0));
  },

  async checkAuth() {
    const { token, user } = readState().account;
    const logoutAt = readLogoutAt();
    if (!token || !user || logoutAt === null || logoutAt <= Date.now()) {
      clearSession();
      throw { redirectTo: '/login', message: false };
    }
  },

  async checkError(error: { status?: number; body?: ErrorBody }) {
    const status = error?.status;
    if (status === 401) {
      if (readState().account.token) toast(Texts.global.sessionExpired, 'warning');
      throw { redirectTo: '/login', message: false };
    }
    if (status === 419) {
      if (readState().account.token) toast(Texts.global.signedInElsewhere, 'warning');
      throw { redirectTo: '/login', message: false };
    }
    if (status === 403) {
      toast(error.body?.Message ?? Texts.global.forbidden, 'warning');
    }
  },

  async getIdentity() {
    const user = readState().account.user;
    if (!user) throw new Error('Not signed in');
    return { id: user.Id, fullName: `${user.FirstName} ${user.LastName}`, ...user };
  },

  async getPermissions() {
    return roles();
  },

  async canAccess(params) {
    return canAccess(roles(), params);
  },
};
