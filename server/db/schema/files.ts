import type { CreatedAt, Id } from './columns.js';

/** The partner file tool's files; the bytes sit in the file storage under `StorageKey` (docs/data-model.md, "Identity"). */

export interface PartnerFilesTable {
  Id: Id;
  Folder: string;
  Name: string;
  StorageKey: string;
  Size: number;
  UploadedBy_Id: number | null;
  CreatedDate: CreatedAt;
}

export interface FileTables {
  partner_files: PartnerFilesTable;
}
