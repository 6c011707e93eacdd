import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../../server/db/database.js';
import { backUp, type BackupEvent } from '../../server/backup/backUp.js';
import { restore } from '../../server/backup/restore.js';
import { readManifest, tableFile } from '../../server/backup/backupFormat.js';
import { readConfig } from '../../server/config.js';
import { newSecretText } from '../../server/security/keyring.js';
import { TEST_DB_KIND } from '../support/testDatabase.js';
import { installation } from '../support/installation.js';
import { startTestApp, type TestApp } from '../support/testApp.js';
import { multipart } from '../support/uploads.js';
import { newInstallation } from '../support/newInstallation.js';
import { TEST_SECRET_KEY, TEST_VAULT } from '../support/testVault.js';
import { backupFolders, expectSealed, plainText } from '../support/backupFiles.js';

/**
 * Backups of the in-process app (issue 24): a backup missing a file, or restored with the wrong key, is refused before
 * anything is written; a file deleted while a backup runs makes it take a new snapshot; a backup restores into the
 * other database, row for row.
 */
const folder = backupFolders();

describe(`backups of the in-process app on ${TEST_DB_KIND}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('refuses a backup missing a file, one restored with the wrong key and one that did not finish, before writing anything', async () => {
    await uploadPaper(t, await t.signIn('caseadmin'));
    const from = path.join(await folder('refused'), 'backup');
    const database = TEST_DB_KIND === 'pglite' ? 'embedded' : 'postgres';
    await backUp({ db: t.database.db, storage: t.app.services.storage, database, keyring: TEST_VAULT.keyring, to: from });
    const manifest = await readManifest(from);
    const target = await installation('refused');
    const config = readConfig(target);
    const restoreInto = (options: { from?: string; keyFrom?: string; secretKey?: string } = {}) =>
      restore({ from: options.from ?? from, config: { ...config, secretKey: options.secretKey ?? config.secretKey }, keyFrom: options.keyFrom }).then(
        () => 'restored',
        (error: Error) => error.message,
      );
    const keyFile = path.join(await folder('refused-keys'), 'key');

    // The wrong key: every SSN is checked against it before anything is written.
    await writeFile(keyFile, newSecretText());
    const wrongKey = await restoreInto(TEST_DB_KIND === 'pglite' ? { keyFrom: keyFile } : { secretKey: newSecretText() });
    // The backup is sealed under the same key as its SSNs: without it, not even its rows are read.
    expect(wrongKey).toContain(`The backup is sealed under key ${manifest.encryption!.keyId}`);
    expect(manifest.encryption!.keyId).toBe(manifest.ssnKeys[0].id);
    expect(wrongKey).toContain('Nothing was restored.');

    // A file the rows name is missing.
    await writeFile(keyFile, TEST_SECRET_KEY);
    const damaged = path.join(await folder('damaged'), 'backup');
    await cp(from, damaged, { recursive: true });
    const index = (await plainText(damaged, 'files.jsonl', TEST_VAULT.keyring)).split('\n').filter(Boolean);
    const lost = (JSON.parse(index[0]) as { key: string }).key;
    await rm(path.join(damaged, 'files', lost));
    const missing = await restoreInto({ from: damaged, keyFrom: keyFile });
    expect(missing).toContain('The backup is incomplete: 1 file(s) its rows name are missing or damaged, so nothing was restored');
    expect(missing).toContain(`${lost} is missing from ${path.join(damaged, 'files')}`);

    // A file changed in the backup does not open: refused by its tag, naming it.
    const altered = path.join(await folder('altered'), 'backup');
    await cp(from, altered, { recursive: true });
    const subjects = tableFile(altered, 'case_subjects');
    const bytes = await readFile(subjects);
    bytes[bytes.length - 20] ^= 1;
    await writeFile(subjects, bytes);
    // (Its tag is checked at its end; the gzip inside may notice first.)
    expect(await restoreInto({ from: altered, keyFrom: keyFile })).toMatch(/^The backup's case_subjects\.jsonl\.gz (does not open with its key|cannot be read .*the backup is damaged)/);

    // A backup that did not finish has no manifest.
    await rm(path.join(damaged, 'manifest.json'));
    expect(await restoreInto({ from: damaged, keyFrom: keyFile })).toContain('is not a complete Dossier backup: it has no manifest.json');

    // Nothing was written: the target is still empty (no embedded database made; no table in the PostgreSQL one).
    if (TEST_DB_KIND === 'pglite') {
      expect(await readFile(path.join(target.DOSSIER_DATA_DIR, 'db', 'PG_VERSION')).catch(() => 'none')).toBe('none');
    } else {
      const db = await openDatabase({ url: target.DATABASE_URL });
      const tables = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`.execute(db);
      await db.destroy();
      expect(tables.rows[0].n).toBe(0);
    }
  });

  it('takes a new snapshot when a file is deleted after the database was read, and backs up the firm as it then is', async () => {
    const admin = await t.signIn('caseadmin');
    const kept = await uploadPaper(t, admin);
    const doomed = await uploadPaper(t, admin);
    const key = (await t.database.db.selectFrom('case_attachments').select('StorageKey').where('Id', '=', doomed.Id).executeTakeFirstOrThrow()).StorageKey!;
    const events: BackupEvent[] = [];
    const to = path.join(await folder('raced'), 'backup');
    await backUp({
      db: t.database.db,
      storage: t.app.services.storage,
      database: TEST_DB_KIND === 'pglite' ? 'embedded' : 'postgres',
      keyring: TEST_VAULT.keyring,
      to,
      async progress(event) {
        events.push(event);
        // Between the snapshot and the copy of its files, a user deletes a paper: its row and its file go.
        if (events.length === 1) expect((await t.call(admin, { method: 'DELETE', url: `/api/cases/${doomed.Case_Id}/attachments/${doomed.Id}` })).statusCode).toBe(200);
      },
    });
    expect(events.map((e) => e.kind)).toEqual(['snapshot', 'retry', 'snapshot']);
    const manifest = await readManifest(to);
    expect(manifest.snapshot.attempts).toBe(2);
    const keys = TEST_VAULT.keyring;
    expect(await plainText(to, 'tables/case_attachments.jsonl.gz', keys)).not.toContain(key);
    expect(await plainText(to, 'files.jsonl', keys)).not.toContain(key);
    // The paper uploaded and kept is in it, with its file.
    const keptKey = (await t.database.db.selectFrom('case_attachments').select('StorageKey').where('Id', '=', kept.Id).executeTakeFirstOrThrow()).StorageKey!;
    expect(await plainText(to, 'files.jsonl', keys)).toContain(keptKey);
    expect(await plainText(to, `files/${keptKey}`, keys)).toBe(kept.content);
    await expectSealed(to, new Map([[keptKey, Buffer.from(kept.content)]]));
  });

  // A firm that outgrows one machine moves from the embedded database to PostgreSQL with a backup, and a backup of
  // PostgreSQL restores into the embedded database (a test restore on a laptop). Needs a PostgreSQL either way.
  const other = TEST_DB_KIND === 'pglite' ? 'postgres' : 'pglite';
  it.skipIf(!process.env.TEST_DATABASE_URL)(`restores a backup into the other database (${other}), every table row for row`, { timeout: 120_000 }, async () => {
    await uploadPaper(t, await t.signIn('caseadmin'));
    const from = path.join(await folder('moved'), 'backup');
    await backUp({ db: t.database.db, storage: t.app.services.storage, database: TEST_DB_KIND === 'pglite' ? 'embedded' : 'postgres', keyring: TEST_VAULT.keyring, to: from });
    const target = await newInstallation('moved', other === 'postgres' ? { kind: 'postgres', adminUrl: process.env.TEST_DATABASE_URL! } : { kind: 'pglite' });
    const keyFile = path.join(await folder('moved-keys'), 'key');
    await writeFile(keyFile, TEST_SECRET_KEY);
    try {
      const summary = await restore({ from, config: readConfig(target.env), keyFrom: keyFile });
      expect(summary.target).toContain(other === 'postgres' ? 'the PostgreSQL database' : 'the embedded database');
      const db = await openDatabase(other === 'postgres' ? { url: target.env.DATABASE_URL } : { dataDir: path.join(target.dataDir, 'db') });
      try {
        for (const { name, rows } of (await readManifest(from)).tables) {
          const rowsOf = async (database: typeof db) => (await sql<Record<string, unknown>>`SELECT * FROM ${sql.id(name)}`.execute(database)).rows.map((row) => JSON.stringify(row)).sort();
          const moved = await rowsOf(db);
          expect(moved.length, name).toBe(rows);
          expect(moved, name).toEqual(await rowsOf(t.database.db));
        }
      } finally {
        await db.destroy();
      }
    } finally {
      await target.remove();
    }
  });
});

/** Uploads a paper to the first demo case (in-process); answers the paper and its text. */
async function uploadPaper(t: TestApp, token: string): Promise<{ Id: number; Case_Id: number; content: string }> {
  const caseId = (await t.database.db.selectFrom('cases').select('Id').orderBy('Id').executeTakeFirstOrThrow()).Id;
  const content = `Signed release ${randomBytes(8).toString('hex')}`;
  const name = `release-${randomBytes(4).toString('hex')}.txt`;
  const answer = await t.call(token, { method: 'POST', url: `/api/cases/${caseId}/attachments`, ...multipart([{ name, content, type: 'text/plain' }]) });
  expect(answer.statusCode, answer.body).toBe(200);
  const paper = (answer.json() as { Id: number; Name: string }[]).find((p) => p.Name === name)!;
  return { Id: paper.Id, Case_Id: caseId, content };
}
