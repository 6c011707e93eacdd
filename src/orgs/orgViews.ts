import { lazy } from 'react';
import type { ResourceViews } from '../resources/views.js';

const orgPicker = lazy(() => import('../components/OrgPickerInput.js'));

/** Orgs (/orgs): the org tree beside the selected org's tabs; a new org's parent is chosen in the tree. */
export const orgsViews: ResourceViews = {
  list: lazy(() => import('./OrgsPage.js')),
  inputs: { ParentOrg_Id: orgPicker },
};

/** An org's users: the name with its status, and the ways to add a user to the org. */
export const orgUsersViews: ResourceViews = {
  actions: lazy(() => import('./OrgUserActions.js')),
  cells: { LastName: lazy(() => import('./OrgUserName.js')) },
};
