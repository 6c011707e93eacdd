import { parseArgs } from 'node:util';
import { readConfig } from '../server/config.js';
import { describeRestore, restore } from '../server/backup/restore.js';

/**
 * `npm run restore -- --from DIR [--key-from FILE] [--force]` (docs/operations.md, "Backups"): checks the whole backup
 * (every table and file against its SHA-256, every file the rows name, the keys against every sealed SSN), then
 * restores it into this installation — DATABASE_URL, else the embedded database in DOSSIER_DATA_DIR — which must be
 * empty (`--force` moves an embedded database aside, or drops the tables of a PostgreSQL schema). Dossier must not
 * run on it meanwhile.
 */
const usage = 'Usage: npm run restore -- --from DIR [--key-from FILE] [--force]';

async function main() {
  const { values } = parseArgs({ options: { from: { type: 'string' }, 'key-from': { type: 'string' }, force: { type: 'boolean', default: false } } });
  if (!values.from) throw new Error(usage);
  const summary = await restore({ from: values.from, config: readConfig(), keyFrom: values['key-from'], force: values.force });
  console.log(describeRestore(summary).join('\n'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
