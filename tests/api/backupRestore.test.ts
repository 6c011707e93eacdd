import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DEMO_USERS } from '../../server/db/seed/index.js';
import { PARTNER_FOLDERS } from '../../shared/partnerFiles.js';
import { restore } from '../../server/backup/restore.js';
import { readManifest } from '../../server/backup/backupFormat.js';
import { readBackupKeys } from '../../server/backup/backupKeys.js';
import { readConfig } from '../../server/config.js';
import { TEST_DB_KIND } from '../support/testDatabase.js';
import { TEST_FILE_STORE } from '../support/testFiles.js';
import { startServerProcess, type ServerProcess } from '../support/serverProcess.js';
import { call, installation, newCases, ok, signIn, type Answer } from '../support/installation.js';
import { backupFolders, expectSealed, plainText } from '../support/backupFiles.js';

/**
 * Backups that restore (issue 24): `npm run backup` of the running demo firm while cases and papers are being written,
 * `npm run restore` into an empty installation, and the real server started on it: every demo account signs in, and
 * every case, item, file (its bytes) and user is there as it was; what was written during the backup is there whole
 * or not at all; a second restore is refused, a forced one restores over the data there.
 */
const folder = backupFolders();

/** `npm run <script> -- args` as an operator runs it, in an installation's environment; answers its exit code and output. */
function npmRun(script: string, args: readonly string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], { cwd: path.resolve(import.meta.dirname, '../..'), env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => void (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => void (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The bytes a download answers, as their SHA-256. */
async function download(server: ServerProcess, token: string, method: string, url: string, body?: unknown): Promise<string> {
  const response = await fetch(`${server.baseUrl}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(response.status, url).toBe(200);
  return sha256(Buffer.from(await response.arrayBuffer()));
}

/** Runs `work` over `inputs`, six at a time. */
async function eachOf<T>(inputs: readonly T[], work: (input: T) => Promise<void>): Promise<void> {
  const todo = [...inputs];
  await Promise.all(Array.from({ length: 6 }, async () => {
    for (let next = todo.shift(); next !== undefined; next = todo.shift()) await work(next);
  }));
}

type Row = Record<string, unknown> & { Id: number };

/** Every page of a table search. */
async function allOf(server: ServerProcess, token: string, url: string, records: string, body: Record<string, unknown> = {}): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 0; ; page += 1) {
    const answer = await ok<Record<string, Row[]>>(call(server, token, 'POST', url, { page, pageSize: 100, sorted: [], filtered: [], additional: {}, ...body }));
    rows.push(...answer[records]);
    if (answer[records].length < 100) return rows;
  }
}

/**
 * What the firm holds, as its users see it: every case (the list and each case's record), each case's items and papers,
 * every user, and every file's bytes — papers, item attachments, item-template assets and partner files.
 */
interface Firm {
  cases: Map<number, unknown>;
  items: Map<number, unknown[]>;
  papers: Map<number, unknown[]>;
  users: Row[];
  /** Each file by where it is downloaded, as its SHA-256. */
  files: Map<string, string>;
}

async function firmOf(server: ServerProcess): Promise<Firm> {
  const admin = await signIn(server, 'sysadmin');
  const firm: Firm = { cases: new Map(), items: new Map(), papers: new Map(), users: [], files: new Map() };
  const listed = await allOf(server, admin, '/api/cases/search', 'cases');
  firm.users = await allOf(server, admin, '/api/identity/users', 'users', { additional: { OrgIds: [], GroupIds: [], HideIDSUsers: false, Active: false, Inactive: false } });
  await eachOf(listed, async ({ Id }) => {
    firm.cases.set(Id, { listed: listed.find((c) => c.Id === Id), record: await ok(call(server, admin, 'GET', `/api/cases/${Id}?ssn=full`)) });
    const items = await ok<Row[]>(call(server, admin, 'GET', `/api/cases/${Id}/items`));
    const papers = await ok<Row[]>(call(server, admin, 'GET', `/api/cases/${Id}/attachments`));
    firm.items.set(Id, items);
    firm.papers.set(Id, papers);
    for (const paper of papers.filter((p) => p.HasFile)) {
      const url = `/api/cases/${Id}/attachments/${paper.Id}/file`;
      firm.files.set(url, await download(server, admin, 'GET', url));
    }
    for (const item of items.filter((i) => i.HasAttachments)) {
      const attachments = await ok<Row[]>(call(server, admin, 'GET', `/api/cases/${Id}/items/${item.Id}/attachments`));
      for (const attachment of attachments) {
        const url = `/api/cases/${Id}/items/${item.Id}/attachments/${attachment.Id}/file`;
        firm.files.set(url, await download(server, admin, 'GET', url));
      }
    }
  });
  for (const type of await ok<(Row & { Assets?: Row[] })[]>(call(server, admin, 'GET', '/api/item-types'))) {
    for (const asset of type.Assets ?? []) {
      const url = `/api/item-types/${type.Id}/assets/${asset.Id}`;
      firm.files.set(url, await download(server, admin, 'GET', url));
    }
  }
  for (const partner of ['palmetto', 'ncsc']) {
    const token = await signIn(server, partner);
    for (const group of Object.values(PARTNER_FOLDERS)) {
      for (const Folder of group) {
        const listing = await call(server, token, 'POST', '/api/user/GetFileList', { Folder });
        if (!('status' in listing) || listing.status !== 200) continue;
        for (const file of listing.body as unknown as { FullName: string }[]) {
          firm.files.set(`partner ${file.FullName}`, await download(server, token, 'POST', '/api/user/DownloadFile', { FilePath: file.FullName }));
        }
      }
    }
  }
  return firm;
}

/** A paper as the drop zone sends it, with bytes of its own. */
function paper(name: string, bytes: Buffer): FormData {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'text/plain' }), name);
  return form;
}

/**
 * Case creates (a T3 case: five items), paper uploads and paper deletions sent one round after another until stopped;
 * each acknowledged write noted with when it was answered.
 */
function writeUntilStopped(server: ServerProcess, token: string, prefix: string, paperCase: number) {
  /** Each created case: when its create was sent, and when it was answered. */
  const cases = new Map<number, { sent: number; at: number }>();
  const papers = new Map<string, { sha256: string; at: number }>();
  /** Each deleted paper: when its delete was sent, and when it was answered. */
  const deleted = new Map<string, { sent: number; at: number }>();
  let stop = false;
  const done = (async () => {
    const body = await newCases(server, token, prefix, 'T3');
    for (let n = 0; !stop; n += 1) {
      const bytes = randomBytes(64 + n);
      const name = `${prefix}-paper-${n}.txt`;
      const sent = Date.now();
      const [created, uploaded] = await Promise.all([
        call(server, token, 'POST', '/api/cases', body(n)),
        call(server, token, 'POST', `/api/cases/${paperCase}/attachments`, paper(name, bytes)),
      ]);
      const at = Date.now();
      expect('status' in created && created.status, JSON.stringify(created)).toBe(200);
      expect('status' in uploaded && uploaded.status, JSON.stringify(uploaded)).toBe(200);
      cases.set(Number((created as { body: Record<string, unknown> }).body.Id), { sent, at });
      papers.set(name, { sha256: sha256(bytes), at });
      if (n % 3 === 2) {
        // The oldest paper still there goes: its row and its file.
        const list = (uploaded as { body: unknown }).body as { Id: number; Name: string }[];
        const oldest = list.filter((p) => p.Name.startsWith(`${prefix}-paper`)).sort((a, b) => a.Id - b.Id)[0];
        const sent = Date.now();
        const answer: Answer = await call(server, token, 'DELETE', `/api/cases/${paperCase}/attachments/${oldest.Id}`);
        expect('status' in answer && answer.status, JSON.stringify(answer)).toBe(200);
        deleted.set(oldest.Name, { sent, at: Date.now() });
      }
    }
  })();
  return {
    cases,
    papers,
    deleted,
    async stop() {
      stop = true;
      await done;
    },
  };
}

describe(`backups on ${TEST_DB_KIND}`, () => {
  it('backs up the running demo firm while cases and papers are written; restored into an empty installation, the server signs everyone in and holds every case, item, file and user', { timeout: 300_000 }, async () => {
    const timings: Record<string, number> = {};
    let clock = Date.now();
    const lap = (name: string) => {
      timings[name] = Date.now() - clock;
      clock = Date.now();
    };
    // Files in the tier's store: the data folder, or an S3 bucket (FILES_URL) the backup reads and the restore fills.
    const source = await installation('backup', { files: TEST_FILE_STORE });
    const first = await startServerProcess('backed-up', 'scripts/start.mjs', source);
    lap('start the source server');
    const caseadmin = await signIn(first, 'caseadmin');
    const prefix = `Backup${randomBytes(3).toString('hex')}`;
    const paperCase = (await ok<Row>(call(first, caseadmin, 'POST', '/api/cases', (await newCases(first, caseadmin, `${prefix}papers`))(0)))).Id;
    await ok(call(first, caseadmin, 'POST', `/api/cases/${paperCase}/attachments`, paper(`${prefix}-first.txt`, randomBytes(100))));
    const before = await firmOf(first);
    lap('read the firm before');

    const writes = writeUntilStopped(first, caseadmin, prefix, paperCase);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const backupDir = path.join(await folder('backups'), 'nightly');
    const keyFile = path.join(await folder('keys'), 'dossier.keys');
    const backupStarted = Date.now();
    const backup = await npmRun('backup', ['--to', backupDir, '--key-to', keyFile], source);
    const backupEnded = Date.now();
    await writes.stop();
    lap('back up while writing');
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain(`Backup written to ${backupDir}`);
    expect(backup.output).toContain(`Keys: written to ${keyFile}`);
    expect(backup.output).toContain('The backup does NOT hold the key');
    if (TEST_DB_KIND === 'pglite') expect(backup.output).toContain('written by the running server');
    const during = [...writes.cases.values()].filter(({ at }) => at > backupStarted && at < backupEnded).length;
    expect(during, 'cases created while the backup ran').toBeGreaterThan(0);

    // The backup holds no key: not the key file's, nor the one the SSNs are sealed with.
    const keys = await readFile(keyFile, 'utf8');
    const secret = /^DOSSIER_SECRET_KEY=(.+)$/m.exec(keys)![1];
    const manifest = await readManifest(backupDir);
    expect(manifest.ssnKeys.length).toBe(1);
    expect(keys).toContain(`# Key ${manifest.ssnKeys[0].id} (current)`);
    await expectSealed(backupDir, new Map());
    expect(backup.output).toContain(`Sealed: every file but the manifest, under a key derived from key ${manifest.ssnKeys[0].id}`);
    const backupKeys = await readBackupKeys(keyFile);
    for (const { name } of manifest.tables) expect(await plainText(backupDir, `tables/${name}.jsonl.gz`, backupKeys), name).not.toContain(secret);

    const target = await installation('restored', { files: TEST_FILE_STORE });
    // The restores below that run in this process read the bucket's credentials from the environment, as
    // `npm run restore` does from the installation's.
    for (const name of ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY'] as const) if (target[name]) process.env[name] = target[name];
    const restored = await npmRun('restore', ['--from', backupDir, '--key-from', keyFile], target);
    lap('restore');
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toContain(`SSNs: ${manifest.ssnKeys[0].ssns}, every one opened`);
    await first.stop();
    const second = await startServerProcess('restored', 'scripts/start.mjs', target);
    lap('start the restored server');
    try {
      const tokens = new Map<string, string>();
      for (const { userName } of DEMO_USERS) tokens.set(userName, await signIn(second, userName));
      const caseadmin2 = () => tokens.get('caseadmin')!;
      const after = await firmOf(second);
      lap('sign in every demo account and read the firm after');

      // Everything not written during the backup is as it was.
      const written = (id: number) => writes.cases.has(id) || id === paperCase;
      const without = <T>(map: Map<number, T>) => new Map([...map].filter(([id]) => !written(id)));
      expect(without(after.cases)).toEqual(without(before.cases));
      expect(without(after.items)).toEqual(without(before.items));
      expect(without(after.papers)).toEqual(without(before.papers));
      expect(after.users).toEqual(before.users);
      const paperFiles = (files: Map<string, string>) => new Map([...files].filter(([url]) => !url.startsWith(`/api/cases/${paperCase}/`) && ![...writes.cases.keys()].some((id) => url.startsWith(`/api/cases/${id}/`))));
      expect(paperFiles(after.files)).toEqual(paperFiles(before.files));
      expect(before.files.size).toBeGreaterThan(60);

      // What was written during the backup is there whole, or not at all; everything acknowledged before it is there.
      const restoredCases = [...after.cases.keys()].filter((id) => writes.cases.has(id));
      for (const [id, { sent, at }] of writes.cases) {
        if (at < backupStarted) expect(restoredCases, `case ${id} acknowledged before the backup`).toContain(id);
        if (sent > backupEnded) expect(restoredCases, `case ${id} created after the backup`).not.toContain(id);
      }
      for (const id of restoredCases) expect(after.items.get(id)!.length, `items of case ${id}`).toBe(5);
      const papers = after.papers.get(paperCase) as { Id: number; Name: string }[];
      const names = papers.map((p) => p.Name);
      for (const [name, { at }] of writes.papers) {
        const gone = writes.deleted.get(name);
        if (at < backupStarted && !(gone && gone.sent < backupEnded)) expect(names, `paper ${name} acknowledged before the backup, deleted after it`).toContain(name);
        if (gone && gone.at < backupStarted) expect(names, `paper ${name} deleted before the backup`).not.toContain(name);
      }
      const admin = await signIn(second, 'sysadmin');
      for (const p of papers.filter((p) => writes.papers.has(p.Name))) {
        expect(await download(second, admin, 'GET', `/api/cases/${paperCase}/attachments/${p.Id}/file`)).toBe(writes.papers.get(p.Name)!.sha256);
      }
      console.log(
        `Backup on ${TEST_DB_KIND}: ${manifest.tables.length} tables, ${manifest.tables.reduce((n, t) => n + t.rows, 0)} rows, ${manifest.files.count} files ` +
          `(${manifest.files.bytes} bytes); snapshot ${manifest.snapshot.ms} ms (${manifest.snapshot.attempts} attempt(s)); ${writes.cases.size} cases and ${writes.papers.size} papers written, ` +
          `${writes.deleted.size} papers deleted, ${during} cases while the backup ran, ${restoredCases.length} in the restore; timings ${JSON.stringify(timings)}`,
      );

      // Intake continues: new rows take ids and a case number after the restored ones.
      const next = await ok<Row>(call(second, caseadmin2(), 'POST', '/api/cases', (await newCases(second, caseadmin2(), `${prefix}after`))(0)));
      expect(next.Id).toBeGreaterThan(Math.max(...after.cases.keys()));

      // A second restore into it is refused: it is no longer empty (on the embedded database, the server holds it).
      const again = await restore({ from: backupDir, config: readConfig(target), keyFrom: keyFile }).catch((error: Error) => error.message);
      expect(again).toMatch(TEST_DB_KIND === 'pglite' ? /is in use by another Dossier process/ : /The PostgreSQL database is not empty/);
    } finally {
      await second.stop();
    }
    // Forced, it restores over the data there: the embedded database is moved aside, PostgreSQL's tables dropped.
    const forced = await restore({ from: backupDir, config: readConfig(target), keyFrom: keyFile, force: true });
    lap('restore again, forced');
    expect(forced.replaced.join('\n')).toMatch(TEST_DB_KIND === 'pglite' ? /db moved to .*db\.before-restore-/ : /dropped \d+ tables/);
    expect(forced.rows).toBe(manifest.tables.reduce((n, t) => n + t.rows, 0));
    console.log(`Forced restore on ${TEST_DB_KIND}: ${timings['restore again, forced']} ms`);
  });

});
