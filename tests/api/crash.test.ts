import { describe, expect, it } from 'vitest';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { TEST_DB_KIND } from '../support/testDatabase.js';
import { startServerProcess, type ServerProcess } from '../support/serverProcess.js';
import { call, installation, newCases, ok, received, signIn, type Answer } from '../support/installation.js';
import { installationFiles, TEST_FILE_STORE, type TestFileStore } from '../support/testFiles.js';

/**
 * Crashes lose nothing acknowledged (issue "Trust: proven under faults"): the real server, on this tier's database, is
 * killed (SIGKILL) while case creates, paper uploads and item assignments (several items' status in one call) are in
 * flight, then started again on the same data, three rounds. Each round: it starts; every create and upload answered
 * 200 is there; no case lacks its template's items, no assignment is half done, no paper's file is missing, and (on
 * the embedded database, where the start clears them at once) no file is left that no paper holds; case numbers stay
 * unique and intake continues. The files are in the tier's store: the data folder, or an S3 bucket (FILES_URL).
 */
const ROUNDS = 3;
const CREATES = 6;
const UPLOADS = 6;
const ASSIGNS = 4;
/** T3's case template adds its Auto Add items to every new case (five in the demo firm). */
const CASE_TYPE = 'T3';

interface Run {
  env: Record<string, string>;
  /** The installation's file store, read by the test. */
  files: TestFileStore;
  prefix: string;
  /** The case the uploads go to (made before any crash). */
  paperCase: number;
  /** A case awaiting assignment whose items are assigned and unassigned all together, and the investigator. */
  itemCase: number;
  items: number[];
  investigator: number;
  /** Cases and papers the server acknowledged (200), over all rounds. */
  cases: Set<number>;
  papers: Set<number>;
  /** Before the round: paper files in the store, papers of the paper case. */
  filesBefore: number;
  papersBefore: number;
}

const start = (env: Record<string, string>) => startServerProcess('crashing', 'scripts/start.mjs', env);

/** A paper upload as the drop zone sends it: one small file. */
function paper(n: number): FormData {
  const form = new FormData();
  form.append('file', new Blob([`Signed release ${n} ${randomBytes(8).toString('hex')}\n`], { type: 'text/plain' }), `release-${n}.txt`);
  return form;
}

const ids = (answers: Answer[], field: string): number[] => answers.flatMap((a) => ('status' in a && a.status === 200 ? [Number(a.body[field])] : []));

/** Fires the creates and uploads at once and kills the server (SIGKILL) once three quarters have reached it. */
async function crashMidway(server: ServerProcess, token: string, run: Run, round: number): Promise<string> {
  const body = await newCases(server, token, `${run.prefix}r${round}n`, CASE_TYPE);
  const urls = ['/api/cases', `/api/cases/${run.paperCase}/attachments`, `/api/cases/${run.itemCase}/items/assign`];
  const arrived = () => urls.reduce((sum, url) => sum + received(server, url), 0);
  const base = arrived();
  // Sent in turn, so that creates and uploads are both in flight when the kill comes.
  const creates: Promise<Answer>[] = [];
  const uploads: Promise<Answer>[] = [];
  const assigns: Promise<Answer>[] = [];
  for (let n = 0; n < Math.max(CREATES, UPLOADS, ASSIGNS); n += 1) {
    if (n < UPLOADS) uploads.push(call(server, token, 'POST', `/api/cases/${run.paperCase}/attachments`, paper(n)));
    if (n < CREATES) creates.push(call(server, token, 'POST', '/api/cases', body(n)));
    const Investigator_Id = n % 2 ? null : run.investigator;
    if (n < ASSIGNS) assigns.push(call(server, token, 'POST', `/api/cases/${run.itemCase}/items/assign`, { Investigator_Id, ItemIds: run.items }));
  }
  const deadline = Date.now() + 15_000;
  while (arrived() < base + ((CREATES + UPLOADS + ASSIGNS) * 3) / 4 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  server.child.kill('SIGKILL');
  const created = await Promise.all(creates);
  const uploaded = await Promise.all(uploads);
  await Promise.all(assigns);
  for (const id of ids(created, 'Id')) run.cases.add(id);
  // An upload answers the case's papers: the newest ones it stored are among them.
  for (const answer of uploaded) {
    if ('status' in answer && answer.status === 200) for (const p of answer.body as unknown as { Id: number }[]) run.papers.add(p.Id);
  }
  await server.exited;
  // The kill came mid-way: some requests never got an answer (else the round would prove nothing).
  expect([...created, ...uploaded].filter((a) => 'error' in a).length, 'requests cut off by the crash').toBeGreaterThan(0);
  return server.output();
}

/** After a restart: what was acknowledged is there, nothing is half-written, and intake continues. */
async function expectWhole(server: ServerProcess, run: Run): Promise<void> {
  const token = await signIn(server, 'caseadmin');
  const search = await ok<{ cases: { Id: number; CaseNumber: string }[] }>(
    call(server, token, 'POST', '/api/cases/search', { page: 0, pageSize: 100, sorted: [], filtered: [{ id: 'CaseName', value: run.prefix }], additional: {} }),
  );
  const found = new Map(search.cases.map((c) => [c.Id, c.CaseNumber]));
  for (const id of run.cases) expect(found.has(id), `acknowledged case ${id}`).toBe(true);
  // Every case of the run, acknowledged or not, has its template's items: a case is written whole or not at all.
  const counts = await Promise.all([...found.keys()].map(async (id) => (await ok<unknown[]>(call(server, token, 'GET', `/api/cases/${id}/items`))).length));
  expect(new Set(counts).size, `item counts ${counts.join(',')}`).toBe(1);
  expect(counts[0]).toBeGreaterThan(0);
  expect(new Set(found.values()).size, 'case numbers').toBe(found.size);

  // An assignment of several items is done for all of them or for none.
  const items = await ok<{ Id: number; ItemStatus: string; AssignedTo_Id: number | null }[]>(call(server, token, 'GET', `/api/cases/${run.itemCase}/items`));
  expect(items.map((i) => i.Id).sort()).toEqual([...run.items].sort());
  expect(new Set(items.map((i) => `${i.ItemStatus} ${i.AssignedTo_Id}`)).size, JSON.stringify(items)).toBe(1);

  // Every paper of the case downloads (no row without its file); every acknowledged upload is among them.
  const papers = await ok<{ Id: number }[]>(call(server, token, 'GET', `/api/cases/${run.paperCase}/attachments`));
  for (const id of run.papers) expect(papers.map((p) => p.Id), `acknowledged paper ${id}`).toContain(id);
  for (const { Id } of papers) {
    const download = await call(server, token, 'GET', `/api/cases/${run.paperCase}/attachments/${Id}/file`);
    expect('status' in download && download.status, `paper ${Id}`).toBe(200);
  }
  if (TEST_DB_KIND === 'pglite') {
    // The start removed what the crash left: the paper files in the store grew by exactly the case's new papers.
    const files = await paperFiles(run);
    expect(files - run.filesBefore, 'paper files in the store').toBe(papers.length - run.papersBefore);
    expect(await readdir(path.join(run.env.DOSSIER_DATA_DIR, 'files', '.incoming')).catch(() => [])).toEqual([]);
  }
  // Intake continues.
  const next = await newCases(server, token, `${run.prefix}after`, CASE_TYPE);
  const created = await ok<{ Id: number }>(call(server, token, 'POST', '/api/cases', next(found.size)));
  run.cases.add(created.Id);
}

/** A case with a paper, its data entered: it awaits assignment with its template's items; and the investigator's id. */
async function caseAwaitingAssignment(server: ServerProcess, token: string, body: Record<string, unknown>): Promise<{ itemCase: number; items: number[]; investigator: number }> {
  const itemCase = (await ok<{ Id: number }>(call(server, token, 'POST', '/api/cases', body))).Id;
  await ok(call(server, token, 'POST', `/api/cases/${itemCase}/attachments`, paper(1)));
  const clerk = await signIn(server, 'dataentry');
  for (const step of ['start-data-entry', 'data-entry-complete']) await ok(call(server, clerk, 'PUT', `/api/cases/${itemCase}/${step}`));
  const items = await ok<{ Id: number }[]>(call(server, token, 'GET', `/api/cases/${itemCase}/items`));
  const investigator = await ok<{ Id: number }>(call(server, await signIn(server, 'investigator'), 'GET', '/api/user'));
  return { itemCase, items: items.map((i) => i.Id), investigator: investigator.Id };
}

/** How many paper files the store holds. */
const paperFiles = async (run: Run) => (await run.files.keys('case-papers')).length;

/** What the counts are before a round: the store's paper files, and the papers of the case the uploads go to. */
async function countBefore(server: ServerProcess, token: string, run: Run): Promise<void> {
  run.filesBefore = await paperFiles(run);
  run.papersBefore = (await ok<unknown[]>(call(server, token, 'GET', `/api/cases/${run.paperCase}/attachments`))).length;
}

describe(`a crash of the server on ${TEST_DB_KIND}`, () => {
  it(`loses nothing acknowledged and leaves nothing half-written, ${ROUNDS} rounds`, { timeout: 600_000 }, async () => {
    const env = await installation('crash', { files: TEST_FILE_STORE });
    const files = installationFiles(env);
    let server = await start(env);
    const token = await signIn(server, 'caseadmin');
    const prefix = `Crash${randomBytes(3).toString('hex')}`;
    const first = await newCases(server, token, prefix, CASE_TYPE);
    const paperCase = (await ok<{ Id: number }>(call(server, token, 'POST', '/api/cases', first(0)))).Id;
    const firstPapers = await ok<{ Id: number }[]>(call(server, token, 'POST', `/api/cases/${paperCase}/attachments`, paper(0)));
    const assignment = await caseAwaitingAssignment(server, token, first(1));
    const run: Run = { env, files, prefix, paperCase, ...assignment, cases: new Set([paperCase, assignment.itemCase]), papers: new Set(firstPapers.map((p) => p.Id)), filesBefore: 0, papersBefore: 0 };
    for (let round = 1; round <= ROUNDS; round += 1) {
      const roundToken = await signIn(server, 'caseadmin');
      await countBefore(server, roundToken, run);
      await crashMidway(server, roundToken, run, round);
      server = await start(env);
      await expectWhole(server, run);
    }
    await server.stop();
    await files.close();
    expect(run.cases.size).toBeGreaterThan(ROUNDS);
  });
});
