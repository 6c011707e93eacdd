/**
 * `npm run test:soak`: simulated staff and client users work against the real server for minutes, and the run fails
 * on any failed call or on server memory that keeps growing after the warm-up. Not part of `npm test` (it takes
 * minutes); docs/trust.md ("Soak") has the figures and how to read them.
 *
 * Per database: a fresh installation (tests/support/newInstallation.ts), the server started as `npm start` runs it
 * (`scripts/start.mjs`, production settings: request log at info, load shedding at its default), the users' accounts
 * made through the API (bench/soak/accounts.ts), then every user signs in — all from 127.0.0.1, an office behind one
 * address — and works until the time is up, thinking between actions (bench/soak/simulatedUser.ts). Printed: each
 * action's count, failures and p50/p95/p99; calls and actions per second; the server's memory (RSS) after it
 * started, when the users begin, after the warm-up and at the end; every failed call with its status and route.
 *
 * Options (flag or environment): --users / SOAK_USERS (200) on PostgreSQL, --pglite-users / SOAK_PGLITE_USERS (50)
 * on the embedded database, --seconds / SOAK_SECONDS (120 on PostgreSQL, 240 on the embedded database), --databases /
 * SOAK_DATABASES (postgres,pglite), --think-ms / SOAK_THINK_MS (300-2000), --warmup / SOAK_WARMUP_SECONDS (60; 120 on
 * the embedded database), --max-growth / SOAK_MAX_GROWTH_PERCENT
 * (10). PostgreSQL is reached at TEST_DATABASE_URL or DATABASE_URL, as a role that may create databases (each run
 * makes its own and drops it).
 */
import os from 'node:os';
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import { performance, monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { startServerProcess, type ServerProcess } from '../tests/support/serverProcess.js';
import { newInstallation } from '../tests/support/newInstallation.js';
import { makeAccounts } from './soak/accounts.js';
import { BrowserConnection } from './soak/http.js';
import { SoakResults } from './soak/results.js';
import { SimulatedUser, type Pace } from './soak/simulatedUser.js';
import { percentile } from './percentiles.js';

const { values: flags } = parseArgs({
  options: {
    users: { type: 'string' },
    'pglite-users': { type: 'string' },
    seconds: { type: 'string' },
    databases: { type: 'string' },
    'think-ms': { type: 'string' },
    warmup: { type: 'string' },
    'max-growth': { type: 'string' },
  },
});
const setting = (flag: string | undefined, env: string, fallback: string) => flag ?? process.env[env] ?? fallback;
const counts = (list: string) => list.split(',').map((n) => Number(n.trim())).filter((n) => n > 0);
/** Users on each database; several comma-separated counts run one soak each (`--pglite-users=10,25,50,100`: where the embedded database's queue passes 200 ms). */
const USERS = { postgres: counts(setting(flags.users, 'SOAK_USERS', '200')), pglite: counts(setting(flags['pglite-users'], 'SOAK_PGLITE_USERS', '50')) };
/** How long the users work: 2 minutes on PostgreSQL, 4 on the embedded database, whose memory settles later. */
const SECONDS = { postgres: Number(setting(flags.seconds, 'SOAK_SECONDS', '120')), pglite: Number(setting(flags.seconds, 'SOAK_SECONDS', '240')) };
const DATABASES = setting(flags.databases, 'SOAK_DATABASES', 'postgres,pglite').split(',').map((d) => d.trim()) as ('postgres' | 'pglite')[];
const [THINK_LOW, THINK_HIGH] = setting(flags['think-ms'], 'SOAK_THINK_MS', '300-2000').split('-').map(Number);
/**
 * The warm-up: the users have all started and the server's memory has reached its working size. On PostgreSQL the
 * server's RSS rose for about a minute and then stayed within a few per cent for five; the embedded server's rose for
 * about two (PGlite's cache filling) and swings by a quarter from one 10-second sample to the next (docs/trust.md,
 * "Soak": a 60 s warm-up measured a trough of that swing as its base).
 */
const WARMUP_SECONDS = { postgres: Number(setting(flags.warmup, 'SOAK_WARMUP_SECONDS', '60')), pglite: Number(setting(flags.warmup, 'SOAK_WARMUP_SECONDS', '120')) };
/** The memory after the warm-up and at the end: each the median of this many seconds of samples (one a second), past the sawtooth of garbage collection. */
const WINDOW_SECONDS = 20;
/** The check: the server's RSS at the end may exceed its RSS after the warm-up by at most this share. */
const MAX_GROWTH_PERCENT = Number(setting(flags['max-growth'], 'SOAK_MAX_GROWTH_PERCENT', '10'));
/** A quarter of the users are client org users; the rest are staff. */
const CLIENT_SHARE = 0.25;
/** The users start one after another over this long (an office arriving, not one click). */
const RAMP_SECONDS = 15;
const PACE: Pace = { thinkMs: [THINK_LOW, THINK_HIGH], sessionMs: [60_000, 120_000] };
const POSTGRES_URL = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;

const MiB = 1024 * 1024;
const mib = (bytes: number) => `${(bytes / MiB).toFixed(0)} MiB`;

/** The server process's resident memory (VmRSS) in bytes, and its CPU time (user + system) in ms, from /proc. */
async function processUsage(pid: number): Promise<{ rss: number; cpuMs: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const rss = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? Number.NaN) * 1024;
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { rss, cpuMs: (Number(fields[11]) + Number(fields[12])) * 10 };
}

const median = (values: number[]) => percentile([...values].sort((a, b) => a - b), 0.5);

interface Verdict {
  database: string;
  users: number;
  failures: number;
  growthPercent: number;
  serverExit: number | null;
  callsPerSecond: number;
  actionsPerSecond: number;
  /** The p95 of one call's time, ms. */
  callP95: number;
  /** The embedded database's queue: its waits' p95 (ms) and the share of waits over 200 ms; null on PostgreSQL. */
  queue: { p95Ms: number; over200Percent: number; waits: number } | null;
}

/** The token the soak's server takes for GET /metrics, read at the end of a run for the embedded database's queue. */
const METRICS_TOKEN = `soak-${randomBytes(12).toString('hex')}`;

/**
 * The embedded database's queue from the server's metrics (`dossier_db_wait_seconds`, a histogram): its p95,
 * interpolated within the bucket it falls in as Prometheus's histogram_quantile does, and the share of waits over
 * 200 ms, where docs/operations.md says to move to PostgreSQL (0.2 s is a bucket bound, so that share is exact).
 */
async function queueWaits(baseUrl: URL): Promise<Verdict['queue']> {
  const response = await fetch(new URL('/metrics', baseUrl), { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  if (!response.ok) return null;
  const text = await response.text();
  const buckets = [...text.matchAll(/^dossier_db_wait_seconds_bucket\{le="([^"]+)"\} (\d+)/gm)].map(([, le, count]) => ({ le: le === '+Inf' ? Infinity : Number(le), count: Number(count) }));
  const total = buckets.at(-1)?.count ?? 0;
  if (!total) return null;
  const at200 = buckets.find((b) => b.le === 0.2)?.count ?? total;
  const rank = 0.95 * total;
  let p95 = Infinity;
  for (let i = 0, below = 0, lower = 0; i < buckets.length; i += 1) {
    const { le, count } = buckets[i];
    if (count >= rank) {
      p95 = le === Infinity ? lower : lower + ((le - lower) * (rank - below)) / Math.max(1, count - below);
      break;
    }
    below = count;
    lower = le;
  }
  return { p95Ms: p95 * 1000, over200Percent: (100 * (total - at200)) / total, waits: total };
}

async function soak(kind: 'postgres' | 'pglite', users: number): Promise<Verdict> {
  const installation = await newInstallation('soak', kind === 'postgres' ? { kind, adminUrl: POSTGRES_URL! } : { kind });
  let server: ServerProcess | null = null;
  try {
    // Production's settings: the request log at info, load shedding as configured by default for the database.
    server = await startServerProcess('soak', 'scripts/start.mjs', { ...installation.env, LOG_LEVEL: 'info', DOSSIER_METRICS_TOKEN: METRICS_TOKEN }, { outputLimit: 1_000_000 });
    const pid = server.child.pid!;
    const afterStart = await processUsage(pid);
    const baseUrl = new URL(server.baseUrl);
    const staff = Math.round(users * (1 - CLIENT_SHARE));
    let started = performance.now();
    const accounts = await makeAccounts(baseUrl, installation.dataDir, staff, users - staff);
    const setupSeconds = (performance.now() - started) / 1000;

    const results = new SoakResults();
    const samples: { at: number; rss: number }[] = [];
    const runnerLag = monitorEventLoopDelay({ resolution: 10 });
    runnerLag.enable();
    const atBegin = await processUsage(pid);
    started = performance.now();
    const deadline = started + SECONDS[kind] * 1000;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        samples.push({ at: (performance.now() - started) / 1000, rss: (await processUsage(pid)).rss });
        await sleep(1000);
      }
    })();
    const ramp = Math.min(RAMP_SECONDS, SECONDS[kind] / 4) * 1000;
    const work = accounts.map(async (account, n) => {
      await sleep((n * ramp) / accounts.length);
      await new SimulatedUser(account, new BrowserConnection(baseUrl), results, PACE).run(deadline);
    });
    await Promise.all(work);
    const elapsed = (performance.now() - started) / 1000;
    sampling = false;
    await sampler;
    runnerLag.disable();
    const atEnd = await processUsage(pid);
    const queue = kind === 'pglite' ? await queueWaits(baseUrl) : null;
    await server.stop();
    const serverExit = await server.exited;

    // Shorter runs than the default: the warm-up is at most half of the run, the windows at most a quarter.
    const warmup = Math.min(WARMUP_SECONDS[kind], SECONDS[kind] / 2);
    const window = Math.min(WINDOW_SECONDS, SECONDS[kind] / 4);
    const warm = samples.filter((s) => s.at >= warmup && s.at < warmup + window).map((s) => s.rss);
    const last = samples.filter((s) => s.at >= elapsed - window).map((s) => s.rss);
    const warmRss = median(warm);
    const endRss = median(last);
    const growthPercent = (100 * (endRss - warmRss)) / warmRss;
    const failures = results.failures.length + results.streamsLost.length;

    console.log(`\n## ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)'}: ${users} users (${staff} staff, ${users - staff} client), ${SECONDS[kind]} s\n`);
    console.log(`Accounts made through the API in ${setupSeconds.toFixed(1)} s; users started over ${(ramp / 1000).toFixed(0)} s, thinking ${THINK_LOW}–${THINK_HIGH} ms before each action.\n`);
    console.log(results.table());
    console.log(`\nThe calls slowest at p95 (the time of one call, from sending it to its whole answer):\n\n${results.slowestRoutes(8)}`);
    console.log(
      `\n${results.actions} actions (${(results.actions / elapsed).toFixed(1)}/s), ${results.calls} calls (${(results.calls / elapsed).toFixed(0)}/s) in ${elapsed.toFixed(0)} s; ` +
        `${results.notices} live notices received; failed calls: ${results.failures.length}; live streams lost: ${results.streamsLost.length}.`,
    );
    console.log(
      `Server CPU: ${((atEnd.cpuMs - atBegin.cpuMs) / (elapsed * 10)).toFixed(0)} % of one core on average (of ${os.cpus().length}); ` +
        `the load runner's event loop lag p99 ${(runnerLag.percentile(99) / 1e6).toFixed(0)} ms (it runs on the same machine). ` +
        `Load average at the end: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}.`,
    );
    console.log(
      `Server memory (RSS): after start ${mib(afterStart.rss)}; when the users begin ${mib(atBegin.rss)}; after the warm-up (median of ${warmup}–${warmup + window} s) ${mib(warmRss)}; ` +
        `at the end (median of the last ${window} s) ${mib(endRss)}: ${growthPercent >= 0 ? '+' : ''}${growthPercent.toFixed(1)} % (allowed: ${MAX_GROWTH_PERCENT} %); peak ${mib(Math.max(...samples.map((s) => s.rss)))}.`,
    );
    console.log(`Memory every 10 s: ${samples.filter((_, i) => i % 10 === 0).map((s) => `${s.at.toFixed(0)} s ${(s.rss / MiB).toFixed(0)}`).join(', ')} (MiB).`);
    if (queue) console.log(`The embedded database's queue: ${queue.waits} waits, p95 ${queue.p95Ms.toFixed(1)} ms, ${queue.over200Percent.toFixed(2)} % over 200 ms.`);
    console.log(`The server stopped with exit code ${serverExit}.`);
    for (const line of results.failureList()) console.log(`  FAILED ${line}`);
    for (const line of results.streamsLost.slice(0, 20)) console.log(`  STREAM LOST ${line}`);
    return {
      database: kind,
      users,
      failures,
      growthPercent,
      serverExit,
      callsPerSecond: results.calls / elapsed,
      actionsPerSecond: results.actions / elapsed,
      callP95: results.callPercentile(0.95),
      queue,
    };
  } catch (error) {
    if (server) console.error(`Server output (last part):\n${server.output().slice(-5000)}`);
    throw error;
  } finally {
    if (server && server.child.exitCode === null) await server.stop();
    await installation.remove();
  }
}

async function postgresVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ server_version: string }>('SHOW server_version');
  await client.end();
  return rows[0].server_version;
}

async function main(): Promise<number> {
  const cpu = os.cpus();
  console.log(`# Soak run\n\nMachine: ${cpu.length} CPUs (${cpu[0]?.model ?? '?'}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB memory; Node ${process.version}; load average before: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const verdicts: Verdict[] = [];
  const problems: string[] = [];
  for (const kind of DATABASES) {
    if (kind === 'postgres' && !POSTGRES_URL) {
      problems.push('PostgreSQL was NOT soaked: set TEST_DATABASE_URL (or DATABASE_URL), e.g. postgres://postgres@127.0.0.1:5432/test, or pass --databases=pglite');
      console.log(`\n## PostgreSQL: SKIPPED — no TEST_DATABASE_URL or DATABASE_URL`);
      continue;
    }
    if (kind === 'postgres') console.log(`PostgreSQL ${await postgresVersion(POSTGRES_URL!)}`);
    for (const users of USERS[kind]) verdicts.push(await soak(kind, users));
  }
  if (verdicts.length > 1) {
    console.log('\n## Summary\n\n| database | users | actions/s | calls/s | call p95 | queue p95 | queue waits over 200 ms |\n|---|---|---|---|---|---|---|');
    for (const v of verdicts) {
      const queue = v.queue ? [`${v.queue.p95Ms.toFixed(1)} ms`, `${v.queue.over200Percent.toFixed(2)} %`] : ['—', '—'];
      console.log(`| ${v.database} | ${v.users} | ${v.actionsPerSecond.toFixed(1)} | ${v.callsPerSecond.toFixed(0)} | ${v.callP95.toFixed(0)} ms | ${queue.join(' | ')} |`);
    }
  }
  for (const v of verdicts) {
    if (v.failures) problems.push(`${v.database} (${v.users} users): ${v.failures} failed calls or lost streams`);
    if (!(v.growthPercent <= MAX_GROWTH_PERCENT)) problems.push(`${v.database}: server memory grew ${v.growthPercent.toFixed(1)} % after the warm-up (allowed ${MAX_GROWTH_PERCENT} %)`);
    if (v.serverExit !== 0) problems.push(`${v.database}: the server stopped with exit code ${v.serverExit}`);
  }
  console.log(problems.length ? `\nSOAK FAILED:\n${problems.map((p) => `- ${p}`).join('\n')}` : '\nSoak passed: no failed call, memory flat after the warm-up.');
  return problems.length ? 1 : 0;
}

process.exitCode = await main();
