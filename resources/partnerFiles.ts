import { inGroups } from '../shared/access.js';
import { Groups } from '../shared/permissions.js';
import { defineOperations } from './operation.js';

const partners = inGroups(Groups.PALMETTO, Groups.NCSC);

/**
 * The partner file tool's contract (/fileu, /filed, /fileuNCSC, /filedNCSC; spec 000 §5): members of Palmetto and
 * NCSC upload, list, download and delete files in their own group's folders only (shared/partnerFiles.ts). It has
 * no declared screens of its own. Handlers: server/partnerFiles/routes.ts.
 */
export const partnerFileOperations = defineOperations({
  upload: {
    method: 'POST',
    path: '/api/user/UploadFile',
    access: partners,
    summary: "Upload a file (multipart: myFile, Folder) into one of the caller group's folders",
    consumes: 'multipart/form-data',
    answer: 'partnerFileUploaded.json',
  },
  list: {
    method: 'POST',
    path: '/api/user/GetFileList',
    access: partners,
    summary: "The files of one of the caller group's folders, newest first (Name, CreationTime, FullName)",
    body: 'partnerFolder.json',
    answer: { list: 'partnerFileEntry.json' },
  },
  remove: {
    method: 'POST',
    path: '/api/user/DeleteFile',
    access: partners,
    summary: 'Delete a file named by its FullName ("Folder/Name") in one of the caller group\'s folders',
    body: 'partnerFile.json',
    answer: 'message.json',
  },
  download: {
    method: 'POST',
    path: '/api/user/DownloadFile',
    access: partners,
    summary: 'Download a file named by its FullName ("Folder/Name"); answers the bytes as an attachment',
    body: 'partnerFile.json',
    answer: 'file',
    produces: ['application/octet-stream'],
  },
});
