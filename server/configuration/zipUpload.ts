import path from 'node:path';
import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { ConfigurationTexts } from '../../shared/texts/configuration.js';
import { badRequest, HttpError } from '../http/errors.js';
import { ASSET_LIMITS } from '../../shared/constants.js';

const T = ConfigurationTexts.assets;
const MB = 1024 * 1024;

export interface UploadedFile {
  name: string;
  content: Buffer;
  contentType: string;
}

/** Counts the bytes of one upload against ASSET_LIMITS.maxUploadBytes. */
export class UploadBudget {
  private used = 0;
  take(bytes: number): void {
    this.used += bytes;
    if (this.used > ASSET_LIMITS.maxUploadBytes) throw badRequest(T.uploadTooLarge(ASSET_LIMITS.maxUploadBytes / MB));
  }
}

export const isZip = (fileName: string) => fileName.toLowerCase().endsWith('.zip');

/** A client-sent name without control characters, trimmed. */
export function withoutControlCharacters(text: string): string {
  return [...text].filter((c) => c.charCodeAt(0) > 31 && c.charCodeAt(0) !== 127).join('').trim();
}

/** The last part of a client-sent path as an asset name ("C:\\fakepath\\a.pdf" → "a.pdf"), at most 255 characters. */
export function plainFileName(name: string): string {
  return withoutControlCharacters(path.posix.basename(name.replace(/\\/g, '/'))).slice(0, 255);
}

const isSymlink = (entry: Entry) => ((entry.externalFileAttributes >>> 16) & 0o170000) === 0o120000;
const isFolder = (entry: Entry) => entry.fileName.endsWith('/');
/** Finder metadata that macOS adds to zips; never an asset. */
const isMacMetadata = (entry: Entry) => entry.fileName.startsWith('__MACOSX/');

/** yauzl refuses absolute paths, `..` segments and backslashes itself; its message names the entry. */
const UNSAFE_NAME = /^(?:absolute path|invalid relative path|invalid characters in fileName): (.*)$/;

/**
 * Hands each file of a zip upload to `onFile`, after checking the whole zip before reading any: no absolute paths,
 * `..` segments, symlinks or encrypted entries; at most ASSET_LIMITS.maxZipEntries entries; each file within
 * ASSET_LIMITS.maxFileBytes; all within the upload's budget. A hostile or broken zip throws 400 (a hostile one
 * before any file is handed on). Folders are flattened away.
 */
export async function readZip(
  zipName: string,
  buffer: Buffer,
  budget: UploadBudget,
  onFile: (file: UploadedFile) => Promise<void>,
): Promise<void> {
  let zip: ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(buffer, { autoClose: false, validateEntrySizes: true });
  } catch {
    throw badRequest(T.notAZip(zipName));
  }
  try {
    if (zip.entryCount > ASSET_LIMITS.maxZipEntries) throw badRequest(T.tooManyEntries(zipName, ASSET_LIMITS.maxZipEntries));
    for (const entry of await checkedEntries(zip, zipName, budget)) {
      const content = await readEntry(zip, entry).catch(() => {
        throw badRequest(T.notAZip(zipName));
      });
      await onFile({ name: plainFileName(entry.fileName), content, contentType: 'application/octet-stream' });
    }
  } finally {
    zip.close();
  }
}

async function checkedEntries(zip: ZipFile, zipName: string, budget: UploadBudget): Promise<Entry[]> {
  const entries: Entry[] = [];
  try {
    for await (const entry of zip.eachEntry()) {
      if (isSymlink(entry)) throw badRequest(T.unsafeEntry(zipName, entry.fileName));
      if (isFolder(entry) || isMacMetadata(entry)) continue;
      if (entry.isEncrypted()) throw badRequest(T.encryptedEntry(zipName, entry.fileName));
      if (entry.uncompressedSize > ASSET_LIMITS.maxFileBytes) {
        throw badRequest(T.entryTooLarge(zipName, entry.fileName, ASSET_LIMITS.maxFileBytes / MB));
      }
      budget.take(entry.uncompressedSize);
      entries.push(entry);
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const unsafe = UNSAFE_NAME.exec((error as Error).message);
    throw badRequest(unsafe ? T.unsafeEntry(zipName, unsafe[1]) : T.notAZip(zipName));
  }
  return entries;
}

/** One entry's bytes; yauzl checks them against the declared size (checked above) and the CRC. */
async function readEntry(zip: ZipFile, entry: Entry): Promise<Buffer> {
  const stream: Readable = await zip.openReadStreamPromise(entry);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
