import { readState, type SessionPermissions, type SessionUser } from '../../dataProvider/session.js';

/** The signed-in user's roles, groups and tags, as loaded at sign-in. */
export function useSessionPermissions(): SessionPermissions {
  const permissions = readState().account.permissions;
  return permissions ?? { roles: [], groups: [], tags: [] };
}

export function useSessionUser(): SessionUser | null {
  return readState().account.user;
}
