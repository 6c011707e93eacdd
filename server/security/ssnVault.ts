import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { maskSsn } from '../../shared/ssn.js';
import { deriveKey, type Keyring, type SecretKey } from './keyring.js';

/** An SSN as the database keeps it: sealed, the id of the key that sealed it, and a keyed hash to find equal ones. */
export interface SealedSsn {
  SSNCipher: string;
  SSNKeyId: string;
  SSNHash: string;
}

const NONCE_BYTES = 12;
const TAG_BYTES = 16;
/** Binds a sealed value to what it is: a sealed SSN copied into another column does not open. */
const AAD = Buffer.from('case_subjects.SSN');

/**
 * Seals and opens subjects' SSNs (issue 21 §2). AES-256-GCM with a random nonce per value, under a key derived from
 * the keyring's current secret; the stored text is base64url(nonce ‖ ciphertext ‖ tag). Equal SSNs are found by
 * HMAC-SHA-256 under another derived key (duplicate detection): without the secret, neither column says anything of
 * the SSN. Values sealed under a previous key open with it until `npm run rotate-key` re-seals them.
 */
export class SsnVault {
  constructor(readonly keyring: Keyring) {}

  seal(ssn: string): SealedSsn {
    const key = this.keyring.current;
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', cipherKey(key), nonce);
    cipher.setAAD(AAD);
    const sealed = Buffer.concat([nonce, cipher.update(ssn, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return { SSNCipher: sealed.toString('base64url'), SSNKeyId: key.id, SSNHash: lookupHash(key, ssn) };
  }

  /** The SSN of a stored row; throws when its key is not in the ring or the value was altered. */
  open(stored: { SSNCipher: string | null; SSNKeyId: string | null }): string | null {
    if (stored.SSNCipher === null) return null;
    const key = stored.SSNKeyId ? this.keyring.byId(stored.SSNKeyId) : undefined;
    if (!key) throw new Error(`An SSN is sealed under key ${String(stored.SSNKeyId)}, which this server was not given (DOSSIER_PREVIOUS_SECRET_KEYS).`);
    const sealed = Buffer.from(stored.SSNCipher, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', cipherKey(key), sealed.subarray(0, NONCE_BYTES));
    decipher.setAAD(AAD);
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    return Buffer.concat([decipher.update(sealed.subarray(NONCE_BYTES, sealed.length - TAG_BYTES)), decipher.final()]).toString('utf8');
  }

  /** The SSN as a caller without View Full SSN sees it: its last four digits (shared/ssn.ts). */
  masked(stored: { SSNCipher: string | null; SSNKeyId: string | null }): string | null {
    const ssn = this.open(stored);
    return ssn === null ? null : maskSsn(ssn);
  }

  /** The lookup hashes an equal SSN may be stored under: one per key of the ring (a rotation may be under way). */
  hashes(ssn: string): string[] {
    return this.keyring.all.map((key) => lookupHash(key, ssn));
  }
}

const cipherKeys = new WeakMap<SecretKey, Buffer>();
const hashKeys = new WeakMap<SecretKey, Buffer>();
const cached = (cache: WeakMap<SecretKey, Buffer>, key: SecretKey, purpose: string) => {
  let derived = cache.get(key);
  if (!derived) cache.set(key, (derived = deriveKey(key.material, purpose)));
  return derived;
};
const cipherKey = (key: SecretKey) => cached(cipherKeys, key, 'ssn encryption');
const lookupHash = (key: SecretKey, ssn: string) => createHmac('sha256', cached(hashKeys, key, 'ssn lookup hash')).update(ssn).digest('base64url');
