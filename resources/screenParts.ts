import type { ApiRecord } from './record.js';

/*
 * The parts of a declaration that its screens share with the server: what its list filters by, how a row is removed,
 * and its texts. Plain data and pure functions, like the declaration. A list's columns and filter inputs, and a
 * form's layout, are its view's (src/resources/columns.tsx, filters.tsx, formParts.ts).
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

/** What the remove action of a row does. */
export type RemoveDeclaration =
  | { kind: 'none' }
  /** A real delete, after react-admin's confirmation with these texts. */
  | {
      kind: 'delete';
      confirmTitle?(record: ApiRecord): string;
      confirmBody(record: ApiRecord): string;
      confirmLabel?: string;
      /** Rows that may be deleted, when not every row may (an org's inherited records belong to an ancestor). */
      when?(record: ApiRecord): boolean;
    }
  /**
   * Toggles the `Hidden` flag; the button reads labels[0] for a shown record and labels[1] for a hidden one;
   * with `confirm`, after react-admin's confirmation saying that text (the record and whether it will show again).
   */
  | { kind: 'toggleHidden'; labels: readonly [hide: string, show: string]; confirm?(record: ApiRecord, show: boolean): string };

export interface ResourceTexts {
  /** Toasts. `parent` is the parent record of a sub-resource. */
  created(record: ApiRecord, parent?: ApiRecord): string;
  updated(record: ApiRecord, parent?: ApiRecord): string;
  deleted?(record: ApiRecord, parent?: ApiRecord): string;
  /** A refused delete whose answer gives no message. */
  deleteFailed?: string | ((record: ApiRecord) => string);
  /** Toggle-hide resources: after hiding and after restoring. */
  hidden?(record: ApiRecord): string;
  shown?(record: ApiRecord): string;
  /** The add button, and the create dialog's title and submit button. */
  add(parent?: ApiRecord): string;
  /** The create dialog's submit button, when it differs from `add` ('New Group' opens, 'Create Group' saves). */
  createSubmit?: string;
  /** The edit dialog's title and submit button. */
  editTitle(record: ApiRecord): string;
  editSubmit: string;
  /** Label of the row's edit button (default 'Edit'). */
  editAction?: string;
  /** The list's empty state. */
  empty: string;
  /** Said in place of the rows when the list call fails (default: the no-response text). */
  loadFailed?: string;
  /**
   * A create or update that failed without a reason: no message in the answer, or a server error (5xx). A function
   * is given the record updated (none for a create). Default: the answer's own message, else the no-response text.
   */
  saveFailed?: string | ((record: ApiRecord | undefined) => string);
  /** Said in place of the list when it fails to render (a panel of a page: 'Unable to show messages'). */
  renderFailed?: string;
}
