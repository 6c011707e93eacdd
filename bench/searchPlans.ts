import { Kysely, PostgresDialect, type CompiledQuery } from 'kysely';
import type pg from 'pg';
import type { DB } from '../server/db/schema.js';
import { SessionService } from '../server/auth/sessions.js';
import { SecuritySettingsService } from '../server/security/settingsService.js';
import { orgScopeOf } from '../server/orgs/scope.js';
import { searchCases } from '../server/cases/caseSearch.js';
import { Limits } from '../shared/constants.js';
import type { Scenario } from './searchScenarios.js';

/**
 * The statements one search runs, captured by calling searchCases (as the cases store's list does) on a Kysely
 * with a `log` option over the same schema, then the count and page queries with EXPLAIN (ANALYZE, BUFFERS).
 */
export async function plans(pool: pg.Pool, token: string, scenario: Scenario) {
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
