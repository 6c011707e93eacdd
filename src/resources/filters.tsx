import { cloneElement, isValidElement, lazy, Suspense, useEffect, useState, type ReactElement } from 'react';
import { Checkbox, FormControlLabel, TextField } from '@mui/material';
import { SelectInput, TextInput, useGetList, useInput, useListContext, type RaRecord } from 'react-admin';
import { resourceByName } from '../../resources/index.js';

const DateFilterField = lazy(() => import('./DateFilterField.js'));

/** Choice values travel as text through the filter inputs ('true', 'false'); null is "show all". */
const choiceId = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** How many records a reference filter offers at most. */
const REFERENCE_FILTER_LIMIT = 1000;

/** What every filter input of a list takes: its source in the list's filter values, and its label. */
export interface FilterProps {
  source: string;
  label: string;
  /** The value the list opens with (SchemaList reads it from the element: react-admin's `filterDefaultValues`). */
  initial?: FilterValue;
  /** Set by the filter bar: every filter of a list is always shown. */
  alwaysOn?: boolean;
  /** Set by react-admin's filter form. */
  size?: 'small' | 'medium';
}

/** A value a filter chooses: a text, a number, a flag, or null for "show all". */
export type FilterValue = string | number | boolean | null;

/** One of a choice filter's options; the one whose value is null is "show all". */
export interface FilterChoice {
  value: FilterValue;
  label: string;
}

/**
 * What every select filter shares: no helper text, the "show all" choice as a value like the others — shown in the
 * box, not as an empty field — and room for its longest choice on a laptop.
 */
const SELECT_FILTER = {
  helperText: false,
  emptyValue: '',
  sx: { minWidth: { sm: 200 } },
  slotProps: { select: { displayEmpty: true }, inputLabel: { shrink: true } },
} as const;

/** One record of another resource's list, by key, or any ("All"), labelled as the resource names its records. */
export function ReferenceFilter({ reference, initial: _initial, ...props }: FilterProps & { reference: string }) {
  const target = resourceByName(reference);
  const { data = [] } = useGetList<RaRecord>(reference, { pagination: { page: 1, perPage: REFERENCE_FILTER_LIMIT }, sort: target?.list.sort }, { enabled: Boolean(target) });
  return (
    <SelectInput
      {...props}
      {...SELECT_FILTER}
      choices={data.map((r) => ({ id: r.id, name: target?.recordRepresentation(r) ?? String(r.id) }))}
      translateChoice={false}
      emptyText="All"
    />
  );
}

/** A checkbox, on (true) or off (no filter). */
export function CheckFilter({ source, label }: FilterProps) {
  const { field } = useInput({ source, type: 'checkbox' });
  return (
    <FormControlLabel
      sx={{ mr: 2, mt: 1, whiteSpace: { xs: 'normal', sm: 'nowrap' } }}
      label={label}
      control={<Checkbox size="small" checked={field.value === true} onChange={(event) => field.onChange(event.target.checked)} />}
    />
  );
}

/** Starts loading the date picker when the browser is next idle (at once where it cannot tell). */
function whenIdle(load: () => void): () => void {
  if (typeof window.requestIdleCallback !== 'function') {
    const timer = window.setTimeout(load, 0);
    return () => window.clearTimeout(timer);
  }
  const handle = window.requestIdleCallback(load, { timeout: DATE_FILTER_IDLE_TIMEOUT_MS });
  return () => window.cancelIdleCallback(handle);
}

/** The longest a date filter waits for an idle moment, once its list has rows, before it loads its picker anyway. */
const DATE_FILTER_IDLE_TIMEOUT_MS = 1000;

/**
 * A day: the product's date picker on a YYYY-MM-DD value. Its code comes with the forms' (a few hundred kB),
 * so it loads once the list has answered and the browser is idle, or at once when the user reaches for the field:
 * parsing it never holds back the list's first rows. Until then an empty field of its label holds its place.
 */
export function DateFilter({ source, label }: FilterProps) {
  const { isPending } = useListContext();
  const [wanted, setWanted] = useState(false);
  useEffect(() => (isPending || wanted ? undefined : whenIdle(() => setWanted(true))), [isPending, wanted]);
  const placeholder = (
    <TextField
      label={label}
      size="small"
      margin="dense"
      value=""
      onFocus={() => setWanted(true)}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { readOnly: true, 'aria-busy': wanted } }}
    />
  );
  if (!wanted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <DateFilterField source={source} label={label} />
    </Suspense>
  );
}

/** A text looked for in the rows (contains, case-insensitive); `placeholder` hints what to type. */
export function TextFilter({ initial: _initial, ...props }: FilterProps & { placeholder?: string }) {
  return <TextInput {...props} resettable helperText={false} />;
}

/** One of `choices`; the one whose value is null is "show all" (default: All / Yes / No). */
export function ChoiceFilter({ choices = YES_NO, initial: _initial, ...props }: FilterProps & { choices?: readonly FilterChoice[] }) {
  const all = choices.find((c) => c.value === null);
  return (
    <SelectInput
      {...props}
      {...SELECT_FILTER}
      choices={choices.filter((c) => c.value !== null).map((c) => ({ id: choiceId(c.value), name: c.label }))}
      emptyText={all?.label ?? 'All'}
    />
  );
}

const YES_NO: readonly FilterChoice[] = [
  { value: null, label: 'All' },
  { value: true, label: 'Yes' },
  { value: false, label: 'No' },
];

/**
 * The Status filter of resources hidden by toggling (spec 002: Show All / Enabled / Disabled, on the Hidden flag); give
 * it `initial={false}` to open on the shown records.
 */
export function StatusFilter({ labels = ['Enabled', 'Disabled'], ...props }: FilterProps & { labels?: readonly [shown: string, hidden: string] }) {
  const choices: FilterChoice[] = [
    { value: null, label: 'Show All' },
    { value: false, label: labels[0] },
    { value: true, label: labels[1] },
  ];
  return <ChoiceFilter {...props} choices={choices} />;
}

/** The filter elements among a list's `filters`: each always shown in the filter bar. */
export function filterElements(filters: readonly ReactElement<FilterProps>[] | undefined): ReactElement<FilterProps>[] {
  return (filters ?? []).filter(isValidElement).map((filter) => cloneElement(filter, { key: filter.key ?? filter.props.source, alwaysOn: true }));
}

/** The filter values a list opens with: its filters' `initial` values (choice values travel as text). */
export function filterDefaults(filters: readonly ReactElement<FilterProps>[] | undefined): Record<string, string> {
  return Object.fromEntries(
    (filters ?? []).filter((f) => f.props.initial !== undefined && f.props.initial !== null).map((f) => [f.props.source, choiceId(f.props.initial)]),
  );
}

/** The filter values a link carries in its query (`?filter=` and a JSON object, as react-admin writes them); none when absent or not an object. */
export function linkedFilter(search: string | undefined): Record<string, unknown> {
  const text = search ? new URLSearchParams(search).get('filter') : null;
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
