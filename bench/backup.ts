/**
 * `npm run bench:backup`: how long a backup holds the embedded database (the pause a running embedded server's
 * requests wait through), how large the backup is, and how long a restore takes — on the demo firm grown by
 * BENCH_BACKUP_AUDIT audit entries (default 1,000,000) and BENCH_BACKUP_CASES cases with a subject and three items each
 * (default 20,000). Embedded database only: on PostgreSQL a backup holds nothing (docs/operations.md, "Backups").
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { execFileSync } from 'node:child_process';
import { sql } from 'kysely';
import { migrate, openDatabase } from '../server/db/database.js';
import { seedDatabase } from '../server/db/seed/index.js';
import { storageIn } from '../server/files/storage.js';
import { backUp } from '../server/backup/backUp.js';
import { restore } from '../server/backup/restore.js';
import { writeKeyFile } from '../server/security/keyring.js';
import { BENCH_VAULT } from './benchVault.js';

const AUDIT = Number(process.env.BENCH_BACKUP_AUDIT ?? 1_000_000);
const CASES = Number(process.env.BENCH_BACKUP_CASES ?? 20_000);

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const du = (dir: string) => execFileSync('du', ['-sh', dir], { encoding: 'utf8' }).split('\t')[0];

async function main() {
  const work = await mkdtemp(path.join(tmpdir(), 'dossier-bench-backup-'));
  try {
    const dataDir = path.join(work, 'data');
    const db = await openDatabase({ dataDir: path.join(dataDir, 'db') });
    await migrate(db, BENCH_VAULT);
    await seedDatabase(db, { demo: true, vault: BENCH_VAULT });
    console.log(`Filling: ${AUDIT.toLocaleString('en-US')} audit entries, ${CASES.toLocaleString('en-US')} cases…`);
    await sql`
      INSERT INTO audit_log ("User_Id", "UserName", "Entity", "Entity_Id", "Action", "Fields", "ClientAddress", "UserAgent", "CreatedDate")
      SELECT 1, 'sysadmin', 'cases', (g % 5000)::text, 'update', ARRAY['Notes', 'DueDate'], '10.0.0.1', 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120',
             now() - (g || ' minutes')::interval
        FROM generate_series(1, ${AUDIT}) AS g`.execute(db);
    await sql`
      INSERT INTO cases ("CaseNumber", "Client_Id", "WorkflowState", "ReceivedDate", "CaseType_Id")
      SELECT 'B-' || lpad(g::text, 8, '0'), (SELECT "Id" FROM orgs ORDER BY "Id" LIMIT 1), 'IN_PROCESS', current_date - (g % 900),
             (SELECT "Id" FROM type_items WHERE "TableName" = 'CaseType' ORDER BY "Id" LIMIT 1)
        FROM generate_series(1, ${CASES}) AS g`.execute(db);
    await sql`
      INSERT INTO case_subjects ("Case_Id", "FirstName", "LastName")
      SELECT c."Id", 'Subject' || (c."Id" % 5000), 'Person' || (c."Id" % 7919) FROM cases c
       WHERE NOT EXISTS (SELECT 1 FROM case_subjects s WHERE s."Case_Id" = c."Id")`.execute(db);
    const itemType = await db.selectFrom('item_types').select('Id').orderBy('Id').executeTakeFirstOrThrow();
    await sql`
      INSERT INTO items ("Case_Id", "DisplayOrder", "ItemType_Id", "ItemStatus", "City")
      SELECT c."Id", n, ${itemType.Id}, 'ASSIGNED', 'City' || (c."Id" % 300) FROM cases c, generate_series(1, 3) AS n
       WHERE c."CaseNumber" LIKE 'B-%'`.execute(db);
    await sql`CHECKPOINT`.execute(db);

    const to = path.join(work, 'backup');
    const started = performance.now();
    const summary = await backUp({ db, storage: storageIn(dataDir), database: 'embedded', keyring: BENCH_VAULT.keyring, to });
    const backupMs = performance.now() - started;
    await db.destroy();
    const rows = summary.rows;
    console.log(`Database: ${du(path.join(dataDir, 'db'))} on disk, ${rows.toLocaleString('en-US')} rows.`);
    console.log(`Backup: snapshot (the pause) ${seconds(summary.manifest.snapshot.ms)}, ${Math.round(rows / (summary.manifest.snapshot.ms / 1000)).toLocaleString('en-US')} rows a second; whole backup ${seconds(backupMs)}; ${du(to)} written.`);

    const keyFile = path.join(work, 'bench.keys');
    await writeKeyFile(keyFile, BENCH_VAULT.keyring.current.material.toString('base64'));
    const restoreStarted = performance.now();
    await restore({ from: to, config: { dataDir: path.join(work, 'restored'), previousSecretKeys: [] }, keyFrom: keyFile });
    console.log(`Restore into an empty data directory: ${seconds(performance.now() - restoreStarted)}.`);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
