import type { ApiRecord } from './record.js';

/*
 * The parts of a declaration that say how its screens look: how its list filters, row removal, texts and form
 * sections. Plain data and pure functions, like the declaration. A list's columns and filter inputs are its view's
 * (src/resources/columns.tsx, src/resources/filters.tsx).
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

/** A link from a record to a page: the path for the record, followed by users holding `action` of `permissions.actions` (any user who may list, without it). */
export interface RecordLink {
  to(record: ApiRecord): string;
  action?: string;
}

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

/**
 * When a form section shows: only for some of the records `field` holds — the records themselves, or their ids
 * among the `reference` resource's records (a user's groups tagged Employee). A form may show it regardless by
 * its `name` (New Employee).
 */
export interface SectionCondition {
  name: string;
  field: string;
  reference?: string;
  some(record: ApiRecord): boolean;
}

/** A titled part of a sectioned form (see `form.sections`). */
export interface FormSectionDeclaration {
  /** The heading, also the section's accessible name. */
  title: string;
  /** Properties of the schema in order; a section of one list gets the list's add button in its heading. */
  fields?: readonly string[];
  /** Only on a new record, only on an existing one the user may change, or on any existing one (changed or viewed). */
  on?: 'create' | 'edit' | 'existing';
  when?: SectionCondition;
  /** Shown only to users holding this action of `permissions.actions` (the case template, to system administrators). */
  action?: string;
  /** A list section's text when it has no entries, and its add button when not "Add <entry title>". */
  empty?: string;
  addLabel?: string;
}
