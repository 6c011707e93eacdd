import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { TestProject } from 'vitest/node';
import { createPGlite, embeddedDatabase, migrate, openDatabase } from '../../server/db/database.js';
import { seedDatabase } from '../../server/db/seed/index.js';
import { TEST_VAULT } from './testVault.js';

/**
 * Runs once before the API tests. PGlite: migrate and seed one database and dump it, so each test file starts
 * from a copy in a second instead of seeding anew. PostgreSQL: make sure the shared trigram extension exists.
 */
export default async function setup(project: TestProject) {
  if (process.env.DOSSIER_TEST_DB === 'postgres') {
    const db = await openDatabase({ url: process.env.TEST_DATABASE_URL! });
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`.execute(db).catch(() => undefined);
    await db.destroy();
    project.provide('dossierTestDump', '');
    return;
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'dossier-test-'));
  const pglite = await createPGlite({});
  const db = embeddedDatabase(pglite);
  await migrate(db, TEST_VAULT);
  await seedDatabase(db, { demo: true, vault: TEST_VAULT });
  const dump = await pglite.dumpDataDir('none');
  const file = path.join(dir, 'seeded.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await db.destroy();
  project.provide('dossierTestDump', file);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the seeded PGlite dump made by the API global setup ('' on PostgreSQL). */
    dossierTestDump: string;
  }
}
