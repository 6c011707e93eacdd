import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { buildClient, clientBuildIsStale } from '../../server/clientBuild.js';
import { describeWeight, firstScreenWeight } from '../../scripts/firstScreenWeight.js';
import { startServerProcess } from '../support/serverProcess.js';
import { TEST_SECRET_KEY } from '../support/testVault.js';
import { adminQuery, databaseUrl } from '../support/postgresAdmin.js';

const root = path.resolve(import.meta.dirname, '../..');

export interface E2eServer {
  name: 'pglite' | 'postgres';
  baseUrl: string;
  dataDir: string;
}

/** Starts the real server as `npm start` does (`scripts/start.mjs`: the compiled server) with its own data folder. */
async function startServer(name: E2eServer['name'], env: Record<string, string>): Promise<{ server: E2eServer; stop(): Promise<void> }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `dossier-e2e-${name}-`));
  // WEBHOOKS_ALLOW_HTTP: the webhooks test's receiver is a local http server.
  const started = await startServerProcess(name, 'scripts/start.mjs', { ...env, DOSSIER_DATA_DIR: dataDir, WEBHOOKS_ALLOW_HTTP: '1' });
  return { server: { name, baseUrl: started.baseUrl, dataDir }, stop: started.stop };
}

export function chromiumPath(): string | null {
  const candidate = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  return existsSync(candidate) ? candidate : null;
}

/**
 * Before the Chromium tests: build the client if it is stale and check its first screen's weight (Budgets in
 * shared/constants.ts), then start one server with demo data — on the embedded database, or with
 * E2E_DATABASE=postgres on a fresh PostgreSQL database of TEST_DATABASE_URL.
 */
export default async function setup(project: TestProject) {
  const chromium = chromiumPath();
  if (!chromium) {
    const message = 'Chromium tests need Chromium: apt-get install chromium (or set CHROMIUM_PATH)';
    if (process.env.CI === 'true') throw new Error(message);
    console.warn(`\n********************************************************************\n* SKIPPED: ${message}\n********************************************************************\n`);
    project.provide('e2eServers', []);
    project.provide('chromiumPath', '');
    return;
  }
  if (clientBuildIsStale(root, path.join(root, 'dist'))) await buildClient(root);
  // The first screen's download stays within its budget (npm run weight measures the same build).
  const weight = firstScreenWeight(path.join(root, 'dist'));
  if (weight.overBudget) throw new Error(`The client's first screen is too heavy:\n${describeWeight(weight)}`);

  const started: { server: E2eServer; stop(): Promise<void> }[] = [];
  let databaseName: string | null = null;
  // Each Chromium test runs once: on the embedded database `npm start` uses, or on PostgreSQL with
  // E2E_DATABASE=postgres (the API tests cover both databases already).
  const adminUrl = process.env.E2E_DATABASE === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  if (process.env.E2E_DATABASE === 'postgres' && !adminUrl) throw new Error('E2E_DATABASE=postgres needs TEST_DATABASE_URL');
  if (!adminUrl) started.push(await startServer('pglite', {}));
  else {
    databaseName = `dossier_e2e_${randomBytes(5).toString('hex')}`;
    await adminQuery(adminUrl, `CREATE DATABASE ${databaseName}`);
    started.push(await startServer('postgres', { DATABASE_URL: databaseUrl(adminUrl, databaseName), DOSSIER_DEMO: '1', DOSSIER_SECRET_KEY: TEST_SECRET_KEY }));
  }
  project.provide('e2eServers', started.map((s) => s.server));
  project.provide('chromiumPath', chromium);

  return async () => {
    for (const { stop, server } of started) {
      await stop();
      await rm(server.dataDir, { recursive: true, force: true });
    }
    if (databaseName && adminUrl) await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2eServers: E2eServer[];
    chromiumPath: string;
  }
}
