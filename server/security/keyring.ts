import { createHash, hkdfSync, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** One secret key: 32 random bytes, named by an id derived from it (stored beside every value it sealed). */
export interface SecretKey {
  id: string;
  material: Buffer;
}

/**
 * The keys Dossier seals sensitive values with: the current key (every new value) and the previous ones (values
 * not yet re-sealed by `npm run rotate-key`). A value names its key by id, so any key of the ring opens it.
 */
export interface Keyring {
  current: SecretKey;
  all: readonly SecretKey[];
  byId(id: string): SecretKey | undefined;
}

const KEY_BYTES = 32;

/** The id of a key: the first 16 hex digits of a hash of a key derived for naming only (never the key itself). */
const keyIdOf = (material: Buffer) => createHash('sha256').update(deriveKey(material, 'key id')).digest('hex').slice(0, 16);

/** A key for one purpose (HKDF-SHA256), so the cipher key and the lookup-hash key never are the same bytes. */
export const deriveKey = (material: Buffer, purpose: string) => Buffer.from(hkdfSync('sha256', material, 'dossier', purpose, KEY_BYTES));

/**
 * A key from its text: 32 bytes written as 64 hex digits or as base64 / base64url (43–44 characters). Anything
 * else is refused: a short passphrase would make every sealed value as weak as the passphrase.
 */
export function parseSecret(text: string): SecretKey {
  const trimmed = text.trim();
  const material = /^[0-9a-fA-F]{64}$/.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : /^[A-Za-z0-9+/_-]{43}={0,1}$/.test(trimmed)
      ? Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
      : null;
  if (!material || material.length !== KEY_BYTES) {
    throw new Error('A secret key is 32 bytes written as 64 hex digits or as base64 (openssl rand -base64 32).');
  }
  return { id: keyIdOf(material), material };
}

/** A new random key, as its text (base64). */
export const newSecretText = () => randomBytes(KEY_BYTES).toString('base64');

export function keyringOf(current: SecretKey, previous: readonly SecretKey[] = []): Keyring {
  const all = [current, ...previous.filter((key) => key.id !== current.id)];
  const byId = new Map(all.map((key) => [key.id, key]));
  return { current, all, byId: (id) => byId.get(id) };
}

/** Where the embedded default keeps its keys: the current one, and the previous ones one per line. */
export const keyFiles = (dataDir: string) => ({ current: path.join(dataDir, 'secret.key'), previous: path.join(dataDir, 'secret.key.previous') });

export interface KeySource {
  /** DOSSIER_SECRET_KEY */
  secretKey?: string;
  /** DOSSIER_PREVIOUS_SECRET_KEYS, comma-separated */
  previousSecretKeys: readonly string[];
  /** PostgreSQL (DATABASE_URL) runs several instances on one database: every instance must be given the same key. */
  databaseUrl?: string;
  dataDir: string;
}

/**
 * The keyring of this start. DOSSIER_SECRET_KEY when set (with DOSSIER_PREVIOUS_SECRET_KEYS); on PostgreSQL it is
 * required. The embedded default keeps its key in the data directory: made on first start, readable by the owner
 * only, and the log says so (`onGenerated`).
 */
export async function loadKeyring(source: KeySource, onGenerated: (file: string) => void = () => undefined): Promise<Keyring> {
  if (source.secretKey) return keyringOf(parseSecret(source.secretKey), source.previousSecretKeys.map(parseSecret));
  if (source.databaseUrl) {
    throw new Error('DOSSIER_SECRET_KEY is required with DATABASE_URL: every instance must seal and open SSNs with the same key (README, "Secret key").');
  }
  const files = keyFiles(source.dataDir);
  let current = await readKeyFile(files.current);
  if (!current) {
    await writeKeyFile(files.current, newSecretText());
    onGenerated(files.current);
    current = (await readKeyFile(files.current))!;
  }
  const previous = ((await readKeyFile(files.previous)) ?? '').split('\n').filter((line) => line.trim());
  return keyringOf(parseSecret(current), previous.map(parseSecret));
}

async function readKeyFile(file: string): Promise<string | null> {
  try {
    return (await readFile(file, 'utf8')).trim() || null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Writes a key file readable by its owner only, whole or not at all (a temporary file renamed into place). */
export async function writeKeyFile(file: string, text: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${text.trim()}\n`, { mode: 0o600 });
  await chmod(temporary, 0o600);
  await rename(temporary, file);
}
