import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where uploaded files live. Callers hold only opaque keys (generated here, never taken from a client), so no
 * request can name a path. The default keeps files on local disk; an S3-compatible adapter implements the same
 * interface for multi-instance deployments (docs/operations.md).
 */
export interface FileStorage {
  /** Stores bytes (whole, or streamed so large uploads never sit in memory) and answers their new key. */
  put(area: string, content: Buffer | Readable): Promise<string>;
  /** Stores bytes under the key a backup recorded them by (`npm run restore` only: every other caller gets new keys). */
  putAt(key: string, content: Buffer | Readable): Promise<void>;
  read(key: string): Promise<Readable>;
  size(key: string): Promise<number>;
  remove(key: string): Promise<void>;
  /** The keys of an area, each with when it was stored. */
  list(area: string): Promise<{ key: string; stored: Date }[]>;
  /** Removes what unfinished writes left behind before `before` (a crash mid-upload); answers how many. */
  removeUnfinished(before: Date): Promise<number>;
}

/** Where a file is written before it takes its key: a key never names a half-written file. */
const INCOMING = '.incoming';

const KEY = /^[a-z0-9-]+\/[0-9a-f-]{36}$/;

/** Whether a text has the form of a storage key (`area/uuid`): nothing else ever names a path in the store. */
export const isStorageKey = (key: string) => KEY.test(key);

/** The file store of an installation: `files/` in its data directory (DOSSIER_DATA_DIR). */
export const storageIn = (dataDir: string): FileStorage => new LocalFileStorage(path.join(dataDir, 'files'));

/**
 * Flushes a file's bytes, or a directory's entries (a rename), to the disk. Where a directory cannot be opened to
 * flush (Windows), the rename is as durable as the file system makes it.
 */
async function synced(target: string): Promise<void> {
  let handle;
  try {
    handle = await open(target, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EISDIR' || (error as NodeJS.ErrnoException).code === 'EPERM') return;
    throw error;
  }
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export class LocalFileStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    if (!KEY.test(key)) throw new Error(`Invalid storage key ${key}`);
    return path.join(this.root, key);
  }

  async put(area: string, content: Buffer | Readable): Promise<string> {
    const key = `${area}/${randomUUID()}`;
    await this.putAt(key, content);
    return key;
  }

  async putAt(key: string, content: Buffer | Readable): Promise<void> {
    const file = this.pathOf(key);
    const incoming = path.join(this.root, INCOMING, path.basename(file));
    await mkdir(path.dirname(file), { recursive: true });
    await mkdir(path.dirname(incoming), { recursive: true });
    try {
      if (Buffer.isBuffer(content)) await writeFile(incoming, content, { flag: 'wx' });
      else await pipeline(content, createWriteStream(incoming, { flags: 'wx' }));
      // On disk before it takes its key, and the key on disk before the caller commits the row naming it: a power
      // loss after the commit finds the whole file (docs/decisions.md "Files survive a power loss").
      await synced(incoming);
      // Whole, it takes its key in one step: a crash leaves either nothing under the key or the whole file.
      await rename(incoming, file);
      await synced(path.dirname(file));
    } catch (error) {
      // A stream that failed part-way (a size limit, a dropped connection) leaves nothing behind.
      await rm(incoming, { force: true });
      throw error;
    }
  }

  async list(area: string): Promise<{ key: string; stored: Date }[]> {
    const dir = path.join(this.root, area);
    const names = await readdir(dir).catch(() => [] as string[]);
    const keys = names.map((name) => `${area}/${name}`).filter((key) => KEY.test(key));
    return Promise.all(keys.map(async (key) => ({ key, stored: (await stat(this.pathOf(key))).mtime })));
  }

  async removeUnfinished(before: Date): Promise<number> {
    const dir = path.join(this.root, INCOMING);
    let removed = 0;
    for (const name of await readdir(dir).catch(() => [] as string[])) {
      const file = path.join(dir, name);
      if ((await stat(file)).mtime < before) {
        await rm(file, { force: true });
        removed += 1;
      }
    }
    return removed;
  }

  async read(key: string): Promise<Readable> {
    const file = this.pathOf(key);
    await stat(file);
    return createReadStream(file);
  }

  async size(key: string): Promise<number> {
    return (await stat(this.pathOf(key))).size;
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
