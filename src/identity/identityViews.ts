import { lazy } from 'react';
import type { ResourceViews } from '../resources/views.js';
import { sideList } from '../resources/SchemaList.js';

const orgPicker = lazy(() => import('../components/OrgPickerInput.js'));


/**
 * Users (/identity/users): the filter panel, the ways to add a user, the inline editor under a row, the first name
 * with its work-status dot, the account's lock controls and the org picker in the form.
 */
export const usersViews: ResourceViews = {
  list: sideList(() => import('./UserList.js'), (m) => m.UserList),
  sections: { 'Account Status': lazy(() => import('./LockControls.js')) },
  inputs: { Org_Id: orgPicker },
};

/** The signed-in user's account form: its org is chosen in the org tree. */
export const accountViews: ResourceViews = { inputs: { Org_Id: orgPicker } };

/** Groups (/identity/groups): the inline editor under a row, the name and tag cells, the tags beside the form. */
export const groupsViews: ResourceViews = {
  list: sideList(() => import('./GroupList.js'), (m) => m.GroupList),
  sections: { Group: lazy(() => import('./GroupTags.js').then((m) => ({ default: m.GroupTagsSlot }))) },
};

/** Roles (/identity/roles). */
export const rolesViews: ResourceViews = { list: sideList(() => import('./RoleList.js'), (m) => m.RoleList) };
