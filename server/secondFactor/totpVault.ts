import type { Database } from '../db/database.js';
import type { Keyring } from '../security/keyring.js';
import { resealSecrets } from '../security/keyRotation.js';
import { keyedHash, open, seal, type SealPurpose } from '../security/sealedBox.js';

/** A TOTP secret as the database keeps it: sealed, and the id of the key that sealed it. */
export interface SealedSecret {
  SecretCipher: string;
  SecretKeyId: string;
}

/** TOTP secrets' keys and column. */
const TOTP: SealPurpose = { key: 'totp secret encryption', column: 'user_second_factors.Secret', named: 'A TOTP secret' };
const RECOVERY_PURPOSE = 'recovery code hash';

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
    const sealed = seal(this.keyring, TOTP, secret);
    return { SecretCipher: sealed.cipher, SecretKeyId: sealed.keyId };
  }

  /** The secret of a stored row; throws when its key is not in the ring or the value was altered. */
  open(stored: SealedSecret): Buffer {
    return open(this.keyring, TOTP, { cipher: stored.SecretCipher, keyId: stored.SecretKeyId });
  }

  /** The hash a new recovery code is stored as (under the current key). */
  codeHash(code: string): string {
    return keyedHash(this.keyring.current, RECOVERY_PURPOSE, code);
  }

  /** The hashes an entered recovery code may be stored under: one per key of the ring (a rotation may be under way). */
  codeHashes(code: string): string[] {
    return this.keyring.all.map((key) => keyedHash(key, RECOVERY_PURPOSE, code));
  }
}

/** `npm run rotate-key`'s part for the second factor: every TOTP secret re-sealed under the current key. Answers how many. */
export const resealTotpSecrets = (db: Database, keyring: Keyring): Promise<number> =>
  resealSecrets(db, keyring, { table: 'user_second_factors', key: 'User_Id', purpose: TOTP });
