/**
 * `npm run bench:profile`: where a request's time goes besides its SQL, for the default cases search (search (a) of
 * bench/searchScenarios.ts) and `GET /api/cases/{id}`, beside the floor route (bench/floorRoute.ts) — on PostgreSQL
 * at BENCH_DATABASE_URL (or TEST_DATABASE_URL), else on PGlite; the data as `npm run bench` makes it (BENCH_CASES,
 * BENCH_FULL, BENCH_SCHEMA and BENCH_KEEP as there: a schema kept by `npm run bench` skips the fill).
 *
 * For each of the four it
 * - counts the SQL statements a request sends (every query of the pool's clients, over BENCH_PROFILE_REQUESTS
 *   requests sent one after another) and, on PostgreSQL, each SELECT's planning and execution time (EXPLAIN ANALYZE,
 *   the median of five);
 * - measures throughput and CPU a request at BENCH_CONNECTIONS (8) clients for BENCH_SECONDS (20), unprofiled;
 * - samples the app's thread with V8's CPU profiler (the one `node --cpu-prof` starts, here through node:inspector so
 *   that only the measured seconds are sampled, every BENCH_PROFILE_INTERVAL µs, 200) for as long again, and writes
 *   the `.cpuprofile` (open it in Chrome's DevTools or speedscope) to BENCH_PROFILE_DIR (a new temporary folder).
 * Prints a Markdown summary (docs/performance.md, "Where a request's time goes (profile)") and writes it as
 * bench/results/profile.json.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { buildApp } from '../server/app.js';
import { readConfig } from '../server/config.js';
import { originOf } from '../server/db/database.js';
import { BENCH_VAULT } from './benchVault.js';
import { openBenchDatabase } from './benchDatabase.js';
import { BENCH_KIND, BENCH_URL, BENCH_VOLUME, setting } from './benchVolume.js';
import { prepareBenchData } from './bulkFill.js';
import { addBenchOrgs, sampleCases } from './appFixtures.js';
import { jsonCall, runLoad, signIn, type Call, type Page } from './loadDriver.js';
import { cpuNow, machineNow } from './machineCpu.js';
import { percentile } from './percentiles.js';
import { searchScenarios } from './searchScenarios.js';
import { floorSql, startFloor } from './floorRoute.js';
import { profileTable, summariseProfile, type CpuProfile, type ProfileSummary } from './cpuProfile.js';

const URL_ = BENCH_URL;
const KIND = BENCH_KIND;
const VOLUME = BENCH_VOLUME;
const CONNECTIONS = setting('BENCH_CONNECTIONS', 8);
const SECONDS = setting('BENCH_SECONDS', 20);
const WARMUP_SECONDS = setting('BENCH_WARMUP_SECONDS', 3);
const REQUESTS = setting('BENCH_PROFILE_REQUESTS', 40);
const INTERVAL_US = setting('BENCH_PROFILE_INTERVAL', 200);

/** A statement as a client of the pool sent it. */
interface Sent {
  text: string;
  values: readonly unknown[];
}

/**
 * Records the statements the pool's clients send between `start` and `stop` (PostgreSQL: pg's Client.query is wrapped
 * meanwhile, each statement still sent as it was; outside, the wrapper is gone and costs the profile nothing). Kysely
 * sends each statement, and a transaction's BEGIN and COMMIT, through it.
 */
class StatementLog {
  private sent: Sent[] = [];
  private readonly proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  private readonly original = this.proto.query;

  start(): void {
    const sent: Sent[] = (this.sent = []);
    const original = this.original;
    this.proto.query = function query(this: unknown, ...args: unknown[]) {
      const [first, second] = args;
      const text = typeof first === 'string' ? first : ((first as { text?: string } | undefined)?.text ?? '?');
      const values = Array.isArray(second) ? second : ((first as { values?: unknown[] } | undefined)?.values ?? []);
      sent.push({ text, values });
      return original.apply(this, args);
    };
  }

  stop(): Sent[] {
    this.proto.query = this.original;
    return this.sent;
  }
}

/** A statement's text shortened for a table: whitespace folded, the start and what it reads. */
const shortSql = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  const from = /\bfrom\s+("?[\w.]+"?)/i.exec(flat)?.[1] ?? '';
  return `${flat.slice(0, 60)}${flat.length > 60 ? '…' : ''}${from ? ` [from ${from.replace(/"/g, '')}]` : ''}`;
};

interface StatementFigure {
  perRequest: number;
  distinct: { sql: string; perRequest: number; planningMs: number | null; executionMs: number | null }[];
}

/** Sends `pages` one after another (REQUESTS of them, round robin) and counts the statements each sent. */
async function countStatements(log: StatementLog, port: number, pages: readonly Page[], explain: pg.Pool | null): Promise<StatementFigure> {
  const send = async (call: Call) => {
    const response = await fetch(`http://127.0.0.1:${port}${call.path}`, { method: call.method, headers: call.headers, body: call.body });
    if (response.status >= 300) throw new Error(`${call.method} ${call.path}: ${response.status} ${(await response.text()).slice(0, 200)}`);
    await response.arrayBuffer();
  };
  for (const page of pages.slice(0, 3)) for (const call of page) await send(call);
  log.start();
  for (let n = 0; n < REQUESTS; n++) for (const call of pages[n % pages.length]) await send(call);
  const sent = log.stop();
  const counts = new Map<string, { n: number; example: Sent }>();
  for (const statement of sent) {
    const known = counts.get(statement.text);
    if (known) known.n++;
    else counts.set(statement.text, { n: 1, example: statement });
  }
  const distinct = [];
  for (const [text, { n, example }] of counts) {
    let planningMs: number | null = null;
    let executionMs: number | null = null;
    if (explain && /^\s*(select|with)\b/i.test(text)) {
      const plans: { planning: number; execution: number }[] = [];
      for (let k = 0; k < 5; k++) {
        const { rows } = await explain.query<{ 'QUERY PLAN': { 'Planning Time': number; 'Execution Time': number }[] }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`, [...example.values]);
        plans.push({ planning: rows[0]['QUERY PLAN'][0]['Planning Time'], execution: rows[0]['QUERY PLAN'][0]['Execution Time'] });
      }
      planningMs = percentile(plans.map((p) => p.planning).sort((a, b) => a - b), 0.5);
      executionMs = percentile(plans.map((p) => p.execution).sort((a, b) => a - b), 0.5);
    }
    distinct.push({ sql: shortSql(text), perRequest: n / REQUESTS, planningMs, executionMs });
  }
  return { perRequest: sent.length / REQUESTS, distinct };
}

interface Throughput {
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  /** CPU ms a request: the app's thread(s) without the load loop, and every postgres process. */
  appCpu: number;
  postgresCpu: number | null;
}

/** The load loop for SECONDS after WARMUP_SECONDS; `onMeasuring` runs when the warm-up ends and `onEnd` when it is over. */
async function load(port: number, pages: readonly Page[], onMeasuring: () => void = () => undefined, onEnd: () => Promise<void> = async () => undefined): Promise<Throughput> {
  let before: Promise<Awaited<ReturnType<typeof cpuNow>>> | null = null;
  const result = await runLoad({ port, pages, connections: CONNECTIONS, warmupMs: WARMUP_SECONDS * 1000, durationMs: SECONDS * 1000 }, () => {
    before = cpuNow();
    onMeasuring();
  });
  const after = await cpuNow();
  await onEnd();
  const start = await before!;
  const failed = Object.keys(result.statuses).filter((status) => !/^2\d\d$/.test(status));
  if (failed.length) throw new Error(`answered ${JSON.stringify(result.statuses)}; first failure: ${result.failure ?? '?'}`);
  const sorted = result.latencies.sort((a, b) => a - b);
  const n = sorted.length;
  return {
    requests: n,
    perSecond: (n * 1000) / result.elapsed,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    appCpu: (after.node - start.node - result.loopBusy) / n,
    postgresCpu: after.postgres === null || start.postgres === null ? null : (after.postgres - start.postgres) / n,
  };
}

/** The inspector's Profiler on this thread, as `node --cpu-prof` runs it. */
class Profiler {
  private session = new Session();

  private post<T>(method: string, params?: object): Promise<T> {
    return new Promise((resolve, reject) => this.session.post(method, params ?? {}, (error, result) => (error ? reject(error) : resolve(result as T))));
  }

  async open(): Promise<void> {
    this.session.connect();
    await this.post('Profiler.enable');
    await this.post('Profiler.setSamplingInterval', { interval: INTERVAL_US });
  }

  start(): void {
    void this.post('Profiler.start');
  }

  async stop(): Promise<CpuProfile> {
    return (await this.post<{ profile: CpuProfile }>('Profiler.stop')).profile;
  }

  close(): void {
    this.session.disconnect();
  }
}

interface Subject {
  key: string;
  name: string;
  port: number;
  pages: Page[];
}

interface SubjectResult {
  key: string;
  name: string;
  statements: StatementFigure | null;
  unprofiled: Throughput;
  profiled: Throughput;
  profileFile: string;
  summary: ProfileSummary;
}

async function main() {
  const database = await openBenchDatabase(URL_, 'bench_profile');
  const { db } = database;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dossier-bench-profile-'));
  const profileDir = process.env.BENCH_PROFILE_DIR ?? (await mkdtemp(path.join(os.tmpdir(), 'dossier-profile-')));
  await mkdir(profileDir, { recursive: true });
  const log = KIND === 'postgres' ? new StatementLog() : null;
  const origin = originOf(db);
  const explainPool = origin?.kind === 'postgres' ? origin.pool : null;
  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  let floor: Awaited<ReturnType<typeof startFloor>> | null = null;
  const profiler = new Profiler();
  try {
    console.log(`Database: ${KIND === 'postgres' ? `PostgreSQL (schema ${database.schema ?? '?'})` : 'PGlite (embedded, in memory)'}`);
    await prepareBenchData(db, VOLUME, BENCH_VAULT);
    // As `npm run bench`: its orgs are part of the volume the searches go through.
    await addBenchOrgs(db, setting('BENCH_REPORT_ROWS', 100_000), setting('BENCH_UNINVOICED', 5_000));
    const sample = await sampleCases(db, 40);
    const search = (await searchScenarios(db))[0];
    app = await buildApp({ db, config: { ...readConfig({}), dataDir, publicUrl: 'http://127.0.0.1' }, vault: BENCH_VAULT, logger: { level: 'error' } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const token = await signIn(port, search.user);
    floor = await startFloor(db, await floorSql(db, token, sample.cases[0].Id, search.body));
    const subjects: Subject[] = [
      { key: 'search-a', name: 'cases search (a), the app', port, pages: [[jsonCall(token, 'POST', '/api/cases/search', search.body)]] },
      { key: 'search-a-floor', name: 'cases search (a), the floor route', port: floor.port, pages: [[{ method: 'POST', path: '/floor/cases/search', headers: { 'content-type': 'application/json' }, body: JSON.stringify(search.body) }]] },
      { key: 'case-read', name: 'GET /api/cases/{id}, the app', port, pages: sample.cases.map((c) => [jsonCall(token, 'GET', `/api/cases/${c.Id}?ssn=masked`)]) },
      { key: 'case-read-floor', name: 'GET /api/cases/{id}, the floor route', port: floor.port, pages: sample.cases.map((c) => [{ method: 'GET', path: `/floor/cases/${c.Id}` }]) },
    ];
    const machine = machineNow();
    console.log(`Machine: ${machine.cpu}, ${machine.cores} CPUs; load average ${machine.loadAverage.join(' ')}; ${CONNECTIONS} clients, ${SECONDS} s after ${WARMUP_SECONDS} s warm-up, sampling every ${INTERVAL_US} µs\n`);
    await profiler.open();
    const results: SubjectResult[] = [];
    for (const subject of subjects) {
      const statements = log ? await countStatements(log, subject.port, subject.pages, explainPool) : null;
      const unprofiled = await load(subject.port, subject.pages);
      let profile: CpuProfile | null = null;
      const profiled = await load(
        subject.port,
        subject.pages,
        () => profiler.start(),
        async () => {
          profile = await profiler.stop();
        },
      );
      const profileFile = path.join(profileDir, `${subject.key}.cpuprofile`);
      await writeFile(profileFile, JSON.stringify(profile));
      const summary = summariseProfile(profile!);
      results.push({ key: subject.key, name: subject.name, statements, unprofiled, profiled, profileFile, summary });
      const cpu = (t: Throughput) => `app ${t.appCpu.toFixed(2)} ms${t.postgresCpu === null ? '' : `, PostgreSQL ${t.postgresCpu.toFixed(2)} ms`}`;
      console.log(`## ${subject.name}\n`);
      console.log(`Unprofiled: ${unprofiled.perSecond.toFixed(0)} a second, p50 ${unprofiled.p50.toFixed(1)} ms, p95 ${unprofiled.p95.toFixed(1)} ms; CPU a request ${cpu(unprofiled)}`);
      console.log(`Profiled: ${profiled.perSecond.toFixed(0)} a second; CPU a request ${cpu(profiled)}; ${summary.busyMs.toFixed(0)} ms busy of ${summary.totalMs.toFixed(0)} ms sampled (${profileFile})\n`);
      if (statements) {
        console.log(`Statements a request: ${statements.perRequest.toFixed(2)}\n\n| statement | a request | planning ms | execution ms |\n|---|---:|---:|---:|`);
        for (const s of statements.distinct) console.log(`| ${s.sql.replace(/\|/g, '\\|')} | ${s.perRequest.toFixed(2)} | ${s.planningMs?.toFixed(3) ?? '—'} | ${s.executionMs?.toFixed(3) ?? '—'} |`);
        console.log('');
      }
      console.log(`${profileTable('charged to (deepest app or package frame)', summary.chargedToModule.slice(0, 15), profiled.requests)}\n`);
      console.log(`${profileTable('module (self)', summary.selfByModule.slice(0, 15), profiled.requests)}\n`);
      console.log(`${profileTable('module (inclusive)', summary.inclusiveByModule.slice(0, 20), profiled.requests)}\n`);
      console.log(`${profileTable('function (self)', summary.selfByFunction.slice(0, 20), profiled.requests)}\n`);
      console.log(`${profileTable('our function (inclusive)', summary.ourFunctionsInclusive.slice(0, 20), profiled.requests)}\n`);
    }
    const out = path.join('bench', 'results', 'profile.json');
    await writeFile(out, `${JSON.stringify({ database: KIND, date: new Date().toISOString(), machine, volume: VOLUME, settings: { connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS, intervalUs: INTERVAL_US, requests: REQUESTS }, results }, null, 1)}\n`);
    console.log(`Wrote ${out}; the profiles are in ${profileDir}`);
  } finally {
    profiler.close();
    await floor?.app.close();
    await app?.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
