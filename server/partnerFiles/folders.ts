import { mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { PartnerFile } from '../../shared/api/identity.js';
import { PARTNER_FOLDERS, partnerFilePath, partnerFoldersFor } from '../../shared/partnerFiles.js';
import { Texts } from '../../shared/texts/index.js';
import { ValidationError, badRequest, forbidden, notFound } from '../http/errors.js';

/**
 * Where partner files live and how client text reaches them. Nothing a client sends is ever used as a path: a
 * folder is picked from the fixed list by exact name, and a file is picked from that folder's directory listing by
 * exact name. Other groups' folders answer 403 and malformed paths 400 before the disk is touched; a well-formed name
 * that is not in the caller's folder answers 404 after listing only that folder.
 */

const T = Texts.identity.files;
const ALL_FOLDERS: ReadonlySet<string> = new Set(Object.values(PARTNER_FOLDERS).flat());

export const partnerRoot = (dataDir: string) => path.join(dataDir, 'partner-files');

/** Uploads are written here first and moved into their folder once the request is known to be allowed. */
export async function incomingDir(root: string): Promise<string> {
  const dir = path.join(root, '.incoming');
  await mkdir(dir, { recursive: true });
  return dir;
}

/** The directory of a known folder (the name comes from PARTNER_FOLDERS, never from a client). */
export function folderDir(root: string, folder: string): string {
  if (!ALL_FOLDERS.has(folder)) throw new Error(`Not a partner folder: ${folder}`);
  return path.join(root, folder);
}

/** The folder a client names, if it is one of the caller's: unknown names 400, other groups' folders 403. */
export function callerFolder(groups: readonly string[], requested: string | undefined): string {
  if (!requested) throw ValidationError.field('Folder', T.chooseFolder);
  if (!ALL_FOLDERS.has(requested)) throw ValidationError.field('Folder', T.unknownFolder);
  if (!partnerFoldersFor(groups).includes(requested)) throw forbidden(T.notYourFolder);
  return requested;
}

/** The regular files of a folder, newest first (a folder nobody has used yet is empty). */
export async function listFolder(root: string, folder: string): Promise<PartnerFile[]> {
  const dir = folderDir(root, folder);
  const entries = await readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const files = await Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map(async (entry) => {
        const info = await stat(path.join(dir, entry.name));
        const created = info.birthtimeMs > 0 ? info.birthtime : info.mtime;
        return { Name: entry.name, CreationTime: created.toISOString(), FullName: partnerFilePath(folder, entry.name) };
      }),
  );
  return files.sort((a, b) => b.CreationTime.localeCompare(a.CreationTime) || a.Name.localeCompare(b.Name));
}

/** A single file name: no separators, no NUL, not `.` or `..` (such a FilePath is refused without a lookup). */
const isPlainName = (name: string) => name !== '' && name !== '.' && name !== '..' && !/[/\\\0]/.test(name);

/**
 * The file a client's FilePath names. It must be exactly "Folder/Name" of a file listed in one of the caller's
 * folders; the answer's path is built from the known folder and the listed name, never from the client's text.
 */
export async function callerFile(root: string, groups: readonly string[], filePath: string): Promise<{ name: string; file: string }> {
  const slash = filePath.indexOf('/');
  const folder = slash > 0 ? filePath.slice(0, slash) : '';
  if (!ALL_FOLDERS.has(folder)) throw badRequest(T.invalidPath);
  if (!partnerFoldersFor(groups).includes(folder)) throw forbidden(T.notYourFolder);
  if (!isPlainName(filePath.slice(slash + 1))) throw badRequest(T.invalidPath);
  const listed = (await listFolder(root, folder)).find((f) => f.FullName === filePath);
  if (!listed) throw notFound(T.fileNotFound);
  return { name: listed.Name, file: path.join(folderDir(root, folder), listed.Name) };
}
