import type { LookupList } from '../shared/api/configuration.js';
import { PERSIST_KEY, PERSIST_VERSION, Timing } from '../shared/constants.js';
import type { OrgSummary } from '../schemas/types.js';

/**
 * The signed-in session as the browser keeps it: one persisted state object under the key `root` (version 2)
 * holding the account (token, user, permissions), the lookup lists and the orgs with their load times. Phone
 * numbers and the address are not persisted. The logout time for the session guard is kept beside it.
 */
export interface SessionUser {
  Id: number;
  UserName: string;
  FirstName: string;
  LastName: string;
  Email: string | null;
  Org_Id: number | null;
}

export interface SessionPermissions {
  roles: string[];
  groups: string[];
  tags: string[];
}

/** A lookup list with its items, as GET /api/types answers it. */
export type LookupListState = LookupList;

/** An org as the session holds it for trees and pickers (schemas/orgSummary.json). */
export type OrgState = OrgSummary;

export interface PersistedState {
  version: number;
  account: {
    token: string | null;
    user: SessionUser | null;
    permissions: SessionPermissions | null;
    autoLogoutMinutes: number | null;
  };
  types: { lists: LookupListState[]; loadedAt: number };
  orgs: { list: OrgState[]; loadedAt: number };
}

export const LOGOUT_AT_KEY = 'logoutAt';

const empty = (): PersistedState => ({
  version: PERSIST_VERSION,
  account: { token: null, user: null, permissions: null, autoLogoutMinutes: null },
  types: { lists: [], loadedAt: 0 },
  orgs: { list: [], loadedAt: 0 },
});

export function readState(): PersistedState {
  try {
    const raw = localStorage.getItem(PERSIST_KEY);
    if (!raw) return empty();
    const parsed = JSON.parse(raw) as PersistedState;
    return parsed.version === PERSIST_VERSION ? parsed : empty();
  } catch {
    return empty();
  }
}

export function writeState(update: (state: PersistedState) => PersistedState): PersistedState {
  const next = update(readState());
  localStorage.setItem(PERSIST_KEY, JSON.stringify(next));
  return next;
}

export const getToken = () => readState().account.token;

/**
 * Keys of react-admin's store under this prefix hold a user's own display choices (a table's columns), each key naming
 * its user: nothing of a session, a record or a permission. They are all a sign-out keeps.
 */
export const PREFERENCE_KEY_PREFIX = 'preferences.';

/** Sign-out clears everything the app stored but the users' display choices (react-admin's store keeps them under its `RaStore.` prefix). */
export function clearSession(): void {
  const kept = `RaStore.${PREFERENCE_KEY_PREFIX}`;
  for (const key of Object.keys(localStorage)) if (!key.startsWith(kept)) localStorage.removeItem(key);
}

export function isStale(loadedAt: number, maxAgeMs: number, now = Date.now()): boolean {
  return now - loadedAt > maxAgeMs;
}

export const lookupCacheIsStale = (now = Date.now()) => isStale(readState().types.loadedAt, Timing.LOOKUP_CACHE_MS, now);
export const orgCacheIsStale = (now = Date.now()) => isStale(readState().orgs.loadedAt, Timing.ORG_CACHE_MS, now);
