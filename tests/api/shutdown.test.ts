import { afterAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import pg from 'pg';
import { Texts } from '../../shared/texts/index.js';
import { SHUTDOWN_GRACE_MS } from '../../server/shutdown.js';
import { TEST_DB_KIND } from '../support/testDatabase.js';
import { startServerProcess, type ServerProcess } from '../support/serverProcess.js';
import { TEST_SECRET_KEY } from '../support/testVault.js';

/**
 * Stopping the real server (issue "Trust: proven under faults"): `scripts/start.mjs` — the compiled server, as
 * `npm start` runs it — on this tier's database, sent SIGTERM while case creates are in flight. Every request gets an
 * answer, every create answered 2xx is there after a restart, and the process exits 0; the same through `npm start`
 * signalled as a process group, where the signal reaches the server once.
 */
const CONCURRENT_CREATES = 8;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A data folder, and on PostgreSQL a database of its own: what one installation keeps across restarts. */
async function installation(): Promise<Record<string, string>> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `dossier-stop-${TEST_DB_KIND}-`));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const env: Record<string, string> = { DOSSIER_DATA_DIR: dataDir, DOSSIER_SERVE_CLIENT: '0', LOG_LEVEL: 'info' };
  if (TEST_DB_KIND === 'pglite') return { ...env, DATABASE_URL: '' };
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `dossier_stop_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { ...env, DATABASE_URL: url.toString(), DOSSIER_DEMO: '1', DOSSIER_SECRET_KEY: TEST_SECRET_KEY };
}

type Answer = { status: number; body: Record<string, unknown> } | { error: string };

async function call(server: ServerProcess, token: string | null, method: string, url: string, body?: unknown): Promise<Answer> {
  try {
    const response = await fetch(`${server.baseUrl}${url}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  } catch (error) {
    return { error: String((error as Error).cause ?? error) };
  }
}

async function ok(answer: Promise<Answer>): Promise<Record<string, unknown>> {
  const done = await answer;
  if ('error' in done || done.status !== 200) throw new Error(`Expected 200, got ${JSON.stringify(done)}`);
  return done.body;
}

async function signIn(server: ServerProcess, userName: string): Promise<string> {
  const response = await fetch(`${server.baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: userName, password: 'demo-pass-2026' }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** A new case's body as the case form sends it: the demo org DOC, its first requesting official, case type T1. */
async function newCase(server: ServerProcess, token: string): Promise<(n: number) => Record<string, unknown>> {
  const orgs = (await ok(call(server, token, 'GET', '/api/orgs'))) as unknown as { Id: number; Code: string }[];
  const org = orgs.find((o) => o.Code === 'DOC')!;
  const officials = (await ok(call(server, token, 'GET', `/api/cases/requesting-official/${org.Id}`))) as unknown as { Id: number }[];
  const lists = (await ok(call(server, token, 'GET', '/api/types'))) as unknown as { TableName: string; Types: { Id: number; Short: string }[] }[];
  const caseType = lists.find((l) => l.TableName === 'CaseType')!.Types.find((i) => i.Short === 'T1')!;
  const run = randomBytes(3).toString('hex');
  return (n) => ({
    RequestingOfficial_Id: officials[0].Id,
    Client_Id: org.Id,
    CaseType_Id: caseType.Id,
    Notes: null,
    CaseSubject: { FirstName: 'Stop', MiddleName: null, LastName: `Shutdown${run}${n}`, SSN: `7${String(Date.now() % 100_000).padStart(5, '0')}${String(n).padStart(3, '0')}`.slice(0, 9) },
  });
}

/** Resolves once the server has logged `count` incoming requests to `url` (LOG_LEVEL=info): they are in flight. */
async function untilReceived(server: ServerProcess, url: string, count: number): Promise<void> {
  const seen = () => server.output().split('\n').filter((line) => line.includes('"incoming request"') && line.includes(`"url":"${url}"`)).length;
  const deadline = Date.now() + 15_000;
  while (seen() < count) {
    if (Date.now() > deadline) throw new Error(`The server received ${seen()} of ${count} requests:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Sends the creates, and SIGTERM (by `signal`) once the server holds them all; answers what each got. */
async function createsCutBySignal(server: ServerProcess, token: string, signal: () => void): Promise<Answer[]> {
  const body = await newCase(server, token);
  const before = server.output().split('\n').filter((line) => line.includes('"incoming request"') && line.includes('"url":"/api/cases"')).length;
  const sends = Array.from({ length: CONCURRENT_CREATES }, (_, n) => call(server, token, 'POST', '/api/cases', body(n)));
  await untilReceived(server, '/api/cases', before + CONCURRENT_CREATES);
  signal();
  return Promise.all(sends);
}

/** A search whose body is sent in part and never finished: it stays in flight until the server answers it. */
function unfinishedRequest(server: ServerProcess, token: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const sent = request(`${server.baseUrl}/api/cases/search`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': '1000' } }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => void (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as unknown }));
    });
    sent.on('error', reject);
    sent.write('{"page":0,');
  });
}

/** Every request got an HTTP answer, each a success or the stopping server's 503. */
function expectAllAnswered(answers: Answer[]): number[] {
  for (const answer of answers) {
    expect(answer, JSON.stringify(answer)).not.toHaveProperty('error');
    if ('status' in answer) expect([200, 503], JSON.stringify(answer)).toContain(answer.status);
  }
  return answers.flatMap((a) => ('status' in a && a.status === 200 ? [Number(a.body.Id)] : []));
}

/** After a restart on the same data: every acknowledged case is there, with its own number. */
async function expectKept(env: Record<string, string>, ids: number[]): Promise<void> {
  const again = await startServerProcess('restarted', 'scripts/start.mjs', env);
  try {
    const token = await signIn(again, 'caseadmin');
    const numbers = new Set<string>();
    for (const id of ids) numbers.add(String((await ok(call(again, token, 'GET', `/api/cases/${id}?ssn=masked`))).CaseNumber));
    expect(numbers.size).toBe(ids.length);
  } finally {
    await again.stop();
  }
}

describe(`stopping the server on ${TEST_DB_KIND}`, () => {
  it('answers every request in flight on SIGTERM, keeps every acknowledged create, and exits 0', { timeout: 240_000 }, async () => {
    const env = await installation();
    const server = await startServerProcess('stopping', 'scripts/start.mjs', env);
    const token = await signIn(server, 'caseadmin');
    // A request whose body never ends is still in flight when the grace runs out: it is answered 503.
    const stuck = unfinishedRequest(server, token);
    await untilReceived(server, '/api/cases/search', 1);
    const answers = await createsCutBySignal(server, token, () => server.child.kill('SIGTERM'));
    const ids = expectAllAnswered(answers);
    expect(await stuck).toEqual({ status: 503, body: { Message: Texts.global.serverStopping } });
    expect(await Promise.race([server.exited, new Promise((resolve) => setTimeout(() => resolve('still running'), SHUTDOWN_GRACE_MS + 10_000))]), server.output()).toBe(0);
    expect(server.output()).toContain('"msg":"Stopped"');
    // The creates in flight were finished, not dropped.
    expect(ids.length, server.output()).toBe(CONCURRENT_CREATES);
    await expectKept(env, ids);
  });

  it('stops once through npm start when its whole process group is signalled', { timeout: 240_000 }, async () => {
    const env = await installation();
    const server = await startServerProcess('npm start', 'scripts/start.mjs', env, { command: ['npm', 'start', '--silent'] });
    const token = await signIn(server, 'caseadmin');
    const answers = await createsCutBySignal(server, token, () => process.kill(-server.child.pid!, 'SIGTERM'));
    const ids = expectAllAnswered(answers);
    await serverGone(server);
    // npm and its shell end with the signal, so the server hears of it twice (the signal, and its parent gone): it
    // stops once.
    expect(server.output().match(/"msg":"(SIGTERM|npm ended): stopping"/g), server.output()).toHaveLength(1);
    expect(ids.length, server.output()).toBe(CONCURRENT_CREATES);
    await expectKept(env, ids);
  });

  it('stops cleanly when only npm is signalled, which ends without passing the signal on', { timeout: 240_000 }, async () => {
    const env = await installation();
    const server = await startServerProcess('npm start', 'scripts/start.mjs', env, { command: ['npm', 'start', '--silent'] });
    const token = await signIn(server, 'caseadmin');
    const answers = await createsCutBySignal(server, token, () => server.child.kill('SIGTERM'));
    const ids = expectAllAnswered(answers);
    await serverGone(server);
    expect(server.output()).toContain('"msg":"npm ended: stopping"');
    expect(ids.length, server.output()).toBe(CONCURRENT_CREATES);
    await expectKept(env, ids);
  });
});

/**
 * Under npm: npm itself ends by the signal (its exit status is the signal's), so the server's clean stop is read from
 * its log ("Stopped", never "did not stop cleanly") and its process being gone.
 */
async function serverGone(server: ServerProcess): Promise<void> {
  await server.exited;
  const deadline = Date.now() + 30_000;
  while (!server.output().includes('"msg":"Stopped"')) {
    if (Date.now() > deadline) throw new Error(`The server did not stop:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const pid = Number(/"pid":(\d+)/.exec(server.output())![1]);
  while (alive(pid)) {
    if (Date.now() > deadline) throw new Error(`The server process ${pid} is still running`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(server.output()).not.toContain('did not stop cleanly');
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
