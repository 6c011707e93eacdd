import type { Database } from '../db/database.js';
import type { DB } from '../db/schema.js';
import type { FileStorage } from './storage.js';
import { CASE_PAPERS_STORAGE_AREA } from '../cases/papers.js';
import { ITEM_ATTACHMENTS_STORAGE_AREA } from '../items/attachments.js';
import { ITEM_TYPE_ASSETS_STORAGE_AREA } from '../configuration/itemTypeAssets.js';
import { PARTNER_STORAGE_AREA } from '../partnerFiles/folders.js';

/** On a store several instances share, a file younger than this may be an upload another instance is storing. */
export const SHARED_STORE_GRACE_MS = 60 * 60 * 1000;

/** Each storage area and the table whose rows hold its keys (`StorageKey`, beside the row's `Id`); backups read it too. */
export const STORAGE_KEY_HOLDERS: readonly { area: string; table: keyof DB & ('case_attachments' | 'item_attachments' | 'item_type_assets' | 'partner_files') }[] = [
  { area: CASE_PAPERS_STORAGE_AREA, table: 'case_attachments' },
  { area: ITEM_ATTACHMENTS_STORAGE_AREA, table: 'item_attachments' },
  { area: ITEM_TYPE_ASSETS_STORAGE_AREA, table: 'item_type_assets' },
  { area: PARTNER_STORAGE_AREA, table: 'partner_files' },
];

/**
 * Removes the files a crash left behind, stored before `before`: half-written uploads, and files whose upload was
 * stored but whose rows were never committed (an upload stores its files first, then writes its rows in one
 * transaction). A file some row holds is never touched. Answers how many files went.
 */
export async function removeStrayFiles(db: Database, storage: FileStorage, before: Date): Promise<number> {
  let removed = await storage.removeUnfinished(before);
  for (const { area, table } of STORAGE_KEY_HOLDERS) {
    const stored = (await storage.list(area)).filter((file) => file.stored < before);
    if (!stored.length) continue;
    const held = new Set<string>();
    // In slices: a firm's store can hold more keys than one statement's parameters.
    for (let i = 0; i < stored.length; i += 1000) {
      const keys = stored.slice(i, i + 1000).map((file) => file.key);
      const rows = await db.selectFrom(table).select('StorageKey').where('StorageKey', 'in', keys).execute();
      for (const row of rows) if (row.StorageKey) held.add(row.StorageKey);
    }
    for (const { key } of stored) {
      if (held.has(key)) continue;
      await storage.remove(key);
      removed += 1;
    }
  }
  return removed;
}
