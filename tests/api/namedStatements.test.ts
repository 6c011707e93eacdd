import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeNamed } from '../../server/db/namedStatements.js';
import { originOf } from '../../server/db/database.js';
import { createTestDatabase, TEST_DB_KIND, type TestDatabase } from '../support/testDatabase.js';

/**
 * The statements the app sends on almost every request run as named (prepared) statements (server/db/namedStatements.ts):
 * on PostgreSQL through pg's named statements, on the embedded PGlite as SQL's PREPARE and EXECUTE with the
 * parameters written in as literals. Whatever a parameter holds, the answer is the one the unnamed statement gives.
 */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.drop());

const TEXTS = ["it's", 'back\\slash\\', "\\'; DROP TABLE cases; --", "E'x'", '$1', 'ünïcödé ✓', '', '\\x27'];

describe(`named statements on ${TEST_DB_KIND}`, () => {
  it('answer every text, number, boolean and null parameter as the unnamed statement does, and run nothing a text holds', async () => {
    const query = (value: unknown) => CompiledQuery.raw('SELECT $1::text AS v, length($1::text) AS n', [value]) as CompiledQuery<{ v: string | null; n: number | null }>;
    for (const value of [...TEXTS, null]) {
      const named = await executeNamed(database.db, query(value));
      const unnamed = (await database.db.executeQuery(query(value))).rows;
      expect(named, JSON.stringify(value)).toEqual(unnamed);
      expect(named[0].v).toBe(value);
    }
    const numbers = await executeNamed(database.db, CompiledQuery.raw('SELECT $1::int + 1 AS v, NOT $2::boolean AS b', [41, false]));
    expect(numbers).toEqual([{ v: 42, b: true }]);
    expect(Number((await sql<{ n: number }>`SELECT count(*) AS n FROM cases`.execute(database.db)).rows[0].n)).toBeGreaterThanOrEqual(0);
  });

  it('are prepared once and reused: the embedded database lists the statement among its prepared ones', async () => {
    const text = 'SELECT $1::int * 2 AS doubled';
    for (const n of [1, 2, 3]) expect(await executeNamed(database.db, CompiledQuery.raw(text, [n]))).toEqual([{ doubled: n * 2 }]);
    if (originOf(database.db)?.kind !== 'pglite') return; // PostgreSQL keeps them per pooled connection, out of a test's sight
    const prepared = await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements`.execute(database.db);
    expect(prepared.rows.filter((row) => row.statement.includes(text))).toHaveLength(1);
  });

  it('send a statement that cannot be prepared as usual', async () => {
    expect(await executeNamed(database.db, CompiledQuery.raw('SELECT $1 AS v', ['untyped']))).toEqual([{ v: 'untyped' }]);
  });
});
