import type { ApiRecord } from './record.js';

/*
 * The parts of a declaration that its screens share with the server: what its list filters by and how a row is
 * removed. Plain data and pure functions, like the declaration. A list's columns and filter inputs, a form's layout
 * and the screens' texts are its views' (src/resources/columns.tsx, filters.tsx, formParts.ts, resourceTexts.ts).
 */

/**
 * A filter the list's call understands, by the source its value comes under, and how the rows are matched:
 * `contains` (text, case-insensitive), `equals` (a choice, a flag, a day, a record's key) or `check` (a checkbox: on is
 * true, off is no filter). The inputs a screen shows for it are its view's (src/resources/filters.tsx).
 */
export interface FilterDeclaration {
  source: string;
  match: 'contains' | 'equals' | 'check';
  /**
   * Server-paged lists: the filter travels in the query's `additional` object under its source (a panel filter
   * such as a reviewer or a date range) instead of the `filtered` list of column searches.
   */
  additional?: boolean;
  /**
   * Browser-paged text filters: the fields the text is looked for in, any of them matching (an item's
   * Location/City/State box searches its label, address, city and state); default: the source, or for a `q`
   * search the record as a picker names it (`recordRepresentation`).
   */
  matches?: readonly string[];
}

/** The Hidden flag's filter of resources hidden by toggling (src/resources/filters.tsx `StatusFilter`: Show All / Enabled / Disabled). */
export const HIDDEN_FILTER: FilterDeclaration = { source: 'Hidden', match: 'equals' };

/**
 * What the remove action of a row does: nothing, a real delete (of the rows `when` allows, when not every row may be
 * deleted: an org's inherited records belong to an ancestor), or a toggle of the `Hidden` flag. What its button and
 * confirmation say is the views' (src/resources/resourceTexts.ts, `texts.remove`).
 */
export type RemoveDeclaration = { kind: 'none' } | { kind: 'delete'; when?(record: ApiRecord): boolean } | { kind: 'toggleHidden' };
