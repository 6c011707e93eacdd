import type { ApiRecord } from './record.js';

/*
 * The parts of a declaration that say how its screens look: columns, filters, row removal, texts and form
 * sections. Plain data and pure functions, like the declaration.
 */

/** The theme colours a chip column may give a value. */
export type ChipColor = 'default' | 'primary' | 'secondary' | 'error' | 'info' | 'success' | 'warning';

/** How a column shows its value. */
export type ColumnType =
  | { kind: 'text' }
  | { kind: 'boolean' }
  /** A value mapped to a word (e.g. IsDynamic true → 'Dynamic'). */
  | { kind: 'choice'; labels: Record<string, string> }
  /** The Hidden flag as a chip: false → first word, true → second ('Enabled' / 'Disabled'). */
  | { kind: 'status'; labels: readonly [shown: string, hidden: string] }
  /** A date shown as MM/DD/YYYY (`short`: MM/DD/YY); `empty` says what no date means ('Awaiting Case Papers'). */
  | { kind: 'date'; short?: boolean; empty?: string }
  /** A date shown as MMMM DD, YYYY ('March 05, 2026'); `empty` says what no date means ('Any time'). */
  | { kind: 'longDate'; empty?: string }
  /** A moment shown as MMMM DD YYYY, h:mm A in the browser's time zone ('March 05 2026, 2:07 PM'). */
  | { kind: 'dateTime' }
  /** A text cut to its first `length` characters (an ellipsis after), the whole text on hover. */
  | { kind: 'truncated'; length: number }
  /**
   * The value (or the column's `text`) as a small chip, e.g. a version 'v2'; `labels` names a value ('IN_REVIEW' →
   * 'In Review') and `colors` gives a value its theme colour (a status badge).
   */
  | { kind: 'chip'; labels?: Readonly<Record<string, string>>; colors?: Readonly<Record<string, ChipColor>> }
  /**
   * An amount of money, $0,0.00. `override` names the record's field holding an amount that replaces it: when that
   * holds an amount (not 0), the cell shows it after the value struck through (an expense's Override over its total).
   */
  | { kind: 'money'; override?: string }
  /** Whether the record's ActiveFrom–ActiveTo range holds today, as a badge: labels[0] when it does, else labels[1]. */
  | { kind: 'activeRange'; labels: readonly [active: string, inactive: string] }
  /**
   * A checkbox the user ticks in the row: it saves the record at once (the update call with the form's fields,
   * this one flipped), for users who may edit; others see a read-only tick.
   */
  | { kind: 'toggle'; field: string };

export interface ColumnDeclaration {
  /** Field path, e.g. 'Short' or 'UOM.Description'. */
  source: string;
  label: string;
  type?: ColumnType;
  /** Sort by this column (default true). */
  sortable?: boolean;
  /** Text shown by this column comes from this function of the record instead of `source`. */
  text?(record: ApiRecord): string;
  /** The whole value on hover, when the cell shows less of it (a case number's last characters). */
  hover?(record: ApiRecord): string;
  /** `false` leaves the column out on a phone. */
  phone?: boolean;
  /** The value stays on one line (a case number). */
  nowrap?: boolean;
  /**
   * A secondary column of a table of many columns (a scheduled date): hidden by default below a wide screen (1536 px),
   * where the table's column chooser offers it; each user's choice is kept.
   */
  wideOnly?: boolean;
  /** The cell links to a page (a case number to its case), for users holding the link's action; plain text for others. */
  link?: RecordLink;
}

export interface FilterChoice {
  value: string | number | boolean | null;
  label: string;
}

/**
 * A filter the list offers. `text`: contains, case-insensitive; `choice`: one of the choices (the first is the
 * "show all" choice when its value is null); `boolean`: yes/no/all; `check`: a checkbox, on (true) or off (not
 * sent); `date`: a day (YYYY-MM-DD); `reference`: one record of the `reference` resource (its list), by key.
 */
export interface FilterDeclaration {
  source: string;
  label: string;
  type: 'text' | 'choice' | 'boolean' | 'check' | 'date' | 'reference';
  choices?: readonly FilterChoice[];
  /** `reference` filters: the resource whose records are offered (labelled by its recordRepresentation). */
  reference?: string;
  /**
   * Server-paged lists: the filter travels in the query's `additional` object under its source (a panel filter
   * such as a reviewer or a date range) instead of the `filtered` list of column searches.
   */
  additional?: boolean;
  /**
   * Browser-paged text filters: the fields the text is looked for in, any of them matching (an item's
   * Location/City/State box searches its label, address, city and state); default: the source.
   */
  matches?: readonly string[];
  /** `text` filters: a hint of what to type, shown in the empty box. */
  placeholder?: string;
  /** Value applied when the list opens. */
  default?: string | number | boolean | null;
}

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

/** The Status filter of resources hidden by toggling (spec 002: Show All / Enabled / Disabled, default Enabled). */
export function hiddenStatusFilter(labels: readonly [shown: string, hidden: string] = ['Enabled', 'Disabled']): FilterDeclaration {
  return {
    source: 'Hidden',
    label: 'Status',
    type: 'choice',
    choices: [
      { value: null, label: 'Show All' },
      { value: false, label: labels[0] },
      { value: true, label: labels[1] },
    ],
    default: false,
  };
}
