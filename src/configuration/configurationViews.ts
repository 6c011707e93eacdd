import type { ResourceViews } from '../resources/views.js';
import { sideList } from '../resources/SchemaList.js';
import { expenseTypesTexts, listItemsTexts, listsTexts, stockPhrasesTexts } from './configurationTexts.js';

const lookupLists = () => import('./LookupListList.js');

/** Expense types and lookup lists: their tables' columns. */
export const expenseTypesViews: ResourceViews = { list: sideList(() => import('./ExpenseTypeList.js'), (m) => m.ExpenseTypeList), texts: expenseTypesTexts };
export const listsViews: ResourceViews = { list: sideList(lookupLists, (m) => m.LookupListList), texts: listsTexts };
export const listItemsViews: ResourceViews = { list: sideList(lookupLists, (m) => m.LookupListItemList), texts: listItemsTexts };
/** Stock phrases: the item page's textareas pick and keep them (src/items/sections/useStockPhraseSource.ts). */
export const stockPhrasesViews: ResourceViews = { texts: stockPhrasesTexts };
