import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { createPGlite, embeddedDatabase, openDatabase, type Database } from '../server/db/database.js';

/** A bench's database: PostgreSQL in a schema of its own, or the embedded PGlite in memory. */
export interface BenchDatabase {
  db: Database;
  kind: 'postgres' | 'pglite';
  /** The PostgreSQL schema (none on PGlite). */
  schema: string | null;
  /** Whether the schema is kept at the end (BENCH_KEEP=1). */
  keep: boolean;
  /** Drops the schema (unless kept) and closes the database. */
  close: () => Promise<void>;
}

/** The PostgreSQL URL a bench uses: BENCH_DATABASE_URL, else TEST_DATABASE_URL; none means the embedded database. */
export const benchDatabaseUrl = (): string | undefined => process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;

/**
 * Opens PostgreSQL at `url` in the schema BENCH_SCHEMA (reused when it exists) or a new `{prefix}_{random}` one,
 * dropped at the end unless BENCH_KEEP=1; without a URL, the embedded PGlite in memory.
 */
export async function openBenchDatabase(url: string | undefined, prefix: string): Promise<BenchDatabase> {
  if (!url) {
    const db = embeddedDatabase(await createPGlite({}));
    return { db, kind: 'pglite', schema: null, keep: false, close: () => db.destroy() };
  }
  const schema = process.env.BENCH_SCHEMA ?? `${prefix}_${randomBytes(4).toString('hex')}`;
  const keep = process.env.BENCH_KEEP === '1';
  const db = await openDatabase({ url, schema });
  return {
    db,
    kind: 'postgres',
    schema,
    keep,
    close: async () => {
      if (!keep) await sql.raw(`DROP SCHEMA "${schema}" CASCADE`).execute(db);
      await db.destroy();
    },
  };
}
