import { sql } from 'kysely';
import type { Database } from '../db/database.js';

/** A table of the schema as a backup reads it and a restore fills it. */
export interface SchemaTable {
  name: string;
  /** Its columns, stored ones only (a generated column is computed again). */
  columns: string[];
  /** The other tables its foreign keys point to: they are filled first. */
  parents: string[];
  /** A foreign key to itself (an org's parent, a user's manager): its rows are loaded in one statement. */
  selfReferencing: boolean;
}

/** Tables a backup leaves out, and why (unlogged tables too: they hold nothing a crash would keep either). */
const LEFT_OUT: Record<string, string> = {
  sessions: 'sign-in sessions: everyone signs in again after a restore',
  access_version: "the version of everyone's access, which instances compare with what they keep: the restore's own writes move it",
};

/** The migrator's own tables: the manifest names the last migration, and a restore migrates the schema itself. */
const MIGRATOR_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

/** The schema the connection works in (tests give each run its own; an installation uses `public`). */
export async function currentSchema(db: Database): Promise<string> {
  return (await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db)).rows[0].schema;
}

/**
 * The tables of the current schema a backup holds, in an order a restore can fill them (every table after the tables
 * its foreign keys point to), and those it leaves out with why. Read from the catalogue, so a table a new migration
 * adds is backed up without a word here.
 */
export async function schemaTables(db: Database): Promise<{ tables: SchemaTable[]; leftOut: { table: string; why: string }[] }> {
  const relations = await sql<{ name: string; unlogged: boolean }>`
    SELECT c.relname AS name, c.relpersistence = 'u' AS unlogged
      FROM pg_class c
     WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p') AND NOT c.relispartition
     ORDER BY c.relname`.execute(db);
  const columns = await sql<{ table: string; column: string }>`
    SELECT c.relname AS table, a.attname AS column
      FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
     WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p')
       AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
     ORDER BY c.relname, a.attnum`.execute(db);
  const keys = await sql<{ child: string; parent: string }>`
    SELECT DISTINCT child.relname AS child, parent.relname AS parent
      FROM pg_constraint k JOIN pg_class child ON child.oid = k.conrelid JOIN pg_class parent ON parent.oid = k.confrelid
     WHERE k.contype = 'f' AND child.relnamespace = current_schema()::regnamespace`.execute(db);

  const leftOut: { table: string; why: string }[] = [];
  const kept = new Set<string>();
  for (const { name, unlogged } of relations.rows.filter((r) => !MIGRATOR_TABLES.has(r.name))) {
    const why = LEFT_OUT[name] ?? (unlogged ? 'counters of an unlogged table (rate limits), which a crash does not keep either' : undefined);
    if (why) leftOut.push({ table: name, why });
    else kept.add(name);
  }
  const tables = [...kept].map((name) => ({
    name,
    columns: columns.rows.filter((c) => c.table === name).map((c) => c.column),
    parents: keys.rows.filter((k) => k.child === name && k.parent !== name && kept.has(k.parent)).map((k) => k.parent),
    selfReferencing: keys.rows.some((k) => k.child === name && k.parent === name),
  }));
  return { tables: loadOrder(tables), leftOut };
}

/** Every table after its parents (Kahn's order, by name among equals); a cycle of foreign keys is refused. */
function loadOrder(tables: SchemaTable[]): SchemaTable[] {
  const ordered: SchemaTable[] = [];
  const placed = new Set<string>();
  let waiting = tables;
  while (waiting.length) {
    const ready = waiting.filter((t) => t.parents.every((p) => placed.has(p)));
    if (!ready.length) throw new Error(`The tables ${waiting.map((t) => t.name).join(', ')} point at each other: no order fills them.`);
    for (const table of ready) {
      ordered.push(table);
      placed.add(table.name);
    }
    waiting = waiting.filter((t) => !placed.has(t.name));
  }
  return ordered;
}

/** The sequences of the current schema (identity columns' among them). */
export async function schemaSequences(db: Database): Promise<string[]> {
  const rows = await sql<{ name: string }>`
    SELECT relname AS name FROM pg_class WHERE relnamespace = current_schema()::regnamespace AND relkind = 'S' ORDER BY relname`.execute(db);
  return rows.rows.map((r) => r.name);
}

/** The last migration applied to the current schema; undefined when it has none (no Dossier database there). */
export async function lastMigration(db: Database): Promise<string | undefined> {
  const present = await sql<{ present: boolean }>`SELECT to_regclass(format('%I.%I', current_schema(), 'kysely_migration')) IS NOT NULL AS present`.execute(db);
  if (!present.rows[0].present) return undefined;
  const last = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name DESC LIMIT 1`.execute(db);
  return last.rows[0]?.name;
}
