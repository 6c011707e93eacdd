import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Budgets } from '../shared/constants.js';

/** One file the browser fetches before the first screen, and what it weighs as the server sends it. */
export interface FirstScreenFile {
  file: string;
  bytes: number;
  /** Its brotli copy's size (the build writes one beside every file it pays to compress), or its own size without one. */
  brotli: number;
}

export interface FirstScreenWeight {
  files: FirstScreenFile[];
  /** The sum of the files' brotli sizes. */
  brotli: number;
  budget: number;
  overBudget: boolean;
}

/** The script and style files index.html names: its module script, the modules it preloads, its style sheets. */
function namedByIndex(html: string): string[] {
  const files: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const attribute = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
    const rel = attribute('rel');
    const href = tag.startsWith('<script') ? attribute('src') : rel === 'modulepreload' || rel === 'stylesheet' ? attribute('href') : undefined;
    if (href?.startsWith('/')) files.push(href.slice(1));
  }
  return files;
}

/** The chunks a built module imports statically (`import … from "./x.js"`, `import "./x.js"`; not `import("./x.js")`). */
function staticImports(code: string): string[] {
  return [...code.matchAll(/\b(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["'](\.{1,2}\/[^"']+)["']/g)].map((match) => match[1]);
}

/**
 * What the browser downloads before it can show the first screen (the sign-in page, or the cases list once signed
 * in): the entry module, every module it imports statically (followed through the built files, so a chunk
 * index.html forgot to preload still counts), and the style sheets index.html names. Modules loaded with
 * `import()` (screens, editors, forms) come later and are not counted.
 */
export function firstScreenWeight(distDir: string, budget: number = Budgets.FIRST_SCREEN_JS_BROTLI_BYTES): FirstScreenWeight {
  const index = path.join(distDir, 'index.html');
  if (!existsSync(index)) throw new Error(`${index} is missing: build the client first (npm run build)`);
  const pending = namedByIndex(readFileSync(index, 'utf8'));
  if (!pending.some((file) => file.endsWith('.js'))) throw new Error(`${index} names no script`);
  const seen = new Set<string>();
  while (pending.length) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    const full = path.join(distDir, file);
    if (!existsSync(full)) throw new Error(`${file}, which the first screen loads, is not in ${distDir}`);
    seen.add(file);
    if (file.endsWith('.js')) {
      for (const imported of staticImports(readFileSync(full, 'utf8'))) pending.push(path.posix.join(path.posix.dirname(file), imported));
    }
  }
  const files = [...seen]
    .map((file) => {
      const full = path.join(distDir, file);
      const bytes = statSync(full).size;
      return { file, bytes, brotli: existsSync(`${full}.br`) ? statSync(`${full}.br`).size : bytes };
    })
    .sort((a, b) => b.brotli - a.brotli);
  const brotli = files.reduce((sum, file) => sum + file.brotli, 0);
  return { files, brotli, budget, overBudget: brotli > budget };
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** The weight as a table, its total and the budget. */
export function describeWeight(weight: FirstScreenWeight): string {
  const width = Math.max(...weight.files.map((f) => f.file.length));
  const rows = weight.files.map((f) => `  ${f.file.padEnd(width)}  ${kB(f.bytes).padStart(9)}  ${kB(f.brotli).padStart(9)} br`);
  const verdict = weight.overBudget ? `OVER the budget of ${kB(weight.budget)}` : `within the budget of ${kB(weight.budget)}`;
  return [...rows, `First screen: ${kB(weight.brotli)} brotli in ${weight.files.length} files, ${verdict}.`].join('\n');
}

/** `npm run weight`: measures dist/ (built by `npm run build`) and fails over the budget. */
function main() {
  const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', process.argv[2] ?? 'dist');
  const weight = firstScreenWeight(distDir);
  console.log(describeWeight(weight));
  if (weight.overBudget) process.exit(1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
