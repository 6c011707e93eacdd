import { afterAll, expect } from 'vitest';
import { randomBytes } from 'node:crypto';
import { TEST_DB_KIND } from './testDatabase.js';
import type { ServerProcess } from './serverProcess.js';
import { newInstallation } from './newInstallation.js';
import { s3InstallationEnv, type FileStoreKind } from './testFiles.js';

/**
 * What the tests that start, stop and kill the real server process share: an installation of its own (a data folder,
 * and on PostgreSQL a database) kept across restarts, and calls over HTTP as a browser makes them.
 */
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/**
 * A data folder, and on PostgreSQL a database of its own: what one installation keeps across restarts. Its files are
 * in the data folder, or with `files: 's3'` under a prefix of its own in the tier's bucket (tests/support/testFiles.ts).
 */
export async function installation(name: string, options: { files?: FileStoreKind } = {}): Promise<Record<string, string>> {
  const made = await newInstallation(name, TEST_DB_KIND === 'pglite' ? { kind: 'pglite' } : { kind: 'postgres', adminUrl: process.env.TEST_DATABASE_URL! });
  cleanups.push(made.remove);
  const files = options.files === 's3' ? s3InstallationEnv() : {};
  // Load shedding off: these tests stop and kill the server on a machine the test run keeps busy, and are not about load.
  // Debug: each request's arrival is logged (`incoming request`), so a test knows what is in flight (`received`).
  return { ...made.env, ...files, LOG_LEVEL: 'debug', DOSSIER_MAX_EVENT_LOOP_DELAY_MS: '0' };
}

export type Answer = { status: number; body: Record<string, unknown> } | { error: string };

/** A call as the client makes it: JSON, or a form (multipart) for uploads; a dropped connection is `{ error }`. */
export async function call(server: ServerProcess, token: string | null, method: string, url: string, body?: unknown): Promise<Answer> {
  try {
    const form = body instanceof FormData;
    const response = await fetch(`${server.baseUrl}${url}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined || form ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text && response.headers.get('content-type')?.includes('json') ? (JSON.parse(text) as Record<string, unknown>) : {} };
  } catch (error) {
    return { error: String((error as Error).cause ?? error) };
  }
}

export async function ok<T = Record<string, unknown>>(answer: Promise<Answer>): Promise<T> {
  const done = await answer;
  if ('error' in done || done.status !== 200) throw new Error(`Expected 200, got ${JSON.stringify(done)}`);
  return done.body as T;
}

export async function signIn(server: ServerProcess, userName: string): Promise<string> {
  const response = await fetch(`${server.baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: userName, password: 'demo-pass-2026' }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

/**
 * New cases' bodies as the case form sends them: the demo org DOC, its first requesting official, the case type
 * (T3's template adds five items), a subject named `{prefix}{n}` with an SSN of its own.
 */
export async function newCases(server: ServerProcess, token: string, prefix: string, caseType = 'T1'): Promise<(n: number) => Record<string, unknown>> {
  const orgs = await ok<{ Id: number; Code: string }[]>(call(server, token, 'GET', '/api/orgs'));
  const org = orgs.find((o) => o.Code === 'DOC')!;
  const officials = await ok<{ Id: number }[]>(call(server, token, 'GET', `/api/cases/requesting-official/${org.Id}`));
  const lists = await ok<{ TableName: string; Types: { Id: number; Short: string }[] }[]>(call(server, token, 'GET', '/api/types'));
  const type = lists.find((l) => l.TableName === 'CaseType')!.Types.find((i) => i.Short === caseType)!;
  const ssnBase = 700_000_000 + (Number.parseInt(randomBytes(3).toString('hex'), 16) % 90_000) * 1000;
  return (n) => ({
    RequestingOfficial_Id: officials[0].Id,
    Client_Id: org.Id,
    CaseType_Id: type.Id,
    Notes: null,
    CaseSubject: { FirstName: 'Trust', MiddleName: null, LastName: `${prefix}${n}`, SSN: String(ssnBase + n) },
  });
}

/** How many requests to `url` the server has logged as received (LOG_LEVEL=debug: the arrival lines). */
export function received(server: ServerProcess, url: string): number {
  return server.output().split('\n').filter((line) => line.includes('"incoming request"') && line.includes(`"url":"${url}"`)).length;
}

/** Resolves once the server has logged `count` incoming requests to `url`: they are in flight. */
export async function untilReceived(server: ServerProcess, url: string, count: number): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (received(server, url) < count) {
    if (Date.now() > deadline) throw new Error(`The server received ${received(server, url)} of ${count} requests:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
