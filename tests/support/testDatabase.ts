import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { sql } from 'kysely';
import { inject } from 'vitest';
import './apiGlobalSetup.js';
import { createPGlite, embeddedDatabase, migrate, openDatabase, type Database } from '../../server/db/database.js';
import { seedDatabase } from '../../server/db/seed/index.js';
import { TEST_VAULT } from './testVault.js';

/** Which database the API tests run on: the embedded PGlite, or PostgreSQL at TEST_DATABASE_URL. */
export const TEST_DB_KIND = process.env.DOSSIER_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export interface TestDatabase {
  db: Database;
  kind: 'pglite' | 'postgres';
  drop(): Promise<void>;
}

/**
 * A fresh database with the demo data for one test file. PGlite starts from the seeded dump that the global
 * setup made once; PostgreSQL gets a schema of its own (dropped afterwards), so parallel runs never collide.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (TEST_DB_KIND === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('DOSSIER_TEST_DB=postgres needs TEST_DATABASE_URL');
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const db = await openDatabase({ url, schema });
    await migrate(db, TEST_VAULT);
    await seedDatabase(db, { demo: true, vault: TEST_VAULT });
    return {
      db,
      kind: 'postgres',
      async drop() {
        await sql.raw(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).execute(db);
        await db.destroy();
      },
    };
  }
  const dump = inject('dossierTestDump');
  if (!dump) {
    const db = embeddedDatabase(await createPGlite({}));
    await migrate(db, TEST_VAULT);
    await seedDatabase(db, { demo: true, vault: TEST_VAULT });
    return { db, kind: 'pglite', drop: () => db.destroy() };
  }
  const pglite = await createPGlite({ loadDataDir: new Blob([await readFile(dump)]) });
  const db = embeddedDatabase(pglite);
  return { db, kind: 'pglite', drop: () => db.destroy() };
}
