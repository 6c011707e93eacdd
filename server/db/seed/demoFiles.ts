import { formatDate, isoDay } from '../../../shared/format.js';
import type { FileStorage } from '../../files/storage.js';
import { PARTNER_STORAGE_AREA, fileIntoFolder } from '../../partnerFiles/folders.js';
import { CASE_PAPERS_STORAGE_AREA } from '../../cases/papers.js';
import { ITEM_ATTACHMENTS_STORAGE_AREA } from '../../items/attachments.js';
import { isCorruptPdf } from '../../files/pdfCheck.js';
import { PDFDocument, StandardFonts } from 'pdf-lib';
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

/** A one-page PDF standing in for the scanned release forms of a demo case. */
function demoReleasePdf(caseNumber: string): Buffer {
  const text = `Signed release forms - case ${caseNumber}`;
  const stream = `BT /F1 14 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/** Stores the file of every demo case paper the database seed listed without one (right after the demo seed). */
export async function seedDemoPapers(db: Database, storage: FileStorage): Promise<void> {
  const papers = await db
    .selectFrom('case_attachments as a')
    .innerJoin('cases as c', 'c.Id', 'a.Case_Id')
    .select(['a.Id', 'c.CaseNumber'])
    .where('a.StorageKey', 'is', null)
    .where('a.FedExTracking', 'is', null)
    .execute();
  for (const paper of papers) {
    const content = demoReleasePdf(paper.CaseNumber);
    const key = await storage.put(CASE_PAPERS_STORAGE_AREA, content);
    await db.updateTable('case_attachments').set({ StorageKey: key, Size: content.length }).where('Id', '=', paper.Id).execute();
  }
}

/** A one-page PDF of an investigator's interview notes for a demo item, made with pdf-lib. */
async function demoNotesPdf(caseNumber: string, itemNumber: string): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  const page = document.addPage([612, 792]);
  const lines = [`Interview notes - case ${caseNumber}, item #${itemNumber}`, '', 'The subject was interviewed in person and was cooperative.', 'All requested documents were reviewed on site.'];
  lines.forEach((line, index) => page.drawText(line, { x: 72, y: 720 - index * 20, size: index === 0 ? 14 : 11, font }));
  return Buffer.from(await document.save());
}

/** A scan that stopped part-way: named and sent as a PDF, it does not parse as one (the demo's Corrupt PDF row). */
const DEMO_BROKEN_SCAN = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R', 'latin1');

/**
 * Attachments of demo items (right after the demo seed): the first item in review or accepted of each case in process
 * or in review gets interview notes as a PDF, dated when it went to review; the first of them also a broken scan,
 * which is flagged CorruptPDF as an upload of it would be. Files go through the file storage like uploads.
 */
export async function seedDemoItemAttachments(db: Database, storage: FileStorage): Promise<void> {
  const items = await db
    .selectFrom('items as i')
    .innerJoin('cases as c', 'c.Id', 'i.Case_Id')
    .select(['i.Id', 'i.Case_Id', 'i.DisplayOrder', 'i.CreatedDate', 'c.CaseNumber'])
    .where('c.WorkflowState', 'in', ['IN_PROCESS', 'IN_REVIEW'])
    .where('i.ItemStatus', 'in', ['IN_REVIEW', 'ACCEPTED'])
    // Cases whose items have no attachments yet, so running it again adds none.
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('item_attachments as a').innerJoin('items as other', 'other.Id', 'a.Item_Id').select('a.Id').whereRef('other.Case_Id', '=', 'i.Case_Id'))),
    )
    .orderBy('i.Case_Id')
    .orderBy('i.DisplayOrder')
    .execute();
  const firstOfCase = items.filter((item, index) => index === 0 || items[index - 1].Case_Id !== item.Case_Id);
  for (const [index, item] of firstOfCase.entries()) {
    const reviewed = await db
      .selectFrom('item_history')
      .select('CreatedDate')
      .where('Item_Id', '=', item.Id)
      .where('Status', '=', 'IN_REVIEW')
      .orderBy('CreatedDate', 'desc')
      .executeTakeFirst();
    const itemNumber = String(item.DisplayOrder).padStart(3, '0');
    const files = [{ name: `Interview notes ${itemNumber}.pdf`, content: await demoNotesPdf(item.CaseNumber, itemNumber) }];
    if (index === 0) files.push({ name: 'Scanned statement.pdf', content: DEMO_BROKEN_SCAN });
    for (const [order, file] of files.entries()) {
      const contentType = 'application/pdf';
      await db
        .insertInto('item_attachments')
        .values({
          Item_Id: item.Id,
          Name: file.name,
          StorageKey: await storage.put(ITEM_ATTACHMENTS_STORAGE_AREA, file.content),
          ContentType: contentType,
          Size: file.content.length,
          DisplayOrder: order + 1,
          CorruptPDF: await isCorruptPdf({ ...file, contentType }),
          CreatedDate: reviewed?.CreatedDate ?? item.CreatedDate,
        })
        .execute();
    }
  }
}
