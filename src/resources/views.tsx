import { createContext, Suspense, useContext, type ReactNode } from 'react';
import type { ApiRecord, ResourceDeclaration } from '../../resources/declaration.js';
import type { FormView } from './formParts.js';
import { textsOf, type ResourceTexts, type ViewTexts } from './resourceTexts.js';
import type { ViewPart, ViewProps } from './viewPart.js';

export type { ViewPart, ViewProps } from './viewPart.js';

/**
 * The React parts of one resource's screens, written in the area's folder (`src/cases/caseViews.ts`): its list (with
 * its columns and the list's other parts), its record page, and the parts the generic form and remove cannot draw.
 * A resource without views gets the generic screens alone.
 */
export interface ResourceViews {
  /**
   * The resource's list: a `SchemaList` with its columns (`src/<area>/…List.tsx`), or a whole screen of its own at the
   * resource's route (the Orgs page, Reports, Invoicing). A sub-resource's is drawn under its parent's row, given the
   * parent, `caption` and `readOnly`. Without one, the list's columns are guessed from the schema.
   */
  list?: ViewPart;
  /**
   * The record's own page at `{route}/{id}` (a case's detail), or at the declaration's `pageRoute`: shown to users who
   * may list the resource; it reads the id from the route (`useParams`) and loads what it shows.
   */
  page?: ViewPart;
  /**
   * Explains a refused delete instead of the error toast (e.g. what still uses the record): gets the record, the
   * refusal as `error` and `onClose`; a refusal it does not recognise it toasts itself and closes.
   */
  removeRefused?: ViewPart;
  /**
   * Shown in place of a reference select of this resource whose list call was refused (an accounting service that
   * must first be authorised), with the refusal as `error`; `onClose` asks for the list again. Without it the
   * select says that its choices did not load, with a retry.
   */
  listRefused?: ViewPart;
  /** What its screens say (toasts, titles, empty state, remove confirmation), where it differs from the generic texts. */
  texts?: ViewTexts;
}

/**
 * What a list's view says beside its columns, as props of its `SchemaList` (src/<area>/…List.tsx): the parts it draws,
 * each a component (usually `lazy(() => import('./ThePart.js'))`) given the list's declaration and, where it has them,
 * the record and the parent; and how its rows look and open.
 */
export interface ListParts {
  /** The generic modal form's layout, own inputs and save rules (src/resources/formParts.ts), when it has no `edit` or `create`. */
  form?: FormView;
  /** The edit form, in place of the generic modal: gets the record, the parent, `readOnly` and `onClose`. */
  edit?: ViewPart;
  /** The create form, in place of the generic modal: gets the parent and `onClose`. */
  create?: ViewPart;
  /** Drawn under an expanded row, before the sub-resources' lists. */
  expand?: ViewPart;
  /** Beside the list (a filter panel). */
  aside?: ViewPart;
  /** Buttons of a row before its edit and remove buttons (gets the record); they decide themselves whom they show to. */
  rowActions?: ViewPart;
  /** Actions on the selected rows: the table gets selection checkboxes; the part reads react-admin's selection. */
  bulkActions?: ViewPart;
  /** The page header's actions in place of the add button (several ways to create, each with its form). */
  actions?: ViewPart;
  /** Compact rows (a wide table of many columns, like the cases list). */
  dense?: boolean;
  /** A Refresh button in the page header, before the add button, that asks the list again (the cases list). */
  refresh?: boolean;
  /** Rows the row actions (edit, remove) apply to; others show none. */
  actionsWhen?(record: ApiRecord): boolean;
  /**
   * Clicking a row expands it (its sub-resources and `expand` view), or opens its form (`edit`: the edit form,
   * or the read-only view for users without edit when `readOnlyView` is set), or opens the record's `page` view —
   * its rows then expand by their expand button (the `expand` view and sub-resources).
   */
  rowClick?: 'expand' | 'none' | 'edit' | 'page';
  /**
   * A click on the row opens another page (an item found by item search opens its case): the path for the record,
   * for users holding `action` of the contract's actions when it is given.
   */
  rowLink?: RecordLink;
  /**
   * The row's Edit button (the pencil) opens this page instead of the form, for users holding the link's action
   * (an item's pencil opens the item page; its row still expands into the inline form).
   */
  editLink?: RecordLink;
  /** The table's accessible name (default: the title); a sub-resource's names its parent. */
  label?(parent?: ApiRecord): string;
  /** Users without the edit permission get a View button that opens the record read only. */
  readOnlyView?: boolean;
  /** A key that opens the create form when no input has the focus and no dialog is open (e.g. 'n'). */
  createShortcut?: string;
  /** Milliseconds the list waits after typing in a filter before it asks again (default FILTER_TEXT_DEBOUNCE_MS). */
  debounce?: number;
  /** A theme colour for the row's left edge (e.g. 'error.main' for a locked account). */
  rowAccent?(record: ApiRecord): string;
  /**
   * A row that needs the user's eye, tinted in that theme colour with its left edge marked (a corrupt PDF among an
   * item's attachments is red); undefined for an ordinary row. The row's cells say why.
   */
  rowTone?(record: ApiRecord): 'error' | 'warning' | undefined;
  /** The row's Edit button expands the row, whose `expand` view is the record's form (no modal); a record just created opens expanded. */
  editExpands?: boolean;
}

/** A link from a record to a page: the path for the record, followed by users holding `action` of the contract's actions (any user who may list, without it). */
export interface RecordLink {
  to(record: ApiRecord): string;
  action?: string;
}

/** Every resource's views, by resource name: put together once, where the app is (src/views.ts). */
export type ViewsByResource = Readonly<Record<string, ResourceViews>>;

const ViewsContext = createContext<ViewsByResource>({});
const none: ResourceViews = {};

/** Gives the screens below it the resources' views (the app and the UI tests' react-admin context). */
export function ViewsProvider({ views, children }: { views: ViewsByResource; children: ReactNode }) {
  return <ViewsContext.Provider value={views}>{children}</ViewsContext.Provider>;
}

/** The views of a resource (none: the generic screens alone). */
export function useViews(declaration: Pick<ResourceDeclaration, 'name'> | undefined): ResourceViews {
  const views = useContext(ViewsContext);
  return (declaration && views[declaration.name]) || none;
}

/** What a resource's screens say: its views' texts over the generic ones (src/resources/resourceTexts.ts). */
export function useResourceTexts(declaration: ResourceDeclaration): ResourceTexts {
  return textsOf(declaration, useViews(declaration).texts);
}

/** A view part shown for one record (a cell, a form, a refusal), its code loaded on first use. */
export function ViewOf({ part: Part, ...props }: ViewProps & { part: ViewPart }) {
  return (
    <Suspense fallback={null}>
      <Part {...props} />
    </Suspense>
  );
}
