import type { PartnerFile } from '../../shared/api/identity.js';
import { PARTNER_FOLDERS, partnerFilePath, partnerFoldersFor } from '../../shared/partnerFiles.js';
import { Texts } from '../../shared/texts/index.js';
import type { Database } from '../db/database.js';
import { ValidationError, badRequest, forbidden, notFound } from '../http/errors.js';
import { numbered } from './fileNames.js';

/**
 * The partner file index and how client text reaches it. A file is a row of `partner_files` (folder, name,
 * storage key); its bytes live in the file storage under a key made by the server. A folder is picked from the
 * fixed list by exact name and a file by exact (folder, name): other groups' folders answer 403 and malformed
 * paths 400 before the database is read, and a well-formed name not in the caller's folder answers 404.
 */

const T = Texts.identity.files;
const ALL_FOLDERS: ReadonlySet<string> = new Set(Object.values(PARTNER_FOLDERS).flat());

/** The storage area partner file bytes are kept under. */
export const PARTNER_STORAGE_AREA = 'partner-files';
/** How many numbered names (`name (2)` …) filing a file tries before giving up. */
const MAX_NAME_ATTEMPTS = 1000;

/** The folder a client names, if it is one of the caller's: unknown names 400, other groups' folders 403. */
export function callerFolder(groups: readonly string[], requested: string | undefined): string {
  if (!requested) throw ValidationError.field('Folder', T.chooseFolder);
  if (!ALL_FOLDERS.has(requested)) throw ValidationError.field('Folder', T.unknownFolder);
  if (!partnerFoldersFor(groups).includes(requested)) throw forbidden(T.notYourFolder);
  return requested;
}

/** The files of a folder, newest first. */
export async function listFolder(db: Database, folder: string): Promise<PartnerFile[]> {
  const rows = await db
    .selectFrom('partner_files')
    .select(['Name', 'CreatedDate'])
    .where('Folder', '=', folder)
    .orderBy('CreatedDate', 'desc')
    .orderBy('Id', 'desc')
    .execute();
  return rows.map((row) => ({ Name: row.Name, CreationTime: row.CreatedDate.toISOString(), FullName: partnerFilePath(folder, row.Name) }));
}

/** A single file name: no separators, no NUL, not `.` or `..` (such a FilePath is refused without a lookup). */
const isPlainName = (name: string) => name !== '' && name !== '.' && name !== '..' && !/[/\\\0]/.test(name);

export interface StoredPartnerFile {
  Id: number;
  Folder: string;
  Name: string;
  StorageKey: string;
}

/** The file a client's FilePath names: exactly "Folder/Name" of a file in one of the caller's folders. */
export async function callerFile(db: Database, groups: readonly string[], filePath: string): Promise<StoredPartnerFile> {
  const slash = filePath.indexOf('/');
  const folder = slash > 0 ? filePath.slice(0, slash) : '';
  const name = filePath.slice(slash + 1);
  if (!ALL_FOLDERS.has(folder)) throw badRequest(T.invalidPath);
  if (!partnerFoldersFor(groups).includes(folder)) throw forbidden(T.notYourFolder);
  if (!isPlainName(name)) throw badRequest(T.invalidPath);
  const file = await db
    .selectFrom('partner_files')
    .select(['Id', 'Folder', 'Name', 'StorageKey'])
    .where('Folder', '=', folder)
    .where('Name', '=', name)
    .executeTakeFirst();
  if (!file) throw notFound(T.fileNotFound);
  return file;
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
