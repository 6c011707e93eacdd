import { createCipheriv, createDecipheriv, randomBytes, type DecipherGCM } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { deriveKey, type Keyring } from '../security/keyring.js';

/**
 * A backup is sealed as a whole (docs/decisions.md, "Backups are sealed"): every file in it — each table's rows, the
 * file index, each stored file's copy — is encrypted with AES-256-GCM under a key of its own derived from the
 * installation's secret key (the one that seals the SSNs) and a random salt the manifest names. The manifest itself
 * stays readable (table names, counts, hashes, the key's id: no personal data), so a restore can say which key it
 * needs. Without the key file, a stolen backup gives nothing away; with it, it opens as it did before.
 *
 * A sealed file: `DSB1`, a 12-byte nonce, the ciphertext, and the 16-byte tag; the hashes the manifest records are of
 * the plain bytes, as before, so a damaged file is refused by its tag and by its hash.
 */
export interface BackupEncryption {
  cipher: 'aes-256-gcm';
  /** The id of the secret key the backup's key is derived from (it seals the SSNs too). */
  keyId: string;
  /** The salt of this backup's key (hex). */
  salt: string;
}

const MAGIC = Buffer.from('DSB1');
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = MAGIC.length + NONCE_BYTES;

const backupKeyOf = (material: Buffer, salt: string) => deriveKey(material, `backup ${salt}`);

/** A new backup's encryption under the keyring's current key: what the manifest records, and the key. */
export function newBackupEncryption(keyring: Keyring): { encryption: BackupEncryption; key: Buffer } {
  const salt = randomBytes(16).toString('hex');
  return { encryption: { cipher: 'aes-256-gcm', keyId: keyring.current.id, salt }, key: backupKeyOf(keyring.current.material, salt) };
}

/** The key a backup was sealed with, from the keys given; throws, saying which key it needs, when they lack it. */
export function backupKeyFrom(encryption: BackupEncryption, keyring: Keyring | undefined, keysFrom: string | undefined): Buffer {
  const secret = keyring?.byId(encryption.keyId);
  if (!secret) {
    const given = keyring ? `the key(s) given (${keysFrom}) are ${keyring.all.map((k) => k.id).join(', ')}` : 'no key was given';
    throw new Error(
      `The backup is sealed under key ${encryption.keyId}, and ${given}. Give the key file the backup wrote (--key-from FILE) or set DOSSIER_SECRET_KEY to that key. Nothing was restored.`,
    );
  }
  return backupKeyOf(secret.material, encryption.salt);
}

/** Encrypts what passes through it into a sealed file. */
export function sealing(key: Buffer): Transform {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  let started = false;
  const start = (stream: Transform) => {
    if (!started) stream.push(Buffer.concat([MAGIC, nonce]));
    started = true;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      start(this);
      done(null, cipher.update(chunk));
    },
    flush(done: TransformCallback) {
      start(this);
      this.push(cipher.final());
      done(null, cipher.getAuthTag());
    },
  });
}

/**
 * Decrypts a sealed file as it passes; at its end, refuses it (an error naming `name`) when its tag does not match:
 * another key, or bytes changed or cut. What passed before the end is not to be trusted until then.
 */
export function opening(key: Buffer, name: string): Transform {
  let header = Buffer.alloc(0);
  let decipher: DecipherGCM | null = null;
  let held = Buffer.alloc(0);
  const damaged = () => new Error(`The backup's ${name} does not open with its key: the key given is not the backup's, or the file was changed or cut. Nothing was restored.`);
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      let rest = chunk;
      if (!decipher) {
        header = Buffer.concat([header, rest]);
        if (header.length < HEADER_BYTES) return done();
        if (!header.subarray(0, MAGIC.length).equals(MAGIC)) return done(damaged());
        decipher = createDecipheriv('aes-256-gcm', key, header.subarray(MAGIC.length, HEADER_BYTES));
        rest = header.subarray(HEADER_BYTES);
      }
      held = Buffer.concat([held, rest]);
      if (held.length <= TAG_BYTES) return done();
      const ready = held.subarray(0, held.length - TAG_BYTES);
      held = held.subarray(held.length - TAG_BYTES);
      done(null, decipher.update(ready));
    },
    flush(done: TransformCallback) {
      if (!decipher || held.length !== TAG_BYTES) return done(damaged());
      try {
        decipher.setAuthTag(held);
        done(null, decipher.final());
      } catch {
        done(damaged());
      }
    },
  });
}
