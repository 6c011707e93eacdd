/**
 * `npm run bench:memory`: the embedded server's memory after a defined warm-up with the demo firm.
 *
 * A fresh data folder (tests/support/newInstallation.ts), the server started as `npm start` runs it
 * (`scripts/start.mjs`: the embedded database, the demo firm seeded on first start, the request log at info), then the
 * warm-up, `--rounds` times: every demo user signs in (the calls the app makes to open, and the cases list it lands
 * on) and opens the first cases of their list (each case page's calls) and the first items of those cases (each item
 * page's calls); the case administrator downloads the report of investigation of the first cases it may, and the
 * system administrator runs every report once (as the Reports page's View: an instance, then its XML). Four users at
 * a time. Any answer 500 or above fails the run; a warm-up in which no report of investigation or report succeeded
 * fails too (it would not have warmed what it says).
 *
 * Then, after a pause for the last answers' garbage, one sample a second for `--samples` seconds; printed: the
 * median of each figure, from outside the process (/proc: RSS, the embedded database's WebAssembly memory resident,
 * threads) and from its metrics (DOSSIER_METRICS_TOKEN set for the run: the main V8 heap used and reserved, V8's
 * external memory, the WebAssembly memory's size). What is left of RSS is code (node's and the database's compiled
 * WebAssembly), the XSLT worker threads' heaps and native allocations.
 *
 * Options (flag or environment): --rounds / MEMORY_ROUNDS (3), --samples / MEMORY_SAMPLES (20), --xslt-workers /
 * DOSSIER_XSLT_WORKERS (the server's default when not given), --node-flags / MEMORY_NODE_FLAGS (node's flags for the
 * server besides npm start's). The server inherits this process's environment: DOSSIER_DB_SHARED_BUFFERS and glibc's
 * MALLOC_* settings reach it that way.
 */
import os from 'node:os';
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEMO_PASSWORD, DEMO_USERS } from '../server/db/seed/demoIdentity.js';
import { EMBEDDED_SHARED_BUFFERS } from '../server/db/database.js';
import { startServerProcess } from '../tests/support/serverProcess.js';
import { newInstallation } from '../tests/support/newInstallation.js';
import { BrowserConnection, type Answer, type CallOptions } from './soak/http.js';
import { percentile } from './percentiles.js';
import { CASES_LIST_OPEN, casePageReads, itemPageReads, READ_BATCH_PATH, reportFormValues, SIGN_IN_READS, type BatchAnswer } from './pageCalls.js';
import type { ReportParametersParameter } from '../schemas/types.js';

const { values: flags } = parseArgs({
  options: { rounds: { type: 'string' }, samples: { type: 'string' }, 'xslt-workers': { type: 'string' }, 'node-flags': { type: 'string' } },
});
const ROUNDS = Number(flags.rounds ?? process.env.MEMORY_ROUNDS ?? 3);
const SAMPLES = Number(flags.samples ?? process.env.MEMORY_SAMPLES ?? 20);
const XSLT_WORKERS = flags['xslt-workers'] ?? process.env.DOSSIER_XSLT_WORKERS;
/** Node's flags for the server beyond `npm start`'s (--enable-source-maps), to measure what one changes. */
const NODE_FLAGS = (flags['node-flags'] ?? process.env.MEMORY_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);
/** Cases each user opens from the first page of their list, and items each opened case's page opens. */
const CASES_PER_USER = 4;
const ITEMS_PER_CASE = 2;
/** Reports of investigation the case administrator downloads each round (of the first cases that allow one). */
const ROI_PER_ROUND = 2;
/** Users working at once. */
const CONCURRENCY = 4;
/** The pause between the warm-up's last answer and the first sample. */
const SETTLE_MS = 5_000;

const MiB = 1024 * 1024;
const median = (values: number[]) => percentile([...values].sort((a, b) => a - b), 0.5);
const mib = (bytes: number) => (Number.isFinite(bytes) ? `${(bytes / MiB).toFixed(0)} MiB` : 'n/a');

/** What the warm-up did: answers by outcome, and every answer of 500 or above. */
class Tally {
  readonly statuses = new Map<number, number>();
  readonly serverErrors: string[] = [];
  /** Each call's time, ms, from sending it to its whole answer. */
  readonly ms: number[] = [];
  roi = 0;
  reports = 0;

  note(method: string, path: string, answer: Answer): Answer {
    this.ms.push(answer.ms);
    this.noteStatus(answer.status, `${method} ${path}`, answer.error ?? answer.text);
    return answer;
  }

  /** An answer's status, of a call or of a read in a batch; a server error with what it said. */
  noteStatus(status: number, call: string, said: string): void {
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
    if (status >= 500 || status === 0) this.serverErrors.push(`${call}: ${status} ${said.slice(0, 200)}`);
  }
}

/** One demo user at a browser: signs in, and makes the calls of the pages the warm-up opens. */
class DemoUser {
  private token: string | null = null;
  private readonly connection: BrowserConnection;

  constructor(
    readonly userName: string,
    baseUrl: URL,
    private readonly tally: Tally,
  ) {
    this.connection = new BrowserConnection(baseUrl);
  }

  close(): void {
    this.connection.close();
  }

  private async call(method: string, path: string, options: CallOptions = {}): Promise<Answer> {
    return this.tally.note(method, path, await this.connection.request(method, path, { token: this.token, ...options }));
  }

  /** The calls of a page, together; each successful JSON answer parsed (null otherwise). */
  private async page(calls: [string, string, CallOptions?][]): Promise<unknown[]> {
    const answers = await Promise.all(calls.map(([method, path, options]) => this.call(method, path, options)));
    return answers.map((answer) => (answer.status === 200 && /^[[{]/.test(answer.text) ? (JSON.parse(answer.text) as unknown) : null));
  }

  /** Sign-in page → the app, landing on the cases list; answers the list's first page of rows. */
  async signIn(): Promise<{ Id: number; Client_Id: number }[]> {
    const form = new URLSearchParams({ grant_type: 'password', username: this.userName, password: DEMO_PASSWORD }).toString();
    const answer = await this.call('POST', '/oauth/token', { body: { payload: form, contentType: 'application/x-www-form-urlencoded' } });
    if (answer.status !== 200) throw new Error(`${this.userName} could not sign in: ${answer.status} ${answer.text.slice(0, 200)}`);
    this.token = (JSON.parse(answer.text) as { access_token: string }).access_token;
    for (const reads of SIGN_IN_READS) await this.page(reads.map((path) => ['GET', path]));
    const [list] = await this.page([['POST', '/api/cases/search', { json: CASES_LIST_OPEN.search }], ...CASES_LIST_OPEN.reads.map((path): [string, string] => ['GET', path])]);
    return (list as { cases?: { Id: number; Client_Id: number }[] } | null)?.cases ?? [];
  }

  /** A read batch (POST /api/reads) as the case and item pages send it: each read's answer, null for a failed one. */
  private async batch(paths: string[]): Promise<unknown[]> {
    const [answer] = (await this.page([['POST', READ_BATCH_PATH, { json: { Paths: paths } }]])) as [BatchAnswer | null];
    return paths.map((path, index) => {
      const read = answer?.Answers[index];
      if (read) this.tally.noteStatus(read.Status, `GET ${path}`, JSON.stringify(read.Body));
      return read && read.Status >= 200 && read.Status < 300 ? read.Body : null;
    });
  }

  /** A case page as staff open it (bench/pageCalls.ts): the case, then its parts' reads in one batch; answers the case's items. */
  async openCase(row: { Id: number; Client_Id: number }): Promise<{ Id: number }[]> {
    const page = casePageReads(row, 'staff');
    const [record] = await this.page([['GET', page.record]]);
    if (!record) return [];
    const answers = await this.batch(page.batch);
    return (page.itemsAt === null ? null : (answers[page.itemsAt] as { Id: number }[] | null)) ?? [];
  }

  async openItem(caseId: number, itemId: number): Promise<void> {
    const page = itemPageReads(caseId, itemId);
    const [item] = await this.page([['GET', page.record]]);
    if (item) await this.batch(page.batch);
  }

  /** The report of investigation's PDF; whether it came. */
  async downloadRoi(caseId: number): Promise<boolean> {
    const answer = await this.call('GET', `/api/cases/${caseId}/report`);
    return answer.status === 200 && answer.text.startsWith('%PDF');
  }

  /** Every report once, as the Reports page's View; answers how many gave their XML. */
  async runReports(): Promise<number> {
    const [reports] = (await this.page([['GET', '/api/reports']])) as [{ Group: string; Name: string }[] | null];
    let ran = 0;
    for (const report of reports ?? []) {
      const path = `/api/reports/${encodeURIComponent(report.Group)}/${encodeURIComponent(report.Name)}`;
      const [form] = (await this.page([['GET', `${path}/parameters`]])) as [{ Parameters: ReportParametersParameter[] } | null];
      if (!form) continue;
      const body = { Group: report.Group, Name: report.Name, Parameters: reportFormValues(form.Parameters), Format: 'xml', Instance: true };
      const [instance] = (await this.page([['POST', path, { json: body }]])) as [{ Id: string } | null];
      if (!instance) continue;
      const xml = await this.call('GET', `/api/reports/instance/${instance.Id}/xml`);
      if (xml.status === 200) ran += 1;
    }
    return ran;
  }
}

/** One round of the warm-up: every demo user's work, `CONCURRENCY` users at a time. */
async function warmUpRound(baseUrl: URL, tally: Tally): Promise<void> {
  const queue = DEMO_USERS.map((user) => user.userName);
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let userName = queue.shift(); userName; userName = queue.shift()) {
        const user = new DemoUser(userName, baseUrl, tally);
        try {
          const rows = await user.signIn();
          for (const row of rows.slice(0, CASES_PER_USER)) {
            const items = await user.openCase(row);
            for (const item of items.slice(0, ITEMS_PER_CASE)) await user.openItem(row.Id, item.Id);
          }
          if (userName === 'caseadmin') {
            let downloaded = 0;
            for (const row of rows) {
              if (downloaded >= ROI_PER_ROUND) break;
              if (await user.downloadRoi(row.Id)) downloaded += 1;
            }
            tally.roi += downloaded;
          }
          if (userName === 'sysadmin') tally.reports += await user.runReports();
        } finally {
          user.close();
        }
      }
    }),
  );
}

/** The process's resident memory and threads, and the resident part of the anonymous mapping `bytes` long (the WebAssembly memory). */
async function fromProc(pid: number, wasmBytes: number): Promise<{ rss: number; threads: number; wasmResident: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const rss = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? Number.NaN) * 1024;
  const threads = Number(/^Threads:\s+(\d+)/m.exec(status)?.[1] ?? Number.NaN);
  let wasmResident = Number.NaN;
  if (wasmBytes > 0) {
    const smaps = await readFile(`/proc/${pid}/smaps`, 'utf8');
    // A mapping's header, then its fields; V8 maps a WebAssembly memory as one anonymous region of its size.
    const regions = smaps.split(/\n(?=[0-9a-f]+-[0-9a-f]+ )/);
    for (const region of regions) {
      const header = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ (\d+)[ \t]*(\S*)/.exec(region);
      if (!header || header[3] !== '0' || header[4]) continue;
      const size = parseInt(header[2], 16) - parseInt(header[1], 16);
      if (size !== Math.ceil(wasmBytes / 4096) * 4096) continue;
      wasmResident = Number(/^Rss:\s+(\d+) kB/m.exec(region)?.[1] ?? Number.NaN) * 1024;
      break;
    }
  }
  return { rss, threads, wasmResident };
}

/** The figures of the server's Prometheus metrics this bench reads. */
async function fromMetrics(baseUrl: URL, token: string): Promise<Record<'heapUsed' | 'heapTotal' | 'external' | 'wasm', number> & { spaces: Record<string, number> }> {
  const connection = new BrowserConnection(baseUrl);
  try {
    const answer = await connection.request('GET', '/metrics', { token });
    if (answer.status !== 200) throw new Error(`GET /metrics answered ${answer.status}: ${answer.text.slice(0, 200)}`);
    const value = (name: string) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(answer.text)?.[1] ?? Number.NaN);
    return {
      heapUsed: value('nodejs_heap_size_used_bytes'),
      heapTotal: value('nodejs_heap_size_total_bytes'),
      external: value('nodejs_external_memory_bytes'),
      wasm: value('dossier_db_embedded_memory_bytes'),
      spaces: Object.fromEntries(
        [...answer.text.matchAll(/^nodejs_heap_space_size_total_bytes\{space="(\w+)"\} (\S+)$/gm)].map(([, space, bytes]) => [space, Number(bytes)]),
      ),
    };
  } finally {
    connection.close();
  }
}

async function sample(pid: number, baseUrl: URL, token: string) {
  const metrics = await fromMetrics(baseUrl, token);
  return { ...metrics, ...(await fromProc(pid, metrics.wasm)) };
}
type Sample = Awaited<ReturnType<typeof sample>>;

function line(label: string, s: Sample): string {
  const rest = s.rss - s.heapTotal - (Number.isFinite(s.wasmResident) ? s.wasmResident : 0);
  return (
    `| ${label} | ${mib(s.rss)} | ${mib(s.heapUsed)} / ${mib(s.heapTotal)} | ${mib(s.external)} | ${mib(s.wasmResident)} of ${mib(s.wasm)} | ` +
    `${mib(rest)} | ${s.threads} |`
  );
}

async function main(): Promise<number> {
  const cpu = os.cpus();
  console.log(`# Embedded server memory\n\nMachine: ${cpu.length} CPUs (${cpu[0]?.model ?? '?'}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB; Node ${process.version}; load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const installation = await newInstallation('memory', { kind: 'pglite' });
  const token = randomBytes(18).toString('base64url');
  const env = { ...installation.env, LOG_LEVEL: 'info', DOSSIER_METRICS_TOKEN: token, ...(XSLT_WORKERS ? { DOSSIER_XSLT_WORKERS: XSLT_WORKERS } : {}) };
  const command = [process.execPath, '--enable-source-maps', ...NODE_FLAGS, 'scripts/start.mjs'];
  const server = await startServerProcess('memory', 'scripts/start.mjs', env, { command, outputLimit: 200_000 });
  try {
    const pid = server.child.pid!;
    const baseUrl = new URL(server.baseUrl);
    const afterStart = await sample(pid, baseUrl, token);
    const tally = new Tally();
    const started = Date.now();
    for (let round = 0; round < ROUNDS; round++) await warmUpRound(baseUrl, tally);
    const warmUpSeconds = (Date.now() - started) / 1000;
    await sleep(SETTLE_MS);
    const samples: Sample[] = [];
    for (let n = 0; n < SAMPLES; n++) {
      samples.push(await sample(pid, baseUrl, token));
      await sleep(1000);
    }
    const pick = (field: Exclude<keyof Sample, 'spaces'>) => median(samples.map((s) => s[field]));
    const warm: Sample = {
      rss: pick('rss'),
      heapUsed: pick('heapUsed'),
      heapTotal: pick('heapTotal'),
      external: pick('external'),
      wasm: pick('wasm'),
      wasmResident: pick('wasmResident'),
      threads: pick('threads'),
      spaces: samples[samples.length - 1].spaces,
    };
    const sorted = [...tally.ms].sort((a, b) => a - b);
    const calls = [...tally.statuses.values()].reduce((a, b) => a + b, 0);
    console.log(
      `\nWarm-up: ${ROUNDS} rounds of the ${DEMO_USERS.length} demo users (${CONCURRENCY} at a time) in ${warmUpSeconds.toFixed(0)} s: ${calls} calls ` +
        `(${[...tally.statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`).join(', ')}); ${tally.roi} reports of investigation, ${tally.reports} report runs. ` +
        `Calls p50 ${percentile(sorted, 0.5).toFixed(0)} ms, p95 ${percentile(sorted, 0.95).toFixed(0)} ms. ` +
        `XSLT workers: ${XSLT_WORKERS ?? 'the default'}; node flags: ${['--enable-source-maps', ...NODE_FLAGS].join(' ')}; ` +
        `malloc settings: ${Object.keys(process.env).filter((k) => k.startsWith('MALLOC_')).map((k) => `${k}=${process.env[k]}`).join(' ') || 'none'}; the embedded database's shared_buffers: ${process.env.DOSSIER_DB_SHARED_BUFFERS || EMBEDDED_SHARED_BUFFERS}.\n`,
    );
    console.log('| When | RSS | V8 heap used / reserved | V8 external | WebAssembly memory resident of size | RSS less heap and WebAssembly | Threads |');
    console.log('| --- | --- | --- | --- | --- | --- | --- |');
    console.log(line('After start', afterStart));
    console.log(line(`After the warm-up (median of ${SAMPLES} s)`, warm));
    console.log(`\nThe V8 heap's spaces at the last sample (reserved): ${Object.entries(warm.spaces).filter(([, bytes]) => bytes >= MiB).map(([space, bytes]) => `${space} ${mib(bytes)}`).join(', ')}.`);
    const problems: string[] = [];
    if (tally.serverErrors.length) problems.push(`${tally.serverErrors.length} answers of 500 or above, or none:\n${tally.serverErrors.slice(0, 20).join('\n')}`);
    if (!tally.roi) problems.push('no report of investigation was downloaded');
    if (!tally.reports) problems.push('no report ran');
    if (problems.length) console.log(`\nBENCH FAILED:\n${problems.map((p) => `- ${p}`).join('\n')}`);
    if (tally.serverErrors.length) console.log(`\nThe server's errors (last part):\n${server.output().split('\n').filter((l) => /"level":(50|60)/.test(l)).slice(-5).join('\n')}`);
    return problems.length ? 1 : 0;
  } catch (error) {
    console.error(`Server output (last part):\n${server.output().slice(-5000)}`);
    throw error;
  } finally {
    await server.stop();
    await installation.remove();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
