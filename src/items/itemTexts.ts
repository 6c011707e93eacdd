import { ItemTexts } from '../../shared/texts/items.js';
import type { ApiRecord } from '../../resources/declaration.js';
import { itemNumber } from '../../resources/caseItems.js';
import { code } from '../../resources/itemIssueCodes.js';
import { readOnlyTexts, type ViewTexts } from '../resources/resourceTexts.js';

const T = ItemTexts;
const caseNumberOf = (parent?: ApiRecord) => String(parent?.CaseNumber ?? '');
const itemNumberOf = (parent?: ApiRecord) => itemNumber(parent ?? {});
const fileName = (r: ApiRecord) => String(r.Name ?? '');

/** A case's items: the toasts name the case (added, deleted) or the item (updated). */
export const caseItemsTexts: ViewTexts = {
  created: (_r, parent) => T.toasts.created(caseNumberOf(parent)),
  deleted: (_r, parent) => T.toasts.deleted(caseNumberOf(parent)),
  updated: (r) => T.toasts.updated(itemNumber(r)),
  add: () => 'Add Item',
  editTitle: (r) => `Item ${itemNumber(r)}`,
  editSubmit: 'Save Changes',
  empty: T.table.empty,
  remove: { confirmTitle: (r) => T.table.deleteTitle(itemNumber(r)), confirmBody: () => T.table.deleteBody },
};

/** Item search: read only (an item opens on its case's page). */
export const itemsTexts = readOnlyTexts('There are no items.');

/** An item's attachments: uploads and removals. */
const A = T.attachments;
export const itemAttachmentsTexts: ViewTexts = {
  created: () => A.uploaded,
  updated: () => A.uploaded,
  deleted: () => A.removed,
  deleteFailed: A.removeFailed,
  loadFailed: A.loadFailed,
  add: () => 'Upload',
  editTitle: fileName,
  editSubmit: 'Save',
  empty: A.empty,
  remove: { confirmBody: (r) => A.removeBody(fileName(r)) },
};

/** An item's expenses, and the expense form's lookups (its expense types and who incurred it). */
const E = T.expenses;
export const itemExpensesTexts: ViewTexts = {
  // Spec 001 §8: "expense updated or deleted (creating also says updated)".
  created: () => E.updated,
  updated: () => E.updated,
  deleted: () => E.deleted,
  deleteFailed: E.deleteFailed,
  loadFailed: E.loadFailed,
  add: () => E.add,
  editTitle: () => E.editTitle,
  editSubmit: 'Save',
  empty: E.empty,
  remove: { confirmBody: () => E.deleteBody },
};

/** An item's history (read only). */
export const itemHistoryTexts = readOnlyTexts(T.history.empty, T.history.loadFailed);

/** An item's issue codes: the toasts name the code and the item. */
const I = T.issueCodes;
export const itemIssueCodesTexts: ViewTexts = {
  created: (r, parent) => I.added(code(r), itemNumberOf(parent)),
  updated: (r, parent) => I.added(code(r), itemNumberOf(parent)),
  deleted: (r, parent) => I.removed(code(r), itemNumberOf(parent)),
  deleteFailed: I.removeFailed,
  loadFailed: I.loadFailed,
  add: () => I.add,
  editTitle: code,
  editSubmit: 'Save',
  empty: I.empty,
  remove: { confirmBody: (r) => I.removeBody(code(r)) },
};

/** The sections on an item: the toasts name the section (and the item, padded to three digits). */
const S = T.sectionEditor;
const sectionName = (r: ApiRecord) => String((r.Section as { SectionName?: unknown } | undefined)?.SectionName ?? '');
const sectionItemNumberOf = (parent?: ApiRecord) => String(parent?.DisplayId ?? '').padStart(3, '0');
export const itemSectionsTexts: ViewTexts = {
  created: (r, parent) => S.added(sectionName(r), sectionItemNumberOf(parent)),
  updated: (r) => S.updated(sectionName(r)),
  deleted: (r, parent) => S.removed(sectionName(r), sectionItemNumberOf(parent)),
  add: () => 'Add Section',
  editTitle: sectionName,
  editSubmit: 'Save and Update',
  empty: S.empty,
  remove: { confirmBody: () => S.removeBody },
};
