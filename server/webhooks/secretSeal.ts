import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Database } from '../db/database.js';
import { deriveKey, type Keyring, type SecretKey } from '../security/keyring.js';

const NONCE_BYTES = 12;
const TAG_BYTES = 16;
/** Binds a sealed value to what it is: a sealed webhook secret copied into another column does not open. */
const AAD = Buffer.from('webhook_endpoints.Secret');

const derived = new WeakMap<SecretKey, Buffer>();
const cipherKey = (key: SecretKey) => {
  let k = derived.get(key);
  if (!k) derived.set(key, (k = deriveKey(key.material, 'webhook secret encryption')));
  return k;
};

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
  const key = keyring.current;
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', cipherKey(key), nonce);
  cipher.setAAD(AAD);
  const sealed = Buffer.concat([nonce, cipher.update(secret, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return { SecretCipher: sealed.toString('base64url'), SecretKeyId: key.id };
}

/** The secret of a stored endpoint; throws when its key is not in the ring or the value was altered. */
export function openSecret(keyring: Keyring, stored: SealedSecret): string {
  const key = keyring.byId(stored.SecretKeyId);
  if (!key) throw new Error(`A webhook secret is sealed under key ${stored.SecretKeyId}, which this server was not given (DOSSIER_PREVIOUS_SECRET_KEYS).`);
  const sealed = Buffer.from(stored.SecretCipher, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', cipherKey(key), sealed.subarray(0, NONCE_BYTES));
  decipher.setAAD(AAD);
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
  return Buffer.concat([decipher.update(sealed.subarray(NONCE_BYTES, sealed.length - TAG_BYTES)), decipher.final()]).toString('utf8');
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
