import { createHash } from 'node:crypto';
import type { CompiledQuery } from 'kysely';
import { originOf, type Database } from './database.js';

/**
 * At most this many statement texts are sent as named statements by one process. Each connection of the pool keeps
 * the ones it was sent (PostgreSQL keeps their plans per connection), so the texts named must be few and fixed: a
 * text past the limit is sent unnamed, as every other statement is.
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
 * first page) as a named (prepared) statement on PostgreSQL: each connection parses it once, and PostgreSQL soon runs
 * it by a plan it keeps instead of planning it each time (docs/performance.md, "Where a request's time goes"). Its
 * text must not hold values that change from one request to the next, only parameters. Inside a transaction, and
 * on the embedded PGlite (one connection in-process), it is sent as usual.
 */
export async function executeNamed<R>(db: Database, query: CompiledQuery<R>): Promise<R[]> {
  const origin = originOf(db);
  const name = origin?.kind === 'postgres' ? nameOf(query.sql) : undefined;
  if (origin?.kind !== 'postgres' || name === undefined) return (await db.executeQuery(query)).rows;
  return (await origin.pool.query<R & object>({ name, text: query.sql, values: [...query.parameters] })).rows;
}
