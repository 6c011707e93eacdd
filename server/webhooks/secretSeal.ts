import type { Database } from '../db/database.js';
import type { Keyring } from '../security/keyring.js';
import { open, seal, type SealPurpose } from '../security/sealedBox.js';

/** Webhook secrets' keys and column. */
const WEBHOOK_SECRET: SealPurpose = { key: 'webhook secret encryption', column: 'webhook_endpoints.Secret', named: 'A webhook secret' };

/** A webhook secret as the database keeps it: sealed, and the id of the keyring's key that sealed it. */
export interface SealedSecret {
  SecretCipher: string;
  SecretKeyId: string;
}

/**
 * Seals an endpoint's secret as the SSN vault seals an SSN (server/security/ssnVault.ts): AES-256-GCM, a random nonce
 * per value, under a key derived from the keyring's current secret for this purpose alone; stored as
 * base64url(nonce ‖ ciphertext ‖ tag) beside the key's id, so a value sealed under a previous key still opens.
 */
export function sealSecret(keyring: Keyring, secret: string): SealedSecret {
  const sealed = seal(keyring, WEBHOOK_SECRET, Buffer.from(secret, 'utf8'));
  return { SecretCipher: sealed.cipher, SecretKeyId: sealed.keyId };
}

/** The secret of a stored endpoint; throws when its key is not in the ring or the value was altered. */
export function openSecret(keyring: Keyring, stored: SealedSecret): string {
  return open(keyring, WEBHOOK_SECRET, { cipher: stored.SecretCipher, keyId: stored.SecretKeyId }).toString('utf8');
}

/**
 * `npm run rotate-key`'s part for webhooks: re-seals every endpoint's secret that is not under the keyring's current
 * key (opened with the key that sealed it, which must be in the ring), in one transaction. Answers how many.
 */
export async function resealWebhookSecrets(db: Database, keyring: Keyring): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const rows = await trx.selectFrom('webhook_endpoints').select(['Id', 'SecretCipher', 'SecretKeyId']).where('SecretKeyId', '<>', keyring.current.id).forUpdate().execute();
    for (const row of rows) await trx.updateTable('webhook_endpoints').set(sealSecret(keyring, openSecret(keyring, row))).where('Id', '=', row.Id).execute();
    return rows.length;
  });
}
