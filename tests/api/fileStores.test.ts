import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { HeadObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isStorageKey, storageIn, type FileStorage } from '../../server/files/storage.js';
import { parseFilesUrl } from '../../server/files/s3Storage.js';
import { fileStorageFor } from '../../server/files/fileStorageFor.js';
import { copyLocalStore } from '../../server/files/copyLocalStore.js';
import { CASE_PAPERS_STORAGE_AREA } from '../../server/cases/papers.js';
import { startS3Server, type S3TestServer } from '../support/s3Server.js';
import { startTestApp } from '../support/testApp.js';
import { multipart } from '../support/uploads.js';

let s3: S3TestServer;
const temporary: string[] = [];

beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.close();
  for (const dir of temporary) await rm(dir, { recursive: true, force: true });
});

async function temporaryDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'dossier-files-'));
  temporary.push(dir);
  return dir;
}

const MB = 1024 * 1024;

/** `megabytes` MB made one chunk at a time as it is read (never whole in memory), and what the reader took of it. */
function largeStream(megabytes: number, failAfter?: number) {
  const hash = createHash('sha256');
  const source = { produced: 0, hash: () => hash.digest('hex') };
  let chunk = 0;
  const stream = new Readable({
    read() {
      if (failAfter !== undefined && chunk === failAfter) {
        this.destroy(new Error('The connection dropped'));
        return;
      }
      if (chunk === megabytes) {
        this.push(null);
        return;
      }
      const bytes = createHash('sha512').update(String(chunk)).digest();
      const piece = Buffer.alloc(MB);
      for (let i = 0; i < MB; i += bytes.length) bytes.copy(piece, i);
      chunk += 1;
      hash.update(piece);
      source.produced += piece.length;
      this.push(piece);
    },
  });
  return { stream, source };
}

async function hashOf(stream: Readable): Promise<{ hash: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { hash: hash.digest('hex'), bytes };
}

async function textOf(storage: FileStorage, key: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.read(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

const codeOf = (promise: Promise<unknown>) => promise.then(() => 'resolved', (error: NodeJS.ErrnoException) => error.code);

const stores: { name: string; make: () => Promise<FileStorage> }[] = [
  { name: 'local disk', make: async () => storageIn(await temporaryDir()) },
  { name: 'S3', make: async () => s3.storage(await s3.newBucket(), 'dossier/') },
];

describe.each(stores)('the file store on $name', ({ make }) => {
  let storage: FileStorage;
  beforeAll(async () => {
    storage = await make();
  });

  it('stores a 20 MB stream as it is read and gives it back streamed, byte for byte', { timeout: 60_000 }, async () => {
    const { stream, source } = largeStream(20);
    const key = await storage.put(CASE_PAPERS_STORAGE_AREA, stream);
    expect(isStorageKey(key) && key.startsWith(`${CASE_PAPERS_STORAGE_AREA}/`)).toBe(true);
    expect(source.produced).toBe(20 * MB);
    expect(stream.readableEnded).toBe(true);
    expect(await storage.size(key)).toBe(20 * MB);
    const read = await storage.read(key);
    expect(read).toBeInstanceOf(Readable);
    expect(await hashOf(read)).toEqual({ hash: source.hash(), bytes: 20 * MB });
  });

  it('stores bytes under a key of its own making, or under a key a backup recorded (putAt); refuses any other key', async () => {
    const key = await storage.put('item-attachments', Buffer.from('report text'));
    expect(await textOf(storage, key)).toBe('report text');
    const recorded = `partner-files/${randomUUID()}`;
    await storage.putAt(recorded, Buffer.from('restored'));
    expect(await textOf(storage, recorded)).toBe('restored');
    expect(await storage.size(recorded)).toBe(8);
    await expect(storage.putAt('../outside', Buffer.from('x'))).rejects.toThrow(/Invalid storage key/);
    await expect(storage.read('partner-files/not-a-uuid')).rejects.toThrow(/Invalid storage key/);
  });

  it('lists an area\'s keys with when each was stored, and no other area\'s', async () => {
    // S3 keeps stored times to the second.
    const before = new Date(Math.floor(Date.now() / 1000) * 1000);
    const keys = [await storage.put('listed-area', Buffer.from('one')), await storage.put('listed-area', Buffer.from('two'))];
    await storage.put('other-area', Buffer.from('three'));
    const after = new Date(Date.now() + 1000);
    const listed = await storage.list('listed-area');
    expect(listed.map((file) => file.key).sort()).toEqual([...keys].sort());
    for (const file of listed) expect(file.stored >= before && file.stored <= after, String(file.stored)).toBe(true);
    expect(await storage.list('empty-area')).toEqual([]);
  });

  it('lists an area past one page of a listing (S3 answers 1,000 keys a page)', { timeout: 60_000 }, async () => {
    const keys = new Set<string>();
    for (let batch = 0; batch < 1005; batch += 67) {
      const stored = await Promise.all(Array.from({ length: Math.min(67, 1005 - batch) }, () => storage.put('paged-area', Buffer.from('x'))));
      for (const key of stored) keys.add(key);
    }
    const listed = await storage.list('paged-area');
    expect(listed).toHaveLength(1005);
    expect(new Set(listed.map((file) => file.key))).toEqual(keys);
  });

  it('removes a key for good; a missing key fails with ENOENT, as a missing file does', async () => {
    const key = await storage.put('removed-area', Buffer.from('going'));
    await storage.remove(key);
    expect(await codeOf(storage.read(key))).toBe('ENOENT');
    expect(await codeOf(storage.size(key))).toBe('ENOENT');
    expect(await storage.list('removed-area')).toEqual([]);
    await storage.remove(key);
    expect(await codeOf(storage.read(`case-papers/${randomUUID()}`))).toBe('ENOENT');
  });

  it('leaves nothing under any key when a stream fails part-way, and passes the failure on', { timeout: 60_000 }, async () => {
    // Past one part of a multipart upload: the failure comes after parts were sent.
    const { stream } = largeStream(20, 10);
    await expect(storage.put('failed-area', stream)).rejects.toThrow('The connection dropped');
    expect(await storage.list('failed-area')).toEqual([]);
    // What is left to clean up is no finished file.
    const kept = await storage.put('failed-area', Buffer.from('kept'));
    await storage.removeUnfinished(new Date(Date.now() + 60_000));
    expect(await textOf(storage, kept)).toBe('kept');
  });
});

describe('unfinished writes', () => {
  it('on local disk: removes what a crash left in .incoming before the given time, and nothing newer', async () => {
    const dir = await temporaryDir();
    const storage = storageIn(dir);
    const incoming = path.join(dir, 'files', '.incoming');
    await mkdir(incoming, { recursive: true });
    await writeFile(path.join(incoming, randomUUID()), 'half');
    const old = path.join(incoming, randomUUID());
    await writeFile(old, 'half, older');
    const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
    await utimes(old, hourAgo, hourAgo);
    expect(await storage.removeUnfinished(new Date(Date.now() - 60 * 1000))).toBe(1);
    expect(await readdir(incoming)).toHaveLength(1);
  });

  it('on S3: a server that does not list multipart uploads (s3rver) answers 0 and keeps every object', async () => {
    const storage = s3.storage(await s3.newBucket());
    const key = await storage.put('kept-area', Buffer.from('kept'));
    expect(await storage.removeUnfinished(new Date(Date.now() + 60_000))).toBe(0);
    expect(await textOf(storage, key)).toBe('kept');
  });
});

describe('FILES_URL', () => {
  it('names a bucket, a prefix and the server; the store is the data directory\'s without it', () => {
    expect(parseFilesUrl('s3://dossier-files/firm-a/?endpoint=http://127.0.0.1:9000&region=eu-west-1&forcePathStyle=true')).toEqual({
      bucket: 'dossier-files',
      prefix: 'firm-a/',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-1',
      forcePathStyle: true,
    });
    expect(parseFilesUrl('s3://dossier-files')).toMatchObject({ bucket: 'dossier-files', prefix: '', endpoint: undefined, forcePathStyle: false });
    expect(() => parseFilesUrl('file:///var/dossier')).toThrow(/s3:\/\/bucket/);
    expect(fileStorageFor({ dataDir: '/tmp/x', filesUrl: undefined }).constructor.name).toBe('LocalFileStorage');
    expect(fileStorageFor({ dataDir: '/tmp/x', filesUrl: 's3://dossier-files/firm-a' }).constructor.name).toBe('S3FileStorage');
  });
});

describe('a case paper through the API, stored in S3', () => {
  it('uploads a paper, downloads it byte for byte, and deletes its object with it', { timeout: 60_000 }, async () => {
    const bucket = await s3.newBucket();
    const t = await startTestApp({ storage: s3.storage(bucket, 'firm/') });
    try {
      const token = await t.signIn('caseadmin');
      const db = t.database.db;
      const org = await db.selectFrom('orgs').select('Id').where('Code', '=', 'DOC').executeTakeFirstOrThrow();
      const client = await db.selectFrom('users').select('Id').where('UserName', '=', 'client').executeTakeFirstOrThrow();
      const created = await t.call(token, {
        method: 'POST',
        url: '/api/cases',
        payload: {
          RequestingOfficial_Id: client.Id,
          Client_Id: org.Id,
          CaseType_Id: t.lookup('CaseType', 'T1'),
          Notes: null,
          CaseSubject: { FirstName: 'Stored', MiddleName: null, LastName: 'Remotely', SSN: '3434' },
        },
      });
      expect(created.statusCode, created.body).toBe(200);
      const caseId = Number(created.json().Id);
      // Every byte value, so that nothing on the way may treat the file as text.
      const content = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from(Array.from({ length: 256 * 1024 }, (_, i) => (i * 7919) % 256))]);
      const uploaded = await t.call(token, { method: 'POST', url: `/api/cases/${caseId}/attachments`, ...multipart([{ name: 'release.bin', content, type: 'application/octet-stream' }]) });
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      const paperId = Number((uploaded.json() as { Id: number }[])[0].Id);
      const row = await db.selectFrom('case_attachments').select('StorageKey').where('Id', '=', paperId).executeTakeFirstOrThrow();
      const objectKey = `firm/${String(row.StorageKey)}`;
      const listed = await s3.client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: 'firm/case-papers/' }));
      expect(listed.Contents?.map((object) => [object.Key, object.Size])).toEqual([[objectKey, content.length]]);

      const downloaded = await t.call(token, { method: 'GET', url: `/api/cases/${caseId}/attachments/${paperId}/file` });
      expect(downloaded.statusCode).toBe(200);
      expect(downloaded.rawPayload.equals(content)).toBe(true);

      expect((await t.call(token, { method: 'DELETE', url: `/api/cases/${caseId}/attachments/${paperId}` })).statusCode).toBe(200);
      const gone = await s3.client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey })).then(() => 200, (error: { $metadata?: { httpStatusCode?: number } }) => error.$metadata?.httpStatusCode);
      expect(gone).toBe(404);
    } finally {
      await t.close();
    }
  });
});

/** `npm run files:migrate -- args` as an operator runs it; answers its exit code and output. */
function filesMigrate(args: readonly string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', 'files:migrate', '--', ...args], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { ...process.env, FILES_URL: '', ...env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => void (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => void (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

describe('npm run files:migrate', () => {
  it('copies the data directory\'s files into the FILES_URL bucket, a limited run first; refuses without an s3:// FILES_URL', { timeout: 60_000 }, async () => {
    const dataDir = await temporaryDir();
    const local = storageIn(dataDir);
    const keys = [await local.put('case-papers', Buffer.from('paper one')), await local.put('case-papers', Buffer.from('paper two'))];
    const bucket = await s3.newBucket();
    const env = {
      DOSSIER_DATA_DIR: dataDir,
      FILES_URL: `s3://${bucket}/firm?endpoint=${s3.endpoint}&region=us-east-1&forcePathStyle=true`,
      AWS_ACCESS_KEY_ID: s3.credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
    };
    const first = await filesMigrate(['--limit', '1'], env);
    expect(first, first.output).toMatchObject({ code: 0 });
    expect(first.output).toContain('Copied 1 files (0.0 MB); 0 were there already; 1 left for another run.');
    const second = await filesMigrate([], env);
    expect(second, second.output).toMatchObject({ code: 0 });
    expect(second.output).toContain('Copied 1 files (0.0 MB); 1 were there already. The bucket holds every file of the local store.');
    const target = s3.storage(bucket, 'firm/');
    for (const key of keys) expect(await textOf(target, key)).toBe(await textOf(local, key));

    const unset = await filesMigrate([], { DOSSIER_DATA_DIR: dataDir });
    expect(unset.code).toBe(1);
    expect(unset.output).toContain('FILES_URL is not set');
    const notS3 = await filesMigrate([], { DOSSIER_DATA_DIR: dataDir, FILES_URL: 'file:///srv/dossier' });
    expect(notS3.code).toBe(1);
    expect(notS3.output).toContain('FILES_URL must be s3://bucket/prefix');
  });


  it('copies a local store into the bucket under the same keys, and a second run goes on where the first stopped', async () => {
    const dataDir = await temporaryDir();
    const local = storageIn(dataDir);
    const keys = [
      await local.put('case-papers', Buffer.from('paper')),
      await local.put('item-attachments', Buffer.from('attachment')),
      await local.put('partner-files', Buffer.from('partner file')),
    ];
    const target = s3.storage(await s3.newBucket(), 'migrated/');
    const first = await copyLocalStore(path.join(dataDir, 'files'), target, { limit: 1 });
    expect(first).toMatchObject({ copied: 1, skipped: 0, left: 2 });
    const events: string[] = [];
    const second = await copyLocalStore(path.join(dataDir, 'files'), target, { progress: (event) => events.push(event.kind) });
    expect(second).toMatchObject({ copied: 2, skipped: 1, left: 0 });
    expect(events.sort()).toEqual(['copied', 'copied', 'skipped']);
    for (const key of keys) expect(await textOf(target, key)).toBe(await textOf(local, key));
    const again = await copyLocalStore(path.join(dataDir, 'files'), target);
    expect(again).toMatchObject({ copied: 0, skipped: 3, left: 0 });
  });
});
