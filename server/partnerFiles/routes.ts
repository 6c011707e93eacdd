import { partnerFilePath } from '../../shared/partnerFiles.js';
import { Texts } from '../../shared/texts/index.js';
import { audit } from '../audit/auditLog.js';
import { authOf } from '../http/access.js';
import { ValidationError, notFound, type ModelState } from '../http/errors.js';
import { formParts, readFilePart } from '../http/formParts.js';
import type { ApiArea } from '../http/route.js';
import { operationRoutes } from '../http/operationRoutes.js';
import { partnerFileOperations } from '../../resources/partnerFiles.js';
import { safeFileName } from './fileNames.js';
import { PARTNER_STORAGE_AREA, callerFile, callerFolder, fileIntoFolder, listFolder } from './folders.js';

const T = Texts.identity.files;
/** `attachment` with an ASCII fallback name and the exact name in RFC 5987 form. */
function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Upload requires a chosen file and a folder (spec 000 §5). */
function missingParts(folder: boolean, file: boolean): ValidationError {
  const state: ModelState = {};
  if (folder) state.Folder = [T.chooseFolder];
  if (file) state.myFile = [T.chooseFile];
  return new ValidationError(state);
}

/**
 * The handlers of the partner file tool's contract (resources/partnerFiles.ts): members of Palmetto and NCSC
 * upload, list, download and delete files in their own group's folders only (shared/partnerFiles.ts).
 */
export const partnerFilesArea: ApiArea = {
  name: 'partner-files',
  routes: operationRoutes(partnerFileOperations, {
    async upload(request) {
      const auth = authOf(request);
      const { db, services } = request.server;
      let requested: string | undefined;
      let upload: { key: string; name: string } | undefined;
      let filed = false;
      try {
        for await (const part of formParts(request)) {
          if (part.type === 'field') {
            if (part.fieldname === 'Folder') requested = String(part.value);
            continue;
          }
          if (part.fieldname !== 'myFile' || upload || !part.filename) {
            part.file.resume();
            continue;
          }
          // When the folder came first, a foreign or unknown folder is refused before anything is stored.
          if (requested !== undefined) callerFolder(auth.groups, requested);
          upload = { key: await readFilePart(part, () => services.storage.put(PARTNER_STORAGE_AREA, part.file)), name: part.filename };
        }
        const folder = requested ? callerFolder(auth.groups, requested) : undefined;
        if (!folder || !upload) throw missingParts(!folder, !upload);
        const stored = { folder, name: safeFileName(upload.name), storageKey: upload.key, size: await services.storage.size(upload.key), uploadedBy: auth.userId };
        const name = await db.transaction().execute(async (trx) => {
          const filedName = await fileIntoFolder(trx, stored);
          await audit(trx, { userId: auth.userId, entity: 'partner_files', entityId: partnerFilePath(folder, filedName), action: 'upload', fields: ['Size'] });
          return filedName;
        });
        filed = true;
        return { Message: T.uploaded, Name: name, FullName: partnerFilePath(folder, name) };
      } finally {
        // A refused or failed upload leaves no bytes behind.
        if (upload && !filed) await services.storage.remove(upload.key);
      }
    },
    async list(request) {
      const folder = callerFolder(authOf(request).groups, request.body.Folder);
      return listFolder(request.server.db, folder);
    },
    async remove(request) {
      const auth = authOf(request);
      const { db, services } = request.server;
      const file = await callerFile(db, auth.groups, request.body.FilePath);
      const removed = await db.transaction().execute(async (trx) => {
        const row = await trx.deleteFrom('partner_files').where('Id', '=', file.Id).returning('StorageKey').executeTakeFirst();
        if (row) await audit(trx, { userId: auth.userId, entity: 'partner_files', entityId: partnerFilePath(file.Folder, file.Name), action: 'delete' });
        return row;
      });
      if (!removed) throw notFound(T.fileNotFound);
      // The row is gone first: a file whose bytes could not be removed is unreachable, never half-listed.
      await services.storage.remove(removed.StorageKey).catch((error) => request.log.warn({ err: error }, 'partner file bytes not removed'));
      return { Message: T.deleted };
    },
    async download(request, reply) {
      const { db, services } = request.server;
      const file = await callerFile(db, authOf(request).groups, request.body.FilePath);
      const bytes = await services.storage.read(file.StorageKey).catch(() => {
        throw notFound(T.fileNotFound);
      });
      await audit(db, { entity: 'partner_files', entityId: partnerFilePath(file.Folder, file.Name), action: 'download' });
      return reply
        .header('content-disposition', contentDisposition(file.Name))
        .type('application/octet-stream')
        .send(bytes);
    },
  }),
};
