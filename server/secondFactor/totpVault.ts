import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { deriveKey, type Keyring, type SecretKey } from '../security/keyring.js';

/** A TOTP secret as the database keeps it: sealed, and the id of the key that sealed it. */
export interface SealedSecret {
  SecretCipher: string;
  SecretKeyId: string;
}

const NONCE_BYTES = 12;
const TAG_BYTES = 16;
/** Binds a sealed value to what it is: a sealed secret copied into another column does not open. */
const AAD = Buffer.from('user_second_factors.Secret');

/**
 * Seals and opens users' TOTP secrets as the SSN vault seals SSNs (server/security/ssnVault.ts): AES-256-GCM with a
 * random nonce under a key derived from the keyring's current secret for this purpose only, stored as
 * base64url(nonce ‖ ciphertext ‖ tag) with the key's id. Recovery codes are kept as HMAC-SHA-256 under another
 * derived key: they are random (50 bits), so a keyed fast hash is enough, and without the secret key the column
 * says nothing of them. A value sealed or hashed under a previous key of the ring still opens or matches.
 */
export class TotpVault {
  constructor(readonly keyring: Keyring) {}

  seal(secret: Buffer): SealedSecret {
    const key = this.keyring.current;
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', cipherKey(key), nonce);
    cipher.setAAD(AAD);
    const sealed = Buffer.concat([nonce, cipher.update(secret), cipher.final(), cipher.getAuthTag()]);
    return { SecretCipher: sealed.toString('base64url'), SecretKeyId: key.id };
  }

  /** The secret of a stored row; throws when its key is not in the ring or the value was altered. */
  open(stored: SealedSecret): Buffer {
    const key = this.keyring.byId(stored.SecretKeyId);
    if (!key) throw new Error(`A TOTP secret is sealed under key ${stored.SecretKeyId}, which this server was not given (DOSSIER_PREVIOUS_SECRET_KEYS).`);
    const sealed = Buffer.from(stored.SecretCipher, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', cipherKey(key), sealed.subarray(0, NONCE_BYTES));
    decipher.setAAD(AAD);
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    return Buffer.concat([decipher.update(sealed.subarray(NONCE_BYTES, sealed.length - TAG_BYTES)), decipher.final()]);
  }

  /** The hash a new recovery code is stored as (under the current key). */
  codeHash(code: string): string {
    return recoveryHash(this.keyring.current, code);
  }

  /** The hashes an entered recovery code may be stored under: one per key of the ring (a rotation may be under way). */
  codeHashes(code: string): string[] {
    return this.keyring.all.map((key) => recoveryHash(key, code));
  }
}

const cipherKeys = new WeakMap<SecretKey, Buffer>();
const hashKeys = new WeakMap<SecretKey, Buffer>();
const cached = (cache: WeakMap<SecretKey, Buffer>, key: SecretKey, purpose: string) => {
  let derived = cache.get(key);
  if (!derived) cache.set(key, (derived = deriveKey(key.material, purpose)));
  return derived;
};
const cipherKey = (key: SecretKey) => cached(cipherKeys, key, 'totp secret encryption');
const recoveryHash = (key: SecretKey, code: string) => createHmac('sha256', cached(hashKeys, key, 'recovery code hash')).update(code).digest('base64url');
