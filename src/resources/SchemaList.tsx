import { useEffect, useState, type ReactElement, type ReactNode } from 'react';
import type { FilterProps } from './filters.js';
import { LinearProgress } from '@mui/material';
import { resourceByName } from '../../resources/index.js';
import { moduleOnTheSide } from '../components/moduleOnTheSide.js';
import { ListSkeleton } from './ListSkeleton.js';
import { useViews, type ListParts, type ViewPart, type ViewProps } from './views.js';

// A list is the first screen after sign-in (the cases) and most screens are lists: its code starts loading with the
// app, beside the session's calls and the route's own code, rather than once the route has rendered; and the list
// renders the moment it is there (no Suspense: see moduleOnTheSide).
const useListModule = moduleOnTheSide(() => import('./ResourceList.js'));

export type SchemaListProps = Partial<ViewProps> &
  ListParts & {
  /** The resource listed, by its contract's name. */
  resource: string;
  /** The columns (src/resources/columns.tsx); none: every titled field of the schema. */
  children?: ReactNode;
  /**
   * The filter inputs (src/resources/filters.tsx: react-admin inputs, all shown), each over a filter the contract
   * declares; `initial` on one sets the value the list opens with. None: guessed from the contract's filters.
   */
  filters?: readonly ReactElement<FilterProps>[];
};

/**
 * A resource's list as a view writes it: `<SchemaList resource="expense-types" />` alone lists a plain resource with
 * columns guessed from its schema; a view gives it columns as JSX children and its other parts as props (a filter
 * panel, row actions, bulk actions, the forms: `ListParts`). The paging, filters, sort, add, edit and remove follow
 * the resource's contract and the user's permissions (the generic `ResourceList`, loaded beside
 * the app's own code). A view rendered under a parent's row passes its place on (`parent`, `caption`, `readOnly`).
 */
export function SchemaList({ resource, parent, caption, readOnly, children, filters, declaration: _given, record: _record, onClose: _onClose, error: _error, ...parts }: SchemaListProps) {
  const declaration = resourceByName(resource);
  const list = useListModule();
  if (!declaration) throw new Error(`No resource named ${resource}`);
  if (!list) return parent ? <LinearProgress aria-label="Loading" /> : <ListSkeleton title={declaration.title} />;
  return (
    <list.ResourceList declaration={declaration} parent={parent} caption={caption} readOnly={readOnly} parts={parts} filters={filters}>
      {children}
    </list.ResourceList>
  );
}

/**
 * A resource's list as its views draw it (their `list`: its columns), or with columns guessed from its schema: for a
 * page that lists resources by name (a case's panels, an org's tabs, the sub-resources under a row).
 */
export function ResourceListOf({ resource, ...place }: SchemaListProps) {
  const declaration = resourceByName(resource);
  const View = useViews(declaration).list;
  return View && declaration ? <View {...place} declaration={declaration} /> : <SchemaList {...place} resource={resource} />;
}

/** A list view loaded apart from the app's code (`sideList`): the component, and `load()` for the view it draws. */
export type SideList = ViewPart & { load(): Promise<ViewPart> };

/** Every side-loaded list view's loader: they all load once the browser is first idle after the app starts. */
const loaders: (() => Promise<ViewPart>)[] = [];
let allRequested = false;

function loadAllWhenIdle() {
  if (allRequested) return;
  allRequested = true;
  const loadAll = () => loaders.forEach((load) => void load().catch(() => undefined));
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(loadAll, { timeout: LIST_VIEWS_IDLE_TIMEOUT_MS });
  else window.setTimeout(loadAll, 0);
}

/** The longest the list views' code waits for an idle moment after the app starts. */
const LIST_VIEWS_IDLE_TIMEOUT_MS = 3000;

/**
 * A resource's list view (`…List.tsx`: its columns) whose code is never part of the first download: it loads when the
 * list is first drawn — the list shows its skeleton until then, without suspending (see moduleOnTheSide) — or, sooner,
 * when the browser is first idle after the app starts, when every list view loads, so moving to a list finds its code
 * there. A failed load is thrown in render, for the nearest error boundary.
 */
export function sideList<M>(load: () => Promise<M>, pick: (module: M) => ViewPart): SideList {
  let started: Promise<ViewPart> | undefined;
  let loaded: ViewPart | undefined;
  const start = () =>
    (started ??= load().then((module) => {
      loaded = pick(module);
      return loaded;
    }));
  loaders.push(start);
  loadAllWhenIdle();
  function SideLoadedList(props: ViewProps) {
    const [View, setView] = useState<ViewPart | undefined>(() => loaded);
    const [failure, setFailure] = useState<{ error: unknown }>();
    useEffect(() => {
      if (View) return;
      let current = true;
      start().then(
        (view) => current && setView(() => view),
        (error: unknown) => current && setFailure({ error }),
      );
      return () => {
        current = false;
      };
    }, [View]);
    if (failure) throw failure.error;
    if (View) return <View {...props} />;
    return props.parent ? <LinearProgress aria-label="Loading" /> : <ListSkeleton title={props.declaration.title} />;
  }
  return Object.assign(SideLoadedList, { load: start });
}
