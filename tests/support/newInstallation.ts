import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { TEST_SECRET_KEY } from './testVault.js';
import { adminQuery, databaseUrl } from './postgresAdmin.js';

/** One installation of the real server: its environment, its data folder, and how to remove it all. */
export interface NewInstallation {
  /** What `scripts/start.mjs` needs to run on it: the data folder, the database, the secret key, demo data. */
  env: Record<string, string>;
  dataDir: string;
  /** Removes the data folder, and on PostgreSQL drops the database (closing what is still connected). */
  remove(): Promise<void>;
}

/**
 * A data folder, and on PostgreSQL a database of its own made with `adminUrl` (a role that may create databases):
 * what one installation keeps across restarts, with the demo firm on first start. The API alone is served (no client
 * build). Used by the tests that start the server as a process (tests/support/installation.ts) and by the soak run
 * (bench/soak.ts); it knows no test runner.
 */
export async function newInstallation(name: string, database: { kind: 'pglite' } | { kind: 'postgres'; adminUrl: string }): Promise<NewInstallation> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `dossier-${name}-${database.kind}-`));
  const removeDir = () => rm(dataDir, { recursive: true, force: true });
  const env: Record<string, string> = { DOSSIER_DATA_DIR: dataDir, DOSSIER_SERVE_CLIENT: '0' };
  if (database.kind === 'pglite') return { env: { ...env, DATABASE_URL: '' }, dataDir, remove: removeDir };
  const { adminUrl } = database;
  const databaseName = `dossier_${name}_${randomBytes(5).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${databaseName}`);
  return {
    env: { ...env, DATABASE_URL: databaseUrl(adminUrl, databaseName), DOSSIER_DEMO: '1', DOSSIER_SECRET_KEY: TEST_SECRET_KEY },
    dataDir,
    async remove() {
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      await removeDir();
    },
  };
}
