import { sql } from 'kysely';
import type { Database } from '../../server/db/database.js';

/**
 * Tables a request may write to whether it is answered or refused: the session's idle clock and the rate-limit
 * windows of the anonymous endpoints.
 */
export const BOOKKEEPING_TABLES: ReadonlySet<string> = new Set(['sessions', 'rate_limit_hits']);

/** Every table's print, by name: see `tableFingerprint`. */
export type TableFingerprint = Record<string, string>;

/**
 * A fingerprint of every table of the database's schema but the bookkeeping ones, in one statement: each table's
 * row count and newest row version (the highest `xmin`, the transaction that wrote a row). A committed insert or
 * update writes a row version with a newer transaction id, and a delete lowers the count, so any committed write to
 * any row changes the table's print (a rolled-back one does not).
 */
export async function tableFingerprint(db: Database): Promise<TableFingerprint> {
  const tables = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1`.execute(db);
  const names = tables.rows.map((row) => row.name).filter((name) => !BOOKKEEPING_TABLES.has(name));
  const prints = await sql<{ name: string; print: string }>`${sql.join(
    names.map((name) => sql`SELECT ${name}::text AS name, count(*) || ':' || coalesce(max(t.xmin::text::bigint), 0) AS print FROM ${sql.table(name)} t`),
    sql` UNION ALL `,
  )}`.execute(db);
  return Object.fromEntries(prints.rows.map((row) => [row.name, row.print]));
}

/** The tables whose print differs between two fingerprints. */
export function changedTables(before: TableFingerprint, after: TableFingerprint): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((name) => before[name] !== after[name]).sort();
}

/**
 * `tableFingerprint` for many calls in a row: each call first reads the next transaction id the database will give
 * out (one cheap query), and when no transaction has taken one since the last scan — a write always takes one, a
 * read never does — answers the last scan's prints instead of scanning every table again. On a database that other
 * tests write to at the same time (PostgreSQL, other schemas), ids move on anyway and it scans every time.
 */
export function fingerprinter(db: Database): () => Promise<TableFingerprint> {
  let last: { mark: string; prints: TableFingerprint } | null = null;
  return async () => {
    const mark = (await sql<{ mark: string }>`SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS mark`.execute(db)).rows[0].mark;
    if (last?.mark !== mark) last = { mark, prints: await tableFingerprint(db) };
    return last.prints;
  };
}
