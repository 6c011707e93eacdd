import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Texts } from '../../shared/texts/index.js';
import { ITEM_ATTACHMENTS_STORAGE_AREA } from '../../server/items/attachments.js';
import { seedDemoItemAttachments } from '../../server/db/seed/demoFiles.js';
import { startTestApp, type TestApp } from '../support/testApp.js';
import { caseAwaitingAssignment } from '../support/readyCase.js';
import { multipart, zipOf, type Upload } from '../support/uploads.js';

/**
 * An item's attachments (spec 001 §2 "Item page", §3 "Item attachment", §7): upload with zips extracted and corrupt
 * PDFs flagged, download under the name, swap, delete with renumbering; the permissions, an investigator's view of
 * another's item, the item's lock, and a hostile zip refused whole.
 */
const T = Texts.items;
let t: TestApp;
const tokens: Record<string, string> = {};
const user = new Map<string, number>();
const db = () => t.database.db;

type Json = Record<string, unknown>;
type Who = 'caseadmin' | 'dataentry' | 'reviewer' | 'investigator' | 'contractor' | 'client';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

let validPdf: Buffer;

beforeAll(async () => {
  t = await startTestApp();
  for (const name of ['caseadmin', 'dataentry', 'reviewer', 'investigator', 'contractor', 'client'] as Who[]) tokens[name] = await t.signIn(name);
  for (const row of await db().selectFrom('users').select(['Id', 'UserName']).execute()) user.set(row.UserName, row.Id);
  const document = await PDFDocument.create();
  document.addPage().drawText('Interview notes', { font: await document.embedFont(StandardFonts.Helvetica) });
  validPdf = Buffer.from(await document.save());
});
afterAll(() => t.close());

const call = (who: Who, method: Method, url: string, payload?: object) => t.call(tokens[who], { method, url, payload });
let cases = 0;

/** A case awaiting assignment with its Auto Add items; the first is assigned to the investigator, the second to the contractor. */
async function caseWithItems(): Promise<{ caseId: number; mine: number; theirs: number; other: number }> {
  cases += 1;
  const { caseId, items } = await caseAwaitingAssignment(t, tokens, { firstName: 'Attach', lastName: `Attachcase${cases}`, ssn: `66${cases}` });
  const [mine, theirs, other] = items;
  for (const [itemId, who] of [[mine, 'investigator'], [theirs, 'contractor']] as const) {
    const assigned = await call('caseadmin', 'POST', `/api/cases/${caseId}/items/assign`, { Investigator_Id: user.get(who), ItemIds: [itemId] });
    expect(assigned.statusCode, assigned.body).toBe(200);
  }
  return { caseId, mine, theirs, other };
}

const attachmentsUrl = (caseId: number, itemId: number) => `/api/cases/${caseId}/items/${itemId}/attachments`;
const upload = (who: Who, url: string, files: readonly Upload[]) => t.call(tokens[who], { method: 'POST', url, ...multipart(files) });
const listOf = async (who: Who, url: string) => {
  const response = await call(who, 'GET', url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Json[];
};
/** The files of item attachments in the file storage (on disk or in S3, as the tier keeps them). */
const storedFiles = async () => (await t.files.keys(ITEM_ATTACHMENTS_STORAGE_AREA)).length;
const hasAttachments = async (caseId: number, itemId: number) =>
  ((await call('caseadmin', 'GET', `/api/cases/${caseId}/items`)).json() as Json[]).find((i) => i.Id === itemId)?.HasAttachments;

describe('uploading attachments', () => {
  it('stores several files and a zip\'s files in arrival order, flags a corrupt PDF and not a valid one, and marks the item', async () => {
    const { caseId, mine, other } = await caseWithItems();
    const url = attachmentsUrl(caseId, mine);
    expect(await listOf('caseadmin', url)).toEqual([]);
    expect(await hasAttachments(caseId, mine)).toBe(false);

    const zip = await zipOf([['scans/scan.pdf', validPdf], ['photo.jpg', 'JPEG bytes'], ['broken scan.PDF', '%PDF-1.7 cut short']], ['scans/']);
    const uploaded = await upload('caseadmin', url, [
      { name: 'interview.pdf', content: validPdf, type: 'application/pdf' },
      { name: 'statement.pdf', content: '%PDF-1.4 not really a document', type: 'application/pdf' },
      { name: 'notes.txt', content: 'plain notes', type: 'text/plain' },
      { name: 'evidence.zip', content: zip, type: 'application/zip' },
      // Sent as a PDF under another name: checked too.
      { name: 'receipt', content: 'no header', type: 'application/pdf' },
    ]);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const rows = uploaded.json() as Json[];
    expect(rows.map((r) => [r.Name, r.CorruptPDF, r.DisplayOrder])).toEqual([
      ['interview.pdf', false, 1],
      ['statement.pdf', true, 2],
      ['notes.txt', false, 3],
      ['scan.pdf', false, 4],
      ['photo.jpg', false, 5],
      ['broken scan.PDF', true, 6],
      ['receipt', true, 7],
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({ Goal_Id: mine, CreatedDate: expect.any(String) });
      expect(Object.keys(row).sort()).toEqual(['CorruptPDF', 'CreatedDate', 'DisplayOrder', 'Goal_Id', 'Id', 'Name']);
    }
    expect(await listOf('caseadmin', url)).toEqual(rows);
    expect(await hasAttachments(caseId, mine)).toBe(true);
    expect(await hasAttachments(caseId, other)).toBe(false);

    // A later upload comes after the others.
    const more = await upload('caseadmin', url, [{ name: 'addendum.pdf', content: validPdf, type: 'application/pdf' }]);
    expect((more.json() as Json[]).at(-1)).toMatchObject({ Name: 'addendum.pdf', DisplayOrder: 8, CorruptPDF: false });
    const audit = await db().selectFrom('audit_log').select(['Action', 'Entity_Id']).where('Entity', '=', 'items').where('Action', '=', 'add-attachments').execute();
    expect(audit.filter((a) => a.Entity_Id === String(mine))).toHaveLength(2);
  });

  it('refuses a hostile zip whole, storing nothing, and an upload without files', async () => {
    const { caseId, mine } = await caseWithItems();
    const url = attachmentsUrl(caseId, mine);
    const before = await storedFiles();
    // An entry that climbs out of its folder (yazl refuses to write one, so the name is patched in the bytes).
    const escaping = Buffer.from((await zipOf([['xx/evil.txt', 'evil']])).toString('latin1').split('xx/evil.txt').join('../evil.txt'), 'latin1');
    const refused = await upload('caseadmin', url, [{ name: 'a.pdf', content: validPdf }, { name: 'evil.zip', content: escaping }]);
    expect(refused.statusCode).toBe(400);
    expect(await listOf('caseadmin', url)).toEqual([]);
    expect(await storedFiles()).toBe(before);
    const none = await upload('caseadmin', url, []);
    expect(none.statusCode).toBe(400);
    expect(none.json().Message).toBe(T.attachments.server.noFiles);
  });
});

describe('downloading, swapping and deleting', () => {
  it('downloads an attachment\'s bytes under its name; another item\'s attachment is not found through this item', async () => {
    const { caseId, mine, other } = await caseWithItems();
    const [interview] = (await upload('caseadmin', attachmentsUrl(caseId, mine), [{ name: 'interview notes.pdf', content: validPdf, type: 'application/pdf' }])).json() as Json[];
    const file = await call('investigator', 'GET', `${attachmentsUrl(caseId, mine)}/${String(interview.Id)}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(validPdf)).toBe(true);
    expect(file.headers['content-type']).toContain('application/pdf');
    expect(file.headers['content-disposition']).toContain('filename="interview notes.pdf"');
    // Each download is in the audit log, under the item (issue 21: every read of findings is audited).
    const downloads = await db().selectFrom('audit_log').select(['UserName', 'Entity_Id']).where('Action', '=', 'download-attachment').execute();
    expect(downloads).toEqual([{ UserName: 'investigator', Entity_Id: String(mine) }]);
    expect((await call('caseadmin', 'GET', `${attachmentsUrl(caseId, other)}/${String(interview.Id)}/file`)).statusCode).toBe(404);
    expect((await call('caseadmin', 'GET', `${attachmentsUrl(caseId, mine)}/999999/file`)).statusCode).toBe(404);
  });

  it('swaps two attachments and answers every attachment\'s new order; refuses one of another item', async () => {
    const { caseId, mine, other } = await caseWithItems();
    const url = attachmentsUrl(caseId, mine);
    const [a, b, c] = ((await upload('caseadmin', url, ['a.txt', 'b.txt', 'c.txt'].map((name) => ({ name, content: name })))).json() as Json[]).map((r) => Number(r.Id));
    const swapped = await call('reviewer', 'PUT', `${url}/swap`, { SwapFrom_Id: c, SwapTo_Id: b });
    expect(swapped.statusCode, swapped.body).toBe(200);
    expect(swapped.json()).toEqual({ [a]: 1, [c]: 2, [b]: 3 });
    expect((await listOf('caseadmin', url)).map((r) => r.Name)).toEqual(['a.txt', 'c.txt', 'b.txt']);

    const [foreign] = ((await upload('caseadmin', attachmentsUrl(caseId, other), [{ name: 'x.txt', content: 'x' }])).json() as Json[]).map((r) => Number(r.Id));
    const refused = await call('caseadmin', 'PUT', `${url}/swap`, { SwapFrom_Id: a, SwapTo_Id: foreign });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().ModelState).toEqual({ SwapTo_Id: [T.attachments.server.notOfItem] });
    expect((await call('caseadmin', 'PUT', `${url}/swap`, { SwapFrom_Id: a })).statusCode).toBe(400);
  });

  it('deletes an attachment, renumbers the rest 1..n and removes its file; the last one clears the paperclip', async () => {
    const { caseId, mine } = await caseWithItems();
    const url = attachmentsUrl(caseId, mine);
    const rows = (await upload('caseadmin', url, ['one.txt', 'two.txt', 'three.txt'].map((name) => ({ name, content: name })))).json() as Json[];
    const before = await storedFiles();
    const removed = await call('investigator', 'DELETE', `${url}/${String(rows[1].Id)}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ Id: rows[1].Id, Name: 'two.txt' });
    expect(removed.json().StorageKey).toBeUndefined();
    expect((await listOf('caseadmin', url)).map((r) => [r.Name, r.DisplayOrder])).toEqual([
      ['one.txt', 1],
      ['three.txt', 2],
    ]);
    expect(await storedFiles()).toBe(before - 1);
    expect((await call('caseadmin', 'DELETE', `${url}/${String(rows[1].Id)}`)).statusCode).toBe(404);
    for (const row of [rows[0], rows[2]]) expect((await call('caseadmin', 'DELETE', `${url}/${String(row.Id)}`)).statusCode).toBe(200);
    expect(await hasAttachments(caseId, mine)).toBe(false);
  });
});

describe('who may do what', () => {
  it('keeps each call to its permission: view to list and download, add to upload and swap, delete to delete', async () => {
    const { caseId, mine } = await caseWithItems();
    const url = attachmentsUrl(caseId, mine);
    const [a, b] = ((await upload('caseadmin', url, [{ name: 'a.txt', content: 'a' }, { name: 'b.txt', content: 'b' }])).json() as Json[]).map((r) => Number(r.Id));
    // Data entry clerks and clients hold none of the item attachment permissions.
    for (const who of ['dataentry', 'client'] as const) {
      expect((await call(who, 'GET', url)).statusCode).toBe(403);
      expect((await call(who, 'GET', `${url}/${a}/file`)).statusCode).toBe(403);
      expect((await upload(who, url, [{ name: 'x.txt', content: 'x' }])).statusCode).toBe(403);
      expect((await call(who, 'PUT', `${url}/swap`, { SwapFrom_Id: a, SwapTo_Id: b })).statusCode).toBe(403);
      expect((await call(who, 'DELETE', `${url}/${a}`)).statusCode).toBe(403);
    }
    // Reviewers view and add, but do not delete.
    expect((await call('reviewer', 'GET', url)).statusCode).toBe(200);
    expect((await upload('reviewer', url, [{ name: 'review.txt', content: 'r' }])).statusCode).toBe(200);
    expect((await call('reviewer', 'DELETE', `${url}/${a}`)).statusCode).toBe(403);
    expect((await listOf('caseadmin', url)).map((r) => r.Name)).toEqual(['a.txt', 'b.txt', 'review.txt']);
    expect((await t.call(null, { method: 'GET', url })).statusCode).toBe(401);
  });

  it('shows an investigator the attachments of their own items only: another\'s item is not found', async () => {
    const { caseId, mine, theirs } = await caseWithItems();
    const [theirFile] = ((await upload('caseadmin', attachmentsUrl(caseId, theirs), [{ name: 'theirs.txt', content: 't' }])).json() as Json[]).map((r) => Number(r.Id));
    expect((await upload('investigator', attachmentsUrl(caseId, mine), [{ name: 'mine.txt', content: 'm' }])).statusCode).toBe(200);
    expect((await listOf('investigator', attachmentsUrl(caseId, mine))).map((r) => r.Name)).toEqual(['mine.txt']);

    const url = attachmentsUrl(caseId, theirs);
    const seen = await call('investigator', 'GET', url);
    expect(seen.statusCode).toBe(404);
    expect(seen.json().Message).toBe(T.server.notFound);
    expect((await call('investigator', 'GET', `${url}/${theirFile}/file`)).statusCode).toBe(404);
    expect((await upload('investigator', url, [{ name: 'x.txt', content: 'x' }])).statusCode).toBe(404);
    expect((await call('investigator', 'PUT', `${url}/swap`, { SwapFrom_Id: theirFile, SwapTo_Id: theirFile })).statusCode).toBe(404);
    expect((await call('investigator', 'DELETE', `${url}/${theirFile}`)).statusCode).toBe(404);
    expect((await listOf('caseadmin', url)).map((r) => r.Name)).toEqual(['theirs.txt']);
    // A case that does not exist, or a path that names none, is not found either.
    expect((await call('caseadmin', 'GET', attachmentsUrl(999999, mine))).statusCode).toBe(404);
    expect((await call('caseadmin', 'GET', `/api/cases/abc/items/${mine}/attachments`)).statusCode).toBe(404);
  });

  it('refuses every change of a locked item with 409 and the reason, storing nothing', async () => {
    const { caseId, mine } = await caseWithItems();
    const url = attachmentsUrl(caseId, mine);
    const [a, b] = ((await upload('investigator', url, [{ name: 'a.txt', content: 'a' }, { name: 'b.txt', content: 'b' }])).json() as Json[]).map((r) => Number(r.Id));
    // In review, the investigator (without Edit Items In Review) may no longer change the item; a reviewer may.
    await db().updateTable('items').set({ ItemStatus: 'IN_REVIEW' }).where('Id', '=', mine).execute();
    const before = await storedFiles();
    const refusals = [
      await upload('investigator', url, [{ name: 'late.txt', content: 'l' }]),
      await call('investigator', 'PUT', `${url}/swap`, { SwapFrom_Id: a, SwapTo_Id: b }),
      await call('investigator', 'DELETE', `${url}/${a}`),
    ];
    for (const refused of refusals) {
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().Message).toBe(T.server.inReview);
    }
    expect(await storedFiles()).toBe(before);
    expect((await listOf('investigator', url)).map((r) => r.Name)).toEqual(['a.txt', 'b.txt']);
    expect((await call('reviewer', 'PUT', `${url}/swap`, { SwapFrom_Id: a, SwapTo_Id: b })).statusCode).toBe(200);

    // Accepted, only users who may edit inactive cases change it: the reviewer may not.
    await db().updateTable('items').set({ ItemStatus: 'ACCEPTED' }).where('Id', '=', mine).execute();
    const accepted = await upload('reviewer', url, [{ name: 'late.txt', content: 'l' }]);
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json().Message).toBe(T.server.accepted);
    expect((await listOf('reviewer', url)).map((r) => r.Name)).toEqual(['b.txt', 'a.txt']);
  });
});

describe('the demo', () => {
  it('gives items in review or accepted interview notes as readable PDFs, and one item a corrupt scan', async () => {
    await seedDemoItemAttachments(db(), t.app.services.storage);
    const rows = await db()
      .selectFrom('item_attachments as a')
      .innerJoin('items as i', 'i.Id', 'a.Item_Id')
      .select(['a.Id', 'a.Name', 'a.CorruptPDF', 'i.Id as Item_Id', 'i.Case_Id', 'i.ItemStatus'])
      .where('a.Name', 'like', '%.pdf')
      .where((eb) => eb.or([eb('a.Name', 'like', 'Interview notes%'), eb('a.Name', '=', 'Scanned statement.pdf')]))
      .execute();
    expect(rows.length).toBeGreaterThan(3);
    for (const row of rows) expect(['IN_REVIEW', 'ACCEPTED']).toContain(row.ItemStatus);
    expect(rows.filter((r) => r.CorruptPDF).map((r) => r.Name)).toEqual(['Scanned statement.pdf']);
    const notes = rows.find((r) => !r.CorruptPDF)!;
    const file = await call('caseadmin', 'GET', `${attachmentsUrl(notes.Case_Id, notes.Item_Id)}/${notes.Id}/file`);
    expect(file.statusCode).toBe(200);
    expect((await PDFDocument.load(file.rawPayload)).getPageCount()).toBe(1);
    // Run again, it adds nothing: the items have their attachments.
    const count = async () => (await db().selectFrom('item_attachments').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    const before = Number(await count());
    await seedDemoItemAttachments(db(), t.app.services.storage);
    expect(Number(await count())).toBe(before);
  });
});
