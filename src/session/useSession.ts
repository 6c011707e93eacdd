import { useMemo } from 'react';
import { hasAnyPermission, type Permission } from '../../shared/permissions.js';
import { readState, type SessionPermissions, type SessionUser } from '../../dataProvider/session.js';

/** The signed-in user's roles, groups and tags, as loaded at sign-in. */
export function useSessionPermissions(): SessionPermissions {
  const permissions = readState().account.permissions;
  return permissions ?? { roles: [], groups: [], tags: [] };
}

export function useSessionUser(): SessionUser | null {
  return readState().account.user;
}

/** True when the user holds any of the permissions (System Administrator passes). */
export function useCan(...permissions: Permission[]): boolean {
  const { roles } = useSessionPermissions();
  const key = permissions.join('|');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the key stands for the list
  return useMemo(() => hasAnyPermission(roles, permissions), [roles, key]);
}
