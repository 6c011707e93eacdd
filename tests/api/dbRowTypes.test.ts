import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import ts from 'typescript';
import { sql } from 'kysely';
import { ROOT_DIR } from '../../server/packageRoot.js';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase.js';

/**
 * The row types the server's queries are typed by (the `DB` of server/db/schema.ts, composed from the area modules in
 * server/db/schema/, written by hand beside the migrations) say what the migrated database holds: the same tables, the same columns, null where a column takes null, and a
 * TypeScript type of the kind the drivers answer for the column's SQL type.
 */

/** What a column reads as in TypeScript, by its SQL type (server/db/database.ts sets the parsers). */
const KIND_OF_SQL: Record<string, Kind> = {
  integer: 'number',
  smallint: 'number',
  bigint: 'number',
  numeric: 'number',
  'double precision': 'number',
  real: 'number',
  text: 'string',
  'character varying': 'string',
  character: 'string',
  uuid: 'string',
  inet: 'string',
  citext: 'string',
  date: 'string',
  boolean: 'boolean',
  'timestamp with time zone': 'Date',
  'timestamp without time zone': 'Date',
  json: 'json',
  jsonb: 'json',
  bytea: 'bytes',
  'USER-DEFINED': 'string',
  ARRAY: 'array',
};

type Kind = 'number' | 'string' | 'boolean' | 'Date' | 'json' | 'bytes' | 'array';

interface DeclaredColumn {
  kinds: Set<string>;
  nullable: boolean;
}

/**
 * The select type of every column of every table of the `DB` interface, read with the TypeScript checker from
 * server/db/schema.ts and the area modules it composes `DB` from (the program follows its imports).
 */
function declaredTables(): Map<string, Map<string, DeclaredColumn>> {
  const file = path.join(ROOT_DIR, 'server/db/schema.ts');
  const program = ts.createProgram([file], { strict: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, skipLibCheck: true, noEmit: true, resolveJsonModule: true });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file)!;
  const db = checker.getExportsOfModule(checker.getSymbolAtLocation(source)!).find((s) => s.name === 'DB')!;
  const tables = new Map<string, Map<string, DeclaredColumn>>();
  for (const table of checker.getDeclaredTypeOfSymbol(db).getProperties()) {
    const columns = new Map<string, DeclaredColumn>();
    for (const column of checker.getTypeOfSymbol(table).getProperties()) {
      let type = checker.getTypeOfSymbol(column);
      // Kysely's ColumnType<Select, Insert, Update> (and Generated<T>) carry the read type as `__select__`.
      const select = type.getProperty('__select__');
      if (select) type = checker.getTypeOfSymbol(select);
      const parts = type.isUnion() ? type.types : [type];
      const kinds = new Set<string>();
      let nullable = false;
      for (const part of parts) {
        if (part.flags & ts.TypeFlags.Null) nullable = true;
        else if (part.flags & (ts.TypeFlags.NumberLike)) kinds.add('number');
        else if (part.flags & ts.TypeFlags.StringLike) kinds.add('string');
        else if (part.flags & ts.TypeFlags.BooleanLike) kinds.add('boolean');
        else if (part.flags & (ts.TypeFlags.Unknown | ts.TypeFlags.Any)) kinds.add('json');
        else if (checker.isArrayType(part)) kinds.add('array');
        else {
          const name = checker.typeToString(part);
          kinds.add(name === 'Date' ? 'Date' : name === 'Buffer' || name.startsWith('Uint8Array') ? 'bytes' : 'json');
        }
      }
      columns.set(column.name, { kinds, nullable });
    }
    tables.set(table.name, columns);
  }
  return tables;
}

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

describe('the row types of server/db/schema.ts and server/db/schema/', () => {
  it('name the tables and columns of the migrated database, with their nulls and types', { timeout: 60_000 }, async () => {
    const actual = await sql<{ table_name: string; column_name: string; is_nullable: 'YES' | 'NO'; data_type: string }>`
      SELECT table_name, column_name, is_nullable, data_type FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name NOT LIKE 'kysely_%'
      ORDER BY table_name, ordinal_position`.execute(database.db);
    const inDatabase = new Map<string, Map<string, { nullable: boolean; kind: Kind | undefined; sqlType: string }>>();
    for (const row of actual.rows) {
      const columns = inDatabase.get(row.table_name) ?? new Map();
      columns.set(row.column_name, { nullable: row.is_nullable === 'YES', kind: KIND_OF_SQL[row.data_type], sqlType: row.data_type });
      inDatabase.set(row.table_name, columns);
    }
    const declared = declaredTables();

    expect([...declared.keys()].sort()).toEqual([...inDatabase.keys()].sort());
    const wrong: string[] = [];
    for (const [table, columns] of inDatabase) {
      const typed = declared.get(table);
      if (!typed) continue;
      for (const name of typed.keys()) if (!columns.has(name)) wrong.push(`${table}.${name}: typed but not in the database`);
      for (const [name, column] of columns) {
        const type = typed.get(name);
        if (!type) {
          wrong.push(`${table}.${name}: in the database but not typed`);
          continue;
        }
        if (type.nullable !== column.nullable) wrong.push(`${table}.${name}: ${column.nullable ? 'takes null, typed without it' : 'NOT NULL, typed with null'}`);
        if (!column.kind) wrong.push(`${table}.${name}: SQL type ${column.sqlType} has no TypeScript kind here`);
        else if (column.kind !== 'json' && !(type.kinds.size === 1 && type.kinds.has(column.kind))) {
          wrong.push(`${table}.${name}: ${column.sqlType} reads as ${column.kind}, typed as ${[...type.kinds].join(' | ')}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(inDatabase.size).toBeGreaterThan(50);
  });
});
