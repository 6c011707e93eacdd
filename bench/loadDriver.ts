import { Worker } from 'node:worker_threads';
import { DEMO_PASSWORD } from '../server/db/seed/index.js';

/** One HTTP call: `{n}` in the body becomes a number no other call of the run has (8 digits), for writes that must differ. */
export interface Call {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Sent once the page's calls before it are answered: the first of the page's next round (a batch after its record). */
  afterPrevious?: boolean;
}

/** What a page sends: its calls together, round by round (`afterPrevious`); a single request is a page of one call. */
export type Page = readonly Call[];

export interface LoadOptions {
  port: number;
  /** The pages sent, in turn; connection k sends pages k, k + connections, … (each its own when there are enough). */
  pages: readonly Page[];
  /** Simulated clients, each sending its next page as soon as the last one is answered. */
  connections: number;
  warmupMs: number;
  durationMs: number;
  /** The first `{n}` of this run (runs that write give each a range of its own). */
  serial?: number;
  /** Each client from a loopback address of its own (127.0.0.10 on), as per-address limits see separate people. */
  ownAddresses?: boolean;
  /** Keep the first answer's body (as `sample`); off for large downloads, whose bytes are only counted. */
  keepBody?: boolean;
}

export interface LoadResult {
  /** ms from a page's first call written to its last answer read, one per page while measuring. */
  latencies: number[];
  /** Answers by HTTP status, every call counted. */
  statuses: Record<string, number>;
  /** The first answer's body (with keepBody). */
  sample: string | null;
  /** The first failed call: method, path, status and the start of its answer. */
  failure: string | null;
  /** Bytes of answers read while measuring, and the line feeds among them. */
  bytes: number;
  lines: number;
  elapsed: number;
  /** ms the load loop's thread was busy while measuring. */
  loopBusy: number;
  error?: string;
}

/**
 * The load loop, on a worker thread (its own event loop, so the server's is the app's alone): `connections` clients,
 * each with up to six keep-alive connections as a browser keeps, sending a page's calls together and the next page
 * as soon as all are answered. A warm-up first; then every page's latency (first call written to last body read).
 */
const LOAD_LOOP = `
const { parentPort, workerData: w } = require('node:worker_threads');
const http = require('node:http');
let serial = w.serial;
const agents = Array.from({ length: w.connections }, (_, k) =>
  new http.Agent({ keepAlive: true, maxSockets: 6, localAddress: w.ownAddresses ? '127.0.0.' + (10 + k) : undefined }));
let measuring = false;
let bytes = 0;
let lines = 0;
function once(agent, call) {
  return new Promise((resolve, reject) => {
    const payload = call.body === undefined ? undefined : Buffer.from(call.body.replaceAll('{n}', String(serial++).padStart(8, '0')));
    const headers = { ...call.headers };
    if (payload) headers['content-length'] = payload.length;
    const request = http.request({ host: '127.0.0.1', port: w.port, path: call.path, method: call.method, agent, headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => {
        if (measuring) {
          bytes += chunk.length;
          for (let at = chunk.indexOf(10); at >= 0; at = chunk.indexOf(10, at + 1)) lines += 1;
        }
        if (w.keepBody || response.statusCode >= 300) chunks.push(chunk);
      });
      response.on('end', () => resolve({ call, status: response.statusCode, body: chunks }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(payload);
  });
}
async function page(agent, calls) {
  const start = performance.now();
  const answers = [];
  for (let from = 0; from < calls.length; ) {
    let to = from + 1;
    while (to < calls.length && !calls[to].afterPrevious) to += 1;
    answers.push(...(await Promise.all(calls.slice(from, to).map((call) => once(agent, call)))));
    from = to;
  }
  return { ms: performance.now() - start, answers };
}
async function loop(k, until, record) {
  const split = w.pages.length >= w.connections;
  const own = split ? w.pages.filter((_, i) => i % w.connections === k) : w.pages;
  let turn = split ? 0 : k;
  while (performance.now() < until) record(await page(agents[k], own[turn++ % own.length]));
}
(async () => {
  const warm = performance.now() + w.warmupMs;
  await Promise.all(agents.map((_, k) => loop(k, warm, () => undefined)));
  const latencies = [];
  const statuses = {};
  let sample = null;
  let failure = null;
  parentPort.postMessage({ measuring: true });
  const elu = performance.eventLoopUtilization();
  measuring = true;
  const start = performance.now();
  await Promise.all(agents.map((_, k) => loop(k, start + w.durationMs, (r) => {
    latencies.push(r.ms);
    for (const a of r.answers) {
      statuses[a.status] = (statuses[a.status] || 0) + 1;
      if (sample === null && w.keepBody) sample = Buffer.concat(a.body).toString();
      if (failure === null && (a.status < 200 || a.status >= 300)) failure = a.call.method + ' ' + a.call.path + ' ' + a.status + ': ' + Buffer.concat(a.body).toString().slice(0, 500);
    }
  })));
  const elapsed = performance.now() - start;
  const loopBusy = performance.eventLoopUtilization(elu).active;
  for (const agent of agents) agent.destroy();
  parentPort.postMessage({ latencies, statuses, sample, failure, bytes, lines, elapsed, loopBusy });
})().catch((error) => parentPort.postMessage({ latencies: [], statuses: {}, sample: null, failure: null, bytes: 0, lines: 0, elapsed: 0, loopBusy: 0, error: String(error && error.stack || error) }));
`;

/** Runs the load loop; `onMeasuring` is called when the warm-up ends. */
export function runLoad(options: LoadOptions, onMeasuring: () => void = () => undefined): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(LOAD_LOOP, {
      eval: true,
      workerData: { serial: 0, ownAddresses: false, keepBody: true, ...options },
    });
    worker.on('message', (message: LoadResult | { measuring: true }) => {
      if ('measuring' in message) return onMeasuring();
      void worker.terminate();
      if (message.error) reject(new Error(message.error));
      else resolve(message);
    });
    worker.once('error', reject);
  });
}

/** A JSON call as the client sends it, signed in with `token`. */
export const jsonCall = (token: string, method: string, path: string, body?: unknown): Call => ({
  method,
  path,
  headers: { accept: 'application/json', authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
  body: body === undefined ? undefined : JSON.stringify(body),
});

/** The sign-in form (POST /oauth/token) of a demo user. */
export const signInCall = (userName: string): Call => ({
  method: 'POST',
  path: '/oauth/token',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams({ username: userName, password: DEMO_PASSWORD, grant_type: 'password' }).toString(),
});

/** Signs a demo user in through POST /oauth/token; answers the bearer token. */
export async function signIn(port: number, userName: string): Promise<string> {
  const call = signInCall(userName);
  const response = await fetch(`http://127.0.0.1:${port}${call.path}`, { method: call.method, headers: call.headers, body: call.body });
  if (response.status !== 200) throw new Error(`Sign-in of ${userName} failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}
