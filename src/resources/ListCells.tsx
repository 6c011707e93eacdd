import { createContext, useCallback, useContext, useMemo, useState, type MouseEvent, type ReactNode } from 'react';
import { Box, Checkbox, Chip, Link, Tooltip } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { useCanAccess, useNotify, useRefresh, useUpdate, type Identifier, type RaRecord } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate, formatDateTime, formatLongDate, formatMoney, formatShortDate, isoDay } from '../../shared/format.js';
import { isActive } from '../../shared/deadlines.js';
import type { ApiRecord, ResourceDeclaration } from '../../resources/declaration.js';
import type { ColumnDeclaration, RecordLink } from '../../resources/screenParts.js';
import { valueAt } from '../../dataProvider/resourceAdapter.js';
import { endedBySignOut, failureText, saveFailedText } from './writeFailure.js';
import { useViews, ViewOf } from './views.js';

/** A record of a declared list as react-admin holds it. */
export type Row = RaRecord & ApiRecord;

/** A click inside a cell that must not reach the row (which would open or expand it). */
export const stop = (event: MouseEvent) => event.stopPropagation();

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
export const SavingRows = createContext<{ saving: ReadonlySet<Identifier>; mark(id: Identifier, on: boolean): void }>({
  saving: new Set(),
  mark: () => undefined,
});

export function useSavingRows() {
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

/** A cell of a declared column: its value as the column's type shows it, a link for users holding the column's link action. */
export function Cell(props: CellProps) {
  const { column, record, declaration } = props;
  if (!column.link) return <CellContent {...props} />;
  return (
    <LinkedCell link={column.link} record={record} resource={declaration.name}>
      <CellContent {...props} />
    </LinkedCell>
  );
}

function CellContent({ record, column, declaration, parent, canEdit }: CellProps) {
  // The resource's views may draw the cell themselves (a status dot beside a name).
  const drawn = useViews(declaration).cells?.[column.source];
  if (drawn) return <ViewOf part={drawn} declaration={declaration} record={record} parent={parent} />;
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
