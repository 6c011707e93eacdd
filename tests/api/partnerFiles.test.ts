import { existsSync } from 'node:fs';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoFiles } from '../../server/db/seed/demoFiles.js';
import { isStorageKey, LocalFileStorage } from '../../server/files/storage.js';
import { S3FileStorage } from '../../server/files/s3Storage.js';
import { PARTNER_FOLDERS } from '../../shared/partnerFiles.js';
import { Texts } from '../../shared/texts/index.js';
import { startTestApp, type TestApp } from '../support/testApp.js';
import { TEST_FILE_STORE } from '../support/testFiles.js';

const F = Texts.identity.files;
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

interface Part {
  name: string;
  value?: string;
  filename?: string;
  content?: Buffer | string;
}

/** A multipart/form-data body with the parts in the given order. */
function multipart(parts: Part[]) {
  const boundary = '----dossier-test-boundary';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      part.filename === undefined
        ? `form-data; name="${part.name}"`
        : `form-data; name="${part.name}"; filename="${part.filename.replace(/"/g, '%22')}"`;
    const type = part.filename === undefined ? '' : 'Content-Type: application/octet-stream\r\n';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content ?? part.value ?? ''));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (token: string, parts: Part[]) => t.call(token, { method: 'POST', url: '/api/user/UploadFile', ...multipart(parts) });
const list = (token: string, folder: string) => t.call(token, { method: 'POST', url: '/api/user/GetFileList', payload: { Folder: folder } });
const remove = (token: string, filePath: string) => t.call(token, { method: 'POST', url: '/api/user/DeleteFile', payload: { FilePath: filePath } });
const download = (token: string, filePath: string) => t.call(token, { method: 'POST', url: '/api/user/DownloadFile', payload: { FilePath: filePath } });

/**
 * Every file under the data folder, every file in the store (the data folder's `files/`, or the S3 bucket) and every
 * filed partner file, so a test can prove a refused request touched nothing.
 */
async function snapshot(): Promise<{ disk: Record<string, string>; store: Record<string, string>; index: unknown[] }> {
  const disk: Record<string, string> = {};
  for (const entry of await readdir(t.dataDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    disk[path.relative(t.dataDir, file)] = await readFile(file, 'utf8');
  }
  const store = Object.fromEntries([...(await t.files.everything())].map(([name, bytes]) => [name, bytes.toString('utf8')]));
  const index = await t.database.db.selectFrom('partner_files').selectAll().orderBy('Id').execute();
  return { disk, store, index };
}

/**
 * The bytes in the file storage's partner area must be exactly those of the filed partner files (no orphans), and the
 * store holds nothing under a name that is not a key (nothing an uploaded name could have made).
 */
async function expectNoStrayBytes() {
  const stored = await t.files.keys('partner-files');
  const rows = await t.database.db.selectFrom('partner_files').select('StorageKey').execute();
  expect(stored).toEqual(rows.map((row) => row.StorageKey).sort());
  expect([...(await t.files.everything()).keys()].filter((name) => !isStorageKey(name))).toEqual([]);
}

const namesIn = async (token: string, folder: string) => (await list(token, folder)).json().map((f: { Name: string }) => f.Name);

describe('upload, list, download and delete', () => {
  it('a Palmetto member uploads into a Palmetto folder, sees it listed, downloads it and deletes it', async () => {
    const token = await t.signIn('palmetto');
    const uploaded = await upload(token, [
      { name: 'Folder', value: 'Palmetto Requests' },
      { name: 'myFile', filename: 'request-0042.csv', content: 'id,name\n42,Jane Roe\n' },
    ]);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json()).toEqual({ Message: F.uploaded, Name: 'request-0042.csv', FullName: 'Palmetto Requests/request-0042.csv' });
    const filed = await t.database.db.selectFrom('partner_files').selectAll().where('Name', '=', 'request-0042.csv').executeTakeFirstOrThrow();
    expect(filed).toMatchObject({ Folder: 'Palmetto Requests', Size: 20 });
    // In the tier's store (tests/support/testFiles.ts): the bucket on S3, the data folder's files/ on disk.
    expect(t.app.services.storage).toBeInstanceOf(TEST_FILE_STORE === 's3' ? S3FileStorage : LocalFileStorage);
    expect((await t.files.everything()).get(filed.StorageKey)?.toString('utf8')).toBe('id,name\n42,Jane Roe\n');
    expect(await t.files.text(filed.StorageKey)).toBe('id,name\n42,Jane Roe\n');

    const listed = await list(token, 'Palmetto Requests');
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([
      { Name: 'request-0042.csv', CreationTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), FullName: 'Palmetto Requests/request-0042.csv' },
    ]);

    const file = await download(token, 'Palmetto Requests/request-0042.csv');
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('id,name\n42,Jane Roe\n');
    expect(file.headers['content-type']).toBe('application/octet-stream');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="request-0042.csv"; filename*=UTF-8''request-0042.csv`);

    const deleted = await remove(token, 'Palmetto Requests/request-0042.csv');
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ Message: F.deleted });
    expect((await list(token, 'Palmetto Requests')).json()).toEqual([]);
    expect(await t.files.has(filed.StorageKey)).toBe(false);
    expect((await remove(token, 'Palmetto Requests/request-0042.csv')).statusCode).toBe(404);
  });

  it('accepts the file before the folder, cleans file names and never overwrites', async () => {
    const token = await t.signIn('ncsc');
    const names = [];
    for (const filename of ['../../evil.txt', 'C:\\Users\\me\\evil.txt', 'evil.txt', '.hidden\u0007name.txt', 'Résumé <final>.pdf']) {
      const response = await upload(token, [
        { name: 'myFile', filename, content: `content of ${filename}` },
        { name: 'Folder', value: 'NCSC Reports' },
      ]);
      expect(response.statusCode, response.body).toBe(200);
      names.push(response.json().Name);
    }
    expect(names).toEqual(['evil.txt', 'evil (2).txt', 'evil (3).txt', 'hidden_name.txt', 'Résumé _final_.pdf']);
    expect((await namesIn(token, 'NCSC Reports')).sort()).toEqual([...names].sort());
    expect((await download(token, 'NCSC Reports/evil.txt')).body).toBe('content of ../../evil.txt');
    expect((await download(token, 'NCSC Reports/evil (3).txt')).body).toBe('content of evil.txt');
    expect(existsSync(path.join(t.dataDir, 'evil.txt'))).toBe(false);

    const resume = await download(token, 'NCSC Reports/Résumé _final_.pdf');
    expect(resume.headers['content-disposition']).toBe(
      `attachment; filename="R_sum_ _final_.pdf"; filename*=UTF-8''${encodeURIComponent('Résumé _final_.pdf')}`,
    );
    await expectNoStrayBytes();
  });

  it('gives uploads of the same name at the same time different names', async () => {
    const token = await t.signIn('ncsc');
    const responses = await Promise.all(
      [1, 2, 3, 4].map((n) => upload(token, [{ name: 'Folder', value: 'NCSC Requests' }, { name: 'myFile', filename: 'batch.zip', content: `batch ${n}` }])),
    );
    const names = responses.map((response) => response.json().Name).sort();
    expect(names).toEqual(['batch (2).zip', 'batch (3).zip', 'batch (4).zip', 'batch.zip']);
    const contents = await Promise.all(names.map(async (name: string) => (await download(token, `NCSC Requests/${name}`)).body));
    expect(contents.sort()).toEqual(['batch 1', 'batch 2', 'batch 3', 'batch 4']);
  });

  it('answers ModelState when the file or the folder is missing, or the folder is unknown', async () => {
    const token = await t.signIn('palmetto');
    const nothing = await upload(token, []);
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().ModelState).toEqual({ Folder: [F.chooseFolder], myFile: [F.chooseFile] });
    const noFile = await upload(token, [{ name: 'Folder', value: 'Palmetto Requests' }, { name: 'myFile', filename: '', content: '' }]);
    expect(noFile.json().ModelState).toEqual({ myFile: [F.chooseFile] });
    const unknown = await upload(token, [{ name: 'Folder', value: 'Palmetto Secrets' }, { name: 'myFile', filename: 'a.txt', content: 'a' }]);
    expect(unknown.json().ModelState).toEqual({ Folder: [F.unknownFolder] });
    expect((await list(token, '../NCSC Requests')).json().ModelState).toEqual({ Folder: [F.unknownFolder] });
    expect((await list(token, '')).json().ModelState).toEqual({ Folder: ['Folder is required.'] });
  });

  it('lists every folder of the own group, newest first', async () => {
    const token = await t.signIn('palmetto');
    for (const folder of PARTNER_FOLDERS.Palmetto) {
      const response = await list(token, folder);
      expect(response.statusCode, folder).toBe(200);
    }
    await upload(token, [{ name: 'Folder', value: 'Palmetto Processing 2021' }, { name: 'myFile', filename: 'older.txt', content: '1' }]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await upload(token, [{ name: 'Folder', value: 'Palmetto Processing 2021' }, { name: 'myFile', filename: 'newer.txt', content: '2' }]);
    expect(await namesIn(token, 'Palmetto Processing 2021')).toEqual(['newer.txt', 'older.txt']);
  });
});

describe('access', () => {
  it("refuses another group's folders with 403 and writes nothing", async () => {
    const token = await t.signIn('palmetto');
    const before = await snapshot();
    for (const parts of [
      [{ name: 'Folder', value: 'NCSC Requests' }, { name: 'myFile', filename: 'x.txt', content: 'x' }],
      [{ name: 'myFile', filename: 'x.txt', content: 'x' }, { name: 'Folder', value: 'NCSC Requests' }],
    ]) {
      const response = await upload(token, parts);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ Message: F.notYourFolder });
    }
    expect((await list(token, 'NCSC Reports')).statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
    await expectNoStrayBytes();
  });

  it('refuses users outside the partner groups on every route', async () => {
    const token = await t.signIn('investigator');
    expect((await upload(token, [{ name: 'Folder', value: 'Palmetto Requests' }, { name: 'myFile', filename: 'x.txt', content: 'x' }])).statusCode).toBe(403);
    expect((await list(token, 'Palmetto Requests')).statusCode).toBe(403);
    expect((await remove(token, 'Palmetto Requests/x.txt')).statusCode).toBe(403);
    expect((await download(token, 'Palmetto Requests/x.txt')).statusCode).toBe(403);
    expect((await list('', 'Palmetto Requests')).statusCode).toBe(401);
  });
});

describe('path traversal', () => {
  it('refuses every FilePath that is not exactly a listed file of an own folder, reading and deleting nothing', async () => {
    await writeFile(path.join(t.dataDir, 'secret.txt'), 'top secret');
    await upload(await t.signIn('ncsc'), [{ name: 'Folder', value: 'NCSC Requests' }, { name: 'myFile', filename: 'ncsc-only.txt', content: 'ncsc data' }]);
    const token = await t.signIn('palmetto');
    await upload(token, [{ name: 'Folder', value: 'Palmetto Acknowledgments' }, { name: 'myFile', filename: 'real.txt', content: 'real' }]);
    const before = await snapshot();

    const attempts: [string, number][] = [
      ['../../etc/passwd', 400],
      ['/etc/passwd', 400],
      ['../secret.txt', 400],
      ['..%2F..%2Fsecret.txt', 400],
      ['%2e%2e/%2e%2e/secret.txt', 400],
      ['Palmetto Acknowledgments/../../secret.txt', 400],
      ['Palmetto Acknowledgments/..\\..\\secret.txt', 400],
      ['Palmetto Acknowledgments/..', 400],
      ['Palmetto Acknowledgments/', 400],
      ['Palmetto Acknowledgments/real.txt\u0000.png', 400],
      ['palmetto acknowledgments/real.txt', 400],
      ['Palmetto Acknowledgments/../NCSC Requests/ncsc-only.txt', 400],
      ['Palmetto Acknowledgments/..%2F..%2Fsecret.txt', 404],
      ['Palmetto Acknowledgments/%2e%2e%2fsecret.txt', 404],
      ['Palmetto Acknowledgments/./real.txt', 400],
      ['Palmetto Acknowledgments/REAL.TXT', 404],
      ['NCSC Requests/ncsc-only.txt', 403],
      [path.join(t.dataDir, 'files', 'Palmetto Acknowledgments', 'real.txt'), 400],
    ];
    for (const [filePath, status] of attempts) {
      const read = await download(token, filePath);
      expect(read.statusCode, `download ${filePath}`).toBe(status);
      expect(read.body).not.toContain('secret');
      expect(read.body).not.toContain('ncsc data');
      expect((await remove(token, filePath)).statusCode, `delete ${filePath}`).toBe(status);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('demo partner files', () => {
  it('gives each partner group dated files to list and download, and none to the other group', async () => {
    await seedDemoFiles(t.database.db, t.app.services.storage, new Date('2026-11-23T12:00:00Z'));
    const palmetto = await t.signIn('palmetto');
    const requests = (await list(palmetto, 'Palmetto Requests')).json() as { Name: string; CreationTime: string; FullName: string }[];
    expect(requests.map((f) => [f.Name, f.CreationTime.slice(0, 10)])).toEqual([
      ['investigation-requests-2026-11-16.csv', '2026-11-16'],
      ['investigation-requests-2026-11-02.csv', '2026-11-02'],
    ]);
    const file = await download(palmetto, requests[0].FullName);
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain('"Okafor, Ada",Tier 3,11/16/2026');
    expect((await download(palmetto, 'NCSC Reports/monthly-status-2026-11-01.csv')).statusCode).toBe(403);
    const ncsc = await t.signIn('ncsc');
    // The earlier tests' uploads are newer, so the backdated demo file comes last.
    expect((await namesIn(ncsc, 'NCSC Reports')).at(-1)).toBe('monthly-status-2026-11-01.csv');
    await expectNoStrayBytes();
  });
});
