import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { machineNow } from './machineCpu.js';

/** A target the issue names for a figure: which statistic, at most (or at least) what, and whether it held. */
export interface Target {
  statistic: 'p50' | 'p95' | 'max' | '% of floor';
  /** The bound; `atLeast` for a share that must be reached, else a ceiling. */
  value: number;
  atLeast?: boolean;
  met: boolean;
}

/** One figure of a run: a median and its spread in its unit, with its target where the issue names one. */
export interface Figure {
  key: string;
  name: string;
  /** How it was measured: clients at once, seconds, runs. */
  how: string;
  unit: 'ms' | '%' | 'MB';
  median: number;
  p95?: number;
  p99?: number;
  min?: number;
  max?: number;
  /** Pages (or requests) a second while measuring. */
  perSecond?: number;
  samples: number;
  /** What else is worth reading beside it (rows answered, memory, CPU). */
  note?: string;
  target?: Target;
}

export interface Run {
  database: 'postgres' | 'pglite';
  databaseLabel: string;
  date: string;
  machine: ReturnType<typeof machineNow>;
  volume: { cases: number; itemsPerCase: number; orgs: number; reportRows: number; uninvoiced: number };
  settings: { connections: number; seconds: number; warmupSeconds: number; pageClients: number };
  figures: Figure[];
  seconds: number;
}

const RESULTS = path.join('bench', 'results', 'latest.json');
const DOCS = path.join('docs', 'performance.md');

/** Checks a figure's statistic against a ceiling (or a floor, with `atLeast`). */
export function target(statistic: Target['statistic'], value: number, measured: number, atLeast = false): Target {
  return { statistic, value, ...(atLeast ? { atLeast } : {}), met: atLeast ? measured >= value : measured <= value };
}

const n = (value: number | undefined, digits = 1) => (value === undefined || Number.isNaN(value) ? '—' : value.toFixed(digits));

/** The run as a Markdown table with its machine line, as docs/performance.md shows it. */
export function runTable(run: Run): string {
  const m = run.machine;
  const v = run.volume;
  const lines = [
    `**${run.databaseLabel}**, ${run.date.slice(0, 16).replace('T', ' ')} UTC — ${m.cpu}, ${m.cores} CPUs, ${m.memoryGiB} GiB, Node ${m.node}; ` +
      `load average before measuring ${m.loadAverage.join(' / ')} (1 / 5 / 15 min). ${v.cases.toLocaleString()} cases (${v.itemsPerCase} items each, ` +
      `${v.orgs} generated orgs), ${v.reportRows.toLocaleString()} overdue cases for the CSV, ${v.uninvoiced.toLocaleString()} uninvoiced; ` +
      `${run.settings.connections} connections for loads, ${run.settings.seconds} s measured after ${run.settings.warmupSeconds} s warm-up; whole run ${run.seconds.toFixed(0)} s.`,
    '',
    '| figure | how | median | p95 | p99 | min / max | per s | target | notes |',
    '|---|---|---:|---:|---:|---:|---:|---|---|',
  ];
  for (const f of run.figures) {
    const unit = f.unit === 'ms' ? '' : ` ${f.unit}`;
    const t = f.target ? `${f.target.statistic} ${f.target.atLeast ? '≥' : '≤'} ${f.target.value}: ${f.target.met ? 'met' : '**missed**'}` : '—';
    lines.push(
      `| ${f.name} | ${f.how} | ${n(f.median)}${unit} | ${n(f.p95)} | ${n(f.p99)} | ${n(f.min)} / ${n(f.max)} | ${n(f.perSecond, 0)} | ${t} | ${f.note ?? ''} |`,
    );
  }
  return lines.join('\n');
}

/** bench/results/latest.json: the newest run on each database (a run replaces only its own database's). */
export async function writeResults(run: Run): Promise<string> {
  const previous = await readFile(RESULTS, 'utf8').then((text) => JSON.parse(text) as { runs?: Partial<Record<Run['database'], Run>> }).catch(() => ({ runs: {} }));
  const runs = { ...previous.runs, [run.database]: run };
  await mkdir(path.dirname(RESULTS), { recursive: true });
  await writeFile(RESULTS, `${JSON.stringify({ runs }, null, 2)}\n`);
  return RESULTS;
}

/**
 * Puts the run's table in docs/performance.md between its database's markers (`<!-- bench:postgres:start -->` …
 * `<!-- bench:postgres:end -->`), replacing the last run's; without the markers the file is left alone.
 */
export async function writeDocsTable(run: Run): Promise<boolean> {
  const text = await readFile(DOCS, 'utf8');
  const start = `<!-- bench:${run.database}:start -->`;
  const end = `<!-- bench:${run.database}:end -->`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) return false;
  await writeFile(DOCS, `${text.slice(0, from + start.length)}\n${runTable(run)}\n${text.slice(to)}`);
  return true;
}
