import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Texts } from '../../shared/texts/index.js';
import { SignInLimits } from '../../shared/constants.js';
import { call, newCases, ok, signIn } from '../support/installation.js';
import { newInstallation, type NewInstallation } from '../support/newInstallation.js';
import { startS3Server, type S3TestServer } from '../support/s3Server.js';
import { startServerProcess, type ServerProcess } from '../support/serverProcess.js';
import { TEST_DB_KIND } from '../support/testDatabase.js';
import { DEMO_PASSWORD } from '../../server/db/seed/index.js';
import { caseModel } from '../support/caseModel.js';

/**
 * Several instances (issue 25, part 2): two API servers, each started as `npm start` runs it (`scripts/start.mjs`) with
 * a data folder of its own, on one PostgreSQL database and one S3 bucket (s3rver), as behind a load balancer. What a
 * user does through one holds through the other: the session, a paper's bytes, a live notice, the data-entry lock,
 * case numbers and the sign-in limits. PostgreSQL only: the embedded database serves one process.
 */
describe.skipIf(TEST_DB_KIND !== 'postgres')('two instances on one database and one bucket', () => {
  let s3: S3TestServer;
  let database: NewInstallation;
  let secondDataDir: string;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    s3 = await startS3Server();
    const bucket = await s3.newBucket();
    database = await newInstallation('instances', { kind: 'postgres', adminUrl: process.env.TEST_DATABASE_URL! });
    secondDataDir = await mkdtemp(path.join(tmpdir(), 'dossier-instance-b-'));
    const shared = {
      ...database.env,
      FILES_URL: `s3://${bucket}/firm?endpoint=${encodeURIComponent(s3.endpoint)}&region=us-east-1&forcePathStyle=true`,
      AWS_ACCESS_KEY_ID: s3.credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
      DOSSIER_MAX_EVENT_LOOP_DELAY_MS: '0',
    };
    // The first makes the schema and the demo firm; the second finds them.
    a = await startServerProcess('instance-a', 'scripts/start.mjs', shared);
    b = await startServerProcess('instance-b', 'scripts/start.mjs', { ...shared, DOSSIER_DATA_DIR: secondDataDir });
  }, 240_000);

  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await database?.remove();
    if (secondDataDir) await rm(secondDataDir, { recursive: true, force: true });
    await s3?.close();
  });

  it('signs a user in through one and serves them through the other', async () => {
    const token = await signIn(a, 'caseadmin');
    expect((await ok<{ UserName: string }>(call(b, token, 'GET', '/api/user'))).UserName).toBe('caseadmin');
    // Signed out through the second, the session is over on the first too.
    expect(await call(b, token, 'POST', '/api/user/logout')).toMatchObject({ status: 204 });
    expect(await call(a, token, 'GET', '/api/user')).toMatchObject({ status: 401 });
  });

  it('downloads through one a paper uploaded through the other, byte for byte, from the bucket', async () => {
    const token = await signIn(a, 'caseadmin');
    const created = await ok<{ Id: number }>(call(a, token, 'POST', '/api/cases', (await newCases(a, token, 'Instances'))(1)));
    const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(48 * 1024), Buffer.from('\n%%EOF\n')]);
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'application/pdf' }), 'papers.pdf');
    const papers = await ok<{ Id: number }[]>(call(a, token, 'POST', `/api/cases/${created.Id}/attachments`, form));
    const response = await fetch(`${b.baseUrl}/api/cases/${created.Id}/attachments/${papers[0].Id}/file`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('tells a browser connected to one of a case created through the other', async () => {
    const watcher = await signIn(b, 'manager');
    const author = await signIn(a, 'caseadmin');
    const controller = new AbortController();
    const stream = await fetch(`${b.baseUrl}/api/live/events`, { headers: { authorization: `Bearer ${watcher}`, accept: 'text/event-stream' }, signal: controller.signal });
    expect(stream.status).toBe(200);
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    // The stream is open (its first comment) before the case is made.
    while (!text.includes('\n\n')) text += (await reader.read()).value ?? '';
    const created = await ok<{ CaseNumber: string }>(call(a, author, 'POST', '/api/cases', (await newCases(a, author, 'Noticed'))(1)));
    const deadline = Date.now() + 15_000;
    while (!text.includes(created.CaseNumber) && Date.now() < deadline) {
      const next = await Promise.race([reader.read(), new Promise<{ value?: string }>((resolve) => setTimeout(() => resolve({}), 1000))]);
      text += next.value ?? '';
    }
    controller.abort();
    expect(text).toContain(created.CaseNumber);
  });

  it('holds the data-entry lock, case numbers and the sign-in limits across both', async () => {
    const clerk = await signIn(a, 'dataentry');
    const reviewer = await signIn(b, 'reviewer');
    const caseadmin = await signIn(b, 'caseadmin');
    const body = await newCases(a, clerk, 'Shared');

    // Ten cases made at once, five through each: ten numbers.
    const made = await Promise.all(Array.from({ length: 10 }, (_, n) => ok<{ Id: number; CaseNumber: string }>(call(n % 2 ? b : a, n % 2 ? caseadmin : clerk, 'POST', '/api/cases', body(n)))));
    expect(new Set(made.map((c) => c.CaseNumber)).size).toBe(10);

    // Data entry started through one locks the case for the other's users.
    const form = new FormData();
    form.append('file', new Blob(['%PDF-1.4 papers'], { type: 'application/pdf' }), 'papers.pdf');
    await ok(call(a, clerk, 'POST', `/api/cases/${made[0].Id}/attachments`, form));
    await ok(call(a, clerk, 'PUT', `/api/cases/${made[0].Id}/start-data-entry`));
    const current = await ok(call(b, reviewer, 'GET', `/api/cases/${made[0].Id}`));
    const refused = await call(b, reviewer, 'PUT', `/api/cases/${made[0].Id}`, { ...caseModel(current), Notes: 'from the other instance' });
    expect(refused).toMatchObject({ status: 409, body: { Message: Texts.cases.server.lockedToOther('Dana Ellis') } });

    // Failed sign-ins count on both: the lockout after five in a row, and the per-username limit of the address.
    const attempt = (server: ServerProcess, username: string, password: string) =>
      fetch(`${server.baseUrl}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'password', username, password }),
      }).then(async (response) => ({ status: response.status, body: (await response.json()) as { error_description?: string } }));
    for (let n = 0; n < 5; n++) expect((await attempt(n % 2 ? b : a, 'contractor', 'not the password')).status).toBe(400);
    expect((await attempt(a, 'contractor', DEMO_PASSWORD)).body.error_description).toBe(Texts.signIn.locked);
    const statuses: number[] = [];
    for (let n = 0; n <= SignInLimits.FAILURES_PER_USER_AND_ADDRESS_PER_MINUTE; n++) statuses.push((await attempt(n % 2 ? b : a, 'nobody-by-this-name', 'x')).status);
    expect(statuses.slice(0, -1).every((status) => status === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
