import { hasAnyPermission } from '../../shared/permissions.js';
import { resourceByName } from '../../resources/index.js';
import { permissionsFor } from '../../resources/declaration.js';
import { PAGES } from '../navigation.js';

export interface AccessRequest {
  action: string;
  resource: string;
}

/**
 * The one authorisation rule of the client, mirrored from the server: a declared resource's action needs its
 * declared permissions; a page needs its page permissions; anything unknown is refused.
 */
export function canAccess(roles: readonly string[], { action, resource }: AccessRequest): boolean {
  const declaration = resourceByName(resource);
  if (declaration) {
    const needed = permissionsFor(declaration, action);
    return needed !== undefined && hasAnyPermission(roles, needed);
  }
  const page = PAGES.find((p) => p.key === resource);
  if (page) return hasAnyPermission(roles, page.anyOf);
  return false;
}
