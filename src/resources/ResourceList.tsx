import { createContext, Suspense, useCallback, useContext, useEffect, useMemo, useState, type MouseEvent, type ReactNode } from 'react';
import { Alert, Box, Button, Card, Checkbox, Chip, FormControlLabel, IconButton, LinearProgress, Link, Stack, Tooltip, Typography } from '@mui/material';
import { alpha, useTheme, type Theme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import CheckIcon from '@mui/icons-material/Check';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import VisibilityIcon from '@mui/icons-material/Visibility';
import RestoreIcon from '@mui/icons-material/Restore';
import CloseIcon from '@mui/icons-material/Close';
import DeleteIcon from '@mui/icons-material/Delete';
import RefreshIcon from '@mui/icons-material/Refresh';
import {
  DataTable,
  DataTableClasses,
  FilterForm,
  ListBase,
  ListContextProvider,
  ResourceContextProvider,
  SelectInput,
  TextInput,
  useCanAccess,
  useExpanded,
  useGetList,
  useInput,
  useList,
  useListContext,
  useNotify,
  useRecordContext,
  useRefresh,
  useRemoveFromStore,
  useUpdate,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import { Timing } from '../../shared/constants.js';
import { Texts } from '../../shared/texts/index.js';
import { formatDate, formatDateTime, formatLongDate, formatMoney, formatShortDate, isoDay } from '../../shared/format.js';
import { isActive } from '../../shared/deadlines.js';
import type { ApiRecord, ColumnDeclaration, FilterDeclaration, RecordLink, ResourceDeclaration } from '../../resources/declaration.js';
import { Link as RouterLink } from 'react-router-dom';
import { resourceByName } from '../../resources/index.js';
import { valueAt } from '../../dataProvider/resourceAdapter.js';
import { PageHeader } from '../layout/PageHeader.js';
import { ResourceFormDialog } from './ResourceFormDialog.js';
import { parentValuesOf } from './ResourceForm.js';
import { endedBySignOut, failureText, saveFailedText } from './useResourceSave.js';
import { RecordSlot } from './RecordSlot.js';
import { ListPager } from './ListPager.js';
import { useRemoveAction } from './useRemoveAction.js';
import { slotComponent } from '../slots/index.js';
import { recordLocks } from '../slots/recordLocks.js';
import { ErrorBoundary } from '../layout/ErrorBoundary.js';
import { SchemaDateInput } from './SchemaInput.js';
import type { ColumnView } from '../../dataProvider/resourceAdapter.js';


type Row = RaRecord & ApiRecord;

/** Choice values travel as text through the filter inputs ('true', 'false'); null is "show all". */
const choiceId = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** A `reference` filter: one record of another resource's list, by key, or any ("All"). */
// `source` and `alwaysOn` are read by react-admin's FilterForm from the element's props.
function ReferenceFilterInput({ filter }: { filter: FilterDeclaration; source: string; alwaysOn: boolean }) {
  const target = resourceByName(filter.reference ?? '');
  const { data = [] } = useGetList<Row>(filter.reference ?? '', { pagination: { page: 1, perPage: REFERENCE_FILTER_LIMIT }, sort: target?.list.sort }, { enabled: Boolean(target) });
  return (
    <SelectInput
      source={filter.source}
      label={filter.label}
      alwaysOn
      helperText={false}
      choices={data.map((r) => ({ id: r.id, name: target?.recordRepresentation(r) ?? String(r.id) }))}
      translateChoice={false}
      emptyText="All"
      emptyValue=""
      sx={{ minWidth: { sm: 200 } }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    />
  );
}

/** A `check` filter: a checkbox, on (true) or off. */
function FilterCheckbox({ source, label }: { source: string; label: string; alwaysOn: boolean }) {
  const { field } = useInput({ source, type: 'checkbox' });
  return (
    <FormControlLabel
      sx={{ mr: 2, mt: 1, whiteSpace: { xs: 'normal', sm: 'nowrap' } }}
      label={label}
      control={<Checkbox size="small" checked={field.value === true} onChange={(event) => field.onChange(event.target.checked)} />}
    />
  );
}

/** A `date` filter: the product's date picker on a YYYY-MM-DD value. */
function FilterDateInput({ source, label }: { source: string; label: string; alwaysOn: boolean }) {
  return <SchemaDateInput source={source} title={label} required={false} readOnly={false} notFuture={false} />;
}

/** How many records a reference filter offers at most. */
const REFERENCE_FILTER_LIMIT = 1000;

function filterInput(filter: FilterDeclaration): ReactNode {
  if (filter.type === 'text') return <TextInput key={filter.source} source={filter.source} label={filter.label} placeholder={filter.placeholder} alwaysOn resettable helperText={false} />;
  if (filter.type === 'check') return <FilterCheckbox key={filter.source} source={filter.source} label={filter.label} alwaysOn />;
  if (filter.type === 'date') return <FilterDateInput key={filter.source} source={filter.source} label={filter.label} alwaysOn />;
  if (filter.type === 'reference') return <ReferenceFilterInput key={filter.source} filter={filter} alwaysOn source={filter.source} />;
  const choices = filter.choices ?? [
    { value: null, label: 'All' },
    { value: true, label: 'Yes' },
    { value: false, label: 'No' },
  ];
  const all = choices.find((c) => c.value === null);
  return (
    <SelectInput
      key={filter.source}
      source={filter.source}
      label={filter.label}
      alwaysOn
      helperText={false}
      choices={choices.filter((c) => c.value !== null).map((c) => ({ id: choiceId(c.value), name: c.label }))}
      emptyText={all?.label ?? 'All'}
      emptyValue=""
      sx={{ minWidth: { sm: 200 } }}
      // The "show all" choice is a value like the others: shown in the box, not as an empty field.
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    />
  );
}

/** A money amount as $0,0.00; no amount, no text. */
function money(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const amount = Number(value);
  return Number.isFinite(amount) ? formatMoney(amount) : '';
}

/** Whether the record's ActiveFrom–ActiveTo range holds today (the browser's local day); a range it cannot read is not active. */
function activeToday(record: Row): boolean {
  const day = (value: unknown) => (typeof value === 'string' && value ? value.slice(0, 10) : null);
  try {
    return isActive({ ActiveFrom: day(record.ActiveFrom), ActiveTo: day(record.ActiveTo) }, isoDay(new Date()));
  } catch {
    return false;
  }
}

/** A boolean read only: a tick or a cross, named Yes / No (titleAccess: MUI hides an icon without it from assistive technology). */
function Tick({ value }: { value: unknown }) {
  return value ? <CheckIcon color="success" titleAccess="Yes" fontSize="small" /> : <CloseIcon color="error" titleAccess="No" fontSize="small" />;
}

/**
 * The rows whose toggles are saving: a row's toggles wait for its save, so a second click never sends the first
 * one's old value.
 */
const SavingRows = createContext<{ saving: ReadonlySet<Identifier>; mark(id: Identifier, on: boolean): void }>({
  saving: new Set(),
  mark: () => undefined,
});

function useSavingRows() {
  const [saving, setSaving] = useState<ReadonlySet<Identifier>>(new Set());
  const mark = useCallback((id: Identifier, on: boolean) => {
    setSaving((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  return useMemo(() => ({ saving, mark }), [saving, mark]);
}

interface CellProps {
  record: Row;
  column: ColumnDeclaration;
  declaration: ResourceDeclaration;
  parent?: ApiRecord;
  /** The user may edit the records (toggles save; otherwise they read). */
  canEdit: boolean;
}

/**
 * A `toggle` column: a checkbox that saves the record at once — the update call with the form's fields, this one
 * flipped — then the declaration's `updated` toast and a refresh; a refused save puts it back and says why.
 * Without edit it is a read-only tick. A click on it never reaches the row (no expanding).
 */
function ToggleCell({ record, column, declaration, parent, field }: Omit<CellProps, 'canEdit'> & { field: string }) {
  const [update] = useUpdate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { saving, mark } = useContext(SavingRows);
  const [pending, setPending] = useState<boolean | null>(null);
  const checked = pending ?? Boolean(record[field]);
  const name = `${column.label} ${declaration.recordRepresentation(record)}`;

  const flip = async () => {
    const next = !checked;
    const data: ApiRecord = Object.fromEntries(declaration.form.fields.map((f) => [f, record[f]]));
    data[field] = next;
    setPending(next);
    mark(record.id, true);
    try {
      const saved = (await update(declaration.name, { id: record.id, data, previousData: record }, { mutationMode: 'pessimistic', returnPromise: true })) as ApiRecord;
      if (endedBySignOut(saved)) return;
      notify(declaration.texts.updated(saved, parent), { type: 'success' });
      refresh();
    } catch (error) {
      const text = failureText(error, saveFailedText(declaration, record));
      if (text) notify(text, { type: 'error' });
    } finally {
      // Saved, the cached record holds the new value; refused, the box shows the record's old one again.
      setPending(null);
      mark(record.id, false);
    }
  };

  return (
    <Box component="span" onClick={stop}>
      <Checkbox
        size="small"
        checked={checked}
        disabled={saving.has(record.id)}
        onChange={() => void flip()}
        slotProps={{ input: { 'aria-label': name } }}
        sx={{ p: 0.5 }}
      />
    </Box>
  );
}

/** A cell's content as a link to the column's page, for users holding the link's action. */
function LinkedCell({ link, record, resource, children }: { link: RecordLink; record: Row; resource: string; children: ReactNode }) {
  const { canAccess = false } = useCanAccess({ resource, action: link.action ?? 'list' });
  if (!canAccess) return <>{children}</>;
  return (
    <Link component={RouterLink} to={link.to(record)} onClick={stop} underline="hover" sx={{ fontWeight: 500 }}>
      {children}
    </Link>
  );
}

function Cell(props: CellProps) {
  const { column, record, declaration } = props;
  if (!column.link) return <CellContent {...props} />;
  return (
    <LinkedCell link={column.link} record={record} resource={declaration.name}>
      <CellContent {...props} />
    </LinkedCell>
  );
}

function CellContent({ record, column, declaration, parent, canEdit }: CellProps) {
  if (column.slot) return <RecordSlot name={column.slot} declaration={declaration} record={record} parent={parent} />;
  const type = column.type ?? { kind: 'text' };
  if (type.kind === 'chip') {
    const value = valueAt(record, column.source);
    const key = value == null ? '' : String(value);
    const text = column.text ? column.text(record) : (type.labels?.[key] ?? key);
    return text ? <Chip size="small" label={text} color={type.colors?.[key] ?? 'default'} sx={{ fontWeight: 500 }} /> : null;
  }
  if (type.kind === 'activeRange') {
    const active = activeToday(record);
    return <Chip size="small" label={active ? type.labels[0] : type.labels[1]} color={active ? 'success' : 'default'} variant={active ? 'filled' : 'outlined'} />;
  }
  if (type.kind === 'toggle') {
    return canEdit ? <ToggleCell record={record} column={column} declaration={declaration} parent={parent} field={type.field} /> : <Tick value={record[type.field]} />;
  }
  if (column.text) {
    const text = column.text(record);
    const full = column.hover?.(record);
    return full && full !== text ? (
      <Tooltip title={full}>
        <span>{text}</span>
      </Tooltip>
    ) : (
      <>{text}</>
    );
  }
  const value = valueAt(record, column.source);
  switch (type.kind) {
    case 'boolean':
      return <Tick value={value} />;
    case 'choice':
      return <>{type.labels[String(value)] ?? ''}</>;
    case 'status':
      return <Chip size="small" label={value ? type.labels[1] : type.labels[0]} color={value ? 'default' : 'success'} variant="outlined" />;
    case 'date':
      if (typeof value !== 'string' || !value) return <>{type.empty ?? ''}</>;
      return <>{type.short ? formatShortDate(value) : formatDate(value)}</>;
    case 'longDate':
      return <>{typeof value === 'string' && value ? formatLongDate(value) : (type.empty ?? '')}</>;
    case 'dateTime':
      return <>{typeof value === 'string' ? formatDateTime(value) : ''}</>;
    case 'truncated': {
      const full = value == null ? '' : String(value);
      if (full.length <= type.length) return <>{full}</>;
      return (
        <Tooltip title={full}>
          <span>{`${full.slice(0, type.length)}…`}</span>
        </Tooltip>
      );
    }
    case 'money': {
      const replaced = type.override ? Number(valueAt(record, type.override) ?? 0) : 0;
      if (!Number.isFinite(replaced) || replaced === 0) return <>{money(value)}</>;
      // An override replaces the amount, which stays in view struck through (spec 001 §9).
      return (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          <Box component="s" sx={{ color: 'text.secondary', mr: 1 }}>
            {money(value)}
          </Box>
          <Box component="span" sx={{ fontWeight: 500 }}>
            {money(replaced)}
          </Box>
        </Box>
      );
    }
    default:
      return <>{value == null ? '' : String(value)}</>;
  }
}

/** A failed load keeps the rows it had and says so (the declaration's `texts.loadFailed`); it never looks like an empty list. */
function LoadFailed({ text }: { text?: string }) {
  const { error } = useListContext();
  if (!error) return null;
  return (
    <Alert severity="error" sx={{ borderRadius: 0 }}>
      {text ?? Texts.global.noResponse}
    </Alert>
  );
}

function EmptyText({ text }: { text: string }) {
  const { error, isPending } = useListContext();
  if (error || isPending) return null;
  return (
    <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
      {text}
    </Typography>
  );
}

const stop = (event: MouseEvent) => event.stopPropagation();

/** A row's `list.rowTone`: its cells tinted in the theme colour, its left edge marked. */
function toneSx(theme: Theme, tone: 'error' | 'warning' | undefined): Record<string, { bgcolor?: string; borderLeft?: number; borderLeftColor?: string }> {
  if (!tone) return {};
  return {
    '& > td': { bgcolor: alpha(theme.palette[tone].main, 0.1) },
    '& > td:first-of-type': { borderLeft: 4, borderLeftColor: theme.palette[tone].main },
  };
}

/** The list beside the declaration's aside slot (a filter panel): side by side on a laptop, stacked on a phone. */
function WithAside({ aside, children }: { aside: ReactNode; children: ReactNode }) {
  if (!aside) return <>{children}</>;
  return (
    <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 2, alignItems: { sm: 'flex-start' } }}>
      <Suspense fallback={null}>{aside}</Suspense>
      {children}
    </Box>
  );
}

/** Filters sit in a row on a laptop and two to a line on a phone, so the rows stay in view. */
const FILTER_AREA = {
  flex: 1,
  minWidth: 0,
  '& form': { p: 0, minHeight: 0, display: { xs: 'grid', sm: 'flex' }, gridTemplateColumns: '1fr 1fr', columnGap: 1 },
  '& .filter-field': { minWidth: 0 },
  // On a phone a checkbox filter takes the whole row: its label is longer than half the width.
  '& .filter-field:has(input[type="checkbox"])': { gridColumn: { xs: '1 / -1', sm: 'auto' } },
  '& .filter-field .MuiFormControl-root': { width: { xs: '100%', sm: 'auto' } },
  '& .RaFilterFormInput-spacer, & .RaFilterForm-clearFix': { display: { xs: 'none', sm: 'block' } },
} as const;

interface RowActionsProps {
  declaration: ResourceDeclaration;
  parent?: ApiRecord;
  /** The declaration's `rowActions` slot shows (not in a list drawn read only). */
  withSlot: boolean;
  canEdit: boolean;
  /** Without edit: a View button opening the record read only. */
  canView: boolean;
  canRemove: boolean;
  onEdit(record: Row, readOnly: boolean): void;
}

/**
 * Edit, and hide/restore or delete (after confirmation when the declaration asks), as the declaration and the
 * user's permissions allow; the remove itself is `useRemoveAction`.
 */
function RowActions({ declaration, parent, withSlot, canEdit, canView, canRemove, onEdit }: RowActionsProps) {
  const record = useRecordContext<Row>();
  const removeAction = useRemoveAction(declaration, record, { parent });
  const [, toggleExpanded] = useExpanded(declaration.name, record?.id ?? '', true);
  const editLink = declaration.list.editLink;
  const { canAccess: mayOpen = false } = useCanAccess({ resource: declaration.name, action: editLink?.action ?? 'list', enabled: Boolean(editLink) });
  if (!record) return null;
  if (declaration.list.actionsWhen && !declaration.list.actionsWhen(record)) return null;
  const name = declaration.recordRepresentation(record);
  const removal = declaration.remove;
  const { label: removeLabel, request, isPending } = removeAction;

  const editLabel = declaration.texts.editAction ?? 'Edit';
  return (
    <Box sx={{ whiteSpace: 'nowrap', textAlign: 'right' }} onClick={stop}>
      {withSlot && declaration.slots?.rowActions && <RecordSlot name={declaration.slots.rowActions} declaration={declaration} record={record} parent={parent} />}
      {editLink && mayOpen ? (
        <Tooltip title={editLabel}>
          <IconButton size="small" component={RouterLink} to={editLink.to(record)} aria-label={`${editLabel} ${name}`}>
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : canEdit && (
        <Tooltip title={editLabel}>
          <IconButton size="small" aria-label={`${editLabel} ${name}`} onClick={() => (declaration.list.editExpands ? toggleExpanded() : onEdit(record, false))}>
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {!canEdit && canView && (
        <Tooltip title="View">
          <IconButton size="small" aria-label={`View ${name}`} onClick={() => (declaration.list.editExpands ? toggleExpanded() : onEdit(record, true))}>
            <VisibilityIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {canRemove && removeLabel && (
        <Tooltip title={removeLabel}>
          <IconButton size="small" disabled={isPending} aria-label={`${removeLabel} ${name}`} onClick={request}>
            {removal.kind === 'delete' ? <DeleteIcon fontSize="small" /> : record.Hidden ? <RestoreIcon fontSize="small" /> : <VisibilityOffIcon fontSize="small" />}
          </IconButton>
        </Tooltip>
      )}
      {canRemove && removeAction.dialogs}
    </Box>
  );
}

/** The declaration's bulk actions, on the rows the user selected (react-admin's list selection). */
function BulkActions({ declaration, parent }: { declaration: ResourceDeclaration; parent?: ApiRecord }) {
  const Slot = slotComponent(declaration.slots!.bulkActions!);
  return <Slot declaration={declaration} parent={parent} />;
}

/** The form of a record: the declaration's edit or create slot, or the generic modal. */
function RecordForm({ declaration, record, parent, readOnly, onClose }: { declaration: ResourceDeclaration; record?: Row; parent?: ApiRecord; readOnly: boolean; onClose(): void }) {
  const name = record ? declaration.slots?.edit : declaration.slots?.create;
  if (!name) return <ResourceFormDialog declaration={declaration} record={record} parent={parent} onClose={onClose} />;
  return <RecordSlot name={name} declaration={declaration} record={record} parent={parent} readOnly={readOnly} onClose={onClose} />;
}

/** Whether the user is typing somewhere (a shortcut key then types instead). */
const typing = () => {
  const active = document.activeElement;
  return active instanceof HTMLElement && (active.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(active.tagName));
};

/** The declared create shortcut: the key opens the create form when nothing else has the keyboard. */
function useCreateShortcut(key: string | undefined, enabled: boolean, open: () => void) {
  useEffect(() => {
    if (!key || !enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || typing() || document.querySelector('[role="dialog"]')) return;
      if (event.key.toLowerCase() !== key.toLowerCase()) return;
      event.preventDefault();
      open();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [key, enabled, open]);
}

/** A sub-resource's list under its parent's row, for users who may list it (`canAccess` list); others see nothing of it. */
function SubResourceList({ name, parent, caption, readOnly }: { name: string; parent: Row; caption: boolean; readOnly: boolean }) {
  const sub = resourceByName(name);
  const { canAccess = false } = useCanAccess({ resource: name, action: 'list' });
  if (!sub || !canAccess) return null;
  return <ResourceList declaration={sub} parent={parent} caption={caption} readOnly={readOnly} />;
}

const unlocked = () => false;

/** Whether the record is closed to changes for the viewer (the declaration's `recordLock`); never, without one. */
function useRecordLock(declaration: ResourceDeclaration, record: Row | undefined): boolean {
  const lock = (declaration.recordLock && recordLocks[declaration.recordLock]) || unlocked;
  return lock(record);
}

/**
 * What a row shows when it expands: the declaration's expand slot, then its sub-resources' lists (each titled when
 * there are several, read only when the record is closed to the viewer), leaving out those the user may not list.
 */
function Expanded({ declaration }: { declaration: ResourceDeclaration }) {
  const record = useRecordContext<Row>();
  const [, collapse] = useExpanded(declaration.name, record?.id ?? '', true);
  const closed = useRecordLock(declaration, record);
  if (!record) return null;
  const Slot = declaration.slots?.expand ? slotComponent(declaration.slots.expand) : null;
  const subResources = declaration.subResources ?? [];
  return (
    // Width 0 and at least the row's width: what the row expands into never widens the table's columns (a wide
    // sub-resource table scrolls sideways within the row instead).
    <Stack spacing={2} sx={{ py: 1, px: { xs: 0, sm: 2 }, width: 0, minWidth: '100%', boxSizing: 'border-box' }}>
      {Slot && (
        <Suspense fallback={<LinearProgress aria-label="Loading" />}>
          <Slot declaration={declaration} record={record} onClose={collapse} />
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
  /** Its records are only read here (a locked case's papers): no add, edit, remove or actions slot, whatever the user may do. */
  readOnly?: boolean;
}

function ListView({ declaration, parent, caption = false, readOnly = false }: ListProps) {
  const { name, list, texts } = declaration;
  const resource = { resource: name };
  const { canAccess: mayCreate = false } = useCanAccess({ ...resource, action: 'create' });
  const { canAccess: mayEdit = false } = useCanAccess({ ...resource, action: 'edit' });
  const { canAccess: mayRemove = false } = useCanAccess({ ...resource, action: 'delete' });
  const [canCreate, canEdit, canRemove] = [mayCreate, mayEdit, mayRemove].map((may) => may && !readOnly);
  // Selection checkboxes only for users who get a bulk action (`permissions.actions.bulk`, when declared).
  const { canAccess: mayBulk = false } = useCanAccess({ ...resource, action: 'bulk' });
  const showBulk = Boolean(declaration.slots?.bulkActions) && !readOnly && (!declaration.permissions.actions?.bulk || mayBulk);
  const { isFetching, meta, refetch } = useListContext();
  // The server may leave columns out for this user and name headers by user (`operations.list.answer.columns`).
  const view: ColumnView = (meta as { columns?: ColumnView } | undefined)?.columns ?? {};
  const [editing, setEditing] = useState<{ record?: Row; readOnly: boolean } | null>(null);
  const filters = useMemo(() => (list.filters ?? []).map(filterInput), [list.filters]);
  const showCreate = canCreate && Boolean(declaration.operations.create);
  const showEdit = canEdit && Boolean(declaration.operations.update);
  const showView = !showEdit && Boolean(list.readOnlyView);
  useCreateShortcut(list.createShortcut, showCreate && !editing, () => setEditing({ readOnly: false }));
  const showRemove = canRemove && declaration.remove.kind !== 'none' && Boolean(declaration.operations.delete);
  // The rowActions slot decides by itself whom it shows to (move up and down for users who may reorder).
  const showRowSlot = Boolean(declaration.slots?.rowActions) && !readOnly;
  // rowClick 'page' opens the record's page; its rows still expand by their button when there is something to show.
  const opensPage = list.rowClick === 'page' && Boolean(declaration.route);
  const expands = list.rowClick === 'expand' || (opensPage && Boolean(declaration.slots?.expand || declaration.subResources?.length));
  const { canAccess: mayFollow = false } = useCanAccess({ ...resource, action: list.rowLink?.action ?? 'list' });
  const rowLink = list.rowLink && mayFollow ? list.rowLink : null;
  const { canAccess: mayOpenLink = false } = useCanAccess({ ...resource, action: list.editLink?.action ?? 'list', enabled: Boolean(list.editLink) });
  const showEditLink = Boolean(list.editLink) && mayOpenLink;
  // rowClick 'edit': a click on the row opens its form, as its Edit (or View) button does.
  const opensForm = list.rowClick === 'edit' && (showEdit || showView);
  const addButton = showCreate && (
    <Button variant={parent ? 'outlined' : 'contained'} startIcon={<AddIcon />} sx={{ whiteSpace: 'nowrap' }} onClick={() => setEditing({ readOnly: false })}>
      {texts.add(parent)}
    </Button>
  );
  const label = list.label ? list.label(parent) : declaration.title;
  // The actions slot takes the add button's place: in the page header, or beside a sub-resource's filters.
  const Actions = declaration.slots?.actions && !readOnly ? slotComponent(declaration.slots.actions) : null;
  const actions = Actions ? (
    <Suspense fallback={null}>
      <Actions declaration={declaration} parent={parent} />
    </Suspense>
  ) : (
    addButton
  );
  const saving = useSavingRows();
  const Aside = !parent && declaration.slots?.aside ? slotComponent(declaration.slots.aside) : null;
  const accent = list.rowAccent;
  const theme = useTheme();
  // Rows open closed when the list opens again: a row whose expansion is its form, and the rows of a sub-resource's
  // list (the same record may belong to another parent: an org's inherited range is its ancestor's).
  const removeFromStore = useRemoveFromStore();
  const parentId = parent?.id;
  useEffect(() => {
    if (list.editExpands || parentId !== undefined) removeFromStore(`${name}.datagrid.expanded`);
  }, [list.editExpands, name, parentId, removeFromStore]);

  return (
    <>
      {!parent && (
        <PageHeader
          title={declaration.title}
          actions={
            list.refresh ? (
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
      <SavingRows.Provider value={saving}>
      <WithAside aside={Aside && <Aside declaration={declaration} />}>
      <Card variant={parent ? 'outlined' : 'elevation'} sx={Aside ? { flex: 1, minWidth: 0, width: '100%' } : undefined}>
        {(filters.length > 0 || parent) && (
          <Stack direction={{ xs: 'column', sm: 'row' }} alignItems={{ sm: 'center' }} spacing={2} sx={{ px: 2, pt: 1 }}>
            {caption && (
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 500, whiteSpace: 'nowrap' }}>
                {declaration.title}
              </Typography>
            )}
            <Box sx={FILTER_AREA}>{filters.length > 0 && <FilterForm filters={filters} />}</Box>
            {parent && actions}
          </Stack>
        )}
        <Box sx={{ height: 4 }}>{isFetching && <LinearProgress aria-label="Loading" />}</Box>
        <LoadFailed text={texts.loadFailed} />
        <DataTable
          aria-label={label}
          size={list.dense ? 'small' : 'medium'}
          // A table wider than the screen (a phone) scrolls sideways inside the card, which would otherwise clip
          // its last columns — the row actions among them. A sub-resource's table inside its parent's panel keeps its
          // cells tight on a phone, so more of its columns are in view.
          sx={{ [`& .${DataTableClasses.tableWrapper}`]: { overflowX: 'auto' }, ...(parent && { '& .MuiTableCell-root:not(.MuiTableCell-paddingNone):not(.MuiTableCell-paddingCheckbox)': { px: { xs: 1, sm: 2 } } }) }}
          bulkActionButtons={
            showBulk ? (
              <Suspense fallback={null}>
                <BulkActions declaration={declaration} parent={parent} />
              </Suspense>
            ) : (
              false
            )
          }
          rowClick={
            rowLink
              ? (_id, _resource, record) => rowLink.to(record as Row)
              : opensPage
              ? (id) => `${declaration.route}/${encodeURIComponent(String(id))}`
              : expands
              ? 'expand'
              : opensForm
                ? (_id, _resource, record) => {
                    setEditing({ record: record as Row, readOnly: !showEdit });
                    return false;
                  }
                : false
          }
          expand={expands ? <Expanded declaration={declaration} /> : undefined}
          expandSingle={expands && !opensPage}
          empty={<EmptyText text={texts.empty} />}
          rowSx={(record: Row) => ({
            '& td': record.Hidden ? { color: 'text.disabled' } : {},
            ...(accent && { '& > td:first-of-type': { borderLeft: 4, borderLeftColor: accent(record) } }),
            ...toneSx(theme, list.rowTone?.(record)),
          })}
        >
          {list.columns.map((column, index) => view.hidden?.includes(column.source) ? null : (
            <DataTable.Col
              // Two columns may read one field (a range's start date and its status).
              key={`${index}-${column.source}`}
              source={column.source}
              label={view.labels?.[column.source] ?? column.label}
              disableSort={column.sortable === false}
              sx={{
                ...(column.phone === false && { display: { xs: 'none', sm: 'table-cell' } }),
                ...(column.wideOnly && { display: { xs: 'none', xl: 'table-cell' } }),
                ...(column.nowrap && { whiteSpace: 'nowrap' }),
              }}
              render={(record: Row) => <Cell record={record} column={column} declaration={declaration} parent={parent} canEdit={showEdit} />}
            />
          ))}
          {(showEdit || showView || showRemove || showRowSlot || showEditLink) && (
            <DataTable.Col
              label={<Box component="span" sx={{ display: 'block', textAlign: 'right' }}>Actions</Box>}
              disableSort
              render={() => (
                <RowActions
                  declaration={declaration}
                  parent={parent}
                  withSlot={showRowSlot}
                  canEdit={showEdit}
                  canView={showView}
                  canRemove={showRemove}
                  onEdit={(record, readOnly) => setEditing({ record, readOnly })}
                />
              )}
            />
          )}
        </DataTable>
        <ListPager />
      </Card>
      </WithAside>
      </SavingRows.Provider>
      {editing && <RecordForm declaration={declaration} record={editing.record} readOnly={editing.readOnly} parent={parent} onClose={() => setEditing(null)} />}
    </>
  );
}

/** The default filter values a declaration's list opens with. */
function filterDefaults(declaration: ResourceDeclaration): Record<string, string> {
  return Object.fromEntries(
    (declaration.list.filters ?? []).filter((f) => f.default !== undefined && f.default !== null).map((f) => [f.source, choiceId(f.default)]),
  );
}

/**
 * A sub-resource whose records are a field of its parent record (`list.from`: a date range's fees): no call, the
 * same view over react-admin's `useList`; each record carries the parent's values its writes' paths need.
 */
function FromParentList({ declaration, parent, caption, readOnly, from }: ListProps & { parent: ApiRecord; from: string }) {
  const defaults = useMemo(() => filterDefaults(declaration), [declaration]);
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
        <ListView declaration={declaration} parent={parent} caption={caption} readOnly={readOnly} />
      </ListContextProvider>
    </ResourceContextProvider>
  );
}

/**
 * The generic list of a declared resource: react-admin's ListBase and DataTable with the declared columns,
 * filters, sort and page size; add, edit, hide/restore or delete by permission; rows that expand into
 * sub-resources or a slot. A sub-resource's list (with `parent`) shows only that parent's rows; one declared
 * `list.from` shows the parent's field instead of calling.
 */
export function ResourceList({ declaration, parent, caption, readOnly }: ListProps) {
  const from = declaration.list.from;
  const list = from ? (
    parent ? <FromParentList declaration={declaration} parent={parent} caption={caption} readOnly={readOnly} from={from} /> : null
  ) : (
    <CalledList declaration={declaration} parent={parent} caption={caption} readOnly={readOnly} />
  );
  // A list that fails to render says the declaration's text in its place (a panel of a page: 'Unable to show messages').
  return declaration.texts.renderFailed ? <ErrorBoundary message={declaration.texts.renderFailed}>{list}</ErrorBoundary> : list;
}

/** A list read by the declaration's list call (paged on the server or in the browser). */
function CalledList({ declaration, parent, caption, readOnly }: ListProps) {
  const permanent = useMemo(() => (parent ? parentValuesOf(declaration, parent) : undefined), [declaration, parent]);
  const defaults = useMemo(() => filterDefaults(declaration), [declaration]);
  return (
    <ListBase
      resource={declaration.name}
      perPage={declaration.list.pageSize}
      sort={declaration.list.sort}
      filter={permanent}
      filterDefaultValues={defaults}
      debounce={declaration.list.debounce ?? Timing.FILTER_TEXT_DEBOUNCE_MS}
      disableSyncWithLocation
      storeKey={false}
      // A failed load is said once, in the list itself (LoadFailed), not again as a toast.
      queryOptions={{ onError: () => undefined }}
    >
      <ListView declaration={declaration} parent={parent} caption={caption} readOnly={readOnly} />
    </ListBase>
  );
}
