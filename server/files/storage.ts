import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
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
  read(key: string): Promise<Readable>;
  size(key: string): Promise<number>;
  remove(key: string): Promise<void>;
}

const KEY = /^[a-z0-9-]+\/[0-9a-f-]{36}$/;

export class LocalFileStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    if (!KEY.test(key)) throw new Error(`Invalid storage key ${key}`);
    return path.join(this.root, key);
  }

  async put(area: string, content: Buffer | Readable): Promise<string> {
    const key = `${area}/${randomUUID()}`;
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    if (Buffer.isBuffer(content)) {
      await writeFile(file, content, { flag: 'wx' });
      return key;
    }
    try {
      await pipeline(content, createWriteStream(file, { flags: 'wx' }));
    } catch (error) {
      // A stream that failed part-way (a size limit, a dropped connection) leaves nothing behind.
      await rm(file, { force: true });
      throw error;
    }
    return key;
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
