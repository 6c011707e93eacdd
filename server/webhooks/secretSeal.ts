import type { Database } from '../db/database.js';
import type { Keyring } from '../security/keyring.js';
import { open, seal, type SealPurpose } from '../security/sealedBox.js';
import { resealSecrets } from '../security/keyRotation.js';

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

/** `npm run rotate-key`'s part for webhooks: every endpoint's secret re-sealed under the current key. Answers how many. */
export const resealWebhookSecrets = (db: Database, keyring: Keyring): Promise<number> =>
  resealSecrets(db, keyring, { table: 'webhook_endpoints', key: 'Id', purpose: WEBHOOK_SECRET });
