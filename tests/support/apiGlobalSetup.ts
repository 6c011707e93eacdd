import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { TestProject } from 'vitest/node';
import { createPGlite, embeddedDatabase, migrate, openDatabase } from '../../server/db/database.js';
import { seedDatabase } from '../../server/db/seed/index.js';
import { TEST_VAULT } from './testVault.js';
import { answerSummary } from './answerTally.js';
import { fileStoreOfTier, TEST_BUCKET } from './testFiles.js';

/**
 * Runs once before each API tier. PGlite: migrate and seed one database and dump it, so each test file starts from a
 * copy in a second instead of seeding anew. PostgreSQL: make sure the shared trigram extension exists; each test file
 * migrates and seeds a schema of its own (tests/support/testDatabase.ts; a database copied from a seeded template per
 * file was tried: the fresh-clone tier took 1,769 s with it and 1,832 s without, within the spread between runs). A tier
 * whose files are in S3 (tests/support/testFiles.ts) gets one S3 server and bucket, each app under a prefix of its own.
 */
export default async function setup(project: TestProject) {
  const stopS3 = await startTierS3(project);
  // Each test file leaves what its answers were here (tests/support/apiSetup.ts); the tier's summary is printed at the end.
  const tallyDir = await mkdtemp(path.join(tmpdir(), 'dossier-answers-'));
  project.provide('answerTallyDir', tallyDir);
  const summarize = async () => {
    await stopS3();
    console.log(`\n${await answerSummary(tallyDir)}\n`);
    await rm(tallyDir, { recursive: true, force: true });
  };
  // The tier's own environment (vitest.config.ts), which the global setup's process does not run in.
  if ((project.config.env?.DOSSIER_TEST_DB ?? process.env.DOSSIER_TEST_DB) === 'postgres') {
    const db = await openDatabase({ url: process.env.TEST_DATABASE_URL! });
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`.execute(db).catch(() => undefined);
    await db.destroy();
    project.provide('dossierTestDump', '');
    return summarize;
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
    await summarize();
  };
}

/** The tier's S3 server when its files are in S3 (its address provided to the test files); answers how to stop it. */
async function startTierS3(project: TestProject): Promise<() => Promise<void>> {
  if (fileStoreOfTier({ ...process.env, ...project.config.env }) !== 's3') {
    project.provide('s3TestEndpoint', '');
    return async () => undefined;
  }
  // Loaded only here: a tier on the local disk never loads the S3 SDK.
  const { startS3Server } = await import('./s3Server.js');
  const { CreateBucketCommand } = await import('@aws-sdk/client-s3');
  const s3 = await startS3Server();
  await s3.client.send(new CreateBucketCommand({ Bucket: TEST_BUCKET }));
  project.provide('s3TestEndpoint', s3.endpoint);
  return () => s3.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the seeded PGlite dump made by the API global setup ('' on PostgreSQL). */
    dossierTestDump: string;
    /** Where each API test file leaves the tally of its answers (tests/support/answerTally.ts). */
    answerTallyDir: string;
  }
}
