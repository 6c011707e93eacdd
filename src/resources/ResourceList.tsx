import { lazy, Suspense, useEffect, useMemo, useState, type ReactElement, type ReactNode } from 'react';
import { Box, Button, Card, LinearProgress, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import RefreshIcon from '@mui/icons-material/Refresh';
import {
  ColumnsButton,
  ListBase,
  ListContextProvider,
  ResourceContextProvider,
  useCanAccess,
  useExpanded,
  useList,
  useListContext,
  useRecordContext,
  useRemoveFromStore,
  type Identifier,
} from 'react-admin';
import { Timing } from '../../shared/constants.js';
import type { ApiRecord, ResourceDeclaration } from '../../resources/declaration.js';
import { resourceByName } from '../../resources/index.js';
import type { ColumnView } from '../../dataProvider/resourceAdapter.js';
import { PageHeader } from '../layout/PageHeader.js';
import { LoadFailed } from '../layout/LoadFailed.js';
import { ErrorBoundary } from '../layout/ErrorBoundary.js';
import { parentValuesOf } from './recordValues.js';
import { useResourceTexts, useViews, ViewOf, type ListParts, type ViewPart } from './views.js';
import { ListPager } from './ListPager.js';
import { filterDefaults, filterElements, linkedFilter, type FilterProps } from './filters.js';
import { useLocation } from 'react-router-dom';
import { FILTER_AREA, ListFilterBar } from './ListFilterBar.js';
import type { Row } from './columns.js';
import { columnElements, guessedColumns, guessedFilters } from './tableColumns.js';
import { ListTable } from './ListTable.js';
import { WithAside } from './ListAside.js';
import { useCreateShortcut } from './useCreateShortcut.js';
import { RowActions } from './RowActions.js';
import { useColumnChoices } from './columnChoices.js';

// The generic form opens on a click: its code (inputs, validation) is loaded then, never for the rows.
const ResourceFormDialog = lazy(() => import('./ResourceFormDialog.js').then((m) => ({ default: m.ResourceFormDialog })));

/** The resource's bulk actions, on the rows the user selected (react-admin's list selection). */
function BulkActions({ part: Actions, declaration, parent }: { part: ViewPart; declaration: ResourceDeclaration; parent?: ApiRecord }) {
  return <Actions declaration={declaration} parent={parent} />;
}

/** The form of a record: the resource's edit or create view, or the generic modal. */
function RecordForm({ parts, declaration, record, parent, readOnly, onClose }: { parts: ListParts; declaration: ResourceDeclaration; record?: Row; parent?: ApiRecord; readOnly: boolean; onClose(): void }) {
  const part = record ? parts.edit : parts.create;
  if (!part)
    return (
      <Suspense fallback={null}>
        <ResourceFormDialog declaration={declaration} record={record} parent={parent} form={parts.form} expandsSaved={Boolean(parts.editExpands)} onClose={onClose} />
      </Suspense>
    );
  return <ViewOf part={part} declaration={declaration} record={record} parent={parent} readOnly={readOnly} onClose={onClose} />;
}

/** A sub-resource's list under its parent's row, for users who may list it (`canAccess` list); others see nothing of it. */
function SubResourceList({ name, parent, caption, readOnly }: { name: string; parent: Row; caption: boolean; readOnly: boolean }) {
  const sub = resourceByName(name);
  // Its view's list (its columns), or the list guessed from its schema: ResourceListOf, without a way back here.
  const View = useViews(sub).list ?? ResourceList;
  const { canAccess = false } = useCanAccess({ resource: name, action: 'list' });
  if (!sub || !canAccess) return null;
  return <View declaration={sub} parent={parent} caption={caption} readOnly={readOnly} />;
}

/**
 * Whether the record is closed to changes for the viewer: the server says why in its `LockedReason` (a case on hold
 * without Edit Inactive Cases, or held by another user), and refuses changes to what is under it.
 */
const isClosed = (record: Row | undefined): boolean => typeof record?.LockedReason === 'string' && record.LockedReason !== '';

/**
 * What a row shows when it expands: the resource's expand view, then its sub-resources' lists (each titled when
 * there are several, read only when the record is closed to the viewer), leaving out those the user may not list.
 */
function Expanded({ declaration, part: Part }: { declaration: ResourceDeclaration; part?: ViewPart }) {
  const record = useRecordContext<Row>();
  const [, collapse] = useExpanded(declaration.name, record?.id ?? '', true);
  if (!record) return null;
  const closed = isClosed(record);
  const subResources = declaration.subResources ?? [];
  return (
    // Width 0 and at least the row's width: what the row expands into never widens the table's columns (a wide
    // sub-resource table scrolls sideways within the row instead).
    <Stack spacing={2} sx={{ py: 1, px: { xs: 0, sm: 2 }, width: 0, minWidth: '100%', boxSizing: 'border-box' }}>
      {Part && (
        <Suspense fallback={<LinearProgress aria-label="Loading" />}>
          <Part declaration={declaration} record={record} onClose={collapse} />
        </Suspense>
      )}
      {subResources.map((name) => (
        <SubResourceList key={name} name={name} parent={record} caption={subResources.length > 1} readOnly={closed} />
      ))}
    </Stack>
  );
}

interface ListProps {
  declaration: ResourceDeclaration;
  /** A sub-resource's parent record: the list shows that parent's records (or, with `list.from`, its field). */
  parent?: ApiRecord;
  /** A sub-resource's list titled by the declaration's title (a row expanding into several lists). */
  caption?: boolean;
  /** Its records are only read here (a locked case's papers): no add, edit, remove or actions view, whatever the user may do. */
  readOnly?: boolean;
  /** The table's columns (src/resources/columns.tsx); none: guessed from the schema. */
  children?: ReactNode;
  /** What the list's view draws beside the columns: a filter panel, row actions, the forms… */
  parts?: ListParts;
  /** The filter inputs (src/resources/filters.tsx), over the filters the contract declares; none: guessed from them. */
  filters?: readonly ReactElement<FilterProps>[];
}

const noParts: ListParts = {};

function ListView({ declaration, parent, caption = false, readOnly = false, children, parts = noParts, filters: inputs }: ListProps) {
  const { name } = declaration;
  const texts = useResourceTexts(declaration);
  const resource = { resource: name };
  const { canAccess: mayCreate = false } = useCanAccess({ ...resource, action: 'create' });
  const { canAccess: mayEdit = false } = useCanAccess({ ...resource, action: 'edit' });
  const { canAccess: mayRemove = false } = useCanAccess({ ...resource, action: 'delete' });
  const [canCreate, canEdit, canRemove] = [mayCreate, mayEdit, mayRemove].map((may) => may && !readOnly);
  // Selection checkboxes only for users who get a bulk action (`permissions.actions.bulk`, when declared).
  const { canAccess: mayBulk = false } = useCanAccess({ ...resource, action: 'bulk' });
  const showBulk = Boolean(parts.bulkActions) && !readOnly && (!declaration.permissions.actions?.bulk || mayBulk);
  const { isFetching, meta, refetch } = useListContext();
  // The server may leave columns out for this user and name headers by user (`operations.list.answer.columns`).
  const view: ColumnView = useMemo(() => (meta as { columns?: ColumnView } | undefined)?.columns ?? {}, [meta]);
  const columns = useMemo(() => (children ? columnElements(children) : guessedColumns(declaration.schema)), [children, declaration.schema]);
  const choices = useColumnChoices(declaration, columns, view);
  const [editing, setEditing] = useState<{ record?: Row; readOnly: boolean } | null>(null);
  const filters = useMemo(() => filterElements(inputs), [inputs]);
  const showCreate = canCreate && Boolean(declaration.operations.create);
  const showEdit = canEdit && Boolean(declaration.operations.update);
  const showView = !showEdit && Boolean(parts.readOnlyView);
  useCreateShortcut(parts.createShortcut, showCreate && !editing, () => setEditing({ readOnly: false }));
  const showRemove = canRemove && declaration.remove.kind !== 'none' && Boolean(declaration.operations.delete);
  // The rowActions view decides by itself whom it shows to (move up and down for users who may reorder).
  const showRowActions = Boolean(parts.rowActions) && !readOnly;
  // rowClick 'page' opens the record's page; its rows still expand by their button when there is something to show.
  const opensPage = parts.rowClick === 'page' && Boolean(declaration.route);
  const expands = parts.rowClick === 'expand' || (opensPage && Boolean(parts.expand || declaration.subResources?.length));
  const { canAccess: mayFollow = false } = useCanAccess({ ...resource, action: parts.rowLink?.action ?? 'list' });
  const rowLink = parts.rowLink && mayFollow ? parts.rowLink : null;
  const { canAccess: mayOpenLink = false } = useCanAccess({ ...resource, action: parts.editLink?.action ?? 'list', enabled: Boolean(parts.editLink) });
  const showEditLink = Boolean(parts.editLink) && mayOpenLink;
  // rowClick 'edit': a click on the row opens its form, as its Edit (or View) button does.
  const opensForm = parts.rowClick === 'edit' && (showEdit || showView);
  const addButton = showCreate && (
    <Button variant={parent ? 'outlined' : 'contained'} startIcon={<AddIcon />} sx={{ whiteSpace: 'nowrap' }} onClick={() => setEditing({ readOnly: false })}>
      {texts.add(parent)}
    </Button>
  );
  const label = parts.label ? parts.label(parent) : declaration.title;
  // The actions view takes the add button's place: in the page header, or beside a sub-resource's filters.
  const Actions = readOnly ? undefined : parts.actions;
  const actions = Actions ? (
    <Suspense fallback={null}>
      <Actions declaration={declaration} parent={parent} />
    </Suspense>
  ) : (
    addButton
  );
  const Aside = parent ? undefined : parts.aside;
  // Rows open closed when the list opens again: a row whose expansion is its form, and the rows of a sub-resource's
  // list (the same record may belong to another parent: an org's inherited range is its ancestor's).
  const removeFromStore = useRemoveFromStore();
  const parentId = parent?.id;
  useEffect(() => {
    if (parts.editExpands || parentId !== undefined) removeFromStore(`${name}.datagrid.expanded`);
  }, [parts.editExpands, name, parentId, removeFromStore]);

  return (
    <>
      {!parent && (
        <PageHeader
          title={declaration.title}
          actions={
            parts.refresh ? (
              <Stack direction="row" spacing={1}>
                <Button variant="outlined" startIcon={<RefreshIcon />} onClick={() => void refetch()}>
                  Refresh
                </Button>
                {actions}
              </Stack>
            ) : (
              actions
            )
          }
        />
      )}
      <WithAside aside={Aside && <Aside declaration={declaration} />}>
        <Card variant={parent ? 'outlined' : 'elevation'} sx={Aside ? { flex: 1, minWidth: 0, width: '100%' } : undefined}>
          {(filters.length > 0 || parent || choices.chooser) && (
            <Stack direction={{ xs: 'column', sm: 'row' }} alignItems={{ sm: 'center' }} spacing={2} sx={{ px: 2, pt: 1 }}>
              {caption && (
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 500, whiteSpace: 'nowrap' }}>
                  {declaration.title}
                </Typography>
              )}
              {filters.length > 0 ? <ListFilterBar name={name} filters={filters} /> : <Box sx={FILTER_AREA} />}
              {choices.chooser && (
                <Box sx={{ alignSelf: { xs: 'flex-end', sm: 'flex-start' }, flexShrink: 0, pt: { sm: 1 } }}>
                  <ColumnsButton storeKey={choices.storeKey} aria-label={`Columns of ${label}`} />
                </Box>
              )}
              {parent && actions}
            </Stack>
          )}
          <Box sx={{ height: 4 }}>{isFetching && <LinearProgress aria-label="Loading" />}</Box>
          <ListLoadFailed text={texts.loadFailed} />
          <ListTable
            declaration={declaration}
            columns={columns}
            parent={parent}
            label={label}
            view={view}
            choices={choices}
            canEdit={showEdit}
            bulkActionButtons={
              showBulk ? (
                <Suspense fallback={null}>
                  {parts.bulkActions && <BulkActions part={parts.bulkActions} declaration={declaration} parent={parent} />}
                </Suspense>
              ) : (
                false
              )
            }
            rowClick={
              rowLink
                ? (_id, _resource, record) => rowLink.to(record)
                : opensPage
                  ? (id) => `${declaration.route}/${encodeURIComponent(String(id))}`
                  : expands
                    ? 'expand'
                    : opensForm
                      ? (_id, _resource, record) => {
                          setEditing({ record, readOnly: !showEdit });
                          return false;
                        }
                      : false
            }
            expand={expands ? <Expanded declaration={declaration} part={parts.expand} /> : undefined}
            expandSingle={expands && !opensPage}
            look={parts}
            rowActions={
              showEdit || showView || showRemove || showRowActions || showEditLink ? (
                <RowActions
                  declaration={declaration}
                  part={parts.rowActions}
                  parent={parent}
                  withRowActions={showRowActions}
                  canEdit={showEdit}
                  canView={showView}
                  canRemove={showRemove}
                  look={parts}
                  onEdit={(record, readOnly) => setEditing({ record, readOnly })}
                />
              ) : null
            }
          />
          <ListPager />
        </Card>
      </WithAside>
      {editing && <RecordForm parts={parts} declaration={declaration} record={editing.record} readOnly={editing.readOnly} parent={parent} onClose={() => setEditing(null)} />}
    </>
  );
}

/**
 * A failed load keeps the rows it had and says so above them: the declaration's `texts.loadFailed`, the server's
 * message and "There was an error connecting to the server.", with Try again; it never looks like an empty list.
 */
function ListLoadFailed({ text }: { text?: string }) {
  const { error, refetch } = useListContext();
  if (!error) return null;
  return <LoadFailed error={error} text={text} onRetry={() => void refetch()} square />;
}

/**
 * A sub-resource whose records are a field of its parent record (`list.from`: a date range's fees): no call, the
 * same view over react-admin's `useList`; each record carries the parent's values its writes' paths need.
 */
function FromParentList({ declaration, parent, caption, readOnly, from, children, parts, filters }: ListProps & { parent: ApiRecord; from: string }) {
  const defaults = useMemo(() => filterDefaults(filters), [filters]);
  const data = useMemo(() => {
    const values = parentValuesOf(declaration, parent);
    const records = Array.isArray(parent[from]) ? (parent[from] as ApiRecord[]) : [];
    return records.map((raw) => {
      const missing = Object.entries(values).filter(([field]) => raw[field] === undefined);
      const withParent = { ...raw, ...Object.fromEntries(missing) };
      const shaped = declaration.callbacks?.afterRead ? declaration.callbacks.afterRead(withParent) : withParent;
      return { ...shaped, id: shaped[declaration.key] as Identifier };
    });
  }, [declaration, parent, from]);
  const context = useList<Row>({ data, resource: declaration.name, sort: declaration.list.sort, perPage: declaration.list.pageSize, filter: defaults });
  return (
    <ResourceContextProvider value={declaration.name}>
      <ListContextProvider value={context}>
        <ListView declaration={declaration} parent={parent} caption={caption} readOnly={readOnly} parts={parts} filters={filters}>
          {children}
        </ListView>
      </ListContextProvider>
    </ResourceContextProvider>
  );
}

/**
 * The generic list of a declared resource: react-admin's ListBase and DataTable with its view's columns (or columns
 * guessed from its schema),
 * filters, sort and page size; add, edit, hide/restore or delete by permission; rows that expand into
 * sub-resources or its expand view. A sub-resource's list (with `parent`) shows only that parent's rows; one declared
 * `list.from` shows the parent's field instead of calling.
 */
export function ResourceList({ declaration, parent, caption, readOnly, children, parts, filters: given }: ListProps) {
  const from = declaration.list.from;
  const filters = useMemo(() => given ?? guessedFilters(declaration), [given, declaration]);
  const list = from ? (
    parent ? (
      <FromParentList declaration={declaration} parent={parent} caption={caption} readOnly={readOnly} from={from} parts={parts} filters={filters}>
        {children}
      </FromParentList>
    ) : null
  ) : (
    <CalledList declaration={declaration} parent={parent} caption={caption} readOnly={readOnly} parts={parts} filters={filters}>
      {children}
    </CalledList>
  );
  // A list that fails to render says the declaration's text in its place (a panel of a page: 'Unable to show messages').
  const { renderFailed } = useResourceTexts(declaration);
  return renderFailed ? <ErrorBoundary message={renderFailed}>{list}</ErrorBoundary> : list;
}

/** A list read by the declaration's list call (paged on the server or in the browser). */
function CalledList({ declaration, parent, caption, readOnly, children, parts, filters }: ListProps) {
  const permanent = useMemo(() => (parent ? parentValuesOf(declaration, parent) : undefined), [declaration, parent]);
  // A link may open a page's own list filtered (the dashboard's figures: /cases?filter={"CaseStateIDs":["IN_REVIEW"]}).
  const { search } = useLocation();
  const linked = parent ? undefined : search;
  const defaults = useMemo(() => ({ ...filterDefaults(filters), ...linkedFilter(linked) }), [filters, linked]);
  return (
    <ListBase
      resource={declaration.name}
      perPage={declaration.list.pageSize}
      sort={declaration.list.sort}
      filter={permanent}
      filterDefaultValues={defaults}
      debounce={parts?.debounce ?? Timing.FILTER_TEXT_DEBOUNCE_MS}
      disableSyncWithLocation
      // Who may list is settled before a list renders: the app's sign-in check (Admin's requireAuth), then the page's
      // guard (PageGuard) or the parent's row (SubResourceList) asked canAccess. Asking again here held the search
      // back by two more rounds of checks and renders (the server checks every call anyway).
      disableAuthentication
      storeKey={false}
      // A failed load is said once, in the list itself (LoadFailed), not again as a toast. The screen that lists a
      // resource asks for its rows whenever it opens, even where pickers keep them as reference data
      // (src/session/referenceQueries.ts): an administrator sees another's change to a group or a lookup list at once.
      queryOptions={{ onError: () => undefined, refetchOnMount: 'always' }}
    >
      <ListView declaration={declaration} parent={parent} caption={caption} readOnly={readOnly} parts={parts} filters={filters}>
        {children}
      </ListView>
    </ListBase>
  );
}
