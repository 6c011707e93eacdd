import path from 'node:path';
import { holdDataDir } from '../server/backup/dataDirLock.js';
import { readConfig } from '../server/config.js';
import { migrate, openDatabase } from '../server/db/database.js';
import { loadKeyring } from '../server/security/keyring.js';
import { olderKeysReport, resealable, resealablePending, resealSsns, rotationKeyring, storedByKey } from '../server/security/keyRotation.js';
import { resealTotpSecrets } from '../server/secondFactor/totpVault.js';
import { resealWebhookSecrets } from '../server/webhooks/secretSeal.js';
import { SsnVault } from '../server/security/ssnVault.js';

/**
 * `npm run rotate-key` (README, "Secret key"): re-seals every stored SSN, TOTP secret and webhook secret under a new key. On the embedded database
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
    const keyring = await rotationKeyring(config, async (ring) => resealablePending(await storedByKey(db), ring.current.id), (line) => console.log(line));
    const missing = [...(await storedByKey(db)).entries()].filter(([id, under]) => !keyring.byId(id) && resealable(under) > 0).map(([id]) => id);
    if (missing.length) throw new Error(`Values are sealed under key(s) ${missing.join(', ')}, which were not given (DOSSIER_PREVIOUS_SECRET_KEYS).`);
    const resealed = await resealSsns(db, keyring, { progress: (done) => process.stdout.write(`\rRe-sealed ${done.toLocaleString()} SSNs…`) });
    console.log(`\nRe-sealed ${resealed.toLocaleString()} SSNs under key ${keyring.current.id}.`);
    console.log(`Re-sealed ${(await resealTotpSecrets(db, keyring)).toLocaleString()} second-factor (TOTP) secrets under key ${keyring.current.id}.`);
    console.log(`Re-sealed ${(await resealWebhookSecrets(db, keyring)).toLocaleString()} webhook secrets under key ${keyring.current.id}.`);
    for (const line of olderKeysReport(keyring, await storedByKey(db))) console.log(line);
  } finally {
    await db.destroy();
    await hold?.release();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
