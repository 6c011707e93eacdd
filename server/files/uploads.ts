import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, notFound } from '../http/errors.js';
import { formParts, readFilePart } from '../http/formParts.js';
import type { FileStorage } from './storage.js';
import { ASSET_LIMITS } from '../../shared/constants.js';
import { isZip, plainFileName, readZip, UploadBudget, type UploadedFile } from '../configuration/zipUpload.js';

/** What an upload says when it is refused. */
export interface UploadTexts {
  noFiles: string;
  fileTooLarge(file: string, maxMb: number): string;
}

/** `attachment` with an ASCII fallback and the exact name in RFC 5987 form. */
export function attachmentHeader(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * Hands every file of a multipart upload (zips expanded, with the hostile-zip limits of zipUpload.ts) to `onFile`
 * as it arrives, so at most one file is held in memory; throws 400 when any part breaks a limit, and the caller
 * undoes what it kept.
 */
export async function receiveFiles(request: FastifyRequest, texts: UploadTexts, onFile: (file: UploadedFile) => Promise<void>): Promise<void> {
  if (!request.isMultipart()) throw badRequest(texts.noFiles);
  const budget = new UploadBudget();
  let received = 0;
  const count = async (file: UploadedFile) => {
    received += 1;
    await onFile(file);
  };
  for await (const part of formParts(request)) {
    if (part.type !== 'file') continue;
    const name = plainFileName(part.filename ?? '');
    const content = await readFilePart(part, () => part.toBuffer()).catch((error: { code?: string }) => {
      if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(texts.fileTooLarge(name, ASSET_LIMITS.maxFileBytes / (1024 * 1024)));
      throw error;
    });
    if (!name) continue;
    if (isZip(name)) {
      await readZip(name, content, budget, count);
    } else {
      budget.take(content.length);
      await count({ name, content, contentType: part.mimetype || 'application/octet-stream' });
    }
  }
  if (!received) throw badRequest(texts.noFiles);
}

/**
 * Stores every file of an upload, then runs `save` with what was stored (inside the caller's transaction); when
 * anything fails — a limit, the save — the stored files are removed again, so an upload is all or nothing.
 */
export async function storeUpload<R>(
  request: FastifyRequest,
  storage: FileStorage,
  area: string,
  texts: UploadTexts,
  save: (files: readonly (UploadedFile & { storageKey: string })[]) => Promise<R>,
): Promise<R> {
  const stored: (UploadedFile & { storageKey: string })[] = [];
  try {
    await receiveFiles(request, texts, async (file) => {
      stored.push({ ...file, storageKey: await storage.put(area, file.content) });
    });
    return await save(stored);
  } catch (error) {
    await Promise.all(stored.map((file) => storage.remove(file.storageKey).catch(() => undefined)));
    throw error;
  }
}

/** Sends a download under its name (Content-Disposition: attachment), never sniffed as another type. */
export function sendDownload(reply: FastifyReply, name: string, contentType: string, body: unknown) {
  return reply.header('content-disposition', attachmentHeader(name)).header('x-content-type-options', 'nosniff').type(contentType).send(body);
}

/** Sends a stored file under its name; a file the storage lost is a 404 with `missing`. */
export async function sendFile(
  reply: FastifyReply,
  storage: FileStorage,
  file: { StorageKey: string; ContentType: string | null },
  name: string,
  missing: string,
  /** Runs once the file is found, before a byte is sent (the download's audit entry). */
  opened: () => Promise<void> = async () => undefined,
) {
  const stream = await storage.read(file.StorageKey).catch(() => {
    throw notFound(missing);
  });
  await opened();
  return sendDownload(reply, name, file.ContentType ?? 'application/octet-stream', stream);
}
