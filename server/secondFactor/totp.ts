import { randomBytes, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { SecondFactorLimits } from '../../shared/constants.js';

const L = SecondFactorLimits;

/** A new random TOTP secret (160 bits). */
export const newTotpSecret = (): Buffer => randomBytes(L.SECRET_BYTES);

const totpOf = (secret: Buffer, accountName = '') =>
  new TOTP({ issuer: L.ISSUER, label: accountName, algorithm: 'SHA1', digits: L.DIGITS, period: L.PERIOD_SECONDS, secret: new Secret({ buffer: Uint8Array.from(secret).buffer }) });

/** What an authenticator app needs: the otpauth:// URI (its QR code) and the secret as base32 text to type. */
export function enrolmentOf(secret: Buffer, accountName: string) {
  const totp = totpOf(secret, accountName);
  return { Uri: totp.toString(), Secret: totp.secret.base32, Issuer: L.ISSUER, AccountName: accountName, Digits: L.DIGITS, Period: L.PERIOD_SECONDS };
}

/** Six digits, spaces and dashes forgiven ("123 456"). */
export const looksLikeTotp = (code: string) => /^\d{6}$/.test(code.replace(/[\s-]/g, ''));

/**
 * The time step a code was made for, when it is right for `now` or a step either side (RFC 6238 §5.2); null when
 * wrong. The caller accepts a step once: only a step newer than the last accepted one.
 */
export function matchingStep(secret: Buffer, code: string, now: Date): number | null {
  const token = code.replace(/[\s-]/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const timestamp = now.getTime();
  const delta = totpOf(secret).validate({ token, timestamp, window: L.WINDOW_STEPS });
  return delta === null ? null : TOTP.counter({ period: L.PERIOD_SECONDS, timestamp }) + delta;
}

/** Recovery codes' letters: no 0/o, 1/l/i, so a code read off paper is typed right. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_LENGTH = 10;

/** A new recovery code, shown as two groups of five ("k3m9q-x7vtp"): 10 letters of 31, about 50 bits. */
export function newRecoveryCode(): string {
  const letters = Array.from({ length: RECOVERY_LENGTH }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return `${letters.slice(0, 5)}-${letters.slice(5)}`;
}

/** A recovery code as it is hashed: lower case, without spaces or dashes. */
export const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');
