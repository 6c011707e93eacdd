import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import path from 'node:path';
import { createGunzip, createGzip, constants as zlib } from 'node:zlib';
import { isStorageKey } from '../files/storage.js';
import { opening, sealing, type BackupEncryption } from './backupSeal.js';

/**
 * A backup is a folder (docs/operations.md, "Backups"): `manifest.json`, written last, so a folder without it is a
 * backup that did not finish; `tables/<table>.jsonl.gz`, each row as its PostgreSQL JSON (`row_to_json`), which loads
 * back into the embedded database or into PostgreSQL alike; `files.jsonl`, the index of the file store's files the
 * rows name (key, size, SHA-256); and `files/<area>/<uuid>`, those files. It never holds the secret key. Since
 * version 2 every file but the manifest is sealed (server/backup/backupSeal.ts); version 1 backups read as before.
 */
export const BACKUP_FORMAT = 'dossier-backup';
export const BACKUP_VERSION = 2;
export const MANIFEST_FILE = 'manifest.json';
export const FILE_INDEX = 'files.jsonl';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  madeAt: string;
  /** Which database it was read from (it restores into either). */
  database: 'embedded' | 'postgres';
  /** The last migration of the schema the rows were read in: a restore loads them into that schema. */
  migration: string;
  tables: { name: string; rows: number; sha256: string }[];
  /** Identity sequences' positions, so new rows never take an id a restored row has. */
  sequences: { name: string; value: number; called: boolean }[];
  /** The file index (files.jsonl): how many files, their bytes, and the index's own SHA-256. */
  files: { count: number; bytes: number; sha256: string };
  /** How every file but this one is sealed (version 2); absent: written in plain (version 1, or no key to seal with). */
  encryption?: BackupEncryption;
  /** The keys the sealed SSNs need, by id, and how many each seals: the backup holds none of them. */
  ssnKeys: { id: string; ssns: number }[];
  /** Whether a QuickBooks connection's (sealed) tokens are in it: they open with QBO_TOKEN_KEY, else the client secret. */
  quickBooksTokens: boolean;
  /** Tables not backed up, and why. */
  leftOut: { table: string; why: string }[];
  /** The database was read in one snapshot this long (on the embedded database the server's queries waited meanwhile). */
  snapshot: { ms: number; attempts: number };
}

export interface FileEntry {
  key: string;
  bytes: number;
  sha256: string;
}

export const tableFile = (dir: string, table: string) => path.join(dir, 'tables', `${table}.jsonl.gz`);

/** Where a stored file's copy sits in a backup; the key's form is checked, so no index entry names another path. */
export function fileCopy(dir: string, key: string): string {
  if (!isStorageKey(key)) throw new Error(`The backup names a file "${key}", which is not a storage key.`);
  return path.join(dir, 'files', key);
}

/** Writes lines to a file (gzipped when it ends in .gz), counting them and hashing their text. */
export class LineWriter {
  private readonly hash = createHash('sha256');
  private readonly out: Writable;
  /** Settles when the file is written and closed, or rejects with the first error (a full disk). */
  private readonly done: Promise<void>;
  lines = 0;

  /** `key`: the backup's, to seal the file with (none: written in plain). */
  constructor(file: string, key?: Buffer) {
    const target = createWriteStream(file, { mode: 0o600 });
    // The fastest level: most of a table's JSON is its column names, which any level compresses well.
    const gzip = file.endsWith('.gz') ? createGzip({ level: zlib.Z_BEST_SPEED }) : null;
    const stages = [...(gzip ? [gzip] : []), ...(key ? [sealing(key)] : [])];
    this.out = stages[0] ?? target;
    this.done = stages.length ? pipeline([...stages, target]) : finished(target);
    this.done.catch(() => undefined);
  }

  /** Writes some lines, waiting while the file is behind (a large table never sits in memory). */
  async write(lines: readonly string[]): Promise<void> {
    if (!lines.length) return;
    const text = `${lines.join('\n')}\n`;
    this.hash.update(text);
    this.lines += lines.length;
    if (!this.out.write(text)) await Promise.race([once(this.out, 'drain'), this.done]);
  }

  async close(): Promise<{ lines: number; sha256: string }> {
    this.out.end();
    await this.done;
    return { lines: this.lines, sha256: this.hash.digest('hex') };
  }
}

/**
 * Reads a file's lines in batches (gunzipped when it ends in .gz) and checks, once read whole, that their text has
 * the SHA-256 the manifest recorded: a changed or cut file is refused rather than loaded.
 */
export async function* readLines(file: string, expected: { sha256: string; lines?: number }, batch = 1000, key?: Buffer): AsyncGenerator<string[]> {
  const hash = createHash('sha256');
  const name = path.basename(file);
  const source = readCopy(file, key);
  const input = file.endsWith('.gz') ? source.pipe(createGunzip()) : source;
  source.once('error', (error: NodeJS.ErrnoException) => input.destroy(error.code === 'ENOENT' ? new Error(`The backup is incomplete: it has no ${name}.`) : error));
  input.setEncoding('utf8');
  let rest = '';
  let count = 0;
  const pending: string[] = [];
  const chunks = async function* () {
    try {
      yield* input as AsyncIterable<string>;
    } catch (error) {
      if (/^The backup('s [^ ]+ does not open| is incomplete)/.test((error as Error).message)) throw error;
      throw new Error(`The backup's ${name} cannot be read (${(error as Error).message}): the backup is damaged.`);
    }
  };
  for await (const chunk of chunks()) {
    const lines = `${rest}${chunk}`.split('\n');
    rest = lines.pop()!;
    for (const line of lines) hash.update(`${line}\n`);
    count += lines.length;
    pending.push(...lines);
    while (pending.length >= batch) yield pending.splice(0, batch);
  }
  if (pending.length) yield pending;
  if (rest || hash.digest('hex') !== expected.sha256 || (expected.lines !== undefined && count !== expected.lines)) {
    throw new Error(`The backup's ${name} is not as it was written (its SHA-256 or its number of lines differs): the backup is damaged.`);
  }
}

/**
 * A file of the backup as its plain bytes: opened with the backup's key when it has one (the stream fails, naming the
 * file, when the key or the bytes are wrong). A missing file fails with ENOENT, as reading it would.
 */
export function readCopy(file: string, key?: Buffer): Readable {
  const source = createReadStream(file);
  if (!key) return source;
  const plain = opening(key, path.basename(file));
  source.once('error', (error) => plain.destroy(error));
  return source.pipe(plain);
}

/** The manifest of a complete backup; a folder without one is refused with what it is. */
export async function readManifest(dir: string): Promise<BackupManifest> {
  let text: string;
  try {
    text = await readFile(path.join(dir, MANIFEST_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    throw new Error(`${dir} is not a complete Dossier backup: it has no ${MANIFEST_FILE} (a backup writes it last, so this one did not finish, or the folder is another one).`);
  }
  const manifest = JSON.parse(text) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT) throw new Error(`${dir} is not a Dossier backup (${MANIFEST_FILE} is of another format).`);
  if (manifest.version > BACKUP_VERSION) throw new Error(`${dir} was written in backup format ${manifest.version} by a newer Dossier; this one reads format ${BACKUP_VERSION}. Upgrade Dossier first.`);
  return manifest;
}
