/**
 * `npm run bench:cases`: `POST /api/cases/search` through the whole HTTP stack on a large PostgreSQL database
 * (issue 11's speed requirement; docs/performance.md has the figures and how to read them).
 *
 * In a schema of its own at BENCH_DATABASE_URL (or TEST_DATABASE_URL), dropped at the end: the migrations, the
 * demo seed (users, groups, orgs, templates), a few hundred more client orgs under the seed's parents (some under
 * DOC, the seeded `client` user's org), then BENCH_CASES_TOTAL cases (default 1,000,000) with a subject each and
 * BENCH_ITEMS_PER_CASE items (default 5), made by set-based `INSERT … SELECT generate_series(…)`. The secondary
 * indexes of the three big tables are dropped for the load and built again from their own definitions afterwards;
 * then VACUUM ANALYZE (bench/bulkFill.ts).
 *
 * The real app (server/app.ts) listens on a local port; the demo users sign in through POST /oauth/token and a
 * load loop on a worker thread (bench/loadDriver.ts: its own event loop, so the server's is the app's alone) keeps
 * BENCH_CONNECTIONS (default 8) keep-alive connections busy for BENCH_SECONDS per scenario (bench/searchScenarios.ts)
 * after a warm-up, and reports p50/p95/p99 and requests/s. Then each scenario's statements are captured by calling
 * the same searchCases on a Kysely with a `log` option, and the count and page queries are shown with EXPLAIN
 * (ANALYZE, BUFFERS) (bench/searchPlans.ts).
 *
 * BENCH_SCHEMA=name reuses (or creates) a named schema and BENCH_KEEP=1 keeps it: a second run on a loaded schema
 * skips the load, applies pending migrations (e.g. a new index) and measures again.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../server/app.js';
import { readConfig } from '../server/config.js';
import { Limits } from '../shared/constants.js';
import { BENCH_VAULT } from './benchVault.js';
import { benchDatabaseUrl, openBenchDatabase } from './benchDatabase.js';
import { prepareBenchData } from './bulkFill.js';
import { jsonCall, signIn } from './loadDriver.js';
import { measureLoad, ServerTimes } from './measure.js';
import { searchScenarios } from './searchScenarios.js';
import { plans } from './searchPlans.js';

const CASES = Number(process.env.BENCH_CASES_TOTAL ?? 1_000_000);
const ITEMS_PER_CASE = Number(process.env.BENCH_ITEMS_PER_CASE ?? 5);
const ORGS = Number(process.env.BENCH_ORGS ?? 300);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
/** Seconds measured per scenario (after the warm-up): 10 at full volume, 3 for a small smoke run. */
const SECONDS = Number(process.env.BENCH_SECONDS ?? (CASES >= 100_000 ? 10 : 3));
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? (CASES >= 100_000 ? 3 : 1));
const SEARCH = '/api/cases/search';

async function main() {
  const url = benchDatabaseUrl();
  if (!url) {
    console.error('bench:cases needs PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test).');
    process.exit(1);
  }
  const database = await openBenchDatabase(url, 'bench_cases');
  const { db, schema, keep } = database;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dossier-bench-'));
  const planPool = new pg.Pool({ connectionString: url, max: 2, options: `-c search_path=${schema},public` });
  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  let cleaned = false;
  const cleanUp = async () => {
    if (cleaned) return;
    cleaned = true;
    await app?.close();
    await planPool.end();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  };
  process.once('SIGINT', () => {
    console.error('\nInterrupted: dropping the bench schema.');
    void cleanUp().finally(() => process.exit(130));
  });
  try {
    const { version } = (await sql<{ version: string }>`SELECT version()`.execute(db)).rows[0];
    const settings = (await sql<{ name: string; value: string }>`
      SELECT name, current_setting(name) AS value FROM pg_settings WHERE name IN ('shared_buffers', 'work_mem', 'effective_cache_size', 'random_page_cost', 'max_parallel_workers_per_gather', 'jit')`.execute(db)).rows;
    console.log(`Machine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB memory; Node ${process.version}`);
    console.log(`Database: ${version.split(',')[0]}, schema ${schema ?? '?'}${keep ? ' (kept)' : ''}; ${settings.map((s) => `${s.name}=${s.value}`).join(', ')}`);
    await prepareBenchData(db, { cases: CASES, itemsPerCase: ITEMS_PER_CASE, orgs: ORGS }, BENCH_VAULT);
    const scenarios = await searchScenarios(db);

    const config = { ...readConfig({}), dataDir, publicUrl: 'http://127.0.0.1' };
    app = await buildApp({ db, config, vault: BENCH_VAULT });
    const serverTimes = new ServerTimes(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const tokens = new Map<string, string>();
    for (const user of new Set(scenarios.map((s) => s.user))) tokens.set(user, await signIn(port, user));

    console.log(`\nLoad average before measuring: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} (1, 5, 15 min; anything else running shares the CPUs)`);
    console.log(`POST ${SEARCH} on http://127.0.0.1:${port}: ${CONNECTIONS} keep-alive connections, ${WARMUP_SECONDS} s warm-up, ${SECONDS} s measured per scenario\n`);
    const started = performance.now();
    const rows: string[] = [];
    const cpu: string[] = [];
    for (const scenario of scenarios) {
      const page = [jsonCall(tokens.get(scenario.user)!, 'POST', SEARCH, scenario.body)];
      const figure = await measureLoad({ port, pages: [page], connections: CONNECTIONS, warmupMs: WARMUP_SECONDS * 1000, durationMs: SECONDS * 1000 }, serverTimes).catch((error: Error) => {
        throw new Error(`(${scenario.key}) ${error.message}`);
      });
      const answer = figure.sample ? (JSON.parse(figure.sample) as { cases?: unknown[]; total?: number; totalIsExact?: boolean }) : {};
      const ms = (value: number | null) => (value === null ? '?' : value.toFixed(2));
      cpu.push(`| (${scenario.key}) | ${ms(figure.cpu.app)} | ${ms(figure.cpu.loadLoop)} | ${ms(figure.cpu.postgres)} | ${figure.cpu.othersShare === null ? '?' : `${(100 * figure.cpu.othersShare).toFixed(0)} %`} |`);
      const verdict = scenario.target === undefined ? '—' : `${scenario.target} ${figure.p95 <= scenario.target ? 'met' : 'MISSED'}`;
      rows.push(
        `| (${scenario.key}) ${scenario.name} | ${figure.requests} | ${figure.perSecond.toFixed(0)} | ${figure.p50.toFixed(1)} | ${figure.p95.toFixed(1)} | ${figure.p99.toFixed(1)} | ${figure.max.toFixed(1)} | ${verdict} | ${figure.serverP50.toFixed(1)} / ${figure.serverP95.toFixed(1)} | ${answer.cases?.length ?? '?'} rows; total ${answer.total?.toLocaleString() ?? '?'} ${answer.totalIsExact ? 'exact' : 'estimated'} |`,
      );
      console.log(rows[rows.length - 1]);
    }
    console.log(`\nMeasured in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
    console.log('| scenario | requests | req/s | p50 ms | p95 ms | p99 ms | max ms | p95 target ms | server p50 / p95 ms | answer |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---|---:|---|');
    for (const row of rows) console.log(row);
    console.log(`\nCPU per request while measuring (${os.cpus().length} CPUs in all):\n`);
    console.log('| scenario | app process (without the load loop) ms | load loop thread ms | PostgreSQL (all its processes) ms | other processes, share of the machine |');
    console.log('|---|---:|---:|---:|---:|');
    for (const row of cpu) console.log(row);
    console.log(`\nCount bound (Limits.COUNT_BOUND): ${Limits.COUNT_BOUND.toLocaleString()} — beyond it the total is the planner's estimate.`);

    for (const scenario of scenarios) await plans(planPool, tokens.get(scenario.user)!, scenario);
  } finally {
    await cleanUp();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
