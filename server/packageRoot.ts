import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder holding Dossier's package.json: found by walking up from this module, so it is the same whether the
 * server runs from its sources (server/) or from its build (build/server/).
 */
function packageRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}

export const ROOT_DIR = packageRoot(path.dirname(fileURLToPath(import.meta.url)));
