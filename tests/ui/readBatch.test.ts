import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { batchPageReads, request } from '../../dataProvider/httpClient.js';
import { Texts } from '../../shared/texts/index.js';
import { fakeServer, signedInAs } from './support/fakeServer.js';

/**
 * The reads of a page that opens in one round of requests (the case and item pages, issue 25): while it is shown,
 * reads asked together go out as one POST /api/reads, and each caller gets its own answer or failure — the same
 * error a GET of its own would have given, never an empty answer in place of a failure.
 */
let stopBatching: (() => void) | null = null;

beforeEach(() => {
  signedInAs([]);
  stopBatching = batchPageReads();
});
afterEach(() => {
  stopBatching?.();
  stopBatching = null;
  vi.unstubAllGlobals();
});

const statusOf = async (promise: Promise<unknown>) => promise.then(() => 'ok', (error: { status?: number; message?: string; name?: string }) => error.name === 'AbortError' ? 'aborted' : `${error.status}: ${error.message}`);

describe('read batches', () => {
  it('sends reads asked together as one batch in the order asked, each answered or failed as its own GET', async () => {
    const { calls } = fakeServer(({ method, url }) => {
      if (method !== 'GET') return undefined;
      if (url === '/api/cases/5?ssn=masked') return { body: { Id: 5 } };
      if (url === '/api/cases/5/items') return { status: 500, body: { Message: 'An error has occurred.' } };
      if (url === '/api/cases/5/messages') return { status: 403, body: { Message: Texts.global.noRoutePermission } };
      return undefined;
    });
    const answers = [request('/api/cases/5', { query: { ssn: 'masked' } }), request('/api/cases/5/items'), request('/api/cases/5/messages'), request('/api/cases/5/attachments')];
    expect(await answers[0]).toEqual({ Id: 5 });
    expect(await Promise.all(answers.slice(1).map(statusOf))).toEqual([`500: An error has occurred.`, `403: ${Texts.global.noRoutePermission}`, '404: Not found.']);
    expect(calls[0]).toEqual({ method: 'POST', url: '/api/reads', body: { Paths: ['/api/cases/5?ssn=masked', '/api/cases/5/items', '/api/cases/5/messages', '/api/cases/5/attachments'] } });
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('fails every read of a batch as the batch failed: a session that ended, no answer', async () => {
    const { calls } = fakeServer(() => ({ body: [] }));
    vi.stubGlobal('fetch', () => Promise.resolve(new Response(JSON.stringify({ Message: Texts.global.sessionExpired }), { status: 401, headers: { 'content-type': 'application/json' } })));
    expect(await Promise.all([request('/api/a'), request('/api/b')].map(statusOf))).toEqual([`401: ${Texts.global.sessionExpired}`, `401: ${Texts.global.sessionExpired}`]);
    expect(calls).toEqual([]);
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    expect(await Promise.all([request('/api/a'), request('/api/b')].map(statusOf))).toEqual([`0: ${Texts.global.noResponse}`, `0: ${Texts.global.noResponse}`]);
  });

  it('sends a read alone in its window as its GET, and splits more reads than a batch holds', async () => {
    const { calls } = fakeServer(({ method }) => (method === 'GET' ? { body: [] } : undefined));
    await request('/api/types');
    expect(calls).toEqual([{ method: 'GET', url: '/api/types', body: undefined }]);
    calls.length = 0;
    await Promise.all(Array.from({ length: 25 }, (_, i) => request(`/api/cases/${i + 1}/items`)));
    const batches = calls.filter((c) => c.method === 'POST').map((c) => (c.body as { Paths: string[] }).Paths.length);
    expect(batches).toEqual([20, 5]);
  });

  it('leaves a cancelled read out, and never batches writes, files, anonymous reads or reads once the page is gone', async () => {
    const { calls } = fakeServer(({ method }) => (method === 'GET' || method === 'PUT' ? { body: {} } : undefined));
    const cancel = new AbortController();
    const reads = [request('/api/a', { signal: cancel.signal }), request('/api/b'), request('/api/c')];
    cancel.abort();
    expect(await Promise.all(reads.map(statusOf))).toEqual(['aborted', 'ok', 'ok']);
    expect(calls[0].body).toEqual({ Paths: ['/api/b', '/api/c'] });
    calls.length = 0;
    await Promise.all([request('/api/x', { method: 'PUT', body: {} }), request('/api/y', { anonymous: true }), request('/api/z', { asFile: true })]);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['PUT /api/x', 'GET /api/y', 'GET /api/z']);
    stopBatching?.();
    stopBatching = null;
    calls.length = 0;
    await Promise.all([request('/api/a'), request('/api/b')]);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/a', 'GET /api/b']);
  });
});
