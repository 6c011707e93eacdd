import { lazy } from 'react';
import type { ResourceViews } from '../resources/views.js';

const orgPicker = lazy(() => import('../components/OrgPickerInput.js'));

const userEditor = () => import('./UserEditorSlot.js');
const groupCells = () => import('./GroupCells.js');

/**
 * Users (/identity/users): the filter panel, the ways to add a user, the inline editor under a row, the first name
 * with its work-status dot, the account's lock controls and the org picker in the form.
 */
export const usersViews: ResourceViews = {
  aside: lazy(() => import('./UserFilters.js')),
  actions: lazy(() => userEditor().then((m) => ({ default: m.NewUserActions }))),
  expand: lazy(userEditor),
  cells: { FirstName: lazy(() => import('./WorkStatusName.js')) },
  sections: { 'Account Status': lazy(() => import('./LockControls.js')) },
  inputs: { Org_Id: orgPicker },
};

/** The signed-in user's account form: its org is chosen in the org tree. */
export const accountViews: ResourceViews = { inputs: { Org_Id: orgPicker } };

/** Groups (/identity/groups): the inline editor under a row, the name and tag cells, the tags beside the form. */
export const groupsViews: ResourceViews = {
  expand: lazy(() => import('./GroupEditorSlot.js')),
  cells: {
    Name: lazy(groupCells),
    Tags: lazy(() => groupCells().then((m) => ({ default: m.GroupTagChips }))),
  },
  sections: { Group: lazy(() => import('./GroupTags.js').then((m) => ({ default: m.GroupTagsSlot }))) },
};
