import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from './errors.js';

/** What a multipart form that cannot be read is answered (400). */
export const BROKEN_FORM = 'The form could not be read: it is cut short or not well formed.';

/**
 * A failure while reading a multipart form as the client's mistake: the parser's own refusals keep their status (a
 * limit is a 413, a prototype name a 400); anything else the parser met — a form without its boundary, cut short, a
 * malformed part header — is a 400 with `BROKEN_FORM`, not an error of ours.
 */
export function formError(error: unknown): Error {
  if (error instanceof HttpError) return error;
  const status = (error as { statusCode?: number }).statusCode;
  if (error instanceof Error && status !== undefined && status >= 400 && status < 500) return error;
  return badRequest(BROKEN_FORM);
}

/**
 * The parts of a multipart request as they arrive (`request.parts()`), with what the parser throws answered as
 * `formError` says. A part's file stream fails the same way when the form is cut short inside it: read it with
 * `readFilePart` (or check `part.file.errored`).
 */
export async function* formParts(request: FastifyRequest): AsyncGenerator<Multipart> {
  let iterator: AsyncIterator<Multipart>;
  try {
    iterator = request.parts()[Symbol.asyncIterator]();
  } catch (error) {
    throw formError(error);
  }
  for (;;) {
    let next: IteratorResult<Multipart>;
    try {
      next = await iterator.next();
    } catch (error) {
      throw formError(error);
    }
    if (next.done) return;
    yield next.value;
  }
}

/**
 * Runs `read` on a file part's stream; when the stream itself failed (the form was cut short inside the file), the
 * failure is the form's (`formError`), else it is passed on as it is (a full disk is ours).
 */
export async function readFilePart<T>(part: MultipartFile, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw part.file.errored ? formError(part.file.errored) : error;
  }
}
