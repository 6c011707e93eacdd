import { readFileSync } from 'node:fs';
import pg from 'pg';
const text = readFileSync(process.argv[2], 'utf8');
const schema = process.argv[3];
const which = process.argv[4]; // e.g. "(b)" 
const label = process.argv[5] ?? 'count';
const section = text.split('\n### ').find((s) => s.startsWith(which))!;
const m = new RegExp(`EXPLAIN \\(ANALYZE, BUFFERS\\) — ${label} query:\\n  (.*)\\n  parameters: (.*)\\n`).exec(section)!;
const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:5432/test', max: 1, options: `-c search_path=${schema},public -c max_parallel_workers_per_gather=0` });
const params = JSON.parse(m[2]) as unknown[];
for (const stmt of (process.argv[6] ?? '').split(';').filter(Boolean)) await pool.query(stmt);
const times: number[] = [];
let plan = '';
for (let i = 0; i < 7; i++) {
  const r = await pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${m[1]}`, params);
  plan = r.rows.map((x) => x['QUERY PLAN']).join('\n');
  times.push(Number(/Execution Time: ([\d.]+)/.exec(plan)![1]));
}
console.log(plan.split('\n').map((l) => l.slice(0, 200)).join('\n'));
console.log('execution ms, 7 runs:', times.join(' '));
await pool.end();
