import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { InlineConfig } from 'vite';

export const CLIENT_SOURCES = ['src', 'dataProvider', 'resources', 'shared', 'schemas', 'index.html', 'vite.config.ts'];

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const info = statSync(entry);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(entry).reduce((newest, name) => Math.max(newest, newestMtime(path.join(entry, name))), info.mtimeMs);
}

/** True when dist/ is missing or older than any client source file. */
export function clientBuildIsStale(root: string, distDir: string): boolean {
  const index = path.join(distDir, 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return CLIENT_SOURCES.some((source) => newestMtime(path.join(root, source)) > built);
}

/**
 * Builds a client with Vite (in-process), always for production. Vite takes the client's `process.env.NODE_ENV` from
 * the building process's: a build started under Vitest (NODE_ENV=test: the Chromium tests' setup) used to ship React's
 * development build — several times slower to render, and not what `npm start` serves.
 */
export async function productionBuild(config: InlineConfig): Promise<void> {
  const { build } = await import('vite');
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ logLevel: 'warn', ...config, mode: 'production' });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

/** Builds the client into dist/. */
export function buildClient(root: string): Promise<void> {
  return productionBuild({ root, configFile: path.join(root, 'vite.config.ts') });
}
