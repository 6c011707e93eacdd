import path from 'node:path';
import { holdDataDir } from '../server/backup/dataDirLock.js';
import { readConfig } from '../server/config.js';
import { migrate, openDatabase } from '../server/db/database.js';
import { loadKeyring } from '../server/security/keyring.js';
import { resealSsns, rotationKeyring, ssnsByKey } from '../server/security/keyRotation.js';
import { resealWebhookSecrets } from '../server/webhooks/secretSeal.js';
import { SsnVault } from '../server/security/ssnVault.js';

/**
 * `npm run rotate-key` (README, "Secret key"): re-seals every stored SSN under a new key. On the embedded database
 * (Dossier stopped) it makes the new key itself; on PostgreSQL it takes DOSSIER_SECRET_KEY (new) and
 * DOSSIER_PREVIOUS_SECRET_KEYS (old), which every running instance must already have. Interrupted, it resumes when
 * run again. On the embedded database it first takes the data directory, as the server, a backup and a restore do:
 * while one of them holds it, it refuses and changes nothing.
 */
async function main() {
  const config = readConfig();
  const hold = config.databaseUrl ? null : await holdDataDir(config.dataDir);
  const db = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, 'db') });
  try {
    await migrate(db, new SsnVault(await loadKeyring(config)));
    const pending = async (currentId: string) => [...(await ssnsByKey(db)).entries()].some(([id, n]) => id !== currentId && n > 0);
    const keyring = await rotationKeyring(config, (ring) => pending(ring.current.id), (line) => console.log(line));
    const missing = [...(await ssnsByKey(db)).keys()].filter((id) => !keyring.byId(id));
    if (missing.length) throw new Error(`SSNs are sealed under key(s) ${missing.join(', ')}, which were not given (DOSSIER_PREVIOUS_SECRET_KEYS).`);
    const resealed = await resealSsns(db, keyring, { progress: (done) => process.stdout.write(`\rRe-sealed ${done.toLocaleString()} SSNs…`) });
    console.log(`\nRe-sealed ${resealed.toLocaleString()} SSNs under key ${keyring.current.id}.`);
    console.log(`Re-sealed ${(await resealWebhookSecrets(db, keyring)).toLocaleString()} webhook secrets under key ${keyring.current.id}.`);
    const left = await ssnsByKey(db);
    for (const key of keyring.all.filter((k) => k.id !== keyring.current.id && !left.get(k.id))) {
      console.log(`Key ${key.id} seals no stored SSN any more. Keep it only as long as the backups made before this rotation, then remove it.`);
    }
  } finally {
    await db.destroy();
    await hold?.release();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
