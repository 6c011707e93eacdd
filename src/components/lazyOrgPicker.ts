import { lazy } from 'react';

/**
 * The org-tree picker as a form view's input (`inputs: { Org_Id: lazyOrgPicker }`: a user's org, a case's client, a new
 * org's parent), its code loaded when a form first draws it.
 */
export const lazyOrgPicker = lazy(() => import('./OrgPickerInput.js'));
