import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

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

/** Builds the client with Vite (in-process). */
export async function buildClient(root: string): Promise<void> {
  const { build } = await import('vite');
  await build({ root, logLevel: 'warn', configFile: path.join(root, 'vite.config.ts') });
}
