import { createContext, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { Box, Checkbox, Chip, Tooltip } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { useNotify, useRecordContext, useRefresh, useUpdate, type Identifier, type RaRecord } from 'react-admin';
import { formatDate, formatDateTime, formatLongDate, formatMoney, formatShortDate, isoDay } from '../../shared/format.js';
import { isActive } from '../../shared/deadlines.js';
import type { ApiRecord, ResourceDeclaration } from '../../resources/declaration.js';
import { useResourceTexts, type RecordLink } from './views.js';
import { valueAt } from '../../dataProvider/resourceAdapter.js';
import { endedBySignOut, failureText, saveFailedText } from './writeFailure.js';

/*
 * The columns of a list, as JSX children of `SchemaList` (a view's table): each is react-admin's DataTable column with
 * a header read from its props and a cell drawn by the component itself in the row's record context. A cell no kit
 * column draws is `<Column render={…}>`, or any component taking these props that reads `useRecordContext()`.
 */

/** A record of a declared list as react-admin holds it. */
export type Row = RaRecord & ApiRecord;


/** The header's part of every column: what the table reads from the element before it draws the cell. */
export interface ColumnProps {
  /** Field path, e.g. 'Short' or 'UOM.Description': what the column sorts by, and what the server may leave out. */
  source: string;
  label: string;
  /** Sort by this column (default true). */
  sortable?: boolean;
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

/** The theme colours a chip may give a value. */
export type ChipColor = 'default' | 'primary' | 'secondary' | 'error' | 'info' | 'success' | 'warning';

/** What the table around a cell knows: its resource, the sub-resource's parent, and whether the user may edit its rows. */
export interface ListCellContext {
  declaration: ResourceDeclaration;
  parent?: ApiRecord;
  canEdit: boolean;
  /** The rows whose toggles are saving: a row's toggles wait for its save, so a second click never sends the first one's old value. */
  saving: ReadonlySet<Identifier>;
  mark(id: Identifier, on: boolean): void;
}

export const ListCells = createContext<ListCellContext | null>(null);

/** The list's rows whose toggles are saving (kept by the table, read by its toggles). */
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

function useListCells(): ListCellContext {
  const context = useContext(ListCells);
  if (!context) throw new Error('A list column is drawn inside SchemaList');
  return context;
}

/** The value of the column's source in the row's record. */
function useValue(source: string): unknown {
  const record = useRecordContext<Row>();
  return record ? valueAt(record, source) : undefined;
}

/** A text, with the whole of it on hover when it shows less. */
function Shown({ text, full }: { text: string; full?: string }) {
  return full && full !== text ? (
    <Tooltip title={full}>
      <span>{text}</span>
    </Tooltip>
  ) : (
    <>{text}</>
  );
}

/** The value as text; `text` gives the text from the record instead, and `hover` the whole value on hover (a case number's last characters). */
export function TextColumn({ source, text, hover }: ColumnProps & { text?(record: ApiRecord): string; hover?(record: ApiRecord): string }) {
  const record = useRecordContext<Row>();
  if (!record) return null;
  if (text) return <Shown text={text(record)} full={hover?.(record)} />;
  const value = valueAt(record, source);
  return <>{value == null ? '' : String(value)}</>;
}

/** What a cell drawn by a component of its own gets. */
export interface CellProps {
  record: Row;
}

/**
 * A cell drawn by `render` from the row's record (a status dot beside a name, a download link); what it draws may be
 * a lazily loaded component (nothing shows until its code is there).
 */
export function Column({ render }: ColumnProps & { render(record: Row): ReactNode }) {
  const record = useRecordContext<Row>();
  return record ? <Suspense fallback={null}>{render(record)}</Suspense> : null;
}

/** A boolean read only: a tick or a cross, named Yes / No (titleAccess: MUI hides an icon without it from assistive technology). */
export function Tick({ value }: { value: unknown }) {
  return value ? <CheckIcon color="success" titleAccess="Yes" fontSize="small" /> : <CloseIcon color="error" titleAccess="No" fontSize="small" />;
}

export function BooleanColumn({ source }: ColumnProps) {
  return <Tick value={useValue(source)} />;
}

/** A value mapped to a word (IsDynamic true → 'Dynamic'). */
export function ChoiceColumn({ source, labels }: ColumnProps & { labels: Readonly<Record<string, string>> }) {
  return <>{labels[String(useValue(source))] ?? ''}</>;
}

/** The Hidden flag as a chip: false → first word, true → second ('Enabled' / 'Disabled'). */
export function StatusColumn({ source, labels }: ColumnProps & { labels: readonly [shown: string, hidden: string] }) {
  const value = useValue(source);
  return <Chip size="small" label={value ? labels[1] : labels[0]} color={value ? 'default' : 'success'} variant="outlined" />;
}

/** A date as MM/DD/YYYY (`short`: MM/DD/YY); `empty` says what no date means ('Awaiting Case Papers'). */
export function DateColumn({ source, short, empty = '' }: ColumnProps & { short?: boolean; empty?: string }) {
  const value = useValue(source);
  if (typeof value !== 'string' || !value) return <>{empty}</>;
  return <>{short ? formatShortDate(value) : formatDate(value)}</>;
}

/** A date as MMMM DD, YYYY ('March 05, 2026'); `empty` says what no date means ('Any time'). */
export function LongDateColumn({ source, empty = '' }: ColumnProps & { empty?: string }) {
  const value = useValue(source);
  return <>{typeof value === 'string' && value ? formatLongDate(value) : empty}</>;
}

/** A moment as MMMM DD YYYY, h:mm A in the browser's time zone ('March 05 2026, 2:07 PM'). */
export function DateTimeColumn({ source }: ColumnProps) {
  const value = useValue(source);
  return <>{typeof value === 'string' ? formatDateTime(value) : ''}</>;
}

/** A text cut to its first `length` characters (an ellipsis after), the whole text on hover. */
export function TruncatedColumn({ source, length }: ColumnProps & { length: number }) {
  const value = useValue(source);
  const full = value == null ? '' : String(value);
  return <Shown text={full.length <= length ? full : `${full.slice(0, length)}…`} full={full} />;
}

/**
 * The value (or `text` of the record) as a small chip, e.g. a version 'v2'; `labels` names a value ('IN_REVIEW' →
 * 'In Review') and `colors` gives a value its theme colour (a status badge).
 */
export function ChipColumn({ source, labels, colors, text }: ColumnProps & { labels?: Readonly<Record<string, string>>; colors?: Readonly<Record<string, ChipColor>>; text?(record: ApiRecord): string }) {
  const record = useRecordContext<Row>();
  if (!record) return null;
  const value = valueAt(record, source);
  const key = value == null ? '' : String(value);
  const shown = text ? text(record) : (labels?.[key] ?? key);
  return shown ? <Chip size="small" label={shown} color={colors?.[key] ?? 'default'} sx={{ fontWeight: 500 }} /> : null;
}

/** A money amount as $0,0.00; no amount, no text. */
function money(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const amount = Number(value);
  return Number.isFinite(amount) ? formatMoney(amount) : '';
}

/**
 * An amount of money, $0,0.00. `override` names the record's field holding an amount that replaces it: when that
 * holds an amount (not 0), the cell shows it after the value struck through (an expense's Override over its total).
 */
export function MoneyColumn({ source, override }: ColumnProps & { override?: string }) {
  const record = useRecordContext<Row>();
  if (!record) return null;
  const value = valueAt(record, source);
  const replaced = override ? Number(valueAt(record, override) ?? 0) : 0;
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

/** Whether the record's ActiveFrom–ActiveTo range holds today (the browser's local day); a range it cannot read is not active. */
function activeToday(record: Row): boolean {
  const day = (value: unknown) => (typeof value === 'string' && value ? value.slice(0, 10) : null);
  try {
    return isActive({ ActiveFrom: day(record.ActiveFrom), ActiveTo: day(record.ActiveTo) }, isoDay(new Date()));
  } catch {
    return false;
  }
}

/** Whether the record's ActiveFrom–ActiveTo range holds today, as a badge: labels[0] when it does, else labels[1]. */
export function ActiveRangeColumn({ labels }: ColumnProps & { labels: readonly [active: string, inactive: string] }) {
  const record = useRecordContext<Row>();
  if (!record) return null;
  const active = activeToday(record);
  return <Chip size="small" label={active ? labels[0] : labels[1]} color={active ? 'success' : 'default'} variant={active ? 'filled' : 'outlined'} />;
}

/**
 * A checkbox the user ticks in the row: it saves the record at once — the update call with the form's fields, this
 * one flipped — then the resource's `updated` toast and a refresh; a refused save puts it back and says why. Users
 * who may not edit see a read-only tick. A click on it never reaches the row (no expanding).
 */
export function ToggleColumn({ source, label }: ColumnProps) {
  const record = useRecordContext<Row>();
  const { canEdit } = useListCells();
  if (!record) return null;
  return canEdit ? <Toggle record={record} field={source} label={label} /> : <Tick value={record[source]} />;
}

function Toggle({ record, field, label }: { record: Row; field: string; label: string }) {
  const { declaration, parent, saving, mark } = useListCells();
  const texts = useResourceTexts(declaration);
  const [update] = useUpdate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [pending, setPending] = useState<boolean | null>(null);
  const checked = pending ?? Boolean(record[field]);
  const name = `${label} ${declaration.recordRepresentation(record)}`;

  const flip = async () => {
    const next = !checked;
    const data: ApiRecord = Object.fromEntries(declaration.form.fields.map((f) => [f, record[f]]));
    data[field] = next;
    setPending(next);
    mark(record.id, true);
    try {
      const saved = (await update(declaration.name, { id: record.id, data, previousData: record }, { mutationMode: 'pessimistic', returnPromise: true })) as ApiRecord;
      if (endedBySignOut(saved)) return;
      notify(texts.updated(saved, parent), { type: 'success' });
      refresh();
    } catch (error) {
      const text = failureText(error, saveFailedText(texts, record));
      if (text) notify(text, { type: 'error' });
    } finally {
      // Saved, the cached record holds the new value; refused, the box shows the record's old one again.
      setPending(null);
      mark(record.id, false);
    }
  };

  return (
    <Box component="span" onClick={(event) => event.stopPropagation()}>
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
