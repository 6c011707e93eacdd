import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';

/** `Algorithm.Argon2id` of @node-rs/argon2 (a const enum, which isolated modules cannot read). */
const ARGON2ID = 2;

/** Opaque random tokens and codes: the client gets the token, the database keeps only its SHA-256. */
export function newToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Passwords are stored as argon2id hashes (OWASP's parameters: 19 MiB, 2 passes). */
export function hashPassword(password: string): Promise<string> {
  return argonHash(password, { algorithm: ARGON2ID });
}

let dummyHash: Promise<string> | null = null;

/** Verifies a password; with no stored hash it still spends the same time, so unknown users cannot be told apart. */
export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword('not-a-real-password-' + newToken(8));
    await argonVerify(await dummyHash, password).catch(() => false);
    return false;
  }
  return argonVerify(hash, password).catch(() => false);
}
