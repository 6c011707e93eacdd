/**
 * `npm run bench`: the whole app through its HTTP stack, on PostgreSQL at BENCH_DATABASE_URL (or TEST_DATABASE_URL)
 * in a schema of its own, else on the embedded PGlite in memory. Writes bench/results/latest.json and the run's
 * table in docs/performance.md ("The whole app, measured"); docs/performance.md says how to read it.
 *
 * The database: the demo firm, the bulk fill of `npm run bench:cases` (bench/bulkFill.ts), an org with
 * BENCH_REPORT_ROWS open cases past their critical date and one with BENCH_UNINVOICED completed cases not invoiced
 * (bench/appFixtures.ts). The real app (server/app.ts) listens on a local port, and beside it a floor route
 * (bench/floorRoute.ts). A load loop on a worker thread (bench/loadDriver.ts) sends each figure's requests — a page's
 * calls together, as a browser does (bench/pageCalls.ts) — for BENCH_SECONDS after a warm-up; each figure is the
 * median and spread of its pages' latencies.
 *
 * Volume: BENCH_CASES (default 50,000 on PostgreSQL, 20,000 on PGlite; BENCH_FULL=1 for the issue's 1,000,000 and
 * 100,000), BENCH_ITEMS_PER_CASE (5), BENCH_ORGS (300), BENCH_REPORT_ROWS (100,000),
 * BENCH_UNINVOICED (5,000). BENCH_CONNECTIONS (8) clients for the searches and the floor ratio,
 * BENCH_PAGE_CLIENTS (1) for the pages, BENCH_CSV_RUNS (3), BENCH_DOCS=0 leaves docs/performance.md alone.
 * BENCH_SCHEMA and BENCH_KEEP=1 keep a loaded PostgreSQL schema for the next run, as for bench:cases.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../server/app.js';
import { readConfig } from '../server/config.js';
import { BENCH_VAULT } from './benchVault.js';
import { openBenchDatabase } from './benchDatabase.js';
import { BENCH_FULL, BENCH_KIND, BENCH_URL, BENCH_VOLUME, setting } from './benchVolume.js';
import { prepareBenchData } from './bulkFill.js';
import { addBenchOrgs, benchCreatedCases, newCaseBody, sampleCases, savableSections } from './appFixtures.js';
import { jsonCall, signIn, signInCall, type Call, type Page } from './loadDriver.js';
import { measureLoad, ServerTimes, type LoadFigure } from './measure.js';
import { searchScenarios } from './searchScenarios.js';
import { casePageReads, itemPageReads, READ_BATCH_PATH, type PageReads } from './pageCalls.js';
import { caseOfItems } from './roiCase.js';
import { csvCall, measureCsv } from './csvReport.js';
import { floorSql, startFloor } from './floorRoute.js';
import { machineNow } from './machineCpu.js';
import { percentile } from './percentiles.js';
import { target, writeDocsTable, writeResults, type Figure, type Run, type Target } from './appResults.js';

const URL_ = BENCH_URL;
const KIND = BENCH_KIND;
const FULL = BENCH_FULL;
const VOLUME = BENCH_VOLUME;
/** The CSV's rows: on PGlite the report reads them in OFFSET pages, which grows with the square of the rows (docs/performance.md). */
const REPORT_ROWS = setting('BENCH_REPORT_ROWS', 100_000);
const UNINVOICED = setting('BENCH_UNINVOICED', 5_000);
const CONNECTIONS = setting('BENCH_CONNECTIONS', 8);
const PAGE_CLIENTS = setting('BENCH_PAGE_CLIENTS', 1);
const SECONDS = setting('BENCH_SECONDS', FULL ? 10 : 3);
const WARMUP_SECONDS = setting('BENCH_WARMUP_SECONDS', FULL ? 3 : 1);
const CSV_RUNS = setting('BENCH_CSV_RUNS', 3);
/** Clients for the writes and for sign-in (argon2 is meant to be slow; more would only queue on the CPUs). */
const WRITERS = 2;
/** The issue's page target: p95 at 1,000,000 cases on PostgreSQL, at 100,000 on PGlite. */
const PAGE_P95 = KIND === 'postgres' ? 40 : 120;
/** Cases (and their items) the page figures and the case read go round. */
const SAMPLE_CASES = 40;

async function main() {
  const database = await openBenchDatabase(URL_, 'bench_app');
  const { db } = database;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dossier-bench-app-'));
  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  let floor: Awaited<ReturnType<typeof startFloor>> | null = null;
  let cleaned = false;
  const cleanUp = async () => {
    if (cleaned) return;
    cleaned = true;
    await floor?.app.close();
    await app?.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  };
  process.once('SIGINT', () => {
    console.error('\nInterrupted: dropping the bench schema.');
    void cleanUp().finally(() => process.exit(130));
  });
  try {
    const label = KIND === 'postgres' ? `PostgreSQL (schema ${database.schema ?? '?'})` : 'PGlite (embedded, in memory)';
    console.log(`Database: ${label}`);
    const started = performance.now();
    await prepareBenchData(db, VOLUME, BENCH_VAULT);
    const { reportOrg, invoicingOrg } = await addBenchOrgs(db, REPORT_ROWS, UNINVOICED);
    const sample = await sampleCases(db, SAMPLE_CASES);
    const roiCase = await caseOfItems(db, 20);
    const scenarios = (await searchScenarios(db)).filter((s) => s.target !== undefined);

    // Errors only in the log: an unexpected answer's cause is then printed with the bench's output.
    app = await buildApp({ db, config: { ...readConfig({}), dataDir, publicUrl: 'http://127.0.0.1' }, vault: BENCH_VAULT, logger: { level: 'error' } });
    const serverTimes = new ServerTimes(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const tokens = { caseadmin: await signIn(port, 'caseadmin'), client: await signIn(port, 'client'), manager: await signIn(port, 'manager') };
    const tokenOf = (user: string) => tokens[user as keyof typeof tokens];
    floor = await startFloor(db, await floorSql(db, tokens.caseadmin, sample.cases[0].Id, scenarios[0].body));
    const sections = await savableSections(db, port, tokens.caseadmin, 4);
    const machine = machineNow();
    console.log(`\nMachine: ${machine.cpu}, ${machine.cores} CPUs; load average before measuring ${machine.loadAverage.join(' ')} (1, 5, 15 min)\n`);

    const figures: Figure[] = [];
    const window = { warmupMs: WARMUP_SECONDS * 1000, durationMs: SECONDS * 1000 };
    const how = (clients: number, seconds = SECONDS) => `${clients} client${clients === 1 ? '' : 's'}, ${seconds} s`;
    const record = (figure: Figure) => {
      figures.push(figure);
      const t = figure.target ? ` (target ${figure.target.statistic} ${figure.target.atLeast ? '≥' : '≤'} ${figure.target.value}: ${figure.target.met ? 'met' : 'MISSED'})` : '';
      console.log(`  ${figure.name}: median ${figure.median.toFixed(1)} ${figure.unit}${figure.p95 === undefined ? '' : `, p95 ${figure.p95.toFixed(1)}`}${t}${figure.note ? `; ${figure.note}` : ''}`);
      return figure;
    };
    /** Measures pages under load and records the figure; `check` gives its target from the figure. */
    const loadFigure = async (key: string, name: string, pages: Page[], clients: number, options: { check?: (f: LoadFigure) => Target; note?: (f: LoadFigure) => string; port?: number; ownAddresses?: boolean; seconds?: number; warmupSeconds?: number; serialAfter?: number } = {}) => {
      const seconds = options.seconds ?? SECONDS;
      const warmupMs = (options.warmupSeconds ?? WARMUP_SECONDS) * 1000;
      // Each figure's bodies number from its own million ({n}, 8 digits): a created subject's SSN, '1{n}', keeps 9 digits;
      // `serialAfter` moves past what an earlier run on a kept schema wrote.
      const serial = figures.length * 1_000_000 + (options.serialAfter ?? 0);
      const f = await measureLoad({ port: options.port ?? port, pages, connections: clients, ...window, warmupMs, durationMs: seconds * 1000, ownAddresses: options.ownAddresses, serial }, options.port ? null : serverTimes, KIND === 'postgres').catch(
        (error: Error) => {
          throw new Error(`${name}: ${error.message}`);
        },
      );
      const cpu = `CPU/page: app ${f.cpu.app.toFixed(1)} ms${f.cpu.postgres === null ? '' : `, PostgreSQL ${f.cpu.postgres.toFixed(1)} ms`}${f.cpu.othersShare === null ? '' : `, others ${(100 * f.cpu.othersShare).toFixed(0)} % of the machine`}`;
      return record({
        key, name, how: how(clients, seconds), unit: 'ms', median: f.p50, p95: f.p95, p99: f.p99, min: f.min, max: f.max, perSecond: f.perSecond, samples: f.requests,
        note: [options.note?.(f), cpu].filter(Boolean).join('; '),
        target: options.check?.(f),
      });
    };
    const call = (user: string, method: string, path: string, body?: unknown): Call => jsonCall(tokenOf(user), method, path, body);

    console.log('Reads under load:');
    for (const s of scenarios) {
      await loadFigure(`search-${s.key}`, `cases search (${s.key}): ${s.name}`, [[call(s.user, 'POST', '/api/cases/search', s.body)]], CONNECTIONS, {
        check: (f) => target('p95', s.target!, f.p95),
        note: (f) => `${((JSON.parse(f.sample ?? '{}') as { cases?: unknown[] }).cases ?? []).length} rows`,
      });
    }
    await loadFigure('item-search', 'item search: default page, case admin', [[call('caseadmin', 'POST', '/api/items/search', { page: 0, pageSize: 20, sorted: [], filtered: [], additional: {} })]], CONNECTIONS, {
      note: (f) => `${((JSON.parse(f.sample ?? '{}') as { items?: unknown[] }).items ?? []).length} rows`,
    });
    // A page as the browser opens it: its record, then its parts' reads in one batch (bench/pageCalls.ts).
    const pageOf = (reads: PageReads): Call[] => [call('caseadmin', 'GET', reads.record), { ...call('caseadmin', 'POST', READ_BATCH_PATH, { Paths: reads.batch }), afterPrevious: true }];
    const casePages = sample.cases.map((row) => pageOf(casePageReads(row, 'staff')));
    const caseReads = casePageReads(sample.cases[0], 'staff').batch.length + 1;
    await loadFigure('case-page', `case page: its ${caseReads} reads in 2 requests (the case, then a batch), case admin`, casePages, PAGE_CLIENTS, { check: (f) => target('p95', PAGE_P95, f.p95) });
    const itemPages = sample.items.map(({ caseId, itemId }) => pageOf(itemPageReads(caseId, itemId)));
    const itemReads = itemPageReads(sample.items[0].caseId, sample.items[0].itemId).batch.length + 1;
    await loadFigure('item-page', `item page: its ${itemReads} reads in 2 requests (the item, then a batch), case admin`, itemPages, PAGE_CLIENTS, { check: (f) => target('p95', PAGE_P95, f.p95) });
    await loadFigure('invoicing', `invoicing list: an org with ${UNINVOICED.toLocaleString()} uninvoiced cases, manager`, [[call('manager', 'POST', '/api/invoices/get-cases', { Org_Ids: [invoicingOrg] })]], 1, {
      note: (f) => `${((JSON.parse(f.sample ?? '[]') as { Cases?: unknown[] }[])[0]?.Cases ?? []).length.toLocaleString()} cases, ${(f.bytes / Math.max(1, f.requests) / 2 ** 20).toFixed(1)} MB an answer`,
    });
    // The manager's dashboard (issue 26 §1): every figure of the page in one call, the provider's whole scope, default days.
    await loadFigure('dashboard', 'dashboard (GET /api/dashboard): every figure, all orgs, manager', [[call('manager', 'GET', '/api/dashboard')]], CONNECTIONS, {
      check: (f) => target('p95', 50, f.p95),
      note: (f) => `${((JSON.parse(f.sample ?? '{}') as { OpenCases?: number }).OpenCases ?? 0).toLocaleString()} open cases`,
    });
    await loadFigure('roi', `report of investigation (PDF) of a 20-item case (${roiCase.Id})`, [[call('caseadmin', 'GET', `/api/cases/${roiCase.Id}/report`)]], 1, {
      check: (f) => target('p50', 250, f.p50),
      seconds: Math.max(SECONDS, 5),
    });

    console.log('Writes and sign-in:');
    // A user no other figure uses: a sign-in ends the user's other sessions. The route takes 300 sign-ins a minute from
    // one address (SignInLimits): each client has its own, and 1 s of warm-up and 3 s measured stay under it (~60 a
    // second a client on a 2-CPU machine); longer, the rest are refused with 429.
    await loadFigure('sign-in', 'sign-in (POST /oauth/token), reviewer', [[signInCall('reviewer')]], WRITERS, { ownAddresses: true, seconds: Math.min(SECONDS, 3), warmupSeconds: Math.min(WARMUP_SECONDS, 1) });
    // A kept schema holds the cases earlier runs created: their subjects' SSNs would be duplicates (409).
    await loadFigure('case-create', 'case create (POST /api/cases)', [[call('caseadmin', 'POST', '/api/cases?ssn=masked', await newCaseBody(db))]], WRITERS, { serialAfter: await benchCreatedCases(db) });
    if (sections.length) {
      const saves = sections.map((s) => [call('caseadmin', 'PUT', `/api/cases/${s.caseId}/items/${s.itemId}/sections/${s.sectionId}`, { Definition: s.definition })]);
      await loadFigure('section-save', 'section save (PUT …/sections/{id})', saves, Math.min(WRITERS, saves.length));
    } else console.log('  section save: no section of the demo firm could be saved (none open and unlocked)');

    console.log('The CSV report:');
    const csv = csvCall(tokens.manager, reportOrg);
    const runs = await measureCsv(port, csv, CSV_RUNS);
    const times = runs.map((r) => r.ms).sort((a, b) => a - b);
    const growth = runs.map((r) => r.growthMB).sort((a, b) => a - b);
    const csvHow = `1 client, ${CSV_RUNS} runs`;
    const rows = runs[0].rows;
    // The targets are for 100,000 rows; a smaller report is measured but not judged.
    const judged = rows >= 100_000;
    const csvNote = `${rows.toLocaleString()} rows, ${(runs[0].bytes / 2 ** 20).toFixed(1)} MB${judged ? '' : '; the targets (≤ 3 s, < 100 MB) are for 100,000 rows: not judged'}`;
    record({ key: 'csv-time', name: 'CSV report: time to the last byte', how: csvHow, unit: 'ms', median: percentile(times, 0.5), min: times[0], max: times[times.length - 1], samples: runs.length, note: csvNote, target: judged ? target('max', 3000, times[times.length - 1]) : undefined });
    record({ key: 'csv-memory', name: 'CSV report: peak RSS growth of the server process', how: csvHow, unit: 'MB', median: percentile(growth, 0.5), min: growth[0], max: growth[growth.length - 1], samples: runs.length, target: judged ? target('max', 100, growth[growth.length - 1]) : undefined });

    console.log('Our layers beside the floor route (same SQL, no auth, permissions or schemas):');
    const ratio = async (key: string, name: string, ours: Page[], floors: Page[]) => {
      const app_ = await loadFigure(`${key}-app`, `${name}: the app`, ours, CONNECTIONS);
      const bare = await loadFigure(`${key}-floor`, `${name}: the floor route`, floors, CONNECTIONS, { port: floor!.port });
      const share = (100 * app_.perSecond!) / bare.perSecond!;
      record({ key: `${key}-ratio`, name: `${name}: the app's throughput as a share of the floor's`, how: how(CONNECTIONS), unit: '%', median: share, samples: 2, note: `${app_.perSecond!.toFixed(0)} against ${bare.perSecond!.toFixed(0)} a second`, target: target('% of floor', 70, share, true) });
    };
    await ratio('case-read', 'GET /api/cases/{id}', sample.cases.map((c) => [call('caseadmin', 'GET', `/api/cases/${c.Id}?ssn=masked`)]), sample.cases.map((c) => [{ method: 'GET', path: `/floor/cases/${c.Id}` }]));
    const search = scenarios[0];
    await ratio('search-a', 'cases search (a)', [[call(search.user, 'POST', '/api/cases/search', search.body)]], [[{ method: 'POST', path: '/floor/cases/search', headers: { 'content-type': 'application/json' }, body: JSON.stringify(search.body) }]]);

    const run: Run = {
      database: KIND,
      databaseLabel: KIND === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)',
      date: new Date().toISOString(),
      machine,
      volume: { ...VOLUME, reportRows: REPORT_ROWS, uninvoiced: UNINVOICED },
      settings: { connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS, pageClients: PAGE_CLIENTS },
      figures,
      seconds: (performance.now() - started) / 1000,
    };
    console.log(`\nWrote ${await writeResults(run)}`);
    if (process.env.BENCH_DOCS !== '0') console.log((await writeDocsTable(run)) ? 'Wrote the table in docs/performance.md' : 'docs/performance.md has no markers for this database: left alone');
    const missed = figures.filter((f) => f.target && !f.target.met);
    console.log(`${figures.filter((f) => f.target).length - missed.length} targets met, ${missed.length} missed${missed.length ? `: ${missed.map((f) => f.key).join(', ')}` : ''}`);
  } finally {
    await cleanUp();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
