import { formatDate, isoDay } from '../../../shared/format.js';
import type { FileStorage } from '../../files/storage.js';
import { PARTNER_STORAGE_AREA, fileIntoFolder } from '../../partnerFiles/folders.js';
import type { Database } from '../database.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** `{date}` in a name becomes the file's date as YYYY-MM-DD, `{day}` in the content as MM/DD/YYYY. */
interface DemoPartnerFile {
  folder: string;
  name: string;
  uploadedBy: string;
  daysAgo: number;
  content: string;
}

/** What the partner agencies exchanged lately, so the partner file pages of the demo have something to show. */
const DEMO_PARTNER_FILES: readonly DemoPartnerFile[] = [
  {
    folder: 'Palmetto Requests',
    name: 'investigation-requests-{date}.csv',
    uploadedBy: 'palmetto',
    daysAgo: 21,
    content: 'Request,Subject,Case Type,Requested\nPRA-2026-0412,"Holt, Jordan",Tier 3 Reinvestigation,{day}\nPRA-2026-0413,"Nguyen, Linh",Tier 1,{day}\n',
  },
  {
    folder: 'Palmetto Requests',
    name: 'investigation-requests-{date}.csv',
    uploadedBy: 'palmetto',
    daysAgo: 7,
    content: 'Request,Subject,Case Type,Requested\nPRA-2026-0431,"Okafor, Ada",Tier 3,{day}\n',
  },
  {
    folder: 'Palmetto Acknowledgments',
    name: 'acknowledgment-PRA-2026-0412.txt',
    uploadedBy: 'palmetto',
    daysAgo: 19,
    content: 'Dossier Investigations acknowledges request PRA-2026-0412 received on {day}.\n',
  },
  {
    folder: 'NCSC Requests',
    name: 'court-employee-checks-{date}.csv',
    uploadedBy: 'ncsc',
    daysAgo: 12,
    content: 'Request,Subject,Position,Requested\nNCSC-1187,"Barrett, Sam",Deputy Clerk,{day}\n',
  },
  {
    folder: 'NCSC Reports',
    name: 'monthly-status-{date}.csv',
    uploadedBy: 'ncsc',
    daysAgo: 22,
    content: 'Request,Status,Closed\nNCSC-1142,Closed,{day}\nNCSC-1150,In Progress,\n',
  },
];

/**
 * Files the demo partner files (bytes in the file storage, rows in the folder index). Run once, right after the
 * demo firm is created; it needs the storage, which the database seed does not have.
 */
export async function seedDemoFiles(db: Database, storage: FileStorage, now = new Date()): Promise<void> {
  const users = new Map(
    (await db.selectFrom('users').select(['Id', 'UserName']).where('UserName', 'in', ['palmetto', 'ncsc']).execute()).map((u) => [u.UserName, u.Id]),
  );
  for (const file of DEMO_PARTNER_FILES) {
    const createdDate = new Date(now.getTime() - file.daysAgo * DAY_MS);
    const content = Buffer.from(file.content.replaceAll('{day}', formatDate(createdDate)));
    const storageKey = await storage.put(PARTNER_STORAGE_AREA, content);
    await fileIntoFolder(db, {
      folder: file.folder,
      name: file.name.replace('{date}', isoDay(createdDate)),
      storageKey,
      size: content.length,
      uploadedBy: users.get(file.uploadedBy) ?? null,
      createdDate,
    });
  }
}
