/**
 * `npm run bench:roi`: how long the report of investigation of a 20-item case takes to build in-process
 * (`buildReport`: the case XML, the section and case XSLTs on the worker pool, the PDF), p50 and p95.
 *
 * The demo firm on the embedded PGlite (in memory); the seeded case with the most filled sections gets copies of its
 * items (with their sections) until it has BENCH_ROI_ITEMS (default 20). BENCH_ROI_RUNS (default 40) measured runs
 * follow 3 unmeasured ones; BENCH_ROI_CONCURRENCY (default 1) reports are asked for at once. DOSSIER_XSLT_WORKERS sets
 * the pool's size as in the server.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { createPGlite, embeddedDatabase, migrate } from '../server/db/database.js';
import { seedDatabase } from '../server/db/seed/index.js';
import { storageIn } from '../server/files/storage.js';
import { buildReport } from '../server/roi/roiBuild.js';
import { closeXsltPool, xsltPool } from '../server/roi/xsltPool.js';
import { BENCH_VAULT } from './benchVault.js';
import { caseOfItems } from './roiCase.js';
import { percentile } from './percentiles.js';

const ITEMS = Number(process.env.BENCH_ROI_ITEMS ?? 20);
const RUNS = Number(process.env.BENCH_ROI_RUNS ?? 40);
const CONCURRENCY = Number(process.env.BENCH_ROI_CONCURRENCY ?? 1);
const WARM_UP = 3;

async function main() {
  const db = embeddedDatabase(await createPGlite({}));
  const dataDir = await mkdtemp(path.join(tmpdir(), 'dossier-bench-roi-'));
  try {
    await migrate(db, BENCH_VAULT);
    await seedDatabase(db, { demo: true, vault: BENCH_VAULT });
    const caseRow = await caseOfItems(db, ITEMS);
    const user = await db.selectFrom('users').select('Id').where('UserName', '=', 'caseadmin').executeTakeFirstOrThrow();
    const storage = storageIn(dataDir);
    const counts = await sql<{ items: number; sections: number }>`
      SELECT count(DISTINCT i."Id")::int AS items, count(s."Id")::int AS sections
        FROM items i LEFT JOIN item_sections s ON s."Item_Id" = i."Id" WHERE i."Case_Id" = ${caseRow.Id}`.execute(db);

    const once = async () => {
      const started = performance.now();
      const built = await buildReport(db, storage, BENCH_VAULT, caseRow, user.Id);
      return { ms: performance.now() - started, bytes: built.pdf.length };
    };
    for (let n = 0; n < WARM_UP; n += 1) await once();
    const times: number[] = [];
    let bytes = 0;
    const started = performance.now();
    for (let done = 0; done < RUNS; done += CONCURRENCY) {
      const batch = await Promise.all(Array.from({ length: Math.min(CONCURRENCY, RUNS - done) }, once));
      for (const run of batch) times.push(run.ms);
      bytes = batch[0].bytes;
    }
    const wall = performance.now() - started;
    times.sort((a, b) => a - b);
    const pool = xsltPool();
    console.log(
      `ROI of case ${caseRow.Id}: ${counts.rows[0].items} items, ${counts.rows[0].sections} sections, PDF of ${bytes.toLocaleString()} bytes\n` +
        `machine: ${cpus()[0]?.model ?? 'unknown CPU'}, ${availableParallelism()} CPUs, load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}, Node ${process.version}\n` +
        `pool: ${pool.size} XSLT workers, ${pool.created} started; ${RUNS} runs after ${WARM_UP} warm-up, ${CONCURRENCY} at a time\n` +
        `p50 ${percentile(times, 0.5).toFixed(0)} ms, p95 ${percentile(times, 0.95).toFixed(0)} ms, min ${times[0].toFixed(0)} ms, max ${times[times.length - 1].toFixed(0)} ms; ` +
        `${((RUNS / wall) * 1000).toFixed(1)} reports/s`,
    );
  } finally {
    await closeXsltPool();
    await db.destroy();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
