import type { SelectQueryBuilder } from 'kysely';
import type { Database } from './database.js';
import { Limits } from '../../shared/constants.js';

/**
 * How many rows a filtered query matches, for a page count: exact up to `bound` (a LIMITed count, cheap at any
 * table size), beyond that PostgreSQL's row estimate for the same query — never a count(*) over a huge table.
 * `query` selects one column of the rows to count. With `estimateFirst` (a query whose estimate is reliable: the
 * org scope alone, estimated from the table's statistics) the estimate is asked first, and an estimate of at least
 * Limits.COUNT_ESTIMATE_MARGIN times the bound is answered without counting; a smaller one is counted as usual.
 */
// The query's tables and selection differ per caller; only its rows are counted.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function boundedCount(db: Database, query: SelectQueryBuilder<any, any, any>, bound: number, options: CountOptions = {}): Promise<{ total: number; exact: boolean }> {
  let estimate = options.estimate;
  if (options.estimateFirst) {
    estimate ??= await keptEstimate(db, query);
    if (estimate >= bound * Limits.COUNT_ESTIMATE_MARGIN) return { total: estimate, exact: false };
  }
  const limited = query.limit(bound + 1).as('limited');
  const { n } = await db.selectFrom(limited).select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
  const counted = Number(n);
  if (counted <= bound) return { total: counted, exact: true };
  return { total: Math.max(counted, estimate ?? (await estimatedRows(query))), exact: false };
}

export interface CountOptions {
  /** Ask the planner's estimate before counting (see boundedCount). */
  estimateFirst?: boolean;
  /** The planner's estimate, when the caller already asked for it (it is not asked again). */
  estimate?: number;
}

/** Estimates asked first, per database: the query's SQL and parameters → the estimate and when it was asked. */
const keptEstimates = new WeakMap<Database, Map<string, { rows: number; asked: number }>>();

/**
 * The estimate a count asks first (`estimateFirst`: a list narrowed by its org scope alone), kept for
 * Limits.COUNT_ESTIMATE_KEEP_MS: the planner reads it from the table's statistics, which only an ANALYZE changes,
 * and every first page of the cases list would otherwise send a statement for it. Only the estimate is kept; a
 * count that must be exact is counted every time.
 */
// The query's tables and selection differ per caller; only its rows are estimated.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function keptEstimate(db: Database, query: SelectQueryBuilder<any, any, any>): Promise<number> {
  let kept = keptEstimates.get(db);
  if (!kept) keptEstimates.set(db, (kept = new Map()));
  const { sql, parameters } = query.compile();
  const key = `${sql}\u0000${JSON.stringify(parameters)}`;
  const now = performance.now();
  const known = kept.get(key);
  if (known && now - known.asked < Limits.COUNT_ESTIMATE_KEEP_MS) return known.rows;
  const rows = await estimatedRows(query);
  if (kept.size >= Limits.COUNT_ESTIMATES_KEPT) kept.clear();
  kept.set(key, { rows, asked: now });
  return rows;
}

/** PostgreSQL's estimate of the rows a query answers (its plan's top row count). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function estimatedRows(query: SelectQueryBuilder<any, any, any>): Promise<number> {
  const [plan] = await query.explain('json');
  const json = plan['QUERY PLAN'];
  const parsed = (typeof json === 'string' ? JSON.parse(json) : json) as { Plan: { 'Plan Rows': number } }[];
  return Math.round(parsed[0].Plan['Plan Rows']);
}

/**
 * The count of a server-paged list and the page it answers: the bounded count, the page count, and the asked page
 * (0-based) clamped to the last one.
 */
// The query's tables and selection differ per caller; only its rows are counted.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function countedPage(db: Database, query: SelectQueryBuilder<any, any, any>, bound: number, asked: { page: number; pageSize: number }, options: CountOptions = {}) {
  const count = await boundedCount(db, query, bound, options);
  const pageCount = Math.ceil(count.total / asked.pageSize);
  return { ...count, pageCount, page: Math.max(0, Math.min(asked.page, pageCount - 1)) };
}
