import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { TestProject } from 'vitest/node';
import { createPGlite, embeddedDatabase, migrate, openDatabase } from '../../server/db/database.js';
import { seedDatabase } from '../../server/db/seed/index.js';
import { TEST_VAULT } from './testVault.js';
import { adminQuery, databaseUrl } from './postgresAdmin.js';
import { answerSummary } from './answerTally.js';
import { fileStoreOfTier, TEST_BUCKET } from './testFiles.js';

/**
 * Runs once before the API tests: migrate and seed one database, so each test file starts from a copy in a second
 * instead of seeding anew — on PGlite a dump, on PostgreSQL a template database. A tier
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
    const template = await seededTemplate(process.env.TEST_DATABASE_URL!);
    project.provide('dossierTestDump', '');
    project.provide('dossierTestTemplate', template.name);
    return async () => {
      await template.drop();
      await summarize();
    };
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
  project.provide('dossierTestTemplate', '');
  return async () => {
    await rm(dir, { recursive: true, force: true });
    await summarize();
  };
}

/**
 * PostgreSQL: a database migrated and seeded once, from which each test file's database is copied (CREATE DATABASE …
 * TEMPLATE, a fraction of a second) instead of migrating and seeding a schema of its own (two to three seconds a file).
 */
async function seededTemplate(adminUrl: string): Promise<{ name: string; drop(): Promise<void> }> {
  const name = `dossier_template_${randomBytes(5).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const db = await openDatabase({ url: databaseUrl(adminUrl, name) });
  try {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`.execute(db);
    await migrate(db, TEST_VAULT);
    await seedDatabase(db, { demo: true, vault: TEST_VAULT });
  } finally {
    // No one may be connected to a template while it is copied.
    await db.destroy();
  }
  return { name, drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
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
    /** The seeded PostgreSQL database each test file's database is copied from ('' on PGlite). */
    dossierTestTemplate: string;
    /** Where each API test file leaves the tally of its answers (tests/support/answerTally.ts). */
    answerTallyDir: string;
  }
}
