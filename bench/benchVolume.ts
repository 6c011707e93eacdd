import { benchDatabaseUrl } from './benchDatabase.js';

/** The PostgreSQL URL the whole-app benches run on (BENCH_DATABASE_URL or TEST_DATABASE_URL), or none: the embedded PGlite. */
export const BENCH_URL = benchDatabaseUrl();
export const BENCH_KIND = BENCH_URL ? 'postgres' : 'pglite';
/** BENCH_FULL=1: the volumes, 1,000,000 cases on PostgreSQL and 100,000 on PGlite. */
export const BENCH_FULL = process.env.BENCH_FULL === '1';

/** A numeric setting from the environment, or its default. */
export const setting = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

/**
 * The bulk fill's volume: BENCH_CASES (default 50,000 on PostgreSQL, 20,000 on PGlite; BENCH_FULL's otherwise),
 * BENCH_ITEMS_PER_CASE (5) and BENCH_ORGS (300).
 */
export const BENCH_VOLUME = {
  cases: setting('BENCH_CASES', BENCH_FULL ? (BENCH_KIND === 'postgres' ? 1_000_000 : 100_000) : BENCH_KIND === 'postgres' ? 50_000 : 20_000),
  itemsPerCase: setting('BENCH_ITEMS_PER_CASE', 5),
  orgs: setting('BENCH_ORGS', 300),
};
