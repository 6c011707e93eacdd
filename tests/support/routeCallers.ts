import type { Access } from '../../shared/access.js';
import type { AuthContext } from '../../server/auth/sessions.js';
import type { TestApp } from './testApp.js';

/** A caller of the API in a test: a demo account signed in (its token and what its session allows), or anonymous. */
export interface Caller {
  name: string;
  token: string | null;
  auth: AuthContext | null;
}

export const ANONYMOUS: Caller = { name: 'anonymous', token: null, auth: null };

/** Signs a demo account in and reads its session back, for `admits`. */
export async function signInCaller(t: TestApp, userName: string): Promise<Caller> {
  const token = await t.signIn(userName);
  const found = await t.app.services.sessions.resolve(token);
  if (!found.ok) throw new Error(`No session for ${userName}`);
  return { name: userName, token, auth: found.auth };
}

/** Whether a route's access rule admits the caller, read from the rule as declared. */
export function admits(access: Access, caller: Caller): boolean {
  if (access === 'public') return true;
  if (!caller.auth) return false;
  if (access === 'signedIn') return true;
  if ('anyOf' in access) return caller.auth.can(...access.anyOf);
  return access.groups.some((group) => caller.auth!.groups.includes(group));
}

/**
 * The calls that change the caller's own standing or the firm's sign-in rules (a new password, a shorter idle time, a
 * sign-out, a sign-in): a test calling every route makes them last, so that what they accept cannot turn the other
 * routes' calls away.
 */
export const STANDING_ROUTES: readonly string[] = ['PUT /api/security', 'PUT /api/user', 'POST /api/user/password', 'POST /api/user/logout', 'POST /oauth/token'];

/** Client addresses one after another (172.16.0.0/12), each call from its own, clear of the per-address limits of the anonymous endpoints. */
export function addressSequence(): () => string {
  let n = 0;
  return () => {
    const next = n++;
    return `172.${16 + ((next >> 16) & 15)}.${(next >> 8) & 255}.${next & 255}`;
  };
}
