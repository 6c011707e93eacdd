import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { deriveKey, type Keyring, type SecretKey } from './keyring.js';

const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** A value as the database keeps it: base64url(nonce ‖ ciphertext ‖ tag), and the id of the key that sealed it. */
export interface Sealed {
  cipher: string;
  keyId: string;
}

/**
 * What a sealed value is: the purpose its keys are derived for (an SSN, a TOTP secret, a webhook secret each have their
 * own) and the additional data that binds it to its column — a value copied into another column does not open.
 */
export interface SealPurpose {
  /** The HKDF purpose of its encryption key. */
  key: string;
  /** The column it lives in (`case_subjects.SSN`): the AES-GCM additional data. */
  column: string;
  /** What to call it in an error ("An SSN", "A webhook secret"). */
  named: string;
}

/** Keys derived from the ring's keys, per key and purpose: HKDF runs once for each. */
const derivedKeys = new WeakMap<SecretKey, Map<string, Buffer>>();
export function derivedKey(key: SecretKey, purpose: string): Buffer {
  let byPurpose = derivedKeys.get(key);
  if (!byPurpose) derivedKeys.set(key, (byPurpose = new Map()));
  let derived = byPurpose.get(purpose);
  if (!derived) byPurpose.set(purpose, (derived = deriveKey(key.material, purpose)));
  return derived;
}

/**
 * Seals a value (every sealed column: SSNs, TOTP secrets, webhook secrets): AES-256-GCM with a random nonce per value,
 * under a key derived from the keyring's current secret for `purpose` alone.
 */
export function seal(keyring: Keyring, purpose: SealPurpose, value: Buffer): Sealed {
  const key = keyring.current;
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', derivedKey(key, purpose.key), nonce);
  cipher.setAAD(Buffer.from(purpose.column));
  const sealed = Buffer.concat([nonce, cipher.update(value), cipher.final(), cipher.getAuthTag()]);
  return { cipher: sealed.toString('base64url'), keyId: key.id };
}

/** A sealed value opened with the key that sealed it; throws when that key is not in the ring or the value was altered. */
export function open(keyring: Keyring, purpose: SealPurpose, stored: Sealed): Buffer {
  const key = keyring.byId(stored.keyId);
  if (!key) throw new Error(`${purpose.named} is sealed under key ${stored.keyId}, which this server was not given (DOSSIER_PREVIOUS_SECRET_KEYS).`);
  const sealed = Buffer.from(stored.cipher, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', derivedKey(key, purpose.key), sealed.subarray(0, NONCE_BYTES));
  decipher.setAAD(Buffer.from(purpose.column));
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
  return Buffer.concat([decipher.update(sealed.subarray(NONCE_BYTES, sealed.length - TAG_BYTES)), decipher.final()]);
}

/** A keyed hash (HMAC-SHA-256 under a key derived for `purpose`): finds equal values without keeping them. */
export const keyedHash = (key: SecretKey, purpose: string, value: string) => createHmac('sha256', derivedKey(key, purpose)).update(value).digest('base64url');
