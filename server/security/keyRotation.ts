import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import { keyFiles, keyringOf, newSecretText, parseSecret, writeKeyFile, type Keyring, type KeySource } from './keyring.js';
import { SsnVault } from './ssnVault.js';
import { open, seal, type SealPurpose } from './sealedBox.js';
import { readFile } from 'node:fs/promises';

/** Rows re-sealed per transaction: short transactions, so a live PostgreSQL keeps serving while a rotation runs. */
const BATCH = 500;

/** How many stored SSNs each key seals. */
export async function ssnsByKey(db: Database): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('case_subjects')
    .select(['SSNKeyId', (eb) => eb.fn.countAll<number>().as('n')])
    .where('SSNCipher', 'is not', null)
    .groupBy('SSNKeyId')
    .execute();
  return new Map(rows.map((row) => [row.SSNKeyId ?? '(none)', Number(row.n)]));
}

/** A table whose rows each hold one sealed secret (`SecretCipher`, `SecretKeyId`), found by its key column. */
export interface SealedSecretColumn {
  table: 'webhook_endpoints' | 'user_second_factors';
  key: 'Id' | 'User_Id';
  purpose: SealPurpose;
}

/**
 * `npm run rotate-key`'s part for a table of sealed secrets (webhook secrets, TOTP secrets): re-seals every one not
 * under the keyring's current key (opened with the key that sealed it, which must be in the ring), in one transaction.
 * Answers how many.
 */
export async function resealSecrets(db: Database, keyring: Keyring, column: SealedSecretColumn): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ key: number; cipher: string; keyId: string }>`
      SELECT ${sql.ref(column.key)} AS key, "SecretCipher" AS cipher, "SecretKeyId" AS "keyId" FROM ${sql.table(column.table)}
       WHERE "SecretKeyId" <> ${keyring.current.id} FOR UPDATE`.execute(trx);
    for (const row of rows) {
      const sealed = seal(keyring, column.purpose, open(keyring, column.purpose, row));
      await sql`UPDATE ${sql.table(column.table)} SET "SecretCipher" = ${sealed.cipher}, "SecretKeyId" = ${sealed.keyId} WHERE ${sql.ref(column.key)} = ${row.key}`.execute(trx);
    }
    return rows.length;
  });
}

/** What is stored under one key: values a rotation re-seals, and unused recovery codes, which it cannot. */
export interface StoredUnderKey {
  ssns: number;
  totpSecrets: number;
  webhookSecrets: number;
  /** Unused recovery codes hashed under the key, and the users they belong to. */
  recoveryCodes: number;
  recoveryCodeUsers: number;
}

/** Recovery codes made before their key was kept (migration 028) are counted under this id. */
export const UNKNOWN_KEY = '(unknown)';

/**
 * What each key still seals or hashes. Recovery codes are kept as keyed hashes, which cannot be made again without the
 * code: they stay under the key they were made with until used or replaced, and stop working once it is removed.
 */
export async function storedByKey(db: Database): Promise<Map<string, StoredUnderKey>> {
  const { rows } = await sql<{ keyId: string | null; what: keyof StoredUnderKey; n: number }>`
    SELECT "SSNKeyId" AS "keyId", 'ssns' AS what, count(*)::int AS n FROM case_subjects WHERE "SSNCipher" IS NOT NULL GROUP BY 1
    UNION ALL SELECT "SecretKeyId", 'totpSecrets', count(*)::int FROM user_second_factors GROUP BY 1
    UNION ALL SELECT "SecretKeyId", 'webhookSecrets', count(*)::int FROM webhook_endpoints GROUP BY 1
    UNION ALL SELECT "CodeKeyId", 'recoveryCodes', count(*)::int FROM user_recovery_codes WHERE "UsedDate" IS NULL GROUP BY 1
    UNION ALL SELECT "CodeKeyId", 'recoveryCodeUsers', count(DISTINCT "User_Id")::int FROM user_recovery_codes WHERE "UsedDate" IS NULL GROUP BY 1`.execute(db);
  const byKey = new Map<string, StoredUnderKey>();
  for (const row of rows) {
    const id = row.keyId ?? UNKNOWN_KEY;
    const stored = byKey.get(id) ?? byKey.set(id, { ssns: 0, totpSecrets: 0, webhookSecrets: 0, recoveryCodes: 0, recoveryCodeUsers: 0 }).get(id)!;
    stored[row.what] += Number(row.n);
  }
  return byKey;
}

/** What a rotation re-seals under one key: its SSNs, TOTP secrets and webhook secrets. */
export const resealable = (under: StoredUnderKey | undefined): number => (under ? under.ssns + under.totpSecrets + under.webhookSecrets : 0);

/** Whether anything a rotation re-seals is still under a key other than `currentId`. */
export const resealablePending = (stored: Map<string, StoredUnderKey>, currentId: string): boolean =>
  [...stored.entries()].some(([id, under]) => id !== currentId && resealable(under) > 0);

/**
 * After a rotation: what each older key of the ring still holds, so the operator knows when it may go. Nothing re-sealable
 * is left under them; unused recovery codes may be, which stop working once their key is removed.
 */
export function olderKeysReport(keyring: Keyring, stored: Map<string, StoredUnderKey>): string[] {
  const lines: string[] = [];
  for (const key of keyring.all.filter((k) => k.id !== keyring.current.id)) {
    const under = stored.get(key.id);
    const values = resealable(under);
    if (values) lines.push(`Key ${key.id} still seals ${values.toLocaleString()} values: run npm run rotate-key again before removing it.`);
    else if (under?.recoveryCodes) {
      lines.push(
        `Key ${key.id} seals no stored value any more, but ${under.recoveryCodes.toLocaleString()} unused recovery codes of ${under.recoveryCodeUsers.toLocaleString()} users were made under it: they stop working once it is removed (each user can make new ones from their account). Keep it until then, and as long as the backups made before this rotation.`,
      );
    } else lines.push(`Key ${key.id} seals no stored value any more. Keep it only as long as the backups made before this rotation, then remove it.`);
  }
  const unknown = stored.get(UNKNOWN_KEY);
  if (unknown?.recoveryCodes) {
    lines.push(`${unknown.recoveryCodes.toLocaleString()} unused recovery codes of ${unknown.recoveryCodeUsers.toLocaleString()} users were made before their key was recorded: they work while the key they were made with is in the ring.`);
  }
  return lines;
}

/**
 * Re-seals every SSN not sealed under the keyring's current key (and its lookup hash), a batch per transaction, in id
 * order. Safe to stop at any moment and to run again: it only ever picks up what is still under another key. Answers
 * how many it re-sealed. A value under a key missing from the ring stops it with that key's id.
 */
export async function resealSsns(db: Database, keyring: Keyring, { batch: size = BATCH, progress = () => undefined }: { batch?: number; progress?: (done: number) => void } = {}): Promise<number> {
  const vault = new SsnVault(keyring);
  const current = keyring.current.id;
  let done = 0;
  for (let lastId = 0; ; ) {
    const batch = await db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('case_subjects')
        .select(['Id', 'SSNCipher', 'SSNKeyId'])
        .where('SSNCipher', 'is not', null)
        .where((eb) => eb.or([eb('SSNKeyId', 'is', null), eb('SSNKeyId', '!=', current)]))
        .where('Id', '>', lastId)
        .orderBy('Id')
        .limit(size)
        .forUpdate()
        .execute();
      if (!rows.length) return null;
      const sealed = rows.map((row) => ({ Id: row.Id, ...vault.seal(vault.open(row)!) }));
      await sql`
        UPDATE case_subjects AS s SET "SSNCipher" = v.cipher, "SSNKeyId" = v.key_id, "SSNHash" = v.hash
        FROM (SELECT * FROM unnest(${sealed.map((r) => r.Id)}::integer[], ${sealed.map((r) => r.SSNCipher)}::text[],
              ${sealed.map((r) => r.SSNKeyId)}::text[], ${sealed.map((r) => r.SSNHash)}::text[]) AS t(id, cipher, key_id, hash)) AS v
        WHERE s."Id" = v.id`.execute(trx);
      return rows;
    });
    if (!batch) return done;
    done += batch.length;
    lastId = batch[batch.length - 1].Id;
    progress(done);
  }
}

/**
 * The keyring a rotation re-seals under. With DOSSIER_SECRET_KEY it is the environment's (the new key, the old ones in
 * DOSSIER_PREVIOUS_SECRET_KEYS). The embedded default rotates its own files: when nothing is left under an older key
 * it makes a new key (the current one joins secret.key.previous first, so no value ever loses its key); when a
 * rotation was interrupted it resumes under the key that rotation made.
 */
export async function rotationKeyring(source: KeySource, pendingUnderOlderKeys: (keyring: Keyring) => Promise<boolean>, say: (line: string) => void): Promise<Keyring> {
  if (source.secretKey) return keyringOf(parseSecret(source.secretKey), source.previousSecretKeys.map(parseSecret));
  if (source.databaseUrl) throw new Error('DOSSIER_SECRET_KEY (the new key) and DOSSIER_PREVIOUS_SECRET_KEYS (the old ones) are required with DATABASE_URL.');
  const files = keyFiles(source.dataDir);
  const read = async (file: string) => (await readFile(file, 'utf8').catch(() => '')).split('\n').filter((line) => line.trim());
  const [currentText] = await read(files.current);
  if (!currentText) throw new Error(`No key at ${files.current}: start Dossier once first.`);
  const previousTexts = await read(files.previous);
  const existing = keyringOf(parseSecret(currentText), previousTexts.map(parseSecret));
  if (await pendingUnderOlderKeys(existing)) {
    say(`Resuming: re-sealing under the current key ${existing.current.id}.`);
    return existing;
  }
  const next = newSecretText();
  await writeKeyFile(files.previous, [currentText, ...previousTexts].join('\n'));
  await writeKeyFile(files.current, next);
  const rotated = keyringOf(parseSecret(next), existing.all);
  say(`New key ${rotated.current.id} written to ${files.current}; key ${existing.current.id} moved to ${files.previous}.`);
  return rotated;
}
