import type { ApiRecord, ResourceDeclaration } from '../../resources/declaration.js';

/**
 * What a resource's screens say: toasts, titles, buttons, empty states, failures and the remove action's
 * confirmation. They are its views' (`ResourceViews.texts`, in the area's folder, mostly the spec's texts from
 * shared/texts/); a text a view does not give is the generic one made from the contract's title and how a record is
 * named (`defaultTexts`), so a plain CRUD resource needs none.
 */
export interface ResourceTexts {
  /** Toasts. `parent` is the parent record of a sub-resource. */
  created(record: ApiRecord, parent?: ApiRecord): string;
  updated(record: ApiRecord, parent?: ApiRecord): string;
  deleted(record: ApiRecord, parent?: ApiRecord): string;
  /** A refused delete whose answer gives no message. */
  deleteFailed?: string | ((record: ApiRecord) => string);
  /** Toggle-hide resources: after hiding and after restoring. */
  hidden(record: ApiRecord): string;
  shown(record: ApiRecord): string;
  /** The add button, and the create dialog's title and submit button. */
  add(parent?: ApiRecord): string;
  /** The create dialog's submit button, when it differs from `add` ('New Group' opens, 'Create Group' saves). */
  createSubmit?: string;
  /** The edit dialog's title and submit button. */
  editTitle(record: ApiRecord): string;
  editSubmit: string;
  /** Label of the row's edit button. */
  editAction: string;
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
  /** The remove action of a row (the contract's `remove.kind` says which it is). */
  remove: RemoveTexts;
}

/** The remove action's texts: a delete's confirmation, or a hide toggle's labels and optional confirmation. */
export interface RemoveTexts {
  /** A delete's confirmation: its title (default react-admin's), body and button (default react-admin's). */
  confirmTitle?(record: ApiRecord): string;
  confirmBody(record: ApiRecord): string;
  confirmLabel?: string;
  /** A hide toggle's button: labels[0] for a shown record, labels[1] for a hidden one. */
  labels: readonly [hide: string, show: string];
  /** A hide toggle asks first, saying this (the record and whether it will show again). */
  confirm?(record: ApiRecord, show: boolean): string;
}

/** What a view gives: any of the texts, the rest generic. */
export type ViewTexts = Partial<Omit<ResourceTexts, 'remove'>> & { remove?: Partial<RemoveTexts> };

/** One record of a titled collection: 'Vehicle Makes' → 'Vehicle Make', 'Categories' → 'Category'. */
export function singularOf(title: string): string {
  if (/ies$/.test(title)) return title.replace(/ies$/, 'y');
  if (/(ss|x|ch|sh)es$/.test(title)) return title.replace(/es$/, '');
  return title.replace(/s$/, '');
}

/**
 * The generic texts of a resource, from its title and how a record is named: "The vehicle make Studebaker was
 * created.", "Add Vehicle Make", "There are no vehicle makes."
 */
export function defaultTexts(declaration: Pick<ResourceDeclaration, 'title' | 'recordRepresentation'>): ResourceTexts {
  const one = singularOf(declaration.title);
  const the = (record: ApiRecord) => `The ${one.toLowerCase()} ${declaration.recordRepresentation(record)}`;
  return {
    created: (record) => `${the(record)} was created.`,
    updated: (record) => `${the(record)} was updated.`,
    deleted: (record) => `${the(record)} was deleted.`,
    hidden: (record) => `${the(record)} was hidden.`,
    shown: (record) => `${the(record)} was restored.`,
    add: () => `Add ${one}`,
    editTitle: () => `Edit ${one}`,
    editSubmit: `Save ${one}`,
    editAction: 'Edit',
    empty: `There are no ${declaration.title.toLowerCase()}.`,
    remove: { confirmBody: (record) => `Delete ${the(record).replace(/^The/, 'the')}?`, labels: ['Hide', 'Restore'] },
  };
}

/** A view's texts over the generic ones. */
export function textsOf(declaration: Pick<ResourceDeclaration, 'title' | 'recordRepresentation'>, view: ViewTexts | undefined): ResourceTexts {
  const generic = defaultTexts(declaration);
  if (!view) return generic;
  return { ...generic, ...view, remove: { ...generic.remove, ...view.remove } };
}

/** The texts of a read-only resource's view: only its empty state (and its load failure). */
export const readOnlyTexts = (empty: string, loadFailed?: string): ViewTexts => ({ empty, ...(loadFailed ? { loadFailed } : {}) });

