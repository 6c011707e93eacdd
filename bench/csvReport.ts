import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { jsonCall, runLoad, type Call } from './loadDriver.js';

/** The report whose CSV is measured: a row per open case past its critical date, for one org. */
const REPORT = { Group: 'Cases', Name: 'Cases past their critical date' } as const;
/** RSS is read this often while a download runs. */
const SAMPLE_MS = 10;

/** The CSV's request: the report for `orgId`, every other parameter empty. */
export function csvCall(token: string, orgId: number): Call {
  const body = {
    ...REPORT,
    Parameters: [
      { Name: 'Org', Value: orgId },
      { Name: 'CaseType', Value: null },
      { Name: 'CaseNumber', Value: null },
    ],
    Format: 'csv',
  };
  return jsonCall(token, 'POST', `/api/reports/${encodeURIComponent(REPORT.Group)}/${encodeURIComponent(REPORT.Name)}`, body);
}

export interface CsvRun {
  ms: number;
  /** Highest RSS of this process during the download less its RSS just before, MB. */
  growthMB: number;
  bytes: number;
  /** Data rows (lines less the header). */
  rows: number;
}

/**
 * Downloads the CSV `runs` times, one at a time, on the load loop's thread (which counts the bytes and lines and keeps none);
 * meanwhile this process's RSS — the server's, in-process — is read every SAMPLE_MS ms. Before each run the
 * garbage collector runs when exposed (node --expose-gc) and the process settles for a moment.
 */
export async function measureCsv(port: number, call: Call, runs: number): Promise<CsvRun[]> {
  const results: CsvRun[] = [];
  for (let run = 0; run < runs; run += 1) {
    (globalThis as { gc?: () => void }).gc?.();
    await sleep(200);
    const before = process.memoryUsage.rss();
    let peak = before;
    const sampler = setInterval(() => void (peak = Math.max(peak, process.memoryUsage.rss())), SAMPLE_MS);
    const started = performance.now();
    try {
      // One client, no warm-up, measuring for 1 ms: exactly one download, timed from request to last byte.
      const result = await runLoad({ port, pages: [[call]], connections: 1, warmupMs: 0, durationMs: 1, keepBody: false });
      if (result.failure) throw new Error(`The CSV failed: ${result.failure}`);
      peak = Math.max(peak, process.memoryUsage.rss());
      results.push({ ms: result.latencies[0] ?? performance.now() - started, growthMB: (peak - before) / 2 ** 20, bytes: result.bytes, rows: result.lines - 1 });
    } finally {
      clearInterval(sampler);
    }
  }
  return results;
}
