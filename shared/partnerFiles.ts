import { Groups } from './permissions.js';

/**
 * The partner file tool's folders, per partner group, in the order the upload page offers them; the first is the
 * default upload folder. A client names a folder only by one of these exact names; the server keeps files as rows of
 * the folder index with their bytes under storage keys, so no client text is ever used as a path.
 */
export const PARTNER_FOLDERS: Readonly<Record<string, readonly string[]>> = {
  [Groups.PALMETTO]: [
    'Palmetto Requests',
    'Palmetto Acknowledgments',
    'Palmetto Processing',
    'Palmetto Requests 2021',
    'Palmetto Acknowledgments 2021',
    'Palmetto Processing 2021',
  ],
  [Groups.NCSC]: ['NCSC Requests', 'NCSC Reports'],
};

export const PARTNER_GROUPS: readonly string[] = Object.keys(PARTNER_FOLDERS);

/** Folders a member of the given groups may use (a member of both partner groups gets both sets). */
export function partnerFoldersFor(groups: readonly string[]): string[] {
  return PARTNER_GROUPS.filter((group) => groups.includes(group)).flatMap((group) => PARTNER_FOLDERS[group]);
}

/** The virtual path the API shows for a file: "Folder/Name". */
export const partnerFilePath = (folder: string, name: string) => `${folder}/${name}`;
