import { SchemaDateInput } from './SchemaInput.js';

/**
 * A list's `date` filter: the product's date picker on a YYYY-MM-DD value. Its own module, loaded when a list shows
 * a date filter, so the list's rows never wait for the date picker's and the forms' code (ListFilters.tsx).
 */
export default function DateFilterField({ source, label }: { source: string; label: string }) {
  return <SchemaDateInput source={source} title={label} required={false} readOnly={false} notFuture={false} />;
}
