import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer } from 'node:net';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { buildClient, clientBuildIsStale } from '../../server/clientBuild.js';

const root = path.resolve(import.meta.dirname, '../..');

export interface E2eServer {
  name: 'pglite' | 'postgres';
  baseUrl: string;
  dataDir: string;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Starts the real server (`server/main.ts`, as `npm start` does) and waits until it listens. */
async function startServer(name: E2eServer['name'], env: Record<string, string>): Promise<{ server: E2eServer; child: ChildProcess }> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), `dossier-e2e-${name}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', DOSSIER_DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} server did not start:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Dossier is running')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`${name} server exited with ${code}:\n${output}`)));
  });
  return { server: { name, baseUrl: `http://127.0.0.1:${port}`, dataDir }, child };
}

export function chromiumPath(): string | null {
  const candidate = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  return existsSync(candidate) ? candidate : null;
}

/**
 * Before the Chromium tests: build the client if it is stale, then start the server on the embedded database
 * and — when TEST_DATABASE_URL is set — a second one on a fresh PostgreSQL database, both with demo data.
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

  const started: { server: E2eServer; child: ChildProcess }[] = [];
  let databaseName: string | null = null;
  const adminUrl = process.env.TEST_DATABASE_URL;
  started.push(await startServer('pglite', {}));
  if (adminUrl) {
    databaseName = `dossier_e2e_${randomBytes(5).toString('hex')}`;
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`CREATE DATABASE ${databaseName}`);
    await client.end();
    const url = new URL(adminUrl);
    url.pathname = `/${databaseName}`;
    started.push(await startServer('postgres', { DATABASE_URL: url.toString(), DOSSIER_DEMO: '1' }));
  }
  project.provide('e2eServers', started.map((s) => s.server));
  project.provide('chromiumPath', chromium);

  return async () => {
    for (const { child, server } of started) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      await rm(server.dataDir, { recursive: true, force: true });
    }
    if (databaseName && adminUrl) {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      await client.end();
    }
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2eServers: E2eServer[];
    chromiumPath: string;
  }
}
