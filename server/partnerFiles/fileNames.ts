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
export function numbered(name: string, n: number): string {
  if (n === 1) return name;
  const ext = path.extname(name);
  return `${name.slice(0, name.length - ext.length)} (${n})${ext}`;
}
