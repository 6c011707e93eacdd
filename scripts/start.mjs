// `npm start`: runs Dossier from compiled JavaScript. Builds the server (esbuild: one ES module of our code, the
// packages left as imports) when its sources are newer than the build, then runs it in this same process, so a
// signal sent to `npm start` reaches the server once. The server builds the client itself when it is stale
// (--build-if-needed, passed on). Plain JavaScript on purpose: no TypeScript loader runs in production.
import { existsSync, mkdirSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import v8 from 'node:v8';

// On the embedded database (no DATABASE_URL) V8 sizes its heap for memory rather than speed: PGlite's memory sits
// beside it on the small machines the embedded database is for. Measured with `npm run bench:memory`
// (docs/performance.md, "Embedded server memory"): the heap after the warm-up 238 MiB → 87 MiB, its calls no slower.
// Set before the server's code loads.
if (!process.env.DATABASE_URL) v8.setFlagsFromString('--optimize-for-size');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'build', 'server', 'main.js');
const SOURCES = ['server', 'resources', 'shared', 'schemas', 'package-lock.json'];

function newest(entry) {
  if (!existsSync(entry)) return 0;
  const info = statSync(entry);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(entry).reduce((latest, name) => Math.max(latest, newest(path.join(entry, name))), info.mtimeMs);
}

const stale = !existsSync(out) || SOURCES.some((source) => newest(path.join(root, source)) > statSync(out).mtimeMs);
if (stale) {
  console.log('Building the server…');
  const { build } = await import('esbuild');
  // Written beside the build and renamed into place: two starts building at once never run a half-written file.
  const result = await build({
    entryPoints: [path.join(root, 'server', 'main.ts')],
    outfile: out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    write: false,
    logLevel: 'warning',
  });
  mkdirSync(path.dirname(out), { recursive: true });
  for (const file of result.outputFiles) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
}
await import(pathToFileURL(out).href);
