/**
 * `npm run bench:first-row`: how long a user waits for the first case row, in Chromium against the real server
 * (`server/main.ts` on the embedded database with demo data, the built client), warm: from the Sign In click to
 * the first row of /cases, and from a reload of /cases to its first row. Prints the median and the spread of
 * BENCH_RUNS runs (default 7) and, for the last reload, when each script and API call started and ended, so a
 * waterfall shows itself. Needs Chromium (CHROMIUM_PATH, default /usr/bin/chromium); builds the client when stale.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { buildClient, clientBuildIsStale } from '../server/clientBuild.js';
import { startServerProcess } from '../tests/support/serverProcess.js';
import { firstRowTimings, signInToFirstRow, type LoadStep } from './firstRowTimings.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const spread = (values: number[]) => `median ${median(values).toFixed(0)} ms (min ${Math.min(...values).toFixed(0)}, max ${Math.max(...values).toFixed(0)})`;

function printWaterfall(steps: LoadStep[]) {
  console.log('  last reload, ms from navigation (start → end):');
  for (const step of steps) console.log(`    ${step.start.toFixed(0).padStart(5)} → ${step.end.toFixed(0).padStart(5)}  ${step.name}`);
}

async function main() {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium is needed at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`);
  if (clientBuildIsStale(ROOT, path.join(ROOT, 'dist'))) await buildClient(ROOT);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'dossier-bench-first-row-'));
  const server = await startServerProcess('bench', 'server/main.ts', { DOSSIER_DATA_DIR: dataDir });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'] });
  try {
    const signIns: number[] = [];
    const reloads: number[] = [];
    let last: LoadStep[] = [];
    // One warm-up run (the server's first queries, the browser's first start), then the measured ones.
    for (let run = 0; run <= RUNS; run++) {
      const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1366, height: 800 } });
      const page = await context.newPage();
      const signIn = await signInToFirstRow(page, 'caseadmin');
      await page.reload();
      const reload = await firstRowTimings(page);
      if (run > 0) {
        signIns.push(signIn);
        reloads.push(reload.firstRow);
        last = reload.steps;
      }
      await context.close();
    }
    console.log(`First case row (Chromium, 1366 × 800, warm server on PGlite with demo data, ${RUNS} runs):`);
    console.log(`  Sign In click → first row: ${spread(signIns)}`);
    console.log(`  reload of /cases → first row: ${spread(reloads)}`);
    printWaterfall(last);
  } finally {
    await browser.close();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
