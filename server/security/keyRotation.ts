import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import { keyFiles, keyringOf, newSecretText, parseSecret, writeKeyFile, type Keyring, type KeySource } from './keyring.js';
import { SsnVault } from './ssnVault.js';
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
