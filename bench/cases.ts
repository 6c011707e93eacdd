/**
 * `npm run bench:cases`: `POST /api/cases/search` through the whole HTTP stack on a large PostgreSQL database
 * (issue 11's speed requirement; docs/performance.md has the figures and how to read them).
 *
 * In a schema of its own at BENCH_DATABASE_URL (or TEST_DATABASE_URL), dropped at the end: the migrations, the
 * demo seed (users, groups, orgs, templates), a few hundred more client orgs under the seed's parents (some under
 * DOC, the seeded `client` user's org), then BENCH_CASES_TOTAL cases (default 1,000,000) with a subject each and
 * BENCH_ITEMS_PER_CASE items (default 5), made by set-based `INSERT … SELECT generate_series(…)`. The secondary
 * indexes of the three big tables are dropped for the load and built again from their own definitions afterwards;
 * then VACUUM ANALYZE.
 *
 * The real app (server/app.ts) listens on a local port; the demo users sign in through POST /oauth/token and a
 * load loop on a worker thread (its own event loop, so the server's is the app's alone) keeps BENCH_CONNECTIONS
 * (default 8) keep-alive connections busy for BENCH_SECONDS per scenario after a warm-up, and reports p50/p95/p99
 * and requests/s. Then each scenario's statements are captured by calling the same searchCases on a Kysely with a
 * `log` option, and the count and page queries are shown with EXPLAIN (ANALYZE, BUFFERS).
 *
 * BENCH_SCHEMA=name reuses (or creates) a named schema and BENCH_KEEP=1 keeps it: a second run on a loaded schema
 * skips the load, applies pending migrations (e.g. a new index) and measures again.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { AddressInfo } from 'node:net';
import { Kysely, PostgresDialect, sql, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { buildApp } from '../server/app.js';
import { readConfig } from '../server/config.js';
import { migrate, openDatabase, type Database } from '../server/db/database.js';
import type { DB } from '../server/db/schema.js';
import { DEMO_PASSWORD, seedDatabase } from '../server/db/seed/index.js';
import { CITIES, FIRST_NAMES, LAST_NAMES } from '../server/db/seed/random.js';
import { SessionService } from '../server/auth/sessions.js';
import { SecuritySettingsService } from '../server/security/settingsService.js';
import { orgScopeOf } from '../server/orgs/scope.js';
import { searchCases, type CasesQuery } from '../server/cases/caseSearch.js';
import { Limits } from '../shared/constants.js';
import { BENCH_VAULT } from './benchVault.js';
import { percentile } from './percentiles.js';

const CASES = Number(process.env.BENCH_CASES_TOTAL ?? 1_000_000);
const ITEMS_PER_CASE = Number(process.env.BENCH_ITEMS_PER_CASE ?? 5);
const ORGS = Number(process.env.BENCH_ORGS ?? 300);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
/** Seconds measured per scenario (after the warm-up): 10 at full volume, 3 for a small smoke run. */
const SECONDS = Number(process.env.BENCH_SECONDS ?? (CASES >= 100_000 ? 10 : 3));
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? (CASES >= 100_000 ? 3 : 1));
/** Received dates span this many days before today, oldest case first (case ids follow the received date). */
const DAYS = 5 * 365;
const CHUNK = 200_000;
const SEARCH = '/api/cases/search';

interface Scenario {
  key: string;
  name: string;
  user: string;
  body: CasesQuery;
  /** The p95 the issue asks for, in ms; none for the informational scenarios. */
  target?: number;
}

interface LoadResult {
  latencies: number[];
  statuses: Record<string, number>;
  sample: string | null;
  elapsed: number;
  /** ms the load loop's thread was busy while measuring. */
  loopBusy: number;
  error?: string;
}

/**
 * CPU ms used so far by this process (all threads), by every `postgres` process and by the whole machine (busy,
 * all CPUs) — Linux /proc; null elsewhere. The machine's busy time less the other two is what anything else
 * running took from the measurement.
 */
async function cpuNow(): Promise<{ node: number; postgres: number | null; machine: number | null }> {
  const usage = process.cpuUsage();
  const node = (usage.user + usage.system) / 1000;
  try {
    const tick = 1000 / 100; // USER_HZ is 100 on Linux
    const [, ...times] = (await readFile('/proc/stat', 'utf8')).split('\n')[0].trim().split(/\s+/).map(Number);
    // user nice system idle iowait irq softirq steal: busy is all but idle and iowait.
    const machine = (times.slice(0, 8).reduce((a, b) => a + b, 0) - times[3] - times[4]) * tick;
    let postgres = 0;
    for (const pid of (await readdir('/proc')).filter((name) => /^\d+$/.test(name))) {
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
      const close = stat.lastIndexOf(')');
      if (!stat.slice(stat.indexOf('(') + 1, close).startsWith('postgres')) continue;
      const fields = stat.slice(close + 2).split(' ');
      // utime + stime, and the children's (the postmaster reaps the parallel workers, which come and go).
      postgres += (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * tick;
    }
    return { node, postgres, machine };
  } catch {
    return { node, postgres: null, machine: null };
  }
}

const step = (label: string, since: number) => console.log(`  ${label} (${((performance.now() - since) / 1000).toFixed(1)} s)`);
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

async function open(url: string) {
  const schema = process.env.BENCH_SCHEMA ?? `bench_cases_${randomBytes(4).toString('hex')}`;
  const keep = process.env.BENCH_KEEP === '1';
  const db = await openDatabase({ url, schema });
  return { db, schema, keep };
}

/**
 * The bulk rows, on one connection (its own maintenance_work_mem for the index builds). Orgs: ORGS client orgs
 * under FED, STATE and COM, every 25th under DOC. Cases: spread evenly over the client orgs (not the root or the
 * parents), received over DAYS days in id order; cases older than 120 days are mostly COMPLETE, newer ones spread
 * over the open states. Subjects: the seed's first and last names, chosen with the case and written on it too (the
 * copy migration 013's triggers keep), so the subjects' insert finds nothing to copy and the cases are written once.
 * Items: ITEMS_PER_CASE per case, their status following the case's.
 */
async function fill(db: Database) {
  await db.connection().execute(async (conn) => {
    const started = performance.now();
    await sql`SET maintenance_work_mem = '1GB'`.execute(conn);
    await sql`SELECT setseed(0.2026)`.execute(conn);
    const codes = new Map((await conn.selectFrom('orgs').select(['Id', 'Code']).execute()).map((o) => [o.Code, o.Id]));
    const org = (code: string) => {
      const id = codes.get(code);
      if (id === undefined) throw new Error(`The demo seed has no org ${code}`);
      return id;
    };
    await sql`
      INSERT INTO orgs ("Name", "Code", "ParentOrg_Id", "ContractType_Id", "City", "RegionType_Id", "PostalCode")
      SELECT 'Bench Client ' || g, 'BC' || lpad(g::text, 4, '0'), p."Id", p."ContractType_Id", p."City", p."RegionType_Id", p."PostalCode"
        FROM generate_series(1, ${ORGS}::int) AS g
        JOIN orgs p ON p."Id" = CASE WHEN g % 25 = 0 THEN ${org('DOC')}::int ELSE (${[org('FED'), org('STATE'), org('COM')]}::int[])[1 + g % 3] END`.execute(conn);
    const parents = [org('DI'), org('FED'), org('STATE'), org('COM'), org('INACTIVE')];
    const caseOrgs = (await conn.selectFrom('orgs').select('Id').where('Id', 'not in', parents).orderBy('Id').execute()).map((o) => o.Id);
    const staff = async (...groups: string[]) =>
      (await conn.selectFrom('user_groups').innerJoin('groups', 'groups.Id', 'user_groups.Group_Id').select('user_groups.User_Id').where('groups.Name', 'in', groups).orderBy('user_groups.User_Id').execute()).map((r) => r.User_Id);
    const reviewers = await staff('Reviewers', 'Case Admins');
    const clerks = await staff('Data Entry');
    const investigators = await staff('Investigator', 'Independent Contractor');
    const caseTypes = (await conn.selectFrom('type_items').select('Id').where('TableName', '=', 'CaseType').orderBy('Id').execute()).map((t) => t.Id);
    const itemTypes = (await conn.selectFrom('item_types').select('Id').orderBy('Id').execute()).map((t) => t.Id);
    const cities = CITIES.map((c) => c.city);
    step(`${caseOrgs.length} client orgs (${ORGS} generated), ${reviewers.length} reviewers, ${investigators.length} investigators`, started);

    // The secondary indexes of the big tables, as their migrations made them: dropped for the load, built after.
    const indexes = (
      await sql<{ indexname: string; indexdef: string }>`
        SELECT i.indexname, i.indexdef FROM pg_indexes i
         WHERE i.schemaname = current_schema() AND i.tablename IN ('cases', 'case_subjects', 'items')
           AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conname = i.indexname AND k.connamespace = current_schema()::regnamespace)`.execute(conn)
    ).rows;
    for (const index of indexes) await sql`DROP INDEX ${sql.id(index.indexname)}`.execute(conn);

    for (let lo = 1; lo <= CASES; lo += CHUNK) {
      const hi = Math.min(CASES, lo + CHUNK - 1);
      const { before } = (await sql<{ before: number }>`SELECT coalesce(max("Id"), 0) AS before FROM cases`.execute(conn)).rows[0];
      await sql`
        WITH r AS MATERIALIZED (
          SELECT g, random() AS u1, random() AS u2, random() AS u3, random() AS u4, random() AS u5,
                 (${FIRST_NAMES}::text[])[1 + floor(random() * ${FIRST_NAMES.length}::int)::int] AS first_name,
                 (${LAST_NAMES}::text[])[1 + floor(random() * ${LAST_NAMES.length}::int)::int] AS last_name,
                 greatest(0, ${DAYS - 1}::int - ((g - 1)::bigint * ${DAYS}::int / ${CASES}::int)::int + floor(random() * 5)::int - 2) AS age
            FROM generate_series(${lo}::int, ${hi}::int) AS g
        ), s AS (
          SELECT r.*, CASE
              WHEN age > 120 THEN CASE WHEN u2 < 0.93 THEN 'COMPLETE' ELSE 'DISCONTINUED' END
              WHEN u2 < 0.35 THEN 'COMPLETE'
              WHEN u2 < 0.40 THEN 'AWAITING_CASE_PAPERS'
              WHEN u2 < 0.45 THEN 'AWAITING_DATA_ENTRY'
              WHEN u2 < 0.48 THEN 'DATA_ENTRY_IN_PROCESS'
              WHEN u2 < 0.55 THEN 'AWAITING_ASSIGNMENT'
              WHEN u2 < 0.80 THEN 'IN_PROCESS'
              WHEN u2 < 0.92 THEN 'IN_REVIEW'
              WHEN u2 < 0.96 THEN 'HOLD'
              ELSE 'DISCONTINUED' END AS state
            FROM r
        )
        INSERT INTO cases ("CaseNumber", "Client_Id", "ContractType_Id", "Reviewer_Id", "DataEntryClerk_Id", "WorkflowState",
                           "CaseStatusType", "ResumeState", "DataEntryComplete", "ReceivedDate", "ScheduledDate", "DueDate",
                           "CompletionDate", "CaseType_Id", "CreatedDate", "UpdatedDate", "SubjectFirstName", "SubjectLastName")
        SELECT 'B-' || lpad(s.g::text, 8, '0'), o."Id", o."ContractType_Id",
               CASE WHEN s.state IN ('AWAITING_CASE_PAPERS', 'AWAITING_DATA_ENTRY', 'DATA_ENTRY_IN_PROCESS') THEN NULL
                    ELSE (${reviewers}::int[])[1 + floor(s.u3 * ${reviewers.length}::int)::int] END,
               (${clerks}::int[])[1 + floor(s.u4 * ${clerks.length}::int)::int],
               s.state, CASE WHEN s.state = 'HOLD' THEN 'HOLD' ELSE 'NORMAL' END,
               CASE WHEN s.state IN ('HOLD', 'DISCONTINUED') THEN 'IN_PROCESS' END,
               s.state NOT IN ('AWAITING_CASE_PAPERS', 'AWAITING_DATA_ENTRY', 'DATA_ENTRY_IN_PROCESS'),
               current_date - s.age, current_date - s.age + 3, current_date - s.age + 30,
               CASE WHEN s.state IN ('COMPLETE', 'DISCONTINUED') THEN least(current_date, current_date - s.age + 10 + floor(s.u5 * 40)::int)::timestamptz END,
               (${caseTypes}::int[])[1 + floor(s.u5 * ${caseTypes.length}::int)::int],
               now() - make_interval(days => s.age), now() - make_interval(days => s.age), s.first_name, s.last_name
          FROM s JOIN orgs o ON o."Id" = (${caseOrgs}::int[])[1 + floor(s.u1 * ${caseOrgs.length}::int)::int]`.execute(conn);
      await sql`
        INSERT INTO case_subjects ("Case_Id", "FirstName", "MiddleName", "LastName", "SSNCipher", "SSNKeyId", "SSNHash")
        SELECT c."Id", c."SubjectFirstName",
               CASE WHEN random() < 0.3 THEN (${FIRST_NAMES}::text[])[1 + floor(random() * ${FIRST_NAMES.length}::int)::int] END,
               c."SubjectLastName",
               -- As wide as a sealed SSN and its hash; the search never opens them.
               substr(md5(random()::text) || md5(random()::text), 1, 50), 'bench', substr(md5(random()::text) || md5(random()::text), 1, 43)
          FROM cases c WHERE c."Id" > ${before}::int`.execute(conn);
      await sql`
        INSERT INTO items ("Case_Id", "DisplayOrder", "ItemType_Id", "ItemStatus", "AssignedTo_Id", "City", "ACD", "CompletedDate", "CreatedDate", "UpdatedDate")
        SELECT x."Id", x.n, (${itemTypes}::int[])[1 + (x."Id" + x.n) % ${itemTypes.length}::int], x.st,
               CASE WHEN x.st <> 'AWAITING_ASSIGNMENT' THEN (${investigators}::int[])[1 + (x."Id" * 7 + x.n) % ${investigators.length}::int] END,
               (${cities}::text[])[1 + (x."Id" * 3 + x.n) % ${cities.length}::int],
               x."ReceivedDate" + 14,
               CASE WHEN x.st = 'ACCEPTED' THEN least(current_date, x."ReceivedDate" + 12)::timestamptz END,
               x."CreatedDate", x."CreatedDate"
          FROM (SELECT c."Id", c."ReceivedDate", c."CreatedDate", n, CASE
                  WHEN c."WorkflowState" = 'COMPLETE' THEN 'ACCEPTED'
                  WHEN c."WorkflowState" IN ('AWAITING_CASE_PAPERS', 'AWAITING_DATA_ENTRY', 'DATA_ENTRY_IN_PROCESS', 'AWAITING_ASSIGNMENT', 'DISCONTINUED') THEN 'AWAITING_ASSIGNMENT'
                  ELSE (ARRAY['ASSIGNED', 'IN_REVIEW', 'ACCEPTED', 'ASSIGNED'])[1 + (c."Id" + n) % 4] END AS st
                  FROM cases c CROSS JOIN generate_series(1, ${ITEMS_PER_CASE}::int) AS n
                 WHERE c."Id" > ${before}::int) AS x`.execute(conn);
      step(`cases ${lo.toLocaleString()}–${hi.toLocaleString()} with subjects and items`, started);
    }
    for (const index of indexes) {
      await sql.raw(index.indexdef).execute(conn);
      step(`index ${index.indexname}`, started);
    }
    await sql`VACUUM (ANALYZE) cases, case_subjects, items, orgs, users`.execute(conn);
    step('VACUUM ANALYZE', started);
  });
}

/**
 * The load loop, on a worker thread: CONNECTIONS keep-alive connections, each sending the next request as soon as
 * its answer is read. A warm-up first; then every answer's latency (request written to body read) is recorded.
 */
const LOAD_LOOP = `
const { parentPort, workerData: w } = require('node:worker_threads');
const http = require('node:http');
const agent = new http.Agent({ keepAlive: true, maxSockets: w.connections });
const payload = Buffer.from(JSON.stringify(w.body));
const headers = { 'content-type': 'application/json', 'content-length': payload.length, authorization: 'Bearer ' + w.token };
function once() {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const request = http.request({ host: '127.0.0.1', port: w.port, path: w.path, method: 'POST', agent, headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ ms: performance.now() - start, status: response.statusCode, body: chunks }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(payload);
  });
}
async function loop(until, record) {
  while (performance.now() < until) record(await once());
}
(async () => {
  const warm = performance.now() + w.warmupMs;
  await Promise.all(Array.from({ length: w.connections }, () => loop(warm, () => undefined)));
  const latencies = [];
  const statuses = {};
  let sample = null;
  parentPort.postMessage({ measuring: true });
  const elu = performance.eventLoopUtilization();
  const start = performance.now();
  await Promise.all(Array.from({ length: w.connections }, () => loop(start + w.durationMs, (r) => {
    latencies.push(r.ms);
    statuses[r.status] = (statuses[r.status] || 0) + 1;
    if (sample === null || r.status !== 200) sample = Buffer.concat(r.body).toString();
  })));
  const elapsed = performance.now() - start;
  const loopBusy = performance.eventLoopUtilization(elu).active;
  agent.destroy();
  parentPort.postMessage({ latencies, statuses, sample, elapsed, loopBusy });
})().catch((error) => parentPort.postMessage({ latencies: [], statuses: {}, sample: null, elapsed: 0, loopBusy: 0, error: String(error && error.stack || error) }));
`;

/** Runs the load loop; `onMeasuring` is called when the warm-up ends. */
function load(port: number, token: string, body: CasesQuery, onMeasuring: () => void): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(LOAD_LOOP, {
      eval: true,
      workerData: { port, token, body, path: SEARCH, connections: CONNECTIONS, warmupMs: WARMUP_SECONDS * 1000, durationMs: SECONDS * 1000 },
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

async function signIn(port: number, userName: string): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: userName, password: DEMO_PASSWORD, grant_type: 'password' }).toString(),
  });
  if (response.status !== 200) throw new Error(`Sign-in of ${userName} failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/**
 * The statements one search runs, captured by calling searchCases (as the cases store's list does) on a Kysely
 * with a `log` option over the same schema, then the count and page queries with EXPLAIN (ANALYZE, BUFFERS).
 */
async function plans(pool: pg.Pool, token: string, scenario: Scenario) {
  const captured: { query: CompiledQuery; ms: number }[] = [];
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      if (event.level === 'query') captured.push({ query: event.query, ms: event.queryDurationMillis });
    },
  });
  const session = await new SessionService(db, new SecuritySettingsService(db), () => new Date()).resolve(token);
  if (!session.ok) throw new Error(`The ${scenario.user} session did not resolve (${session.status})`);
  const scope = await orgScopeOf(db, session.auth);
  captured.length = 0;
  await orgScopeOf(db, session.auth);
  await searchCases(db, session.auth, scope, scenario.body);
  console.log(`\n### (${scenario.key}) ${scenario.name}: the statements of one search (after the session lookup)`);
  for (const { query, ms } of captured) console.log(`  ${ms.toFixed(2).padStart(7)} ms  ${query.sql.replace(/\s+/g, ' ').slice(0, 150)}${query.sql.length > 150 ? '…' : ''}`);
  const count = captured.find((c) => /^select count\(\*\)/i.test(c.query.sql));
  if (count) {
    const bound = count.query.parameters[count.query.parameters.length - 1];
    console.log(`  count: ${/ limit \$\d+\) as "limited"$/.test(count.query.sql) && bound === Limits.COUNT_BOUND + 1 ? `bounded (LIMIT ${String(bound)} inside the count)` : 'NOT BOUNDED'}`);
  }
  // A page with its count (a window count over the matches, LIMITed inside): the bound is the inner LIMIT's parameter.
  const together = captured.find((c) => /count\(\*\) over \(\)/i.test(c.query.sql));
  if (together) {
    const inner = /limit \$(\d+)\) as "m"/i.exec(together.query.sql);
    const bound = inner ? together.query.parameters[Number(inner[1]) - 1] : undefined;
    console.log(`  count: ${bound === Limits.COUNT_BOUND + 1 ? `bounded (window count over LIMIT ${String(bound)}, with the page)` : 'NOT BOUNDED'}`);
  }
  const page = captured.find((c) => /order by/i.test(c.query.sql) && / offset \$\d+/i.test(c.query.sql));
  for (const [label, entry] of [['count', count], ['page', page]] as const) {
    if (!entry) continue;
    console.log(`\n  EXPLAIN (ANALYZE, BUFFERS) — ${label} query:\n  ${entry.query.sql}\n  parameters: ${JSON.stringify(entry.query.parameters)}`);
    const result = await pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${entry.query.sql}`, entry.query.parameters as unknown[]);
    for (const row of result.rows) console.log(`    ${row['QUERY PLAN']}`);
  }
}

async function main() {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) {
    console.error('bench:cases needs PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test).');
    process.exit(1);
  }
  const { db, schema, keep } = await open(url);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dossier-bench-'));
  const planPool = new pg.Pool({ connectionString: url, max: 2, options: `-c search_path=${schema},public` });
  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  let cleaned = false;
  const cleanUp = async () => {
    if (cleaned) return;
    cleaned = true;
    await app?.close();
    await planPool.end();
    if (!keep) await sql.raw(`DROP SCHEMA "${schema}" CASCADE`).execute(db);
    await db.destroy();
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
    console.log(`Database: ${version.split(',')[0]}, schema ${schema}${keep ? ' (kept)' : ''}; ${settings.map((s) => `${s.name}=${s.value}`).join(', ')}`);
    let started = performance.now();
    await migrate(db, BENCH_VAULT);
    const loaded = await db.selectFrom('cases').select('Id').where('CaseNumber', 'like', 'B-%').limit(1).executeTakeFirst();
    if (loaded) {
      console.log(`Reusing the loaded schema ${schema}; pending migrations applied.`);
      await sql`ANALYZE cases, case_subjects, items, orgs, users`.execute(db);
    } else {
      console.log(`Loading ${CASES.toLocaleString()} cases, ${(CASES * ITEMS_PER_CASE).toLocaleString()} items, ${ORGS} generated orgs…`);
      await seedDatabase(db, { demo: true, vault: BENCH_VAULT });
      step('migrations and demo seed', started);
      await fill(db);
    }
    const volume = (await sql<{ table: string; rows: number; size: string }>`
      SELECT c.relname AS table, c.reltuples::bigint AS rows, pg_size_pretty(pg_total_relation_size(c.oid)) AS size
        FROM pg_class c WHERE c.relnamespace = current_schema()::regnamespace AND c.relname IN ('cases', 'case_subjects', 'items', 'orgs', 'users')
       ORDER BY c.relname`.execute(db)).rows;
    console.log(`Prepared in ${((performance.now() - started) / 1000).toFixed(1)} s: ${volume.map((v) => `${v.table} ${Number(v.rows).toLocaleString()} rows (${v.size} with indexes)`).join('; ')}`);

    const id = async (code: string) => (await db.selectFrom('orgs').select('Id').where('Code', '=', code).executeTakeFirstOrThrow()).Id;
    const fed = await id('FED');
    const doc = await id('DOC');
    const inDoc = (await sql<{ n: number }>`
      WITH RECURSIVE tree AS (SELECT "Id" FROM orgs WHERE "Id" = ${doc} UNION ALL SELECT o."Id" FROM orgs o JOIN tree t ON o."ParentOrg_Id" = t."Id")
      SELECT count(*)::int AS n FROM tree`.execute(db)).rows[0].n;
    const inFed = (await sql<{ n: number }>`
      WITH RECURSIVE tree AS (SELECT "Id" FROM orgs WHERE "Id" = ${fed} UNION ALL SELECT o."Id" FROM orgs o JOIN tree t ON o."ParentOrg_Id" = t."Id")
      SELECT count(*)::int AS n FROM tree`.execute(db)).rows[0].n;

    const today = new Date();
    const yearAgo = new Date(today.getTime() - 365 * 86_400_000);
    const newest = [{ id: 'ReceivedDate' as const, desc: true }];
    const scenarios: Scenario[] = [
      { key: 'a', name: 'default page, case admin', user: 'caseadmin', target: 25, body: { page: 0, pageSize: 20, sorted: newest, filtered: [], additional: {} } },
      {
        key: 'b',
        name: `filtered: FED subtree (${inFed} orgs) + 3 states + name "smith" + last 365 days, case admin`,
        user: 'caseadmin',
        target: 50,
        body: {
          page: 0,
          pageSize: 20,
          sorted: newest,
          filtered: [{ id: 'CaseName', value: 'smith' }],
          additional: { OrgIds: [fed], CaseStateIDs: ['IN_PROCESS', 'IN_REVIEW', 'COMPLETE'], StartDate: isoDay(yearAgo), EndDate: isoDay(today) },
        },
      },
      { key: 'c', name: `client user (org DOC, subtree of ${inDoc} orgs), default page`, user: 'client', target: 50, body: { page: 0, pageSize: 20, sorted: newest, filtered: [], additional: {} } },
      {
        key: 'b2',
        name: 'informational: (b) without the name filter',
        user: 'caseadmin',
        body: { page: 0, pageSize: 20, sorted: newest, filtered: [], additional: { OrgIds: [fed], CaseStateIDs: ['IN_PROCESS', 'IN_REVIEW', 'COMPLETE'], StartDate: isoDay(yearAgo), EndDate: isoDay(today) } },
      },
      {
        // Two words may be first-last or last-first: an OR of two index ranges, read from the table (no index-only scan).
        key: 'b3',
        name: 'informational: (b) with the name "james smith" (first and last name, either order)',
        user: 'caseadmin',
        body: { page: 0, pageSize: 20, sorted: newest, filtered: [{ id: 'CaseName', value: 'james smith' }], additional: { OrgIds: [fed], CaseStateIDs: ['IN_PROCESS', 'IN_REVIEW', 'COMPLETE'], StartDate: isoDay(yearAgo), EndDate: isoDay(today) } },
      },
    ];

    const config = { ...readConfig({}), dataDir, publicUrl: 'http://127.0.0.1' };
    app = await buildApp({ db, config, vault: BENCH_VAULT });
    // The server's own time per request (Fastify's elapsedTime: request received → response sent), beside the
    // client's: the difference is the network, the client loop and the wait for the server's event loop.
    let serverTimes: number[] = [];
    app.addHook('onResponse', async (_request, reply) => {
      serverTimes.push(reply.elapsedTime);
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const tokens = new Map<string, string>();
    for (const user of new Set(scenarios.map((s) => s.user))) tokens.set(user, await signIn(port, user));

    console.log(`\nLoad average before measuring: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} (1, 5, 15 min; anything else running shares the CPUs)`);
    console.log(`POST ${SEARCH} on http://127.0.0.1:${port}: ${CONNECTIONS} keep-alive connections, ${WARMUP_SECONDS} s warm-up, ${SECONDS} s measured per scenario\n`);
    started = performance.now();
    const rows: string[] = [];
    const cpu: string[] = [];
    for (const scenario of scenarios) {
      const measuring: { cpu?: ReturnType<typeof cpuNow> } = {};
      const result = await load(port, tokens.get(scenario.user)!, scenario.body, () => {
        serverTimes = [];
        measuring.cpu = cpuNow();
      });
      const cpuAfter = await cpuNow();
      const before = await measuring.cpu!;
      const server = serverTimes.sort((a, b) => a - b);
      const sorted = result.latencies.sort((a, b) => a - b);
      const failed = Object.entries(result.statuses).filter(([status]) => status !== '200');
      const answer = result.sample ? (JSON.parse(result.sample) as { cases?: unknown[]; total?: number; totalIsExact?: boolean; Message?: string }) : {};
      if (failed.length) throw new Error(`(${scenario.key}) answered ${JSON.stringify(result.statuses)}: ${result.sample ?? ''}`);
      const p95 = percentile(sorted, 0.95);
      const perRequest = (ms: number) => (ms / sorted.length).toFixed(2);
      const postgresMs = cpuAfter.postgres === null || before.postgres === null ? null : cpuAfter.postgres - before.postgres;
      const othersMs = postgresMs === null || cpuAfter.machine === null || before.machine === null ? null : cpuAfter.machine - before.machine - (cpuAfter.node - before.node) - postgresMs;
      cpu.push(
        `| (${scenario.key}) | ${perRequest(cpuAfter.node - before.node - result.loopBusy)} | ${perRequest(result.loopBusy)} | ${postgresMs === null ? '?' : perRequest(postgresMs)} | ${othersMs === null ? '?' : `${Math.max(0, (100 * othersMs) / (result.elapsed * os.cpus().length)).toFixed(0)} %`} |`,
      );
      const verdict = scenario.target === undefined ? '—' : `${scenario.target} ${p95 <= scenario.target ? 'met' : 'MISSED'}`;
      rows.push(
        `| (${scenario.key}) ${scenario.name} | ${sorted.length} | ${((sorted.length * 1000) / result.elapsed).toFixed(0)} | ${percentile(sorted, 0.5).toFixed(1)} | ${p95.toFixed(1)} | ${percentile(sorted, 0.99).toFixed(1)} | ${sorted[sorted.length - 1].toFixed(1)} | ${verdict} | ${percentile(server, 0.5).toFixed(1)} / ${percentile(server, 0.95).toFixed(1)} | ${answer.cases?.length ?? '?'} rows; total ${answer.total?.toLocaleString() ?? '?'} ${answer.totalIsExact ? 'exact' : 'estimated'} |`,
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
