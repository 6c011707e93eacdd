import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Checkbox, FormControlLabel, TextField } from '@mui/material';
import { SelectInput, TextInput, useGetList, useInput, useListContext, type RaRecord } from 'react-admin';
import type { ResourceDeclaration } from '../../resources/declaration.js';
import type { FilterDeclaration } from '../../resources/screenParts.js';
import { resourceByName } from '../../resources/index.js';

const DateFilterField = lazy(() => import('./DateFilterField.js'));

/** Choice values travel as text through the filter inputs ('true', 'false'); null is "show all". */
const choiceId = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** How many records a reference filter offers at most. */
const REFERENCE_FILTER_LIMIT = 1000;

/** A `reference` filter: one record of another resource's list, by key, or any ("All"). */
// `source` and `alwaysOn` are read by react-admin's FilterForm from the element's props.
function ReferenceFilterInput({ filter }: { filter: FilterDeclaration; source: string; alwaysOn: boolean }) {
  const target = resourceByName(filter.reference ?? '');
  const { data = [] } = useGetList<RaRecord>(filter.reference ?? '', { pagination: { page: 1, perPage: REFERENCE_FILTER_LIMIT }, sort: target?.list.sort }, { enabled: Boolean(target) });
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
 * A `date` filter: the product's date picker on a YYYY-MM-DD value. Its code comes with the forms' (a few hundred kB),
 * so it loads once the list has answered and the browser is idle, or at once when the user reaches for the field:
 * parsing it never holds back the list's first rows. Until then an empty field of its label holds its place.
 */
function FilterDateInput({ source, label }: { source: string; label: string; alwaysOn: boolean }) {
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

/** The input of a declared filter, for react-admin's FilterForm. */
export function filterInput(filter: FilterDeclaration): ReactNode {
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

/** The default filter values a declaration's list opens with. */
export function filterDefaults(declaration: ResourceDeclaration): Record<string, string> {
  return Object.fromEntries(
    (declaration.list.filters ?? []).filter((f) => f.default !== undefined && f.default !== null).map((f) => [f.source, choiceId(f.default)]),
  );
}
