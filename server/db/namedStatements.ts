import { createHash } from 'node:crypto';
import { CompiledQuery } from 'kysely';
import { originOf, type Database } from './database.js';

/**
 * At most this many statement texts are named by one process. Each connection keeps the ones it was sent (PostgreSQL
 * keeps their plans per connection), so the texts named must be few and fixed: a text past the limit is sent unnamed,
 * as every other statement is.
 */
export const NAMED_STATEMENTS_MAX = 200;

const names = new Map<string, string>();

/** The name of a statement's text: derived from the text, so that two texts never share one. */
function nameOf(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < NAMED_STATEMENTS_MAX) {
    name = `dossier_${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
    names.set(text, name);
  }
  return name;
}

/**
 * Runs a statement the app sends on almost every request (the session lookup, the case record, the cases list's
 * first page) as a named (prepared) statement: each connection parses it once, and PostgreSQL soon runs it by a plan
 * it keeps instead of planning it each time (docs/performance.md, "Where a request's time goes"). Its text must not
 * hold values that change from one request to the next, only parameters. Inside a transaction it is sent as usual.
 */
export async function executeNamed<R>(db: Database, query: CompiledQuery<R>): Promise<R[]> {
  const origin = originOf(db);
  const name = origin ? nameOf(query.sql) : undefined;
  if (!origin || name === undefined) return (await db.executeQuery(query)).rows;
  if (origin.kind === 'postgres') return (await origin.pool.query<R & object>({ name, text: query.sql, values: [...query.parameters] })).rows;
  return executePrepared(db, name, query);
}

/** PGlite's statements prepared so far, by name; false for a text PostgreSQL would not prepare. */
const preparedOn = new WeakMap<Database, Map<string, boolean>>();

/**
 * The embedded PGlite's one connection has no named statements in its API: the text is prepared in SQL (`PREPARE`)
 * once and run by `EXECUTE` with its parameters written in as literals — each a number, a boolean, null or a text
 * (`literalOf`). Anything else, or a text that cannot be prepared, is sent as usual.
 */
async function executePrepared<R>(db: Database, name: string, query: CompiledQuery<R>): Promise<R[]> {
  const literals = query.parameters.map(literalOf);
  let prepared = preparedOn.get(db);
  if (!prepared) preparedOn.set(db, (prepared = new Map()));
  if (literals.includes(undefined) || prepared.get(name) === false) return (await db.executeQuery(query)).rows;
  if (!prepared.has(name)) {
    try {
      await db.executeQuery(CompiledQuery.raw(`PREPARE ${name} AS ${query.sql}`));
      prepared.set(name, true);
    } catch {
      prepared.set(name, false);
      return (await db.executeQuery(query)).rows;
    }
  }
  const execute = literals.length ? `EXECUTE ${name}(${literals.join(', ')})` : `EXECUTE ${name}`;
  return (await db.executeQuery(CompiledQuery.raw(execute) as CompiledQuery<R>)).rows;
}

/** A parameter as an SQL literal: a text as an escape string (E'…'), which reads the same whatever standard_conforming_strings says. */
function literalOf(value: unknown): string | undefined {
  if (value === null) return 'NULL';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'string') return value.includes('\u0000') ? undefined : `E'${value.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
  return undefined;
}
