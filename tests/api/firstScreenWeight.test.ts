import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { describeWeight, firstScreenWeight } from '../../scripts/firstScreenWeight.js';

/**
 * The first screen's weight (npm run weight; checked before the Chromium tests) on a small build laid out as Vite
 * lays one out: what it counts, and that it fails over its budget.
 */
let dist: string;

async function build(files: Record<string, string | Buffer>) {
  dist = await mkdtemp(path.join(tmpdir(), 'dossier-weight-'));
  for (const [name, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dist, name)), { recursive: true });
    await writeFile(path.join(dist, name), content);
  }
}

const INDEX = `<!doctype html><html><head>
<script type="module" crossorigin src="/assets/index-A.js" nonce="x"></script>
<link rel="modulepreload" crossorigin href="/assets/react-B.js" nonce="x">
<link rel="stylesheet" crossorigin href="/assets/index-C.css">
<link rel="icon" type="image/svg+xml" href="/favicon.svg" />
</head><body></body></html>`;

afterEach(async () => {
  if (dist) await rm(dist, { recursive: true, force: true });
});

describe('the first screen weight', () => {
  it('sums the brotli copies of the entry, its static imports and style sheets, not what loads later', async () => {
    await build({
      'index.html': INDEX,
      'favicon.svg': '<svg/>',
      // The entry imports react (preloaded) and shared (not preloaded: still counted), and a screen with import().
      'assets/index-A.js': 'import{a}from"./react-B.js";import"./shared-D.js";const s=()=>import("./Screen-E.js");',
      'assets/index-A.js.br': Buffer.alloc(1_000),
      'assets/react-B.js': 'export const a=1;',
      'assets/react-B.js.br': Buffer.alloc(2_000),
      'assets/shared-D.js': 'export{b}from"./tiny-F.js";',
      'assets/tiny-F.js': 'export const b=2;',
      'assets/Screen-E.js': 'import{a}from"./react-B.js";export default a;',
      'assets/Screen-E.js.br': Buffer.alloc(50_000),
      'assets/index-C.css': 'body{}',
      'assets/index-C.css.br': Buffer.alloc(300),
    });
    const weight = firstScreenWeight(dist, 4_000);
    expect(weight.files.map((f) => f.file).sort()).toEqual(['assets/index-A.js', 'assets/index-C.css', 'assets/react-B.js', 'assets/shared-D.js', 'assets/tiny-F.js']);
    // Files without a brotli copy (too small to pay) count as sent: their own size.
    const shared = 'export{b}from"./tiny-F.js";'.length;
    const tiny = 'export const b=2;'.length;
    expect(weight.brotli).toBe(1_000 + 2_000 + 300 + shared + tiny);
    expect(weight.overBudget).toBe(false);
    expect(describeWeight(weight)).toMatch(/within the budget of 4\.0 kB/);
  });

  it('is over the budget past it, and says so', async () => {
    await build({ 'index.html': INDEX, 'assets/index-A.js': 'export{}', 'assets/react-B.js': 'x', 'assets/index-C.css': 'y', 'assets/react-B.js.br': Buffer.alloc(5_000) });
    const weight = firstScreenWeight(dist, 4_000);
    expect(weight.brotli).toBe(5_000 + 'export{}'.length + 'y'.length);
    expect(weight.overBudget).toBe(true);
    expect(describeWeight(weight)).toMatch(/First screen: 5\.0 kB brotli in 3 files, OVER the budget of 4\.0 kB\./);
  });

  it('refuses a missing build, or one whose page names a file it does not hold', async () => {
    await build({ 'index.html': INDEX, 'assets/index-A.js': 'export{}' });
    expect(() => firstScreenWeight(dist)).toThrow(/assets\/(react-B\.js|index-C\.css), which the first screen loads, is not in/);
    expect(() => firstScreenWeight(path.join(dist, 'nowhere'))).toThrow(/index\.html is missing: build the client first/);
  });
});
