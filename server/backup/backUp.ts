import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.js';
import type { FileStorage } from '../files/storage.js';
import { STORAGE_KEY_HOLDERS } from '../files/strayFiles.js';
import type { Keyring } from '../security/keyring.js';
import { ssnsByKey } from '../security/keyRotation.js';
import { BACKUP_FORMAT, BACKUP_VERSION, FILE_INDEX, LineWriter, MANIFEST_FILE, fileCopy, tableFile, type BackupManifest, type FileEntry } from './backupFormat.js';
import { isInside, writeBackupKeys } from './backupKeys.js';
import { newBackupEncryption, sealing, type BackupEncryption } from './backupSeal.js';
import type { RequestHandler } from './dataDirLock.js';
import { currentSchema, lastMigration, schemaSequences, schemaTables } from './schemaTables.js';

/** Rows fetched from the database at a time while a table is written out. */
const FETCH_ROWS = 2000;
/** Files copied at once. */
const COPIES_AT_ONCE = 8;
/** Snapshots taken before giving up when files keep going missing (each one a file deleted during the backup). */
const ATTEMPTS = 3;

export interface BackupRequest {
  /** The backup's folder: made, or empty. */
  to: string;
  /** Where to write the keys the sealed values need (never inside the backup). */
  keyTo?: string;
}

export type BackupEvent =
  | { kind: 'snapshot'; attempt: number; tables: number; rows: number; files: number; ms: number }
  | { kind: 'retry'; missing: number };

export interface BackupOptions extends BackupRequest {
  db: Database;
  storage: FileStorage;
  database: BackupManifest['database'];
  /** This installation's keys, when it has them here: written to `keyTo`, and checked against the ids the SSNs name. */
  keyring?: Keyring;
  /** Told of each step; awaited, so the step after waits for it. */
  progress?: (event: BackupEvent) => void | Promise<void>;
}

export interface BackupSummary {
  dir: string;
  manifest: BackupManifest;
  rows: number;
  keysWrittenTo?: string;
  /** Key ids SSNs of the backup are sealed under that the keys given here do not include (none when none were given). */
  unknownKeys: string[];
}

/** Who holds each storage key the snapshot's rows name. */
type Holders = Map<string, { table: string; id: number }>;

/** The request `npm run backup` sends a running server, checked (server/backup/dataDirLock.ts). */
export function backupRequest(message: unknown): BackupRequest {
  const body = (message as { backup?: { to?: unknown; keyTo?: unknown } } | null)?.backup;
  if (!body || typeof body.to !== 'string' || !path.isAbsolute(body.to) || (body.keyTo !== undefined && (typeof body.keyTo !== 'string' || !path.isAbsolute(body.keyTo)))) {
    throw new Error('Not a backup request: { "backup": { "to": absolute path, "keyTo"?: absolute path } }.');
  }
  return { to: body.to, keyTo: body.keyTo as string | undefined };
}

/**
 * What a running embedded server answers `npm run backup` with (server/backup/dataDirLock.ts): the backup written by
 * this process, the only one that can read its database; the server log notes it.
 */
export function servedBackups(options: Omit<BackupOptions, keyof BackupRequest | 'progress' | 'database'> & { log: FastifyBaseLogger }): RequestHandler {
  return async (request, send) => {
    const summary = await backUp({ ...backupRequest(request), ...options, database: 'embedded', progress: send });
    options.log.info({ backup: summary.dir, rows: summary.rows, files: summary.manifest.files.count, pauseMs: summary.manifest.snapshot.ms }, 'Backup written');
    return summary;
  };
}

/**
 * Writes a backup of the database and of the files its rows name (docs/operations.md, "Backups"). The database is
 * read in one snapshot (a read-only REPEATABLE READ transaction: on PostgreSQL the server keeps serving; the embedded
 * database serves one transaction at a time, so its requests wait for the read, the "short pause"). The files are
 * copied after: a file uploaded since has no row in the snapshot and is not needed; a file deleted since (its row
 * deleted after the snapshot) is missed, and then a new snapshot is taken and only the files it adds are copied (a
 * key never names other bytes). The manifest is written last, the keys never into the backup.
 */
export async function backUp(options: BackupOptions): Promise<BackupSummary> {
  const dir = path.resolve(options.to);
  const keyTo = options.keyTo ? path.resolve(options.keyTo) : undefined;
  if (keyTo && !options.keyring) throw new Error('--key-to: this installation has no key here to write (set DOSSIER_SECRET_KEY).');
  if (keyTo && isInside(keyTo, dir)) throw new Error(`--key-to ${keyTo} is inside the backup ${dir}: a stolen backup would then open its SSNs. Write the keys elsewhere.`);
  const made = await emptyFolder(dir);
  // Sealed under the installation's key when it has one here (always on the embedded database and wherever Dossier
  // runs); otherwise written in plain, and the summary says so.
  const seal = options.keyring ? newBackupEncryption(options.keyring) : undefined;
  try {
    const copied = new Map<string, FileEntry>();
    for (let attempt = 1; ; attempt += 1) {
      const started = performance.now();
      const snapshot = await readSnapshot(options.db, dir, seal?.key);
      const ms = Math.round(performance.now() - started);
      const rows = snapshot.tables.reduce((sum, t) => sum + t.rows, 0);
      await options.progress?.({ kind: 'snapshot', attempt, tables: snapshot.tables.length, rows, files: snapshot.holders.size, ms });
      const missing = await copyFiles(options.storage, dir, snapshot.holders, copied, seal?.key);
      if (missing.length) {
        if (attempt === ATTEMPTS) throw lostFiles(missing, snapshot.holders);
        await options.progress?.({ kind: 'retry', missing: missing.length });
        continue;
      }
      for (const key of [...copied.keys()].filter((k) => !snapshot.holders.has(k))) {
        await rm(fileCopy(dir, key), { force: true });
        copied.delete(key);
      }
      const manifest = await writeManifest(dir, options.database, snapshot, [...copied.values()], { ms, attempts: attempt }, seal);
      if (keyTo && options.keyring) await writeBackupKeys(keyTo, options.keyring, { dir, madeAt: manifest.madeAt, ssnKeys: manifest.ssnKeys });
      await rename(path.join(dir, `${MANIFEST_FILE}.tmp`), path.join(dir, MANIFEST_FILE));
      const unknownKeys = options.keyring ? manifest.ssnKeys.map((k) => k.id).filter((id) => !options.keyring!.byId(id)) : [];
      return { dir, manifest, rows, keysWrittenTo: keyTo, unknownKeys };
    }
  } catch (error) {
    // Nothing half-written stays: the folder was empty (or made here) when the backup began.
    if (made) await rm(dir, { recursive: true, force: true });
    else for (const entry of await readdir(dir)) await rm(path.join(dir, entry), { recursive: true, force: true });
    throw error;
  }
}

/** Writes the file index and the manifest (under a temporary name: it takes its name last, once the keys are written). */
async function writeManifest(
  dir: string,
  database: BackupManifest['database'],
  snapshot: Snapshot,
  copies: FileEntry[],
  taken: BackupManifest['snapshot'],
  seal: { encryption: BackupEncryption; key: Buffer } | undefined,
): Promise<BackupManifest> {
  const entries = copies.sort((a, b) => a.key.localeCompare(b.key));
  const index = new LineWriter(path.join(dir, FILE_INDEX), seal?.key);
  await index.write(entries.map((entry) => JSON.stringify(entry)));
  const { sha256 } = await index.close();
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    madeAt: new Date().toISOString(),
    database,
    migration: snapshot.migration,
    tables: snapshot.tables,
    sequences: snapshot.sequences,
    files: { count: entries.length, bytes: entries.reduce((sum, e) => sum + e.bytes, 0), sha256 },
    ...(seal ? { encryption: seal.encryption } : {}),
    ssnKeys: snapshot.ssnKeys,
    quickBooksTokens: snapshot.quickBooksTokens,
    leftOut: snapshot.leftOut,
    snapshot: taken,
  };
  await writeFile(path.join(dir, `${MANIFEST_FILE}.tmp`), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  return manifest;
}

/** Makes the backup's folder (owner-only: it holds personal data), or checks an existing one is empty. */
async function emptyFolder(dir: string): Promise<boolean> {
  const entries = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (entries?.length) throw new Error(`${dir} is not empty: a backup goes into a new or empty folder (one a backup, e.g. named by its date).`);
  if (!entries) await mkdir(dir, { recursive: true, mode: 0o700 });
  await mkdir(path.join(dir, 'tables'), { mode: 0o700 });
  return !entries;
}

interface Snapshot {
  migration: string;
  tables: BackupManifest['tables'];
  sequences: BackupManifest['sequences'];
  leftOut: BackupManifest['leftOut'];
  ssnKeys: BackupManifest['ssnKeys'];
  quickBooksTokens: boolean;
  holders: Holders;
}

/** Writes every table's rows as read in one snapshot, and answers what else the backup needs from that snapshot. */
async function readSnapshot(db: Database, dir: string, key: Buffer | undefined): Promise<Snapshot> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      const schema = await currentSchema(trx);
      const migration = await lastMigration(trx);
      if (!migration) throw new Error(`There is no Dossier database here (schema ${schema} has no migrations): nothing to back up.`);
      const { tables, leftOut } = await schemaTables(trx);
      const written: BackupManifest['tables'] = [];
      for (const table of tables) {
        const out = new LineWriter(tableFile(dir, table.name), key);
        await sql`DECLARE dossier_backup NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS r FROM ${sql.id(schema, table.name)} AS t`.execute(trx);
        for (;;) {
          const batch = await sql<{ r: string }>`FETCH FORWARD ${sql.raw(String(FETCH_ROWS))} FROM dossier_backup`.execute(trx);
          if (!batch.rows.length) break;
          await out.write(batch.rows.map((row) => row.r));
        }
        await sql`CLOSE dossier_backup`.execute(trx);
        const { lines, sha256 } = await out.close();
        written.push({ name: table.name, rows: lines, sha256 });
      }
      const sequences: BackupManifest['sequences'] = [];
      for (const name of await schemaSequences(trx)) {
        const { rows } = await sql<{ value: number; called: boolean }>`SELECT last_value AS value, is_called AS called FROM ${sql.id(schema, name)}`.execute(trx);
        sequences.push({ name, value: Number(rows[0].value), called: rows[0].called });
      }
      const holders: Holders = new Map();
      for (const { table } of STORAGE_KEY_HOLDERS) {
        const rows = await trx.selectFrom(table).select(['Id', 'StorageKey']).where('StorageKey', 'is not', null).execute();
        for (const row of rows) holders.set(row.StorageKey!, { table, id: row.Id });
      }
      const ssnKeys = [...(await ssnsByKey(trx)).entries()].map(([id, ssns]) => ({ id, ssns }));
      const qbo = await trx
        .selectFrom('qbo_connections')
        .select('Id')
        .where((eb) => eb.or([eb('AccessToken', 'is not', null), eb('RefreshToken', 'is not', null)]))
        .executeTakeFirst();
      return { migration, tables: written, sequences, leftOut, ssnKeys, quickBooksTokens: Boolean(qbo), holders };
    });
}

/** Copies the files the rows name that are not copied yet; answers the keys the store no longer has. */
async function copyFiles(storage: FileStorage, dir: string, holders: Holders, copied: Map<string, FileEntry>, sealKey: Buffer | undefined): Promise<string[]> {
  const todo = [...holders.keys()].filter((key) => !copied.has(key));
  const missing: string[] = [];
  const worker = async () => {
    for (let key = todo.pop(); key !== undefined; key = todo.pop()) {
      try {
        copied.set(key, await copyFile(storage, key, fileCopy(dir, key), sealKey));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
          todo.length = 0;
          throw error;
        }
        missing.push(key);
      }
    }
  };
  await Promise.all(Array.from({ length: COPIES_AT_ONCE }, worker));
  return missing;
}

/** Copies a stored file into the backup (sealed with `sealKey` when given), hashing its plain bytes. */
async function copyFile(storage: FileStorage, key: string, target: string, sealKey: Buffer | undefined): Promise<FileEntry> {
  await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
  const hash = createHash('sha256');
  let bytes = 0;
  const counted = async function* (source: AsyncIterable<Buffer>) {
    for await (const chunk of source) {
      hash.update(chunk);
      bytes += chunk.length;
      yield chunk;
    }
  };
  const out = createWriteStream(target, { mode: 0o600 });
  if (sealKey) await pipeline(await storage.read(key), counted, sealing(sealKey), out);
  else await pipeline(await storage.read(key), counted, out);
  return { key, bytes, sha256: hash.digest('hex') };
}

/** Files rows still name after several snapshots: the store has lost them. Says which rows, and writes no backup. */
function lostFiles(missing: string[], holders: Holders): Error {
  const lines = missing.sort().map((key) => `  ${holders.get(key)!.table} row ${holders.get(key)!.id}: ${key}`);
  return new Error(`The file store has lost ${missing.length} file(s) that rows of the database name, so no backup was written:\n${lines.join('\n')}\nRestore those files from an earlier backup, or remove the rows (docs/operations.md, "Backups").`);
}

const number = (n: number) => n.toLocaleString('en-US');
const size = (bytes: number) => (bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/** What a backup wrote where, for the operator: the summary `npm run backup` prints. */
export function describeBackup(summary: BackupSummary, { via, keyPlace }: { via?: string; keyPlace: string }): string[] {
  const { manifest } = summary;
  const lines = [
    `Backup written to ${summary.dir} (the ${manifest.database === 'embedded' ? 'embedded database' : 'PostgreSQL database'}${via ? `, ${via}` : ''}; migration ${manifest.migration}).`,
    `  Database: ${manifest.tables.length} tables, ${number(summary.rows)} rows, read in one snapshot in ${(manifest.snapshot.ms / 1000).toFixed(2)} s` +
      `${manifest.snapshot.attempts > 1 ? ` (taken ${manifest.snapshot.attempts} times: files were deleted while it ran)` : ''}` +
      `${manifest.database === 'embedded' ? '; the server\'s requests waited that long' : ''}.`,
    `  Files: ${number(manifest.files.count)} files, ${size(manifest.files.bytes)}, each with its SHA-256.`,
    `  Left out: ${manifest.leftOut.map((t) => `${t.table} (${t.why})`).join('; ')}.`,
  ];
  lines.push(
    manifest.encryption
      ? `  Sealed: every file but the manifest, under a key derived from key ${manifest.encryption.keyId} (AES-256-GCM): it opens only with that key.`
      : '  NOT sealed: this installation has no key here to seal it with (set DOSSIER_SECRET_KEY); keep it on encrypted storage.',
  );
  const ssns = manifest.ssnKeys.reduce((sum, k) => sum + k.ssns, 0);
  lines.push(
    ssns
      ? `  SSNs: ${number(ssns)}, sealed under key ${manifest.ssnKeys.map((k) => k.id).join(', ')}. The backup does NOT hold the key: without it they cannot be read.`
      : '  SSNs: none.',
  );
  if (summary.keysWrittenTo) lines.push(`  Keys: written to ${summary.keysWrittenTo} (owner-only). Keep that file apart from the backup; restore with --key-from ${summary.keysWrittenTo}.`);
  else if (ssns) lines.push(`  Keys: not written (--key-to FILE writes them). Keep the key apart from the backup: it is ${keyPlace}.`);
  if (summary.unknownKeys.length) lines.push(`  WARNING: this installation was not given key(s) ${summary.unknownKeys.join(', ')}: the SSNs under them cannot be read here either.`);
  if (manifest.quickBooksTokens) {
    lines.push('  QuickBooks: the connection\'s tokens are in it, sealed with QBO_TOKEN_KEY (else the client secret): restore with the same setting, or connect QuickBooks again.');
  }
  return lines;
}
