import { lazy } from 'react';

/** The bulk modals of a case's items and of item search (spec 001 §6), loaded when a row is first checked. */
export const ItemBulkActions = lazy(() => import('./ItemBulkActions.js'));
