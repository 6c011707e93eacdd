import type { ResourceViews } from '../resources/views.js';
import { sideList } from '../resources/SchemaList.js';
import { readOnlyTexts } from '../resources/resourceTexts.js';
import { IdentityTexts } from '../../shared/texts/identity.js';
import { groupsTexts, usersTexts } from './identityTexts.js';

/**
 * Users (/identity/users): the filter panel, the ways to add a user, the inline editor under a row (its form:
 * userForm.ts), the first name with its work-status dot.
 */
export const usersViews: ResourceViews = {
  list: sideList(() => import('./UserList.js'), (m) => m.UserList),
  texts: usersTexts,
};

/** Groups (/identity/groups): the inline editor under a row (its form, with the tags: userForm.ts), the name and tag cells. */
export const groupsViews: ResourceViews = {
  list: sideList(() => import('./GroupList.js'), (m) => m.GroupList),
  texts: groupsTexts,
};

/** Roles (/identity/roles): read only. */
export const rolesViews: ResourceViews = { list: sideList(() => import('./RoleList.js'), (m) => m.RoleList), texts: readOnlyTexts(IdentityTexts.screens.noRoles) };

