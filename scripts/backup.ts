import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readConfig } from '../server/config.js';
import { openDatabase } from '../server/db/database.js';
import { fileStorageFor } from '../server/files/fileStorageFor.js';
import { backUp, describeBackup, type BackupEvent, type BackupRequest, type BackupSummary } from '../server/backup/backUp.js';
import { installedKeys, keyPlace } from '../server/backup/backupKeys.js';
import { askHolder, holdDataDir } from '../server/backup/dataDirLock.js';

/**
 * `npm run backup -- --to DIR [--key-to FILE]` (docs/operations.md, "Backups"): the database and the files its rows
 * name, read in one snapshot, into DIR; the keys the sealed SSNs need into FILE, never into DIR. On PostgreSQL it reads
 * the database itself, the servers keep serving. On the embedded database it asks the running server to write it (only
 * that process can open the database; its requests wait while the database is read), or, with no server running,
 * opens the database itself.
 */
const usage = 'Usage: npm run backup -- --to DIR [--key-to FILE]';

function progress(event: BackupEvent) {
  if (event.kind === 'snapshot') console.log(`Read ${event.rows.toLocaleString('en-US')} rows of ${event.tables} tables in one snapshot (${event.ms} ms); copying ${event.files.toLocaleString('en-US')} files…`);
  else console.log(`${event.missing} file(s) were deleted while the backup ran: taking a new snapshot.`);
}

async function main() {
  const { values } = parseArgs({ options: { to: { type: 'string' }, 'key-to': { type: 'string' } } });
  if (!values.to) throw new Error(usage);
  const config = readConfig();
  const request: BackupRequest = { to: path.resolve(values.to), keyTo: values['key-to'] ? path.resolve(values['key-to']) : undefined };
  const keyring = await installedKeys(config);
  let summary: BackupSummary;
  let via: string | undefined;
  if (config.databaseUrl) {
    const db = await openDatabase({ url: config.databaseUrl });
    try {
      summary = await backUp({ ...request, db, storage: fileStorageFor(config), database: 'postgres', keyring, progress });
    } finally {
      await db.destroy();
    }
  } else {
    const server = await askHolder(config.dataDir, { backup: request }, (event) => progress(event as BackupEvent));
    if (server.held) {
      summary = server.done as BackupSummary;
      via = 'written by the running server';
    } else {
      const dbDir = path.join(config.dataDir, 'db');
      if (!existsSync(path.join(dbDir, 'PG_VERSION'))) throw new Error(`There is no Dossier database in ${dbDir} (DOSSIER_DATA_DIR): nothing to back up.`);
      const hold = await holdDataDir(config.dataDir);
      try {
        const db = await openDatabase({ dataDir: dbDir });
        try {
          summary = await backUp({ ...request, db, storage: fileStorageFor(config), database: 'embedded', keyring, progress });
          via = 'no server running';
        } finally {
          await db.destroy();
        }
      } finally {
        await hold.release();
      }
    }
  }
  console.log(describeBackup(summary, { via, keyPlace: keyPlace(config) }).join('\n'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
