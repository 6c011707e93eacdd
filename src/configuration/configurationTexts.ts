import { ConfigurationTexts } from '../../shared/texts/configuration.js';
import { ItemTexts } from '../../shared/texts/items.js';
import type { ApiRecord } from '../../resources/declaration.js';
import type { ViewTexts } from '../resources/resourceTexts.js';

const E = ConfigurationTexts.expenseTypes;
const L = ConfigurationTexts.listScreen;
const P = ItemTexts.sectionEditor;
const short = (r: ApiRecord) => String(r.Short);
const listName = (r: ApiRecord) => String(r.FormattedTableName ?? r.TypeName ?? '');
const parentListName = (parent?: ApiRecord) => String(parent?.FormattedTableName ?? '');
const phrase = (r: ApiRecord) => String(r.Phrase ?? '');

/** What the expense types list says (spec 002 §2.6). */
export const expenseTypesTexts: ViewTexts = {
  created: (r) => E.created(short(r)),
  updated: (r) => E.updated(short(r)),
  hidden: (r) => E.hidden(short(r)),
  shown: (r) => E.shown(short(r)),
  add: () => 'Add Expense Type',
  editTitle: () => 'Edit Expense Type',
  editSubmit: 'Save Expense Type',
  empty: E.empty,
  remove: { labels: ['Hide', 'Restore'] },
};

/** What the lookup lists say (spec 002 §2.5): a dynamic list is renamed, not edited. */
export const listsTexts: ViewTexts = {
  created: (r) => L.created(listName(r)),
  updated: (r) => L.renamed(listName(r)),
  deleted: (r) => L.deleted(listName(r)),
  add: () => 'Add List',
  editTitle: (r) => `Rename ${listName(r)}`,
  editSubmit: 'Rename',
  editAction: 'Rename',
  empty: L.noLists,
  remove: { confirmBody: (r) => L.deleteBody(listName(r)) },
};

/** What the items of a lookup list say; the parent is the list. */
export const listItemsTexts: ViewTexts = {
  created: (r, parent) => L.itemAdded(short(r), parentListName(parent)),
  updated: (r) => L.itemUpdated(short(r)),
  hidden: (r) => L.itemDisabled(short(r)),
  shown: (r) => L.itemEnabled(short(r)),
  add: (parent) => `Add ${parentListName(parent)}`,
  editTitle: (r) => `Edit ${short(r)}`,
  editSubmit: 'Save',
  empty: L.empty,
  remove: { labels: ['Disable', 'Enable'] },
};

/** What the stock phrases of a textarea field say (spec 001 §2 "Stock phrases", §8). */
export const stockPhrasesTexts: ViewTexts = {
  created: () => P.phraseAdded,
  updated: () => P.phraseAdded,
  deleted: () => P.phraseRemoved,
  loadFailed: P.phrasesFailed,
  add: () => ItemTexts.sections.stockPhrases.add,
  editTitle: phrase,
  editSubmit: 'Save',
  empty: ItemTexts.sections.stockPhrases.empty,
  remove: { confirmBody: (r) => P.phraseRemoveBody(phrase(r)) },
};
