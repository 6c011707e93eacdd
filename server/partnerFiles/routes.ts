import type { FastifySchema } from 'fastify';
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, unlink } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Groups } from '../../shared/permissions.js';
import { partnerFilePath } from '../../shared/partnerFiles.js';
import { Texts } from '../../shared/texts/index.js';
import { authOf } from '../http/access.js';
import { ValidationError, type ModelState } from '../http/errors.js';
import { inGroups, messageResponse, route, type ApiArea } from '../http/route.js';
import { moveIntoFolder, safeFileName } from './fileNames.js';
import { callerFile, callerFolder, folderDir, incomingDir, listFolder, partnerRoot } from './folders.js';

const T = Texts.identity.files;
const partners = inGroups(Groups.PALMETTO, Groups.NCSC);

const fileList = {
  type: 'array',
  items: {
    type: 'object',
    properties: { Name: { type: 'string' }, CreationTime: { type: 'string' }, FullName: { type: 'string' } },
  },
} as const;

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
 * The partner file tool (/fileu, /filed, /fileuNCSC, /filedNCSC): members of Palmetto and NCSC upload, list,
 * download and delete files in their own group's folders only (shared/partnerFiles.ts).
 */
export const partnerFilesArea: ApiArea = {
  name: 'partner-files',
  routes: [
    route({
      method: 'POST',
      url: '/api/user/UploadFile',
      access: partners,
      summary: 'Upload a file (multipart: myFile, Folder) into one of the caller group\'s folders',
      schema: {
        consumes: ['multipart/form-data'],
        response: { 200: { type: 'object', properties: { Message: { type: 'string' }, Name: { type: 'string' }, FullName: { type: 'string' } } } },
      } as FastifySchema,
      async handler(request) {
        const auth = authOf(request);
        const root = partnerRoot(request.server.config.dataDir);
        let requested: string | undefined;
        let upload: { temp: string; name: string } | undefined;
        try {
          for await (const part of request.parts()) {
            if (part.type === 'field') {
              if (part.fieldname === 'Folder') requested = String(part.value);
              continue;
            }
            if (part.fieldname !== 'myFile' || upload || !part.filename) {
              part.file.resume();
              continue;
            }
            // When the folder came first, a foreign or unknown folder is refused before anything is written.
            if (requested !== undefined) callerFolder(auth.groups, requested);
            upload = { temp: path.join(await incomingDir(root), randomUUID()), name: part.filename };
            await pipeline(part.file, createWriteStream(upload.temp, { flags: 'wx' }));
          }
          const folder = requested ? callerFolder(auth.groups, requested) : undefined;
          if (!folder || !upload) throw missingParts(!folder, !upload);
          const dir = folderDir(root, folder);
          await mkdir(dir, { recursive: true });
          const name = await moveIntoFolder(upload.temp, dir, safeFileName(upload.name));
          request.log.info({ userId: auth.userId, folder, name }, 'partner file uploaded');
          return { Message: T.uploaded, Name: name, FullName: partnerFilePath(folder, name) };
        } finally {
          if (upload) await rm(upload.temp, { force: true });
        }
      },
    }),
    route<{ Body: { Folder: string } }>({
      method: 'POST',
      url: '/api/user/GetFileList',
      access: partners,
      summary: "The files of one of the caller group's folders, newest first (Name, CreationTime, FullName)",
      schema: { body: { $ref: 'partnerFolder.json' }, response: { 200: fileList } },
      async handler(request) {
        const folder = callerFolder(authOf(request).groups, request.body.Folder);
        return listFolder(partnerRoot(request.server.config.dataDir), folder);
      },
    }),
    route<{ Body: { FilePath: string } }>({
      method: 'POST',
      url: '/api/user/DeleteFile',
      access: partners,
      summary: 'Delete a file named by its FullName ("Folder/Name") in one of the caller group\'s folders',
      schema: { body: { $ref: 'partnerFile.json' }, response: { 200: messageResponse } },
      async handler(request) {
        const auth = authOf(request);
        const { file, name } = await callerFile(partnerRoot(request.server.config.dataDir), auth.groups, request.body.FilePath);
        await unlink(file);
        request.log.info({ userId: auth.userId, file: request.body.FilePath, name }, 'partner file deleted');
        return { Message: T.deleted };
      },
    }),
    route<{ Body: { FilePath: string } }>({
      method: 'POST',
      url: '/api/user/DownloadFile',
      access: partners,
      summary: 'Download a file named by its FullName ("Folder/Name"); answers the bytes as an attachment',
      schema: { body: { $ref: 'partnerFile.json' }, response: { 200: { type: 'string', format: 'binary' } } },
      async handler(request, reply) {
        const { file, name } = await callerFile(partnerRoot(request.server.config.dataDir), authOf(request).groups, request.body.FilePath);
        return reply
          .header('content-disposition', contentDisposition(name))
          .type('application/octet-stream')
          .send(createReadStream(file));
      },
    }),
  ],
};
