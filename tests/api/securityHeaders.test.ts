import Fastify from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaders } from '../../server/http/securityHeaders.js';
import { CSP_NONCE_PLACEHOLDER } from '../../shared/csp.js';
import { startTestApp, type TestApp } from '../support/testApp.js';
import { multipart } from '../support/uploads.js';

/**
 * Security headers and transport (issue 21 §4): every answer's headers (CSP — with a per-answer style nonce on an HTML
 * page, none on any other answer —, framing,
 * sniffing, referrer, cross-origin isolation, HSTS over https only), no-store on the API's answers and downloads,
 * the same answer with and without a trailing slash, and HEAD wherever GET answers. docs/trust.md ("Security headers and transport").
 */
const N = CSP_NONCE_PLACEHOLDER;
const INDEX_HTML =
  `<!doctype html><html><head><style nonce="${N}">#boot{color:#1d3557}</style><meta property="csp-nonce" nonce="${N}">` +
  `<script type="module" crossorigin src="/assets/app-abc123.js" nonce="${N}"></script></head><body><div id="root"></div></body></html>`;

let t: TestApp;
let clientDir: string;
let token: string;
let caseId: number;

beforeAll(async () => {
  clientDir = await mkdtemp(path.join(tmpdir(), 'dossier-client-'));
  await mkdir(path.join(clientDir, 'assets'));
  await writeFile(path.join(clientDir, 'index.html'), INDEX_HTML);
  await writeFile(path.join(clientDir, 'assets', 'app-abc123.js'), 'console.log("Dossier");\n');
  await writeFile(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await startTestApp({ clientDir });
  token = await t.signIn('sysadmin');
  caseId = (await t.database.db.selectFrom('cases').select('Id').where('WorkflowState', '=', 'AWAITING_DATA_ENTRY').orderBy('Id').executeTakeFirstOrThrow()).Id;
});

afterAll(async () => {
  await t?.close();
  await rm(clientDir, { recursive: true, force: true });
});

const get = (url: string, signedIn = true) => t.call(signedIn ? token : null, { method: 'GET', url });
const head = (url: string, signedIn = true) => t.call(signedIn ? token : null, { method: 'HEAD', url });

/** A Content-Security-Policy header as directive → sources. */
function directives(header: unknown): Record<string, string[]> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );
}

/**
 * What every answer carries, page, API call, download or asset alike (the app here is served over http); only an
 * HTML page's policy has a style nonce (an answer that is not HTML has no styles of its own).
 */
function expectSecurityHeaders(response: LightMyRequestResponse): Record<string, string[]> {
  const { headers } = response;
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  expect(headers['cross-origin-resource-policy']).toBe('same-origin');
  expect(headers['cross-origin-embedder-policy']).toBeUndefined();
  expect(headers['strict-transport-security']).toBeUndefined();
  expect(headers['x-powered-by']).toBeUndefined();
  const csp = directives(headers['content-security-policy']);
  expect(csp['default-src']).toEqual(["'self'"]);
  expect(csp['script-src']).toEqual(["'self'", "'unsafe-eval'"]);
  expect(csp['script-src-attr']).toEqual(["'none'"]);
  if (/^text\/html/.test(String(headers['content-type']))) expect(csp['style-src']).toEqual(["'self'", expect.stringMatching(/^'nonce-[A-Za-z0-9+/]{22}=='$/)]);
  else expect(csp['style-src']).toEqual(["'self'"]);
  expect(csp['img-src']).toEqual(["'self'", 'data:']);
  expect(csp['connect-src']).toEqual(["'self'"]);
  expect(csp['object-src']).toEqual(["'none'"]);
  expect(csp['frame-src']).toEqual(["'none'"]);
  expect(csp['frame-ancestors']).toEqual(["'none'"]);
  expect(csp['base-uri']).toEqual(["'self'"]);
  expect(csp['form-action']).toEqual(["'self'"]);
  expect(csp).not.toHaveProperty('upgrade-insecure-requests');
  return csp;
}

const nonceOf = (csp: Record<string, string[]>) => /^'nonce-(.+)'$/.exec(csp['style-src'][1])![1];

describe('security headers', () => {
  it("the client's page: a strict CSP whose style nonce is the one in the page, fresh for every answer, never cached", async () => {
    const first = await get('/', false);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^text\/html/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const nonce = nonceOf(expectSecurityHeaders(first));
    expect(first.body).not.toContain(N);
    expect(first.body).toContain(`<style nonce="${nonce}">`);
    expect(first.body).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
    const second = await get('/', false);
    expect(nonceOf(expectSecurityHeaders(second))).not.toBe(nonce);
    expect(second.body).toBe(INDEX_HTML.replaceAll(N, nonceOf(directives(second.headers['content-security-policy']))));
  });

  it('a deep link (the sign-in page) answers the same page and headers, compressed as the browser accepts', async () => {
    const login = await get('/login', false);
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-cache');
    expect(login.body).toContain(`<style nonce="${nonceOf(expectSecurityHeaders(login))}">`);
    const br = await t.call(null, { method: 'GET', url: '/login', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain(`nonce="${nonceOf(expectSecurityHeaders(br))}"`);
    const gzip = await t.call(null, { method: 'GET', url: '/index.html', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['cache-control']).toBe('no-cache');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain(`nonce="${nonceOf(expectSecurityHeaders(gzip))}"`);
  });

  it("the API's answers are never stored: a signed-in answer, a refusal and an unknown path", async () => {
    for (const response of [await get('/api/user/permissions'), await get('/api/user/permissions', false), await get('/api/no-such-thing')]) {
      expectSecurityHeaders(response);
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('only an HTML answer has a style nonce (the page, the API reference); the policy is otherwise the same text', async () => {
    const json = await get('/api/user/permissions');
    const page = await get('/', false);
    const docs = await get('/api/docs', false);
    expect(docs.headers['content-type']).toMatch(/^text\/html/);
    const policy = String(json.headers['content-security-policy']);
    expect(policy).not.toContain('nonce-');
    expect(String((await get('/api/user/permissions')).headers['content-security-policy'])).toBe(policy);
    for (const html of [page, docs]) {
      const header = String(html.headers['content-security-policy']);
      expect(nonceOf(directives(header))).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(header.replace(/ 'nonce-[^']+'/, '')).toBe(policy);
    }
    expect(docs.body).toContain(`<style nonce="${nonceOf(directives(docs.headers['content-security-policy']))}">`);
  });

  it("sign-in's answers (OAuth) are never stored, the token and a refusal alike", async () => {
    const signIn = (password: string) =>
      t.call(null, {
        method: 'POST',
        url: '/oauth/token',
        remoteAddress: '10.99.0.1',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ username: 'manager', password, grant_type: 'password' }).toString(),
      });
    const granted = await signIn('demo-pass-2026');
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toHaveProperty('access_token');
    const refused = await signIn('not-the-password');
    expect(refused.statusCode).toBe(400);
    for (const response of [granted, refused]) {
      expectSecurityHeaders(response);
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('downloads of personal data are never stored: a case paper and the case XML', async () => {
    const uploaded = await t.call(token, { method: 'POST', url: `/api/cases/${caseId}/attachments`, ...multipart([{ name: 'release.pdf', content: '%PDF-1.4 release', type: 'application/pdf' }]) });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const paper = (uploaded.json() as { Id: number; Name: string }[]).find((p) => p.Name === 'release.pdf')!;
    const file = await get(`/api/cases/${caseId}/attachments/${paper.Id}/file`);
    const xml = await get(`/api/cases/${caseId}/xml`);
    for (const response of [file, xml]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toMatch(/^attachment/);
      expectSecurityHeaders(response);
      expect(response.headers['cache-control']).toBe('no-store');
    }
    expect(file.body).toBe('%PDF-1.4 release');
  });

  it('built assets keep their long cache, with the headers', async () => {
    const asset = await get('/assets/app-abc123.js', false);
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expectSecurityHeaders(asset);
    const favicon = await get('/favicon.svg', false);
    expect(favicon.headers['cache-control']).toBe('public, max-age=3600');
    expectSecurityHeaders(favicon);
  });

  it("the QuickBooks pop-up's page stays reachable by the window that opened it (no opener policy), all else alike", async () => {
    for (const url of ['/qbo/auth?code=abc&state=xyz&realmId=1', '/qbo/auth/?code=abc']) {
      const response = await get(url, false);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cross-origin-opener-policy']).toBe('unsafe-none');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(directives(response.headers['content-security-policy'])['frame-ancestors']).toEqual(["'none'"]);
    }
  });

  it('over https: HSTS and upgrade-insecure-requests; over http neither', async () => {
    for (const [publicUrl, https] of [
      ['https://dossier.example.com', true],
      ['http://dossier.example.com', false],
    ] as const) {
      const app = Fastify();
      await app.register(securityHeaders, { publicUrl });
      app.get('/api/ping', async () => ({ ok: true }));
      const response = await app.inject({ method: 'GET', url: '/api/ping' });
      expect(response.headers['strict-transport-security']).toBe(https ? 'max-age=31536000; includeSubDomains' : undefined);
      expect('upgrade-insecure-requests' in directives(response.headers['content-security-policy'])).toBe(https);
      expect(response.headers['cache-control']).toBe('no-store');
      await app.close();
    }
  });
});

describe('trailing slashes', () => {
  /** Status, type and body of an answer: what must not depend on a trailing slash. */
  const answer = (response: LightMyRequestResponse) => ({ status: response.statusCode, type: response.headers['content-type'], body: response.body });

  it("the spec's paths written with a trailing slash answer the same as without", async () => {
    const group = (await get('/api/identity/groups')).json() as { Id: number }[];
    const groupId = group[0].Id;
    const tags = ((await get(`/api/identity/groups/${groupId}`)).json() as { Tags: { Id: number; Name: string }[] }).Tags;
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => t.call(token, { method, url, payload: payload as object });
    const pairs: [string, 'GET' | 'POST' | 'PUT', string, unknown?][] = [
      ['GET /api/workflows/cases/{id}/', 'GET', `/api/workflows/cases/${caseId}`],
      ['GET /api/cases/{id}/attachments/', 'GET', `/api/cases/${caseId}/attachments`],
      ['POST /api/cases/ (refused: no body fields)', 'POST', '/api/cases', {}],
      ['PUT /api/cases/{id}/subject/ (refused: no body fields)', 'PUT', `/api/cases/${caseId}/subject`, {}],
      ['PUT /api/identity/groups/{id}/tags/ (its tags as they are)', 'PUT', `/api/identity/groups/${groupId}/tags`, tags],
    ];
    for (const [name, method, url, payload] of pairs) {
      const without = answer(await call(method, url, payload));
      const withSlash = answer(await call(method, `${url}/`, payload));
      expect(without.status, name).not.toBe(404);
      expect(withSlash, name).toEqual(without);
    }
  });

  // Status and type only: some answers change from one call to the next (the audit log records each read).
  it('every GET route of the API without path parameters answers with a trailing slash as without (status and type)', async () => {
    const urls = t.app.routeCatalogue
      .filter((r) => r.method === 'GET' && /^\/(api|oauth)\//.test(r.url) && !r.url.includes(':'))
      .filter((r) => !(r.schema as { produces?: string[] } | undefined)?.produces?.includes('text/event-stream'))
      .map((r) => r.url.replace(/\/$/, ''));
    expect(urls.length).toBeGreaterThan(20);
    const differing: string[] = [];
    for (const url of urls) {
      const without = answer(await get(url));
      const withSlash = answer(await get(`${url}/`));
      if (without.status === 404 || withSlash.status !== without.status || withSlash.type !== without.type) differing.push(`${url}: ${without.status} / ${withSlash.status}`);
    }
    expect(differing).toEqual([]);
  });

  it('a route registered with its trailing slash is still listed as the spec writes it (the API docs read the list)', () => {
    expect(t.app.routeCatalogue.some((r) => r.method === 'PUT' && r.url === '/api/identity/groups/:id/tags/')).toBe(true);
  });

  it("the client's pages answer with a trailing slash too", async () => {
    const response = await get('/login/', false);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
  });
});

describe('HEAD', () => {
  it("answers the client's page, a deep link and an API call with GET's status and headers and no body", async () => {
    for (const [url, signedIn] of [['/', false], ['/login', false], ['/cases/12', false], ['/api/user/permissions', true]] as const) {
      const byGet = await get(url, signedIn);
      const byHead = await head(url, signedIn);
      expect(byHead.statusCode, url).toBe(200);
      expect(byHead.body, url).toBe('');
      for (const name of ['content-type', 'cache-control', 'content-length', 'x-content-type-options', 'x-frame-options', 'referrer-policy']) {
        expect(byHead.headers[name], `${url} ${name}`).toBe(byGet.headers[name]);
      }
      expectSecurityHeaders(byHead);
    }
  });

  it('is registered beside every GET route', () => {
    const heads = new Set(t.app.routeCatalogue.filter((r) => r.method === 'HEAD').map((r) => r.url));
    const missing = t.app.routeCatalogue.filter((r) => r.method === 'GET' && !heads.has(r.url)).map((r) => r.url);
    expect(missing).toEqual([]);
  });

  it('answers a download with its headers and no body', async () => {
    const response = await head(`/api/cases/${caseId}/xml`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
    expect(response.headers['content-disposition']).toMatch(/^attachment/);
    expect(response.headers['cache-control']).toBe('no-store');
  });
});
