import { sql, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Limits } from '../../shared/constants.js';
import { boundedCount } from '../../server/db/boundedCount.js';
import { orderOf, pageWithCount, type Base } from '../../server/cases/caseSearch.js';
import type { Database } from '../../server/db/database.js';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase.js';

/**
 * The bounded count of the server-paged lists on a real database: exact up to the bound, PostgreSQL's estimate
 * beyond; with `estimateFirst`, a large estimate is answered without counting at all. A filtered cases search asks
 * its page and count in one statement while the matches are within the bound.
 */
let database: TestDatabase;
let cases: number;

/** The database, recording the statements it is sent. */
function recording(db: Database): { db: Database; statements: string[] } {
  const statements: string[] = [];
  const plugin: KyselyPlugin = {
    transformQuery: (args) => args.node,
    // Called once for each statement run (a subquery is part of its statement).
    transformResult: async (args) => {
      statements.push(args.queryId.queryId);
      return args.result;
    },
  };
  return { db: db.withPlugin(plugin), statements };
}

beforeAll(async () => {
  database = await createTestDatabase();
  await sql`ANALYZE cases`.execute(database.db);
  cases = Number((await database.db.selectFrom('cases').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
});
afterAll(() => database?.drop());

describe('a bounded count', () => {
  it('is exact up to the bound, and the estimate beyond it', async () => {
    const { db, statements } = recording(database.db);
    expect(await boundedCount(db, db.selectFrom('cases').select('Id'), cases)).toEqual({ total: cases, exact: true });
    const beyond = await boundedCount(db, db.selectFrom('cases').select('Id'), 3);
    expect(beyond).toEqual({ total: cases, exact: false });
    expect(statements).toHaveLength(3); // a count, a count and the estimate
  });

  it('answers a large estimate without counting when asked for the estimate first, and counts a small one', async () => {
    expect(cases).toBeGreaterThanOrEqual(3 * Limits.COUNT_ESTIMATE_MARGIN);
    const { db, statements } = recording(database.db);
    expect(await boundedCount(db, db.selectFrom('cases').select('Id'), 3, { estimateFirst: true })).toEqual({ total: cases, exact: false });
    expect(statements).toHaveLength(1);

    const [first] = await db.selectFrom('cases').select('Id').orderBy('Id').limit(1).execute();
    statements.length = 0;
    expect(await boundedCount(db, db.selectFrom('cases').select('Id').where('Id', '=', first.Id), 3, { estimateFirst: true })).toEqual({ total: 1, exact: true });
    expect(statements).toHaveLength(2); // the estimate, then the count
  });
});

describe("a filtered cases search's page with its count (one statement)", () => {
  const all = (db: Database) => db.selectFrom('cases as c') as unknown as Base;
  const newestFirst = (db: Database) => db.selectFrom('cases').select('Id').orderBy('ReceivedDate', 'desc').orderBy('Id', 'desc');

  it('answers the page in order and the exact count while the matches are within the bound', async () => {
    const { db, statements } = recording(database.db);
    const expected = (await newestFirst(db).execute()).map((c) => c.Id);
    statements.length = 0;
    const second = await pageWithCount(db, all(db), { page: 1, pageSize: 2 }, orderOf({}, []), cases);
    expect(statements).toHaveLength(1);
    expect(second).toMatchObject({ matched: cases });
    expect(second!.rows.map((r) => r.Id)).toEqual(expected.slice(2, 4));
    expect(second!.rows[0]).toHaveProperty('Code');
  });

  it('sorts by the asked column of the case first', async () => {
    const expected = (await database.db.selectFrom('cases').select('Id').orderBy('CaseNumber', 'asc').orderBy('ReceivedDate', 'desc').orderBy('Id', 'desc').limit(3).execute()).map((c) => c.Id);
    const page = await pageWithCount(database.db, all(database.db), { page: 0, pageSize: 3 }, orderOf({ sorted: [{ id: 'CaseNumber' }] }, []), cases);
    expect(page!.rows.map((r) => r.Id)).toEqual(expected);
  });

  it('cannot answer beyond the bound or past the last page, and answers no match as none', async () => {
    const db = database.db;
    expect(await pageWithCount(db, all(db), { page: 0, pageSize: 2 }, orderOf({}, []), 3)).toBeNull();
    expect(await pageWithCount(db, all(db), { page: 99, pageSize: 2 }, orderOf({}, []), cases)).toBeNull();
    expect(await pageWithCount(db, all(db).where('c.Id', '<', 0), { page: 0, pageSize: 2 }, orderOf({}, []), cases)).toEqual({ rows: [], matched: 0 });
  });
});
