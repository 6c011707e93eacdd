/**
 * A row's fields copied one by one onto a new object. Rows as pg reads them are shaped by an object spread here and
 * there (`{ ...row, Name }`, `({ A, B, ...rest }) => …`); on a hot path that costs V8 4-20 µs a row, against well
 * under 1 µs for this copy (docs/performance.md, "Where a request's time goes"): the cases list's rows and the case
 * record are shaped with it.
 */
export function rowFields<R extends object, K extends keyof R>(row: R, fields: readonly K[]): Pick<R, K> {
  const copy = {} as Pick<R, K>;
  for (const field of fields) copy[field] = row[field];
  return copy;
}

/** The fields of a row other than `left` (a statement's columns, read off its first row once). */
export function fieldsBesides<R extends object>(row: R, left: ReadonlySet<string>): (keyof R)[] {
  return (Object.keys(row) as (keyof R & string)[]).filter((field) => !left.has(field));
}
