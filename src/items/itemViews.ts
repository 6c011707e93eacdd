import { lazy } from 'react';
import type { ResourceViews } from '../resources/views.js';
import { sideList } from '../resources/SchemaList.js';
import {
  caseItemsTexts,
  itemAttachmentsTexts,
  itemExpensesTexts,
  itemHistoryTexts,
  itemIssueCodesTexts,
  itemSectionsTexts,
  itemsTexts,
} from './itemTexts.js';

/** A case's items: the inline item form under a row, move up and down, the bulk modals and the item's page. */
export const caseItemsViews: ResourceViews = {
  list: sideList(() => import('./CaseItemList.js'), (m) => m.CaseItemList),
  page: lazy(() => import('./page/ItemPage.js')),
  texts: caseItemsTexts,
};

/** Item search (/items): the filter panel and the same bulk modals. */
export const itemsViews: ResourceViews = {
  list: sideList(() => import('./ItemList.js'), (m) => m.ItemList),
  texts: itemsTexts,
};

/** An item's attachments: the name downloads the file, move up and down, and the upload. */
export const itemAttachmentsViews: ResourceViews = {
  list: sideList(() => import('./ItemAttachmentList.js'), (m) => m.ItemAttachmentList),
  texts: itemAttachmentsTexts,
};

/** An item's expenses, history and issue codes: their tables' columns. */
export const itemExpensesViews: ResourceViews = { list: sideList(() => import('./ItemExpenseList.js'), (m) => m.ItemExpenseList), texts: itemExpensesTexts };
export const itemHistoryViews: ResourceViews = { list: sideList(() => import('./ItemHistoryList.js'), (m) => m.ItemHistoryList), texts: itemHistoryTexts };
export const itemIssueCodesViews: ResourceViews = { list: sideList(() => import('./ItemIssueCodeList.js'), (m) => m.ItemIssueCodeList), texts: itemIssueCodesTexts };

/** The sections on an item (drawn by the item page's Sections panel): texts only. */
export const itemSectionsViews: ResourceViews = { texts: itemSectionsTexts };

