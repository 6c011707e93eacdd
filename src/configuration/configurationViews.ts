import type { ResourceViews } from '../resources/views.js';
import { sideList } from '../resources/SchemaList.js';

const lookupLists = () => import('./LookupListList.js');

/** Expense types and lookup lists: their tables' columns. */
export const expenseTypesViews: ResourceViews = { list: sideList(() => import('./ExpenseTypeList.js'), (m) => m.ExpenseTypeList) };
export const listsViews: ResourceViews = { list: sideList(lookupLists, (m) => m.LookupListList) };
export const listItemsViews: ResourceViews = { list: sideList(lookupLists, (m) => m.LookupListItemList) };
