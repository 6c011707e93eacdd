import { lazy } from 'react';
import type { ResourceViews } from '../resources/views.js';

const ItemNumber = lazy(() => import('./ItemNumberCell.js'));
const ItemBulkActions = lazy(() => import('./ItemBulkActions.js'));
const attachments = () => import('./ItemAttachments.js');

/** A case's items: the inline item form under a row, move up and down, the bulk modals and the item's page. */
export const caseItemsViews: ResourceViews = {
  page: lazy(() => import('./page/ItemPage.js')),
  expand: lazy(() => import('./ItemEditor.js')),
  rowActions: lazy(() => import('./ItemMoveButtons.js')),
  bulkActions: ItemBulkActions,
  cells: { DisplayId: ItemNumber },
};

/** Item search (/items): the filter panel and the same bulk modals. */
export const itemsViews: ResourceViews = {
  aside: lazy(() => import('./ItemFilters.js')),
  bulkActions: ItemBulkActions,
  cells: { DisplayId: ItemNumber },
};

/** An item's attachments: the name downloads the file, move up and down, and the upload. */
export const itemAttachmentsViews: ResourceViews = {
  actions: lazy(() => attachments().then((m) => ({ default: m.AttachmentActions }))),
  rowActions: lazy(() => attachments().then((m) => ({ default: m.AttachmentMoveButtons }))),
  cells: { Name: lazy(() => attachments().then((m) => ({ default: m.AttachmentName }))) },
};
