import { link, unlink } from 'node:fs/promises';
import path from 'node:path';

const MAX_NAME_LENGTH = 200;

/**
 * A safe name for an uploaded file: the last segment of whatever path the browser sent, without control
 * characters or characters that are special in file systems, without leading dots (no hidden or `..` names),
 * at most MAX_NAME_LENGTH characters with the extension kept.
 */
export function safeFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  let name = base
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '_')
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '')
    .trim();
  if (!name) name = 'file';
  if (name.length > MAX_NAME_LENGTH) {
    const ext = path.extname(name).slice(0, 20);
    name = name.slice(0, MAX_NAME_LENGTH - ext.length) + ext;
  }
  return name;
}

/** `report.pdf` → `report (2).pdf` */
function numbered(name: string, n: number): string {
  if (n === 1) return name;
  const ext = path.extname(name);
  return `${name.slice(0, name.length - ext.length)} (${n})${ext}`;
}

/**
 * Moves a finished upload into its folder under the first free name (`name`, `name (2)`, …). A hard link fails
 * when the name exists, so two uploads of the same name at once never overwrite each other.
 */
export async function moveIntoFolder(tempFile: string, dir: string, name: string): Promise<string> {
  for (let n = 1; ; n += 1) {
    const candidate = numbered(name, n);
    try {
      await link(tempFile, path.join(dir, candidate));
      await unlink(tempFile);
      return candidate;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || n >= 1000) throw error;
    }
  }
}
