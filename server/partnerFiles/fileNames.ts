import path from 'node:path';
import type { Database } from '../db/database.js';

const MAX_NAME_LENGTH = 200;
/** How many numbered names (`name (2)` …) an upload tries before giving up. */
const MAX_NAME_ATTEMPTS = 1000;

/**
 * A safe name for an uploaded file: the last segment of whatever path the browser sent, without control
 * characters or characters that are special in file systems, without leading dots (no hidden or `..` names),
 * at most MAX_NAME_LENGTH characters with the extension kept.
 */
export function safeFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  let name = base
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '_')
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '')
    .trim();
  if (!name) name = 'file';
  if (name.length > MAX_NAME_LENGTH) {
    const ext = path.extname(name).slice(0, 20);
    name = name.slice(0, MAX_NAME_LENGTH - ext.length) + ext;
  }
  return name;
}

/** `report.pdf` → `report (2).pdf` */
function numbered(name: string, n: number): string {
  if (n === 1) return name;
  const ext = path.extname(name);
  return `${name.slice(0, name.length - ext.length)} (${n})${ext}`;
}

export interface NewPartnerFile {
  folder: string;
  name: string;
  storageKey: string;
  size: number;
  uploadedBy: number | null;
  /** When it was filed; now unless given (the demo seed backdates its files). */
  createdDate?: Date;
}

/**
 * Files a stored upload in its folder under the first free name (`name`, `name (2)`, …) and answers that name.
 * The (Folder, Name) unique index decides, so two uploads of the same name at once never take the same name.
 */
export async function fileIntoFolder(db: Database, file: NewPartnerFile): Promise<string> {
  for (let n = 1; n <= MAX_NAME_ATTEMPTS; n += 1) {
    const Name = numbered(file.name, n);
    const row = await db
      .insertInto('partner_files')
      .values({
        Folder: file.folder,
        Name,
        StorageKey: file.storageKey,
        Size: file.size,
        UploadedBy_Id: file.uploadedBy,
        CreatedDate: file.createdDate,
      })
      .onConflict((conflict) => conflict.columns(['Folder', 'Name']).doNothing())
      .returning('Id')
      .executeTakeFirst();
    if (row) return Name;
  }
  throw new Error(`No free name for ${file.name} in ${file.folder}`);
}
