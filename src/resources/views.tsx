import { createContext, Suspense, useContext, type ComponentType, type ReactNode } from 'react';
import type { ApiRecord, ResourceDeclaration } from '../../resources/declaration.js';

/** What a view part receives: its resource's declaration and, where it has one, the record it is shown for. */
export interface ViewProps {
  declaration: ResourceDeclaration;
  record?: ApiRecord;
  /** A sub-resource's parent record. */
  parent?: ApiRecord;
  /** A sub-resource's list titled by the resource's title (a row expanding into several lists). */
  caption?: boolean;
  /**
   * Edit and create parts: show the record without changing it (the user lacks the edit permission). Lists: its
   * records are only read here (a locked case's papers), whatever the user may do.
   */
  readOnly?: boolean;
  /** Edit and create parts: close the form (after a save, the part has refreshed what it changed). */
  onClose?: () => void;
  /** `removeRefused`: the delete's refusal. */
  error?: unknown;
}

/** A component of a resource's screens, usually `lazy(() => import('./ThePart.js'))` so its code loads on first use. */
export type ViewPart = ComponentType<ViewProps>;

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
  /** Drawn after a form section's fields (gets the record and `readOnly`), by the section's title. */
  sections?: Readonly<Record<string, ViewPart>>;
  /** Inputs drawn by a component instead of the schema's input, by field; it reads its source from `useSchemaInput()`. */
  inputs?: Readonly<Record<string, ViewPart>>;
}

/**
 * What a list's view draws beside its columns, as props of its `SchemaList` (src/<area>/…List.tsx): each a component
 * (usually `lazy(() => import('./ThePart.js'))`) given the list's declaration and, where it has them, the record and
 * the parent.
 */
export interface ListParts {
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

/** A view part shown for one record (a cell, a form, a refusal), its code loaded on first use. */
export function ViewOf({ part: Part, ...props }: ViewProps & { part: ViewPart }) {
  return (
    <Suspense fallback={null}>
      <Part {...props} />
    </Suspense>
  );
}
