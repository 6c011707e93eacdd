import { maskSsn } from '../../shared/ssn.js';
import type { Keyring } from './keyring.js';
import { keyedHash, open, seal, type SealPurpose } from './sealedBox.js';

/** An SSN as the database keeps it: sealed, the id of the key that sealed it, and a keyed hash to find equal ones. */
export interface SealedSsn {
  SSNCipher: string;
  SSNKeyId: string;
  SSNHash: string;
}

/** SSNs' keys and column (issue 21 §2). */
const SSN: SealPurpose = { key: 'ssn encryption', column: 'case_subjects.SSN', named: 'An SSN' };
const LOOKUP_PURPOSE = 'ssn lookup hash';

/**
 * Seals and opens subjects' SSNs (issue 21 §2). AES-256-GCM with a random nonce per value, under a key derived from
 * the keyring's current secret; the stored text is base64url(nonce ‖ ciphertext ‖ tag). Equal SSNs are found by
 * HMAC-SHA-256 under another derived key (duplicate detection): without the secret, neither column says anything of
 * the SSN. Values sealed under a previous key open with it until `npm run rotate-key` re-seals them.
 */
export class SsnVault {
  constructor(readonly keyring: Keyring) {}

  seal(ssn: string): SealedSsn {
    const sealed = seal(this.keyring, SSN, Buffer.from(ssn, 'utf8'));
    return { SSNCipher: sealed.cipher, SSNKeyId: sealed.keyId, SSNHash: keyedHash(this.keyring.current, LOOKUP_PURPOSE, ssn) };
  }

  /** The SSN of a stored row; throws when its key is not in the ring or the value was altered. */
  open(stored: { SSNCipher: string | null; SSNKeyId: string | null }): string | null {
    if (stored.SSNCipher === null) return null;
    return open(this.keyring, SSN, { cipher: stored.SSNCipher, keyId: stored.SSNKeyId ?? '(none)' }).toString('utf8');
  }

  /** The SSN as a caller without View Full SSN sees it: its last four digits (shared/ssn.ts). */
  masked(stored: { SSNCipher: string | null; SSNKeyId: string | null }): string | null {
    const ssn = this.open(stored);
    return ssn === null ? null : maskSsn(ssn);
  }

  /** The lookup hashes an equal SSN may be stored under: one per key of the ring (a rotation may be under way). */
  hashes(ssn: string): string[] {
    return this.keyring.all.map((key) => keyedHash(key, LOOKUP_PURPOSE, ssn));
  }
}
