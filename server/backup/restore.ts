import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { Config } from '../config.js';
import { migrate, openDatabase, type Database } from '../db/database.js';
import { migrationProvider } from '../db/migrations/index.js';
import type { FileStorage } from '../files/storage.js';
import { fileStorageFor } from '../files/fileStorageFor.js';
import { STORAGE_KEY_HOLDERS } from '../files/strayFiles.js';
import { TokenSeal } from '../billing/qbo/tokenSeal.js';
import { keyFiles, type Keyring } from '../security/keyring.js';
import { SsnVault } from '../security/ssnVault.js';
import { FILE_INDEX, fileCopy, readCopy, readLines, readManifest, tableFile, type BackupManifest, type FileEntry } from './backupFormat.js';
import { backupKeyFrom } from './backupSeal.js';
import { installKeys, installedKeys, readBackupKeys } from './backupKeys.js';
import { holdDataDir } from './dataDirLock.js';
import { currentSchema, schemaTables, type SchemaTable } from './schemaTables.js';

/** Rows inserted per statement while a table is loaded. */
const INSERT_ROWS = 1000;
/** Files checked or copied at once. */
const FILES_AT_ONCE = 8;

export interface RestoreOptions {
  /** The backup's folder. */
  from: string;
  /** Where to: the installation as `npm start` would run it (DATABASE_URL or the embedded database, DOSSIER_DATA_DIR, its keys, QBO_*). */
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'filesUrl' | 'secretKey' | 'previousSecretKeys' | 'qbo'>;
  /** A key file (`backup --key-to`, or an embedded database's secret.key). */
  keyFrom?: string;
  /** Restore over an installation that holds data: its database is moved aside (embedded) or its tables dropped (PostgreSQL). */
  force?: boolean;
}

export interface RestoreSummary {
  from: string;
  manifest: BackupManifest;
  /** Where it went, in words. */
  target: string;
  rows: number;
  ssns: number;
  /** Where the keys that open them came from, and where they were written (the embedded database's key files). */
  keysFrom?: string;
  keysInstalled: string[];
  /** PostgreSQL without DOSSIER_SECRET_KEY here: the instances must be given the key file's keys. */
  instancesNeedKeys: boolean;
  /** What `--force` moved aside or dropped. */
  replaced: string[];
  quickBooks: 'none' | 'opens' | 'does not open' | 'not configured';
  /** The latest migration, when newer than the backup's. */
  migratedTo?: string;
}

/** Who holds each storage key the backup's rows name. */
type Holders = Map<string, { table: string; id: number }>;

/**
 * Restores a backup into an empty installation (docs/operations.md, "Backups"). Everything is checked before anything
 * is written: the manifest, every table file's rows and SHA-256, every file the rows name (there, with its size and
 * SHA-256), and that the keys given open every sealed SSN. Then the files are stored under their keys, the schema is
 * made as the backup's migration left it, the rows are loaded in one transaction (their counts checked), the
 * sequences set, and the newer migrations run.
 */
export async function restore(options: RestoreOptions): Promise<RestoreSummary> {
  const from = path.resolve(options.from);
  const manifest = await readManifest(from);
  const migrations = Object.keys(await migrationProvider(undefined).getMigrations()).sort();
  if (!migrations.includes(manifest.migration)) {
    throw new Error(`The backup was made by a newer Dossier (its schema is at migration ${manifest.migration}, which this one does not know). Restore it with that version or a later one.`);
  }
  const keys = await keysFor(options);
  const key = manifest.encryption ? backupKeyFrom(manifest.encryption, keys?.keyring, keys?.from) : undefined;
  const checked = await checkBackup(from, manifest, keys?.keyring, keys?.from, key);
  const quickBooks = checkQuickBooks(checked.quickBooksToken, options.config.qbo);

  const target = await openTarget(options);
  try {
    await storeFiles(from, target.storage, checked.holders, key);
    const vault = keys ? new SsnVault(keys.keyring) : undefined;
    await migrate(target.db, vault, { to: manifest.migration });
    await loadRows(target.db, from, manifest, key);
    const latest = migrations[migrations.length - 1];
    if (latest !== manifest.migration) await migrate(target.db, vault);
    const keysInstalled = !options.config.databaseUrl && keys?.install ? await installKeys(options.config.dataDir, keys.keyring) : [];
    return {
      from,
      manifest,
      target: target.description,
      rows: manifest.tables.reduce((sum, t) => sum + t.rows, 0),
      ssns: checked.ssns,
      keysFrom: keys?.from,
      keysInstalled,
      instancesNeedKeys: Boolean(options.config.databaseUrl && !options.config.secretKey && checked.ssns),
      replaced: target.replaced,
      quickBooks,
      migratedTo: latest !== manifest.migration ? latest : undefined,
    };
  } finally {
    await target.close();
  }
}

/**
 * The keys the restored Dossier will open SSNs with: DOSSIER_SECRET_KEY when set (Dossier starts with it), else the
 * key file given (installed into the embedded data directory), else the embedded data directory's own key files.
 */
async function keysFor(options: RestoreOptions): Promise<{ keyring: Keyring; from: string; install: boolean } | undefined> {
  const { config } = options;
  if (config.secretKey) return { keyring: (await installedKeys(config))!, from: 'DOSSIER_SECRET_KEY', install: false };
  if (options.keyFrom) return { keyring: await readBackupKeys(options.keyFrom), from: path.resolve(options.keyFrom), install: true };
  const own = await installedKeys(config);
  return own ? { keyring: own, from: keyFiles(config.dataDir).current, install: false } : undefined;
}

interface Checked {
  holders: Holders;
  ssns: number;
  /** One sealed QuickBooks token of the backup, if it has any. */
  quickBooksToken?: string;
}

/** Checks the whole backup against its manifest, and that the keys open its SSNs; nothing is written. */
async function checkBackup(from: string, manifest: BackupManifest, keyring: Keyring | undefined, keysFrom: string | undefined, key: Buffer | undefined): Promise<Checked> {
  const needed = manifest.ssnKeys.filter((k) => k.ssns > 0);
  const absent = needed.filter((k) => !keyring?.byId(k.id));
  if (absent.length) {
    const given = keyring ? `the key(s) given (${keysFrom}) are ${keyring.all.map((k) => k.id).join(', ')}` : 'no key was given';
    throw new Error(
      `The backup's SSNs are sealed under key ${absent.map((k) => `${k.id} (${k.ssns} SSNs)`).join(', ')}, and ${given}. ` +
        'Give the key file the backup wrote (--key-from FILE) or set DOSSIER_SECRET_KEY to that key. Nothing was restored.',
    );
  }
  const vault = keyring ? new SsnVault(keyring) : undefined;
  const holders: Holders = new Map();
  const holderTables = new Set<string>(STORAGE_KEY_HOLDERS.map((h) => h.table));
  let ssns = 0;
  let quickBooksToken: string | undefined;
  for (const table of manifest.tables) {
    for await (const lines of readLines(tableFile(from, table.name), { sha256: table.sha256, lines: table.rows }, undefined, key)) {
      if (holderTables.has(table.name)) {
        for (const line of lines) {
          const row = JSON.parse(line) as { Id: number; StorageKey: string | null };
          if (row.StorageKey) holders.set(row.StorageKey, { table: table.name, id: row.Id });
        }
      } else if (table.name === 'case_subjects') {
        for (const line of lines) {
          const row = JSON.parse(line) as { Id: number; SSNCipher: string | null; SSNKeyId: string | null };
          if (row.SSNCipher === null) continue;
          if (!vault) throw new Error(`Case subject ${row.Id} has a sealed SSN the manifest does not count: the backup was altered. Nothing was restored.`);
          try {
            vault.open(row);
          } catch {
            throw new Error(`The SSN of case subject ${row.Id} does not open under key ${row.SSNKeyId} (${keysFrom}): the key given is not the one it was sealed with, or the backup was altered. Nothing was restored.`);
          }
          ssns += 1;
        }
      } else if (table.name === 'qbo_connections') {
        for (const line of lines) {
          const row = JSON.parse(line) as { AccessToken: string | null; RefreshToken: string | null };
          quickBooksToken ??= row.RefreshToken ?? row.AccessToken ?? undefined;
        }
      }
    }
  }
  await checkFiles(from, manifest, holders, key);
  return { holders, ssns, quickBooksToken };
}

/** Every file a row names is in the backup, whole: its size and SHA-256 as the index recorded them. */
async function checkFiles(from: string, manifest: BackupManifest, holders: Holders, sealKey: Buffer | undefined): Promise<void> {
  const index = new Map<string, FileEntry>();
  for await (const lines of readLines(path.join(from, FILE_INDEX), { sha256: manifest.files.sha256, lines: manifest.files.count }, undefined, sealKey)) {
    for (const line of lines) {
      const entry = JSON.parse(line) as FileEntry;
      index.set(entry.key, entry);
    }
  }
  const problems: string[] = [];
  const todo = [...holders.keys()];
  const worker = async () => {
    for (let key = todo.pop(); key !== undefined; key = todo.pop()) {
      const holder = holders.get(key)!;
      const entry = index.get(key);
      const found = entry ? await digest(fileCopy(from, key), sealKey) : null;
      if (!entry) problems.push(`  ${holder.table} row ${holder.id}: ${key} is not in the backup's file index`);
      else if (!found) problems.push(`  ${holder.table} row ${holder.id}: ${key} is missing from ${path.join(from, 'files')}`);
      else if (found.bytes !== entry.bytes || found.sha256 !== entry.sha256) problems.push(`  ${holder.table} row ${holder.id}: ${key} is not the file the backup copied (its size or SHA-256 differs)`);
    }
  };
  await Promise.all(Array.from({ length: FILES_AT_ONCE }, worker));
  if (problems.length) {
    throw new Error(`The backup is incomplete: ${problems.length} file(s) its rows name are missing or damaged, so nothing was restored:\n${problems.sort().join('\n')}`);
  }
}

/** The size and SHA-256 of a file's plain bytes (opened with the backup's key, when sealed); null when it is missing. */
async function digest(file: string, key: Buffer | undefined): Promise<{ bytes: number; sha256: string } | null> {
  const hash = createHash('sha256');
  let bytes = 0;
  try {
    for await (const chunk of readCopy(file, key) as AsyncIterable<Buffer>) {
      hash.update(chunk);
      bytes += chunk.length;
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  return { bytes, sha256: hash.digest('hex') };
}

/** Whether this installation's QuickBooks setting opens the backup's tokens (else QuickBooks is connected again). */
function checkQuickBooks(token: string | undefined, qbo: RestoreOptions['config']['qbo']): RestoreSummary['quickBooks'] {
  if (!token) return 'none';
  if (!qbo) return 'not configured';
  return new TokenSeal(qbo.tokenKey).open(token) === null ? 'does not open' : 'opens';
}

interface Target {
  db: Database;
  storage: FileStorage;
  description: string;
  replaced: string[];
  close(): Promise<void>;
}

/**
 * Opens the installation to restore into, and makes sure it is empty. The embedded one is taken (no server may run on
 * it) and must have no database yet; with `force`, its database, files and keys are moved aside, never deleted. On
 * PostgreSQL the schema must hold no table; with `force`, Dossier's tables, sequences and functions are dropped (never
 * an extension's).
 */
async function openTarget(options: RestoreOptions): Promise<Target> {
  const { config, force } = options;
  // The installation's store: its bucket (FILES_URL) or its data directory's files/.
  const storage = fileStorageFor(config);
  if (config.databaseUrl) {
    const db = await openDatabase({ url: config.databaseUrl });
    try {
      const schema = await currentSchema(db);
      const existing = await schemaObjects(db);
      const tables = existing.filter((o) => o.kind === 'table');
      if (existing.length && !force) {
        const named = (tables.length ? tables : existing).slice(0, 4).map((t) => t.name).join(', ');
        throw new Error(`The PostgreSQL database is not empty: schema ${schema} has ${tables.length} table(s) and ${existing.length - tables.length} other object(s) (${named}…). Restore into an empty database, or add --force to drop them first. Nothing was restored.`);
      }
      for (const object of existing) await sql.raw(`DROP ${object.drop} IF EXISTS ${object.name} CASCADE`).execute(db);
      const target = `the PostgreSQL database ${new URL(config.databaseUrl).pathname.slice(1)} (schema ${schema}), files in ${path.join(config.dataDir, 'files')}`;
      const replaced = existing.length ? [`dropped ${tables.length} tables and ${existing.length - tables.length} other objects of schema ${schema}`] : [];
      return { db, storage, description: target, replaced, close: () => db.destroy() };
    } catch (error) {
      await db.destroy();
      throw error;
    }
  }
  const hold = await holdDataDir(config.dataDir);
  try {
    const replaced: string[] = [];
    const dbDir = path.join(config.dataDir, 'db');
    const occupied = (await readdir(dbDir).catch(() => [])).length > 0;
    if (occupied && !force) {
      throw new Error(`${config.dataDir} already holds a Dossier database (db/): restore into an empty data directory (DOSSIER_DATA_DIR), or add --force to move its db/, files/ and keys aside first. Nothing was restored.`);
    }
    if (occupied) {
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const { current, previous } = keyFiles(config.dataDir);
      for (const place of [dbDir, path.join(config.dataDir, 'files'), ...(options.keyFrom ? [current, previous] : [])]) {
        if (!existsSync(place)) continue;
        await rename(place, `${place}.before-restore-${stamp}`);
        replaced.push(`${place} moved to ${place}.before-restore-${stamp}`);
      }
    }
    const db = await openDatabase({ dataDir: dbDir });
    const close = async () => {
      await db.destroy();
      await hold.release();
    };
    return { db, storage, description: `the embedded database in ${config.dataDir}`, replaced, close };
  } catch (error) {
    await hold.release();
    throw error;
  }
}

/** What a schema holds that a forced restore drops: tables (their triggers and sequences go with them), loose sequences, functions. */
async function schemaObjects(db: Database): Promise<{ kind: 'table' | 'other'; name: string; drop: string }[]> {
  const notAnExtension = sql`NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = o.oid AND d.deptype = 'e')`;
  const relations = await sql<{ name: string; kind: string }>`
    SELECT format('%I.%I', current_schema(), o.relname) AS name, o.relkind AS kind FROM pg_class o
     WHERE o.relnamespace = current_schema()::regnamespace AND o.relkind IN ('r', 'p', 'v', 'm', 'S') AND ${notAnExtension}`.execute(db);
  const functions = await sql<{ name: string }>`
    SELECT o.oid::regprocedure::text AS name FROM pg_proc o WHERE o.pronamespace = current_schema()::regnamespace AND ${notAnExtension}`.execute(db);
  const drop: Record<string, string> = { r: 'TABLE', p: 'TABLE', v: 'VIEW', m: 'MATERIALIZED VIEW', S: 'SEQUENCE' };
  return [
    ...relations.rows.filter((r) => r.kind !== 'S').map((r) => ({ kind: r.kind === 'v' || r.kind === 'm' ? ('other' as const) : ('table' as const), name: r.name, drop: drop[r.kind] })),
    ...relations.rows.filter((r) => r.kind === 'S').map((r) => ({ kind: 'other' as const, name: r.name, drop: 'SEQUENCE' })),
    ...functions.rows.map((f) => ({ kind: 'other' as const, name: f.name, drop: 'FUNCTION' })),
  ];
}

/** Stores every file the rows name under its key (checked already). */
async function storeFiles(from: string, storage: FileStorage, holders: Holders, sealKey: Buffer | undefined): Promise<void> {
  const todo = [...holders.keys()];
  const worker = async () => {
    for (let key = todo.pop(); key !== undefined; key = todo.pop()) await storage.putAt(key, readCopy(fileCopy(from, key), sealKey));
  };
  await Promise.all(Array.from({ length: FILES_AT_ONCE }, worker));
}

/**
 * Loads every table's rows in one transaction (in place of any a migration wrote), parents before children, each batch one statement that reads the rows'
 * JSON back with `json_populate_recordset`; a table with a foreign key to itself goes through a staging table, so its
 * rows land in one statement and a row may come before the one it points at. Then the sequences are set and every
 * table's count is checked against the manifest.
 */
async function loadRows(db: Database, from: string, manifest: BackupManifest, key: Buffer | undefined): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const schema = await currentSchema(trx);
    const { tables } = await schemaTables(trx);
    const byName = new Map(tables.map((t) => [t.name, t]));
    const unknown = manifest.tables.filter((t) => !byName.has(t.name)).map((t) => t.name);
    if (unknown.length) throw new Error(`The backup has tables the schema at migration ${manifest.migration} does not: ${unknown.join(', ')}.`);
    // What the migrations wrote themselves (the default security settings) gives way to the backup's rows.
    for (const table of [...tables].reverse()) if (manifest.tables.some((t) => t.name === table.name)) await sql`DELETE FROM ${sql.id(schema, table.name)}`.execute(trx);
    for (const table of tables) {
      const entry = manifest.tables.find((t) => t.name === table.name);
      if (!entry?.rows) continue;
      const into = table.selfReferencing ? sql.id('dossier_restore_stage') : sql.id(schema, table.name);
      if (table.selfReferencing) await sql`CREATE TEMP TABLE dossier_restore_stage (LIKE ${sql.id(schema, table.name)})`.execute(trx);
      for await (const lines of readLines(tableFile(from, table.name), { sha256: entry.sha256, lines: entry.rows }, INSERT_ROWS, key)) {
        await insertRows(trx, schema, table, into, `[${lines.join(',')}]`);
      }
      if (table.selfReferencing) {
        const columns = sql.join(table.columns.map((c) => sql.id(c)));
        await sql`INSERT INTO ${sql.id(schema, table.name)} (${columns}) OVERRIDING SYSTEM VALUE SELECT ${columns} FROM dossier_restore_stage`.execute(trx);
        await sql`DROP TABLE dossier_restore_stage`.execute(trx);
      }
    }
    for (const { name, value, called } of manifest.sequences) {
      await sql`SELECT setval(to_regclass(format('%I.%I', ${schema}::text, ${name}::text)), ${value}::bigint, ${called}::boolean)`.execute(trx);
    }
    for (const entry of manifest.tables) {
      const { rows } = await sql<{ n: number }>`SELECT count(*)::bigint AS n FROM ${sql.id(schema, entry.name)}`.execute(trx);
      if (Number(rows[0].n) !== entry.rows) throw new Error(`${entry.name}: ${rows[0].n} rows restored, the backup has ${entry.rows}. Nothing was restored.`);
    }
  });
}

async function insertRows(db: Database, schema: string, table: SchemaTable, into: ReturnType<typeof sql.id>, json: string): Promise<void> {
  const columns = sql.join(table.columns.map((c) => sql.id(c)));
  await sql`INSERT INTO ${into} (${columns}) OVERRIDING SYSTEM VALUE
            SELECT ${columns} FROM json_populate_recordset(NULL::${sql.id(schema, table.name)}, ${json}::json)`.execute(db);
}

const number = (n: number) => n.toLocaleString('en-US');

/** What a restore did, for the operator: the summary `npm run restore` prints. */
export function describeRestore(summary: RestoreSummary): string[] {
  const { manifest } = summary;
  const lines = [
    `Restored ${summary.from} (made ${manifest.madeAt} from the ${manifest.database === 'embedded' ? 'embedded database' : 'PostgreSQL database'}) into ${summary.target}.`,
    ...summary.replaced.map((line) => `  Replaced (--force): ${line}.`),
    `  Database: ${manifest.tables.length} tables, ${number(summary.rows)} rows, each table's count checked${summary.migratedTo ? `; migrated from ${manifest.migration} to ${summary.migratedTo}` : ''}.`,
    `  Files: ${number(manifest.files.count)} files, each checked against its SHA-256 before it was stored.`,
    summary.ssns ? `  SSNs: ${number(summary.ssns)}, every one opened with the keys from ${summary.keysFrom}.` : '  SSNs: none.',
  ];
  if (summary.keysInstalled.length) lines.push(`  Keys: written to ${summary.keysInstalled.join(' and ')} (owner-only), where Dossier reads them at start.`);
  if (summary.instancesNeedKeys) lines.push(`  Keys: give every instance DOSSIER_SECRET_KEY and DOSSIER_PREVIOUS_SECRET_KEYS from ${summary.keysFrom} before it starts.`);
  if (summary.quickBooks === 'does not open') lines.push('  QuickBooks: the backup\'s tokens do not open with this QBO_TOKEN_KEY (or client secret): set the one of the backup, or connect QuickBooks again.');
  if (summary.quickBooks === 'not configured') lines.push('  QuickBooks: the backup holds a connection; set QBO_CLIENT_ID, QBO_CLIENT_SECRET (and QBO_TOKEN_KEY) as they were, or connect QuickBooks again.');
  lines.push(`  Not in the backup: ${manifest.leftOut.map((t) => t.table).join(', ')}; everyone signs in again. Start Dossier with npm start.`);
  return lines;
}
