import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { rename, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { Texts } from '../../shared/texts/index.js';
import { buildApp } from '../../server/app.js';
import { reportCatalogue } from '../../server/reports/catalogue.js';
import { COMPRESSION_THRESHOLD_BYTES } from '../../server/ops/compression.js';
import { NO_ROUTE } from '../../server/ops/metrics.js';
import { serverLogger } from '../../server/ops/requestLog.js';
import { TEST_DB_KIND } from '../support/testDatabase.js';
import { startTestApp, type TestApp } from '../support/testApp.js';
import { TEST_VAULT } from '../support/testVault.js';
import { multipart } from '../support/uploads.js';
import { startServerProcess } from '../support/serverProcess.js';
import { installation } from '../support/installation.js';

/**
 * What an operator and a load balancer get (issue 25, part 3, and the compression of part 6): GET /healthz and
 * GET /readyz (database, migrations, file store; 503 naming what failed, while overloaded or stopping), Prometheus
 * metrics at GET /metrics behind DOSSIER_METRICS_TOKEN, one JSON log line per answered request with its id and no
 * secret, and the API's JSON answers compressed from 1 kB on — never the live stream or a file. Both databases.
 */
const METRICS_TOKEN = `metrics-${randomBytes(12).toString('hex')}`;
let t: TestApp;
/** Apps on the same database with another configuration, closed after the file. */
const others: FastifyInstance[] = [];
const tokens: Record<string, string> = {};
let firstCaseId: number;
let lastCaseId: number;

beforeAll(async () => {
  // On the local disk on every tier: the readiness test makes the store's folder unwritable.
  t = await startTestApp({ config: { metricsToken: METRICS_TOKEN }, files: 'disk' });
  for (const name of ['caseadmin', 'manager', 'sysadmin']) tokens[name] = await t.signIn(name);
  const ids = await t.database.db.selectFrom('cases').select('Id').orderBy('Id').execute();
  firstCaseId = ids[0].Id;
  lastCaseId = ids.at(-1)!.Id;
}, 120_000);
afterAll(async () => {
  for (const app of others) await app.close();
  await t?.close();
});

/** Another app on this file's database and data folder, its configuration changed. */
async function appWith(config: Partial<FastifyInstance['config']>, logger?: ReturnType<typeof serverLogger>): Promise<FastifyInstance> {
  const app = await buildApp({ db: t.database.db, config: { ...t.app.config, ...config }, vault: TEST_VAULT, logger });
  others.push(app);
  await app.ready();
  return app;
}

const scrape = async (app: FastifyInstance = t.app) => {
  const answer = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.body;
};

/** The value of a series in a scrape (`name{labels}` as written), or undefined when it is not there. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('health and readiness', () => {
  it('answers /healthz 200 to anyone, naming nothing of the installation', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ status: 'alive' });
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['x-request-id']).toBeTruthy();
  });

  it('answers /readyz 200 when the database answers, its migrations are applied and the file store takes a file', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ status: 'ready', failed: [], checks: { database: 'ok', migrations: 'ok', files: 'ok' } });
  });

  it('answers /readyz 503 naming the file store when it cannot take a file, and 200 again once it can', async () => {
    // A file where the store's folder should be: no file can be written there, whoever the tests run as (root ignores
    // a read-only folder's mode).
    const files = path.join(t.dataDir, 'files');
    await rename(files, `${files}.away`).catch(() => undefined);
    await writeFile(files, 'not a folder');
    try {
      const answer = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toEqual({ status: 'not ready', failed: ['files'], checks: { database: 'ok', migrations: 'ok', files: 'failed' } });
      expect(answer.body).not.toContain(t.dataDir);
      // Alive all the same: the process serves; it cannot take uploads.
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await rm(files, { force: true });
      await rename(`${files}.away`, files).catch(() => undefined);
    }
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('answers /readyz 503 `load` while the server turns requests away, and /healthz and /metrics still 200', { timeout: 30_000 }, async () => {
    const busy = await appWith({ maxEventLoopDelayMs: 20 });
    const deadline = Date.now() + 20_000;
    let ready = await busy.inject({ method: 'GET', url: '/readyz' });
    while (ready.statusCode !== 503 && Date.now() < deadline) {
      // Held for a whole sample (about a second), the loop's mean lag is far past 20 ms when the sample is taken.
      const until = Date.now() + 1200;
      while (Date.now() < until) {
        // busy: nothing else runs
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
      ready = await busy.inject({ method: 'GET', url: '/readyz' });
    }
    // The load is sampled once a second: these calls are answered within the same sample.
    const api = await busy.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${tokens.caseadmin}` } });
    const alive = await busy.inject({ method: 'GET', url: '/healthz' });
    const metrics = await busy.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'not ready', failed: ['load'], checks: { load: 'failed' } });
    expect(api.statusCode).toBe(503);
    expect(api.json()).toEqual({ Message: Texts.global.serverBusy });
    expect(alive.statusCode).toBe(200);
    expect(metrics.statusCode).toBe(200);
  });
});

describe('metrics', () => {
  it('are off (404) without DOSSIER_METRICS_TOKEN, whatever is sent', async () => {
    const off = await appWith({ metricsToken: undefined });
    for (const headers of [{}, { authorization: `Bearer ${METRICS_TOKEN}` }]) {
      const answer = await off.inject({ method: 'GET', url: '/metrics', headers });
      expect(answer.statusCode).toBe(404);
      expect(answer.body).not.toContain('dossier_');
    }
  });

  it('refuse a missing or wrong token with 401, and a session token is not the metrics token', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token', `Bearer ${METRICS_TOKEN}x`, `Bearer ${tokens.sysadmin}`, METRICS_TOKEN]) {
      const answer = await t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(answer.statusCode, String(authorization)).toBe(401);
      expect(answer.headers['www-authenticate']).toBe('Bearer');
      expect(answer.body).not.toContain('dossier_');
    }
  });

  it('time requests by route pattern and status, never by address: no id in any label', async () => {
    const read = await t.call(tokens.caseadmin, { method: 'GET', url: `/api/cases/${lastCaseId}?ssn=masked` });
    expect(read.statusCode).toBe(200);
    const missing = await t.call(tokens.caseadmin, { method: 'GET', url: '/api/cases/987654321?ssn=masked' });
    expect(missing.statusCode).toBe(404);
    const text = await scrape();
    expect(await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).toHaveProperty('headers.content-type', 'text/plain; version=0.0.4; charset=utf-8');
    expect(valueOf(text, 'dossier_http_request_duration_seconds_count{method="GET",route="/api/cases/:id",status="200"}')).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, 'dossier_http_request_duration_seconds_count{method="GET",route="/api/cases/:id",status="404"}')).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(`/api/cases/${lastCaseId}`);
    expect(text).not.toContain('987654321');
    // Every route label is a route as registered (or the label of none): a label per address would grow without end.
    const patterns = new Set([...t.app.routeCatalogue.map((r) => r.url), NO_ROUTE]);
    const routes = new Set([...text.matchAll(/route="([^"]*)"/g)].map((m) => m[1]));
    expect([...routes]).toEqual(expect.arrayContaining(['/oauth/token', '/api/cases/:id']));
    expect([...routes].filter((route) => !patterns.has(route))).toEqual([]);
    // prom-client's process metrics too.
    expect(text).toMatch(/^process_cpu_seconds_total \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    // Gzipped for a scraper that asks (Prometheus does).
    const packed = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}`, 'accept-encoding': 'gzip' } });
    expect(packed.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(packed.rawPayload).toString('utf8')).toContain('dossier_http_request_duration_seconds_count');
  });

  it("show the database's connections: the pool on PostgreSQL, the one connection and its queue embedded", async () => {
    const text = await scrape();
    const database = TEST_DB_KIND === 'postgres' ? 'postgresql' : 'embedded';
    expect(valueOf(text, `dossier_db_pool_connections{database="${database}"}`)).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, `dossier_db_pool_idle_connections{database="${database}"}`)).toBeGreaterThanOrEqual(0);
    expect(valueOf(text, `dossier_db_pool_waiting{database="${database}"}`)).toBe(0);
    expect(valueOf(text, `dossier_db_pool_max_connections{database="${database}"}`)).toBe(TEST_DB_KIND === 'postgres' ? 10 : 1);
    if (TEST_DB_KIND === 'pglite') expect(valueOf(text, 'dossier_db_wait_seconds_count')).toBeGreaterThan(0);
    if (TEST_DB_KIND === 'pglite') expect(valueOf(text, 'dossier_db_embedded_memory_bytes')).toBeGreaterThan(0);
  });

  it('count the live-notice streams open', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const before = valueOf(await scrape(), 'dossier_live_streams');
    expect(before).toBe(0);
    const stream = await openStream(port, tokens.caseadmin);
    try {
      expect(valueOf(await scrape(), 'dossier_live_streams')).toBe(1);
      // Not compressed, though the browser accepts it: a stream is written as notices happen.
      expect(stream.contentEncoding).toBeNull();
      expect(stream.contentType).toMatch(/^text\/event-stream/);
    } finally {
      stream.close();
    }
    const deadline = Date.now() + 5000;
    while (t.app.live.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(valueOf(await scrape(), 'dossier_live_streams')).toBe(0);
  });

  it('time the report of investigation and report runs', { timeout: 60_000 }, async () => {
    const roi = await t.call(tokens.sysadmin, { method: 'GET', url: `/api/cases/${firstCaseId}/report` });
    expect(roi.statusCode, roi.body.slice(0, 300)).toBe(200);
    const report = reportCatalogue.find((r) => r.name === 'Cases past their critical date')!;
    const doc = (await t.database.db.selectFrom('orgs').select('Id').where('Code', '=', 'DOC').executeTakeFirstOrThrow()).Id;
    const run = await t.call(tokens.manager, {
      method: 'POST',
      url: `/api/reports/${encodeURIComponent(report.group)}/${encodeURIComponent(report.name)}`,
      payload: { Parameters: [{ Name: 'Org', Value: doc }], Format: 'csv' },
    });
    expect(run.statusCode, run.body.slice(0, 300)).toBe(200);
    const text = await scrape();
    expect(valueOf(text, 'dossier_roi_duration_seconds_count{status="200"}')).toBe(1);
    expect(valueOf(text, 'dossier_roi_duration_seconds_sum{status="200"}')).toBeGreaterThan(0);
    expect(valueOf(text, 'dossier_report_run_duration_seconds_count{format="csv",status="200"}')).toBe(1);
    expect(text).toContain('dossier_report_run_duration_seconds_bucket{le="60",format="csv",status="200"} 1');
  });
});

/** Opens the live-notice stream as a browser does (accepting compressed answers) and waits for its `ready` event. */
async function openStream(port: number, token: string) {
  const controller = new AbortController();
  const response = await fetch(`http://127.0.0.1:${port}/api/live/events`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream', 'accept-encoding': 'gzip, deflate, br' },
    signal: controller.signal,
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  while (!text.includes('event: ready')) {
    const { done, value } = await reader.read();
    if (done) throw new Error(`The stream ended before it was ready: ${text}`);
    text += value;
  }
  return {
    contentEncoding: response.headers.get('content-encoding'),
    contentType: response.headers.get('content-type'),
    close: () => controller.abort(),
  };
}

describe('compression', () => {
  it(`compresses a JSON answer of ${COMPRESSION_THRESHOLD_BYTES} bytes or more as asked (brotli, gzip), to the same JSON`, async () => {
    const plain = await t.call(tokens.caseadmin, { method: 'GET', url: '/api/types' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const packed = await t.call(tokens.caseadmin, { method: 'GET', url: '/api/types', headers: { 'accept-encoding': accept } });
      expect(packed.statusCode).toBe(200);
      expect(packed.headers['content-encoding']).toBe(encoding);
      expect(packed.headers.vary).toMatch(/accept-encoding/i);
      expect(packed.headers['content-type']).toMatch(/^application\/json/);
      expect(packed.headers['cache-control']).toBe('no-store');
      expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(JSON.parse(decode(packed.rawPayload).toString('utf8'))).toEqual(plain.json());
    }
  });

  it('sends an answer under 1 kB and a refusal as they are', async () => {
    const plain = await t.call(tokens.caseadmin, { method: 'GET', url: '/api/security' });
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    const small = await t.call(tokens.caseadmin, { method: 'GET', url: '/api/security', headers: { 'accept-encoding': 'gzip, br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.rawPayload).toEqual(plain.rawPayload);
    const refused = await t.call(null, { method: 'GET', url: '/api/types', headers: { 'accept-encoding': 'gzip, br' } });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json()).toEqual({ Message: Texts.global.sessionExpired });
  });

  it('sends a paper as it was uploaded, even a large JSON file', async () => {
    const content = JSON.stringify({ notes: 'x'.repeat(8000) });
    const name = `notes-${randomBytes(4).toString('hex')}.json`;
    const upload = await t.call(tokens.caseadmin, { method: 'POST', url: `/api/cases/${firstCaseId}/attachments`, ...multipart([{ name, content, type: 'application/json' }]) });
    expect(upload.statusCode, upload.body).toBe(200);
    const paper = (upload.json() as { Id: number; Name: string }[]).find((p) => p.Name === name)!;
    const download = await t.call(tokens.caseadmin, {
      method: 'GET',
      url: `/api/cases/${firstCaseId}/attachments/${paper.Id}/file`,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('attachment');
    expect(download.headers['content-encoding']).toBeUndefined();
    expect(download.rawPayload.toString('utf8')).toBe(content);
  });
});

describe('the request log', () => {
  it('writes one JSON line per answered request with its id, route, status and duration, and no token, password, body or query', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    const logged = await appWith({}, serverLogger('info', stream));
    const password = 'demo-pass-2026';
    const signIn = await logged.inject({
      method: 'POST',
      url: '/oauth/token',
      remoteAddress: '10.99.0.1',
      payload: new URLSearchParams({ username: 'caseadmin', password, grant_type: 'password' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(signIn.statusCode).toBe(200);
    const token = signIn.json().access_token as string;
    const secretCookie = `cookie-${randomBytes(6).toString('hex')}`;
    const read = await logged.inject({
      method: 'GET',
      url: `/api/cases/${lastCaseId}?ssn=masked`,
      headers: { authorization: `Bearer ${token}`, cookie: `session=${secretCookie}` },
    });
    expect(read.statusCode).toBe(200);
    const resetCode = `code${randomBytes(6).toString('hex')}`;
    await logged.inject({ method: 'GET', url: `/reset-password?code=${resetCode}` });

    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const completed = entries.filter((entry) => entry.msg === 'request completed');
    const ofRead = completed.filter((entry) => entry.reqId === read.headers['x-request-id']);
    expect(ofRead).toEqual([
      expect.objectContaining({ level: 30, method: 'GET', route: '/api/cases/:id', path: `/api/cases/${lastCaseId}`, status: 200, durationMs: expect.any(Number) }),
    ]);
    expect(completed.find((entry) => entry.reqId === signIn.headers['x-request-id'])).toMatchObject({ method: 'POST', route: '/oauth/token', status: 200 });
    // One line a request, not Fastify's two.
    expect(entries.filter((entry) => entry.msg === 'incoming request')).toEqual([]);
    expect(completed).toHaveLength(3);
    const text = lines.join('\n');
    for (const secret of [token, password, secretCookie, resetCode, 'ssn=masked', 'CaseNumber', 'access_token']) expect(text).not.toContain(secret);
    expect(text.toLowerCase()).not.toContain('authorization');
  });
});

describe(`a real server on ${TEST_DB_KIND}`, () => {
  it('answers /readyz 503 `stopping` after SIGTERM while it serves the rest for the drain time, logging JSON lines', { timeout: 180_000 }, async () => {
    const env = { ...(await installation('ops')), DOSSIER_STOP_DRAIN_MS: '4000', DOSSIER_METRICS_TOKEN: METRICS_TOKEN };
    const server = await startServerProcess('ops', 'scripts/start.mjs', env);
    try {
      const get = (url: string, token?: string) => fetch(`${server.baseUrl}${url}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
      expect((await get('/readyz')).status).toBe(200);
      const signIn = await fetch(`${server.baseUrl}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'password', username: 'caseadmin', password: 'demo-pass-2026' }),
      });
      const token = ((await signIn.json()) as { access_token: string }).access_token;
      expect((await get('/api/user', token)).status).toBe(200);

      server.child.kill('SIGTERM');
      const deadline = Date.now() + 3000;
      let ready = await get('/readyz');
      while (ready.status === 200 && Date.now() < deadline) ready = await get('/readyz');
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: 'not ready', failed: ['stopping'], checks: { stopping: 'failed' } });
      // Draining: alive, and serving what the load balancer still sends.
      expect((await get('/healthz')).status).toBe(200);
      const during = await get('/api/user', token);
      expect(during.status).toBe(200);
      expect((await get('/metrics', METRICS_TOKEN)).status).toBe(200);
      expect(await server.exited, server.output()).toBe(0);

      const entries = server
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      const userCalls = entries.filter((entry) => entry.msg === 'request completed' && entry.route === '/api/user');
      expect(userCalls).toHaveLength(2);
      expect(userCalls.map((entry) => entry.reqId)).toContain(during.headers.get('x-request-id'));
      for (const entry of userCalls) expect(entry).toMatchObject({ method: 'GET', path: '/api/user', status: 200, durationMs: expect.any(Number) });
      expect(entries.some((entry) => entry.msg === 'Stopping: /readyz answers 503 while the load balancer takes this instance out')).toBe(true);
      expect(server.output()).not.toContain(token);
      expect(server.output()).not.toContain(METRICS_TOKEN);
    } finally {
      await server.stop();
    }
  });
});
