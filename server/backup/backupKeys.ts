import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { keyFiles, keyringOf, loadKeyring, parseSecret, writeKeyFile, type Keyring, type KeySource } from '../security/keyring.js';

/**
 * The keys a backup's sealed SSNs need never go into the backup (a stolen backup must not open them): `backup
 * --key-to FILE` writes them to a file of their own, each named by its id, as the environment variables Dossier reads
 * them from, and `restore --key-from FILE` reads that file back (or a `secret.key` file of the embedded database).
 */

const keyText = (material: Buffer) => material.toString('base64');

/** Whether `file` lies inside `dir` (or is it). */
export const isInside = (file: string, dir: string) => {
  const relative = path.relative(path.resolve(dir), path.resolve(file));
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
};

/** Writes the keyring to `file` (never inside the backup: the caller checks), owner-only, whole or not at all. */
export async function writeBackupKeys(file: string, keyring: Keyring, backup: { dir: string; madeAt: string; ssnKeys: readonly { id: string; ssns: number }[] }): Promise<void> {
  const seals = (id: string) => backup.ssnKeys.find((k) => k.id === id)?.ssns ?? 0;
  const [current, ...previous] = keyring.all;
  const lines = [
    `# Dossier's secret keys, written by \`npm run backup\` at ${backup.madeAt} for the backup ${backup.dir}.`,
    '# Keep this file apart from the backups: with it, their SSNs can be read; without it, nobody can read them.',
    '# Restore: npm run restore -- --from BACKUP --key-from THIS_FILE (or set these variables where Dossier runs).',
    `# Key ${current.id} (current): seals ${seals(current.id)} SSNs of the backup`,
    `DOSSIER_SECRET_KEY=${keyText(current.material)}`,
  ];
  if (previous.length) {
    lines.push(`# Key${previous.length > 1 ? 's' : ''} ${previous.map((k) => `${k.id} (${seals(k.id)} SSNs)`).join(', ')}: older keys, in this order`);
    lines.push(`DOSSIER_PREVIOUS_SECRET_KEYS=${previous.map((k) => keyText(k.material)).join(',')}`);
  }
  await writeKeyFile(file, lines.join('\n'));
}

/**
 * The keys of a key file: the lines `DOSSIER_SECRET_KEY=…` and `DOSSIER_PREVIOUS_SECRET_KEYS=…` that `--key-to`
 * writes, or else one key a line (the embedded database's `secret.key`, then `secret.key.previous`), the first the
 * current one. `#` starts a comment.
 */
export async function readBackupKeys(file: string): Promise<Keyring> {
  const lines = (await readFile(file, 'utf8')).split('\n').map((line) => line.trim()).filter((line) => line && !line.startsWith('#'));
  const variable = (name: string) => lines.find((line) => line.startsWith(`${name}=`))?.slice(name.length + 1);
  const current = variable('DOSSIER_SECRET_KEY');
  const texts = current !== undefined ? [current, ...(variable('DOSSIER_PREVIOUS_SECRET_KEYS') ?? '').split(',')] : lines;
  const keys = texts.map((text) => text.trim()).filter(Boolean);
  if (!keys.length) throw new Error(`${file} holds no key.`);
  try {
    return keyringOf(parseSecret(keys[0]), keys.slice(1).map(parseSecret));
  } catch (error) {
    throw new Error(`${file}: ${(error as Error).message}`);
  }
}

/**
 * The keys an installation has now, without making any: DOSSIER_SECRET_KEY (and the previous ones) when set, else the
 * embedded database's key files when they exist; undefined when it has none yet.
 */
export async function installedKeys(source: KeySource): Promise<Keyring | undefined> {
  if (source.secretKey) return loadKeyring(source);
  if (source.databaseUrl || !existsSync(keyFiles(source.dataDir).current)) return undefined;
  return loadKeyring(source);
}

/** Where an installation's key is, in words, for the messages that tell an operator to keep it apart. */
export const keyPlace = (source: KeySource) =>
  source.secretKey ? 'DOSSIER_SECRET_KEY' : source.databaseUrl ? 'DOSSIER_SECRET_KEY of the instances' : keyFiles(source.dataDir).current;

/** Writes a keyring into an embedded data directory's key files, as the server reads them at start. */
export async function installKeys(dataDir: string, keyring: Keyring): Promise<string[]> {
  const files = keyFiles(dataDir);
  const [current, ...previous] = keyring.all;
  await writeKeyFile(files.current, keyText(current.material));
  if (!previous.length) return [files.current];
  await writeKeyFile(files.previous, previous.map((k) => keyText(k.material)).join('\n'));
  return [files.current, files.previous];
}
