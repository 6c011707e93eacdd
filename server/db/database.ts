import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { mkdirSync } from 'node:fs';
import { ConnectionUse, PGliteDialect } from './pgliteDialect.js';
import { migrationProvider } from './migrations/index.js';
import type { DB } from './schema.js';
import { schemaIntrospector } from './schemaIntrospector.js';
import { REWRITE_AFTER_SEALING } from './migrations/020_sealed_ssn.js';
import type { SsnVault } from '../security/ssnVault.js';

export type Database = Kysely<DB>;

/**
 * What a database was opened on, for what Kysely cannot do: hold a session that LISTENs for notifications
 * (server/live/notifications.ts), and say how its connections are used (server/ops/metrics.ts).
 */
export type DatabaseOrigin = { kind: 'postgres'; pool: pg.Pool } | { kind: 'pglite'; pglite: PGlite; use: ConnectionUse };
const origins = new WeakMap<Database, DatabaseOrigin>();
export const originOf = (db: Database): DatabaseOrigin | undefined => origins.get(db);

export interface DatabaseOptions {
  /** postgres://… to use a PostgreSQL server; otherwise the embedded PGlite. */
  url?: string;
  /** PGlite data folder; omitted means in memory. */
  dataDir?: string;
  /** PostgreSQL schema to work in (tests give each run its own). */
  schema?: string;
}

const OID = { INT8: 20, NUMERIC: 1700, DATE: 1082 } as const;
const parseNumber = (value: string) => Number(value);
const keepText = (value: string) => value;

/** Opens the database (PostgreSQL when a URL is given, else PGlite) with the same type parsing on both. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const parsers: Record<number, (value: string) => unknown> = {
      [OID.INT8]: parseNumber,
      [OID.NUMERIC]: parseNumber,
      [OID.DATE]: keepText,
    };
    const pool = new pg.Pool({
      connectionString: options.url,
      max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
      // An API answers many small queries at once: a parallel plan's workers take the CPU other requests need
      // (docs/performance.md), so the API's connections plan without them.
      options: [options.schema ? `-c search_path=${options.schema},public` : '', '-c max_parallel_workers_per_gather=0'].filter(Boolean).join(' '),
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          parsers[oid] ?? pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    if (options.schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS "${options.schema}"`);
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    origins.set(db, { kind: 'postgres', pool });
    return db;
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  return embeddedDatabase(await createPGlite({ dataDir: options.dataDir }));
}

/**
 * The embedded database's buffer cache (PostgreSQL's shared_buffers) unless DOSSIER_DB_SHARED_BUFFERS says otherwise.
 * PGlite keeps it in its WebAssembly memory, which is all resident from the start and never given back: its own
 * default, 128 MB, was a quarter of the embedded server's memory (docs/performance.md, "Embedded server memory").
 * What falls out of it is read again from the operating system's file cache.
 */
export const EMBEDDED_SHARED_BUFFERS = '32MB';

/** PostgreSQL's settings for the embedded database, after PGlite's own start parameters. */
export function embeddedStartParams(env: NodeJS.ProcessEnv = process.env): string[] {
  const sharedBuffers = env.DOSSIER_DB_SHARED_BUFFERS?.trim() || EMBEDDED_SHARED_BUFFERS;
  if (!/^\d+(kB|MB|GB)$/.test(sharedBuffers)) throw new Error(`DOSSIER_DB_SHARED_BUFFERS must be a size such as 32MB, not "${sharedBuffers}"`);
  return [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`];
}

/** An embedded PostgreSQL (PGlite) with our extension and type parsing; `loadDataDir` starts from a dump. */
export function createPGlite(options: { dataDir?: string; loadDataDir?: Blob }): Promise<PGlite> {
  return PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm },
    parsers: { [OID.INT8]: parseNumber, [OID.NUMERIC]: parseNumber, [OID.DATE]: keepText },
    startParams: embeddedStartParams(),
  });
}

export function embeddedDatabase(pglite: PGlite): Database {
  const use = new ConnectionUse();
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite, use) });
  origins.set(db, { kind: 'pglite', pglite, use });
  return db;
}

/**
 * Brings the schema to the latest migration. The trigram extension lives in `public`, shared by all schemas. The
 * vault seals what a migration finds stored in plain (an older database's SSNs); tables whose old pages held such
 * values are rewritten once afterwards, outside the migrations' transaction. `to` stops at that migration (a restore
 * loads a backup into the schema it was made with, then brings it to the latest).
 */
export async function migrate(db: Database, vault?: SsnVault, { to }: { to?: string } = {}): Promise<void> {
  try {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`.execute(db);
  } catch (error) {
    // Two runs creating the extension at the same moment: one wins, the other sees it exist.
    const exists = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_extension WHERE extname = 'pg_trgm'`.execute(db);
    if (exists.rows[0]?.n !== 1) throw error;
  }
  // Kysely looks for its migration tables in every schema unless told which one; with several schemas in one
  // database (parallel test runs) it would find another run's tables. Keep them in the schema we migrate.
  const current = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db);
  const schema = current.rows[0].schema;
  const migrator = new Migrator({ db: seenFromSchema(db, schema), provider: migrationProvider(vault), migrationTableSchema: schema });
  const { error, results } = await (to ? migrator.migrateTo(to) : migrator.migrateToLatest());
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
  if (results?.some((r) => r.migrationName === SEALING_MIGRATION && r.status === 'Success')) await scrubPlainValues(db);
}

/**
 * After the stored SSNs were sealed: the tables that held them in plain are rewritten (their old pages go), and the
 * write-ahead log that saw the plain values is moved past and its old segment removed rather than kept for reuse.
 * The embedded database allows all of it; a PostgreSQL role without the rights (CHECKPOINT, pg_switch_wal) skips the
 * log part, and docs/trust.md says what an operator does then (a new base backup; old WAL archives and backups go).
 */
async function scrubPlainValues(db: Database): Promise<void> {
  for (const table of REWRITE_AFTER_SEALING) await sql.raw(`VACUUM FULL ${table}`).execute(db);
  try {
    await sql`SET wal_recycle = off`.execute(db);
    await sql`SELECT pg_switch_wal()`.execute(db);
    await sql`CHECKPOINT`.execute(db);
  } catch (error) {
    console.warn(`The write-ahead log could not be moved past the plain SSNs (${String(error)}); see docs/trust.md, "SSNs at rest".`);
  }
}

const SEALING_MIGRATION = '020_sealed_ssn';

/** The database with the same connections, whose questions about schemas and tables are answered for `schema` alone. */
function seenFromSchema(db: Database, schema: string): Database {
  const introspection = schemaIntrospector(db as unknown as Kysely<unknown>, schema);
  return new Proxy(db, {
    get(target, property) {
      if (property === 'introspection') return introspection;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
