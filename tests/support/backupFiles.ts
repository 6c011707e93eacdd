import { afterAll, expect } from 'vitest';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip, gunzipSync } from 'node:zlib';
import { readCopy, readManifest, tableFile } from '../../server/backup/backupFormat.js';
import { backupKeyFrom } from '../../server/backup/backupSeal.js';
import type { Keyring } from '../../server/security/keyring.js';
import { TEST_DB_KIND } from './testDatabase.js';

/**
 * Fresh folders for a backup test file (`folder(name)`: a new one under the system's temporary folder each call),
 * removed once the file's tests are done.
 */
export function backupFolders(): (name: string) => Promise<string> {
  const folders: string[] = [];
  afterAll(async () => {
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  });
  return async function folder(name: string): Promise<string> {
    const made = await mkdtemp(path.join(tmpdir(), `dossier-${name}-${TEST_DB_KIND}-`));
    folders.push(made);
    return made;
  };
}

/** A file of a backup as its plain text (opened with the backup's key, from the keyring given; gunzipped when .gz). */
export async function plainText(dir: string, file: string, keyring: Keyring): Promise<string> {
  const manifest = await readManifest(dir);
  const plain = readCopy(path.join(dir, file), backupKeyFrom(manifest.encryption!, keyring, 'the test'));
  const lines: string[] = [];
  for await (const line of createInterface({ input: file.endsWith('.gz') ? plain.pipe(createGunzip()) : plain })) lines.push(line);
  return lines.join('\n');
}

/**
 * That a backup is sealed: its manifest names the key, and no other file of it reads as what it holds — a table file
 * does not gunzip, the file index is not JSON lines, and no file copy holds its stored bytes.
 */
export async function expectSealed(dir: string, stored: ReadonlyMap<string, Buffer>): Promise<void> {
  const manifest = await readManifest(dir);
  expect(manifest.encryption?.cipher).toBe('aes-256-gcm');
  for (const { name } of manifest.tables) {
    const raw = await readFile(tableFile(dir, name));
    expect(raw.subarray(0, 4).toString(), name).toBe('DSB1');
    expect(() => gunzipSync(raw), name).toThrow();
  }
  expect((await readFile(path.join(dir, 'files.jsonl'), 'utf8')).includes('"sha256"')).toBe(false);
  for (const [key, bytes] of stored) expect((await readFile(path.join(dir, 'files', key))).includes(bytes), key).toBe(false);
}
