import Fastify, { type FastifyInstance } from 'fastify';
import { CompiledQuery, Kysely, PostgresDialect } from 'kysely';
import type { AddressInfo } from 'node:net';
import { originOf, type Database } from '../server/db/database.js';
import { PGliteDialect } from '../server/db/pgliteDialect.js';
import type { DB } from '../server/db/schema.js';
import { SessionService } from '../server/auth/sessions.js';
import { SecuritySettingsService } from '../server/security/settingsService.js';
import { orgScopeOf } from '../server/orgs/scope.js';
import { caseRecord } from '../server/cases/caseRecord.js';
import { searchCases, type CasesQuery } from '../server/cases/caseSearch.js';
import { executeNamed } from '../server/db/namedStatements.js';

/**
 * The statements a piece of the app's data code runs, caught by running it on a twin of the app's database (the same
 * pool or PGlite, with Kysely's `log`). The twin is never destroyed: that would close the app's pool.
 */
async function capture(db: Database, run: (twin: Database) => Promise<unknown>): Promise<CompiledQuery[]> {
  const origin = originOf(db);
  if (!origin) throw new Error('The database was not opened by openDatabase or embeddedDatabase');
  const captured: CompiledQuery[] = [];
  const dialect = origin.kind === 'postgres' ? new PostgresDialect({ pool: origin.pool }) : new PGliteDialect(origin.pglite, origin.use);
  const twin = new Kysely<DB>({ dialect, log: (event) => void (event.level === 'query' && captured.push(event.query)) });
  await run(twin);
  return captured;
}

/** The floor's SQL: a case read's statements (the case id a parameter to swap) and the default cases search's. */
export interface FloorSql {
  caseRead: CompiledQuery[];
  caseId: number;
  search: CompiledQuery[];
}

/**
 * The data statements behind `GET /api/cases/{id}` (the case record, server/cases/caseRecord.ts) and behind the
 * default cases search (server/cases/caseSearch.ts, after the caller's org scope), as the app runs them for `token`'s
 * user — not the session lookup, the scope and lock checks or the answer's schema, which are our layers.
 */
export async function floorSql(db: Database, token: string, caseId: number, search: CasesQuery): Promise<FloorSql> {
  const session = await new SessionService(db, new SecuritySettingsService(db), () => new Date()).resolve(token);
  if (!session.ok) throw new Error(`The floor's session did not resolve (${session.status})`);
  const scope = await orgScopeOf(db, session.auth);
  return {
    caseRead: await capture(db, (twin) => caseRecord(twin, caseId, () => null)),
    caseId,
    // The row estimate the default search asks is kept by the app for Limits.COUNT_ESTIMATE_KEEP_MS (the twin, a new
    // database to the app's code, asks it anew): the floor leaves it out as well, so that both send the page alone.
    search: (await capture(db, (twin) => searchCases(twin, session.auth, scope, search))).filter((statement) => !/^\s*explain/i.test(statement.sql)),
  };
}

/**
 * The floor for ratios: a bare Fastify (no plugins, hooks, auth, permissions or schemas) on the same database,
 * answering `GET /floor/cases/:id` and `POST /floor/cases/search` with the rows of the same statements as the app
 * runs for them, sent the same way (named on PostgreSQL), serialised by JSON.stringify. Throughput beside it is what
 * our layers cost.
 */
export async function startFloor(db: Database, sqlOf: FloorSql): Promise<{ app: FastifyInstance; port: number }> {
  const app = Fastify({ logger: false });
  const run = async (statements: readonly CompiledQuery[], swap?: [from: unknown, to: unknown]) => {
    const results = [];
    for (const statement of statements) {
      const parameters = swap ? statement.parameters.map((p) => (p === swap[0] ? swap[1] : p)) : statement.parameters;
      // Sent as the app sends them: named on PostgreSQL (each statement the app names, the floor names too).
      results.push(await executeNamed(db, CompiledQuery.raw(statement.sql, [...parameters])));
    }
    return results;
  };
  app.get<{ Params: { id: string } }>('/floor/cases/:id', async (request) => {
    const [rows] = await run(sqlOf.caseRead, [sqlOf.caseId, Number(request.params.id)]);
    return rows[0];
  });
  app.post('/floor/cases/search', async () => run(sqlOf.search));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, port: (app.server.address() as AddressInfo).port };
}
