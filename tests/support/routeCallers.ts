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
