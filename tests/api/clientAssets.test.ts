import type { FastifyInstance } from 'fastify';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { readConfig } from '../../server/config.js';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase.js';
import { TEST_VAULT } from '../support/testVault.js';
import { checkAnswersOf } from '../support/answerCheck.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const INDEX_HTML = '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/app-abc123.js"></script></body></html>';
const APP_JS = `console.log(${JSON.stringify('Dossier '.repeat(400))});\n`;

let database: TestDatabase;
let clientDir: string;
let dataDir: string;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  clientDir = await mkdtemp(path.join(tmpdir(), 'dossier-client-'));
  dataDir = await mkdtemp(path.join(tmpdir(), 'dossier-data-'));
  await mkdir(path.join(clientDir, 'assets'));
  await writeFile(path.join(clientDir, 'index.html'), INDEX_HTML);
  await writeFile(path.join(clientDir, 'index.html.br'), brotliCompressSync(INDEX_HTML));
  await writeFile(path.join(clientDir, 'index.html.gz'), gzipSync(INDEX_HTML));
  await writeFile(path.join(clientDir, 'assets', 'app-abc123.js'), APP_JS);
  await writeFile(path.join(clientDir, 'assets', 'app-abc123.js.br'), brotliCompressSync(APP_JS));
  await writeFile(path.join(clientDir, 'assets', 'app-abc123.js.gz'), gzipSync(APP_JS));
  await writeFile(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  app = await buildApp({ db: database.db, config: { ...readConfig({}), dataDir }, vault: TEST_VAULT, clientDir });
  checkAnswersOf(app);
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.drop();
  await rm(clientDir, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('the built client', () => {
  it('sends a hashed asset precompressed with brotli to a browser that accepts it, cached as immutable', async () => {
    const response = await get('/assets/app-abc123.js', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(APP_JS);
  });

  it('sends the gzip copy when the browser accepts only gzip', async () => {
    const response = await get('/assets/app-abc123.js', 'gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(gunzipSync(response.rawPayload).toString()).toBe(APP_JS);
  });

  it('sends the file itself when the browser accepts no encoding', async () => {
    const response = await get('/assets/app-abc123.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.body).toBe(APP_JS);
  });

  it('answers index.html for a deep link, never cached', async () => {
    const response = await get('/some/deep/link');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(INDEX_HTML);
    const direct = await get('/index.html');
    expect(direct.headers['cache-control']).toBe('no-cache');
    expect(direct.body).toBe(INDEX_HTML);
  });

  it('sends index.html compressed too, as the browser accepts', async () => {
    const br = await get('/some/deep/link', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(INDEX_HTML);
    const gzip = await get('/cases/12', 'gzip, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(INDEX_HTML);
    const identity = await get('/cases/12', 'identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(INDEX_HTML);
  });

  it('answers 404, not index.html, for an asset that does not exist', async () => {
    const response = await get('/assets/app-old999.js', 'br');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/json/);
  });

  it('does not serve the compressed copies as files of their own', async () => {
    expect((await get('/assets/app-abc123.js.br')).statusCode).toBe(404);
  });

  it('caches unhashed files for a short while only', async () => {
    const response = await get('/favicon.svg');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
  });
});
