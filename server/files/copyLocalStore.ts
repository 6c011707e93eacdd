import { readdir } from 'node:fs/promises';
import { LocalFileStorage, type FileStorage } from './storage.js';

/** An area's folder in a local store (storage keys are `area/uuid`); `.incoming`, unfinished writes, is not one. */
const AREA = /^[a-z0-9-]+$/;

export type CopyEvent = { kind: 'copied' | 'skipped'; key: string; bytes: number; done: number; of: number };

export interface CopySummary {
  /** Files copied by this run. */
  copied: number;
  /** Files already in the target with the same size (copied by an earlier run). */
  skipped: number;
  /** Files left for another run (when `limit` stopped this one). */
  left: number;
  bytes: number;
}

/** Whether `to` holds `key` with `bytes` bytes already. */
async function holds(to: FileStorage, key: string, bytes: number): Promise<boolean> {
  try {
    return (await to.size(key)) === bytes;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/**
 * Copies every file of the local store in `root` (DOSSIER_DATA_DIR/files) into `to` under the same keys, streamed.
 * A key `to` holds with the same size is skipped, so a run that stopped part-way (or `limit` copies) goes on where it
 * stopped. The local store is left as it was.
 */
export async function copyLocalStore(root: string, to: FileStorage, options: { limit?: number; progress?: (event: CopyEvent) => void } = {}): Promise<CopySummary> {
  const from = new LocalFileStorage(root);
  const areas = (await readdir(root, { withFileTypes: true }).catch(() => [])).filter((entry) => entry.isDirectory() && AREA.test(entry.name));
  const keys: string[] = [];
  for (const area of areas) for (const file of await from.list(area.name)) keys.push(file.key);
  keys.sort();
  const summary: CopySummary = { copied: 0, skipped: 0, left: 0, bytes: 0 };
  for (const [index, key] of keys.entries()) {
    if (options.limit !== undefined && summary.copied >= options.limit) {
      summary.left = keys.length - index;
      break;
    }
    const bytes = await from.size(key);
    if (await holds(to, key, bytes)) {
      summary.skipped += 1;
      options.progress?.({ kind: 'skipped', key, bytes, done: index + 1, of: keys.length });
      continue;
    }
    await to.putAt(key, await from.read(key));
    summary.copied += 1;
    summary.bytes += bytes;
    options.progress?.({ kind: 'copied', key, bytes, done: index + 1, of: keys.length });
  }
  return summary;
}
