import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdDataDir } from '../../server/backup/dataDirLock.js';
import { readConfig } from '../../server/config.js';
import { createPGlite, embeddedDatabase, migrate, openDatabase, type Database } from '../../server/db/database.js';
import { migrationProvider } from '../../server/db/migrations/index.js';
import { seedDatabase } from '../../server/db/seed/index.js';
import { buildApp } from '../../server/app.js';
import { startDossier } from '../../server/start.js';
import { keyFiles, keyringOf, loadKeyring, newSecretText, parseSecret } from '../../server/security/keyring.js';
import { olderKeysReport, resealablePending, resealSsns, rotationKeyring, ssnsByKey, storedByKey } from '../../server/security/keyRotation.js';
import { resealTotpSecrets, TotpVault } from '../../server/secondFactor/totpVault.js';
import { SsnVault } from '../../server/security/ssnVault.js';
import { createTestDatabase, TEST_DB_KIND, type TestDatabase } from '../support/testDatabase.js';
import { TEST_SECRET_KEY, TEST_VAULT } from '../support/testVault.js';
import { checkAnswersOf } from '../support/answerCheck.js';
import { DEMO_PASSWORD } from '../../server/db/seed/index.js';

/**
 * The secret key behind sealed SSNs (issue 21 §2): where it comes from, what a sealed value is, the migration that
 * seals what an older database stored in plain, `npm run rotate-key`, and what the embedded database's files hold.
 */
const dirs: string[] = [];
const tempDir = async (prefix: string) => {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** Every file under a folder that holds the text (as bytes). */
async function filesHolding(dir: string, text: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (folder: string): Promise<void> => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) await walk(file);
      else if ((await readFile(file)).includes(text)) found.push(path.relative(dir, file));
    }
  };
  await walk(dir);
  return found;
}

describe('the secret key', () => {
  it('is 32 bytes, as hex or base64; a passphrase is refused', () => {
    const hex = parseSecret(TEST_SECRET_KEY);
    const base64 = parseSecret(Buffer.from(TEST_SECRET_KEY, 'hex').toString('base64'));
    const base64url = parseSecret(Buffer.from(TEST_SECRET_KEY, 'hex').toString('base64url'));
    expect(base64.id).toBe(hex.id);
    expect(base64url.id).toBe(hex.id);
    expect(hex.id).toMatch(/^[0-9a-f]{16}$/);
    expect(hex.id).not.toBe(TEST_SECRET_KEY.slice(0, 16));
    expect(() => parseSecret('correct horse battery staple')).toThrow(/32 bytes/);
    expect(() => parseSecret(TEST_SECRET_KEY.slice(0, 62))).toThrow(/32 bytes/);
  });

  it('is made on the embedded database\'s first start, owner-only, said in the log, and read again afterwards', async () => {
    const dataDir = await tempDir('dossier-key-');
    const generated: string[] = [];
    const first = await loadKeyring({ dataDir, previousSecretKeys: [] }, (file) => generated.push(file));
    expect(generated).toEqual([keyFiles(dataDir).current]);
    expect((await stat(keyFiles(dataDir).current)).mode & 0o777).toBe(0o600);
    const second = await loadKeyring({ dataDir, previousSecretKeys: [] }, (file) => generated.push(file));
    expect(second.current.id).toBe(first.current.id);
    expect(generated).toHaveLength(1);
  });

  it('comes from DOSSIER_SECRET_KEY when set, with the previous keys still able to open', async () => {
    const previous = newSecretText();
    const config = readConfig({ DOSSIER_SECRET_KEY: TEST_SECRET_KEY, DOSSIER_PREVIOUS_SECRET_KEYS: ` ${previous} ,` });
    const keyring = await loadKeyring(config);
    expect(keyring.current.id).toBe(TEST_VAULT.keyring.current.id);
    expect(keyring.all.map((k) => k.id)).toEqual([keyring.current.id, parseSecret(previous).id]);
  });

  it('is required on PostgreSQL: Dossier refuses to start without it', async () => {
    const config = readConfig({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', DOSSIER_DATA_DIR: await tempDir('dossier-pg-') });
    await expect(loadKeyring(config)).rejects.toThrow(/DOSSIER_SECRET_KEY is required/);
    await expect(startDossier(config, { serveClient: false })).rejects.toThrow(/DOSSIER_SECRET_KEY is required/);
  });
});

describe('a sealed SSN', () => {
  it('opens under its own key only, and an altered one does not open', () => {
    const sealed = TEST_VAULT.seal('123456789');
    expect(TEST_VAULT.open(sealed)).toBe('123456789');
    expect(TEST_VAULT.masked(sealed)).toBe('*****6789');
    const other = new SsnVault(keyringOf(parseSecret(newSecretText())));
    expect(() => other.open(sealed)).toThrow(new RegExp(sealed.SSNKeyId));
    const bytes = Buffer.from(sealed.SSNCipher, 'base64url');
    bytes[14] ^= 1;
    expect(() => TEST_VAULT.open({ ...sealed, SSNCipher: bytes.toString('base64url') })).toThrow();
    // The lookup hash is keyed: another key hashes the same SSN differently.
    expect(other.hashes('123456789')).not.toContain(sealed.SSNHash);
  });
});

describe('rotating the key', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(() => test.drop());

  it('re-seals every SSN under the new key, a batch at a time, and resumes where it stopped', async () => {
    const db = test.db;
    const before = await db.selectFrom('case_subjects').select(['Id', 'SSNCipher', 'SSNKeyId']).orderBy('Id').execute();
    const plain = new Map(before.map((row) => [row.Id, TEST_VAULT.open(row)]));
    const rotated = keyringOf(parseSecret(newSecretText()), TEST_VAULT.keyring.all);
    // Stopped after the first batch (a crash, Ctrl-C): what is done stays done.
    await expect(resealSsns(db, rotated, { batch: 10, progress: () => { throw new Error('stopped'); } })).rejects.toThrow('stopped');
    expect((await ssnsByKey(db)).get(rotated.current.id)).toBe(10);
    const resumed = await resealSsns(db, rotated, { batch: 10 });
    expect(resumed).toBe(before.length - 10);
    expect([...(await ssnsByKey(db)).entries()]).toEqual([[rotated.current.id, before.length]]);
    const vault = new SsnVault(rotated);
    const after = await db.selectFrom('case_subjects').select(['Id', 'SSNCipher', 'SSNKeyId', 'SSNHash']).orderBy('Id').execute();
    for (const row of after) {
      expect(vault.open(row)).toBe(plain.get(row.Id));
      expect(vault.hashes(plain.get(row.Id)!)[0]).toBe(row.SSNHash);
    }
    // Without the old key nothing is lost: the new key alone opens everything.
    const newOnly = new SsnVault(keyringOf(rotated.current));
    expect(after.map((row) => newOnly.open(row))).toEqual(after.map((row) => plain.get(row.Id)));
  });

  it('re-seals second-factor secrets too, and says which older key still holds unused recovery codes', async () => {
    const db = test.db;
    const { Id: userId } = await db.selectFrom('users').where('UserName', '=', 'reviewer').select('Id').executeTakeFirstOrThrow();
    const oldKey = TEST_VAULT.keyring.current.id;
    const before = new TotpVault(TEST_VAULT.keyring);
    const secret = randomBytes(20);
    await db.insertInto('user_second_factors').values({ User_Id: userId, ...before.seal(secret), ConfirmedDate: new Date() }).execute();
    await db.insertInto('user_recovery_codes').values([
      { User_Id: userId, CodeHash: before.codeHash('AAAA-BBBB-CC'), CodeKeyId: oldKey, UsedDate: null },
      { User_Id: userId, CodeHash: before.codeHash('DDDD-EEEE-FF'), CodeKeyId: oldKey, UsedDate: new Date() },
      { User_Id: userId, CodeHash: before.codeHash('GGGG-HHHH-JJ'), CodeKeyId: null, UsedDate: null },
    ]).execute();
    const rotated = keyringOf(parseSecret(newSecretText()), TEST_VAULT.keyring.all);
    expect((await storedByKey(db)).get(oldKey)?.totpSecrets).toBe(1);
    expect(olderKeysReport(rotated, await storedByKey(db)).join('\n')).toContain(`Key ${oldKey} still seals 1 values`);

    expect(await resealTotpSecrets(db, rotated)).toBe(1);
    expect(await resealTotpSecrets(db, rotated)).toBe(0);
    const row = await db.selectFrom('user_second_factors').select(['SecretCipher', 'SecretKeyId']).where('User_Id', '=', userId).executeTakeFirstOrThrow();
    expect(row.SecretKeyId).toBe(rotated.current.id);
    // The new key alone opens it: the old one may go, as far as the secret goes.
    expect(new TotpVault(keyringOf(rotated.current)).open(row)).toEqual(secret);

    const stored = await storedByKey(db);
    expect(stored.get(rotated.current.id)).toMatchObject({ totpSecrets: 1 });
    expect(resealablePending(new Map([...stored].filter(([id]) => id === oldKey || id === rotated.current.id)), rotated.current.id)).toBe(false);
    const report = olderKeysReport(rotated, stored).join('\n');
    // One unused code under the old key (the used one does not count), one made before keys were recorded.
    expect(report).toContain(`Key ${oldKey} seals no stored value any more, but 1 unused recovery codes of 1 users were made under it`);
    expect(report).toContain('1 unused recovery codes of 1 users were made before their key was recorded');
    await db.deleteFrom('user_recovery_codes').where('User_Id', '=', userId).execute();
    await db.deleteFrom('user_second_factors').where('User_Id', '=', userId).execute();
  });

  it('makes the embedded database\'s new key itself, keeping the old one, and resumes an interrupted rotation', async () => {
    const dataDir = await tempDir('dossier-rotate-');
    const original = await loadKeyring({ dataDir, previousSecretKeys: [] });
    const said: string[] = [];
    const rotated = await rotationKeyring({ dataDir, previousSecretKeys: [] }, async () => false, (line) => said.push(line));
    expect(rotated.current.id).not.toBe(original.current.id);
    expect(rotated.byId(original.current.id)).toBeTruthy();
    const reloaded = await loadKeyring({ dataDir, previousSecretKeys: [] });
    expect(reloaded.current.id).toBe(rotated.current.id);
    expect(reloaded.all.map((k) => k.id)).toEqual([rotated.current.id, original.current.id]);
    const resumed = await rotationKeyring({ dataDir, previousSecretKeys: [] }, async () => true, (line) => said.push(line));
    expect(resumed.current.id).toBe(rotated.current.id);
    expect(said[1]).toMatch(/^Resuming/);
  });

  it.skipIf(TEST_DB_KIND === 'postgres')('runs as `npm run rotate-key` on a stopped embedded database', { timeout: 120_000 }, async () => {
    const dataDir = await tempDir('dossier-rotate-cli-');
    const keyring = await loadKeyring({ dataDir, previousSecretKeys: [] });
    const vault = new SsnVault(keyring);
    let db = await openDatabase({ dataDir: path.join(dataDir, 'db') });
    await migrate(db, vault);
    await seedDatabase(db, { demo: true, vault });
    const count = (await ssnsByKey(db)).get(keyring.current.id)!;
    await db.destroy();

    const rotate = () =>
      promisify(execFile)(path.resolve('node_modules/.bin/tsx'), ['scripts/rotateKey.ts'], {
        env: { ...process.env, DOSSIER_DATA_DIR: dataDir, DATABASE_URL: '', DOSSIER_SECRET_KEY: '' },
      });
    // While another process (a server, a backup, a restore) holds the data directory, it refuses and changes nothing.
    const hold = await holdDataDir(dataDir);
    const refused = await rotate().then(
      () => null,
      (error: { code?: number; stderr?: string }) => error,
    );
    await hold.release();
    expect(refused?.code).toBe(1);
    expect(refused?.stderr).toContain('is in use by another Dossier process');
    expect((await loadKeyring({ dataDir, previousSecretKeys: [] })).current.id).toBe(keyring.current.id);

    const { stdout } = await rotate();
    expect(stdout).toContain(`Re-sealed ${count} SSNs`);
    const after = await loadKeyring({ dataDir, previousSecretKeys: [] });
    expect(after.current.id).not.toBe(keyring.current.id);
    db = await openDatabase({ dataDir: path.join(dataDir, 'db') });
    expect([...(await ssnsByKey(db)).entries()]).toEqual([[after.current.id, count]]);
    await db.destroy();
  });
});

// The embedded database's own files: the same on either test tier, so run once.
describe.skipIf(TEST_DB_KIND === 'postgres')('what the embedded database\'s files hold', () => {
  it('never an SSN given to a new case, in its tables or its write-ahead log', { timeout: 120_000 }, async () => {
    const dataDir = await tempDir('dossier-files-');
    const dbDir = path.join(dataDir, 'db');
    const db = await openDatabase({ dataDir: dbDir });
    await migrate(db, TEST_VAULT);
    await seedDatabase(db, { demo: true, vault: TEST_VAULT });
    const app = await buildApp({ db, config: { ...readConfig({}), dataDir }, vault: TEST_VAULT });
    checkAnswersOf(app);
    const signIn = await app.inject({ method: 'POST', url: '/oauth/token', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `username=caseadmin&password=${DEMO_PASSWORD}&grant_type=password` });
    const auth = { authorization: `Bearer ${signIn.json().access_token as string}` };
    const org = await db.selectFrom('orgs').select('Id').where('Code', '=', 'DOC').executeTakeFirstOrThrow();
    const official = await db.selectFrom('users').select('Id').where('UserName', '=', 'client').executeTakeFirstOrThrow();
    const caseType = await db.selectFrom('type_items').select('Id').where('TableName', '=', 'CaseType').where('Short', '=', 'T1').executeTakeFirstOrThrow();
    const created = await app.inject({
      method: 'POST',
      url: '/api/cases',
      headers: auth,
      payload: { RequestingOfficial_Id: official.Id, Client_Id: org.Id, CaseType_Id: caseType.Id, Notes: null, CaseSubject: { FirstName: 'Disk', MiddleName: null, LastName: 'Check', SSN: '914253647' } },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/api/cases/${created.json().Id as number}`, headers: auth })).json().Subject.SSN).toBe('914253647');
    await sql`CHECKPOINT`.execute(db);
    await app.close();
    await db.destroy();
    expect(await filesHolding(dbDir, '914253647')).toEqual([]);
  });

  it('no SSN an older database held in plain, once the migration sealed it', { timeout: 120_000 }, async () => {
    const dbDir = await tempDir('dossier-legacy-');
    const db: Database = embeddedDatabase(await createPGlite({ dataDir: dbDir }));
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
    const migrator = new Migrator({ db, provider: migrationProvider(undefined) });
    expect((await migrator.migrateTo('018_case_number_counters')).error).toBeUndefined();
    // What an older release stored: SSNs in plain, and audit entries whose values held them.
    await sql`INSERT INTO orgs ("Name", "Code") VALUES ('Legacy', 'LG')`.execute(db);
    await sql`INSERT INTO type_lists ("TableName", "FormattedTableName") VALUES ('CaseType', 'Case Type')`.execute(db);
    await sql`INSERT INTO type_items ("TableName", "Short") VALUES ('CaseType', 'T1')`.execute(db);
    await sql`
      INSERT INTO cases ("CaseNumber", "Client_Id", "WorkflowState", "CaseType_Id")
      SELECT 'DOS-2020-' || lpad(g::text, 6, '0'), (SELECT "Id" FROM orgs), 'AWAITING_CASE_PAPERS', (SELECT "Id" FROM type_items) FROM generate_series(1, 1206) AS g`.execute(db);
    await sql`INSERT INTO case_subjects ("Case_Id", "FirstName", "LastName", "SSN") SELECT "Id", 'Old', 'Subject' || "Id", '8' || lpad("Id"::text, 8, '0') FROM cases WHERE "Id" <= 1205`.execute(db);
    await sql`INSERT INTO case_subjects ("Case_Id", "FirstName", "LastName", "SSN") SELECT "Id", 'Plain', 'Marker', '876543219' FROM cases WHERE "Id" = 1206`.execute(db);
    await sql`INSERT INTO audit_log ("Entity", "Entity_Id", "Action", "Changes") VALUES ('cases', '1', 'subject', '{"FirstName":"Plain","SSN":"876543219"}'), ('cases', '1', 'add-papers', '["876543219.pdf"]')`.execute(db);
    await migrate(db, TEST_VAULT);
    const entries = await db.selectFrom('audit_log').select(['Action', 'Fields']).orderBy('Id').execute();
    expect(entries.map((e) => ({ ...e, Fields: [...e.Fields].sort() }))).toEqual([{ Action: 'subject', Fields: ['FirstName', 'SSN'] }, { Action: 'add-papers', Fields: [] }]);
    const rows = await db.selectFrom('case_subjects').select(['Case_Id', 'LastName', 'SSNCipher', 'SSNKeyId', 'SSNHash']).orderBy('Id').execute();
    expect(rows).toHaveLength(1206);
    expect(TEST_VAULT.open(rows[0])).toBe('800000001');
    expect(TEST_VAULT.open(rows[1204])).toBe('800001205');
    expect(TEST_VAULT.open(rows[1205])).toBe('876543219');
    expect(rows.every((row) => row.SSNKeyId === TEST_VAULT.keyring.current.id && TEST_VAULT.hashes(TEST_VAULT.open(row)!).includes(row.SSNHash!))).toBe(true);
    await db.destroy();
    expect(await filesHolding(dbDir, '876543219')).toEqual([]);
  });

  it('refuses to seal an older database\'s SSNs without the key', async () => {
    const db: Database = embeddedDatabase(await createPGlite({}));
    try {
      await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
      await new Migrator({ db, provider: migrationProvider(undefined) }).migrateTo('019_audit_trail');
      await sql`INSERT INTO orgs ("Name", "Code") VALUES ('Legacy', 'LG')`.execute(db);
      await sql`INSERT INTO type_lists ("TableName", "FormattedTableName") VALUES ('CaseType', 'Case Type')`.execute(db);
      await sql`INSERT INTO type_items ("TableName", "Short") VALUES ('CaseType', 'T1')`.execute(db);
      await sql`INSERT INTO cases ("CaseNumber", "Client_Id", "WorkflowState", "CaseType_Id") VALUES ('DOS-2020-000001', (SELECT "Id" FROM orgs), 'AWAITING_CASE_PAPERS', (SELECT "Id" FROM type_items))`.execute(db);
      await sql`INSERT INTO case_subjects ("Case_Id", "FirstName", "LastName", "SSN") SELECT "Id", 'Old', 'Subject', '123456789' FROM cases`.execute(db);
      await expect(migrate(db)).rejects.toThrow(/needs the secret key/);
      const still = await sql<{ SSN: string }>`SELECT "SSN" FROM case_subjects`.execute(db);
      expect(still.rows).toEqual([{ SSN: '123456789' }]);
    } finally {
      await db.destroy();
    }
  });
});
