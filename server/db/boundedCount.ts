import type { SelectQueryBuilder } from 'kysely';
import type { Database } from './database.js';

/**
 * How many rows a filtered query matches, for a page count: exact up to `bound` (a LIMITed count, cheap at any
 * table size), beyond that PostgreSQL's row estimate for the same query — never a count(*) over a huge table.
 * `query` selects one column of the rows to count.
 */
// The query's tables and selection differ per caller; only its rows are counted.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function boundedCount(db: Database, query: SelectQueryBuilder<any, any, any>, bound: number): Promise<{ total: number; exact: boolean }> {
  const limited = query.limit(bound + 1).as('limited');
  const { n } = await db.selectFrom(limited).select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
  const counted = Number(n);
  if (counted <= bound) return { total: counted, exact: true };
  const [plan] = await query.explain('json');
  const json = plan['QUERY PLAN'];
  const parsed = (typeof json === 'string' ? JSON.parse(json) : json) as { Plan: { 'Plan Rows': number } }[];
  return { total: Math.max(counted, Math.round(parsed[0].Plan['Plan Rows'])), exact: false };
}

/**
 * The count of a server-paged list and the page it answers: the bounded count, the page count, and the asked page
 * (0-based) clamped to the last one.
 */
// The query's tables and selection differ per caller; only its rows are counted.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function countedPage(db: Database, query: SelectQueryBuilder<any, any, any>, bound: number, asked: { page: number; pageSize: number }) {
  const count = await boundedCount(db, query, bound);
  const pageCount = Math.ceil(count.total / asked.pageSize);
  return { ...count, pageCount, page: Math.max(0, Math.min(asked.page, pageCount - 1)) };
}
