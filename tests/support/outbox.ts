import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';

export interface SentMail {
  file: string;
  to: string;
  subject: string;
  text: string;
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Reads one .eml written by the mailer's outbox transport (single-part text mails). */
function parseMail(file: string, raw: string): SentMail {
  const split = raw.indexOf('\n\n');
  const head = raw.slice(0, split).replace(/\n[ \t]+/g, ' ');
  const body = raw.slice(split + 2);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1].trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'quoted-printable' ? decodeQuotedPrintable(body) : encoding === 'base64' ? Buffer.from(body, 'base64').toString('utf8') : body;
  return { file, to: header('To'), subject: header('Subject'), text };
}

/** Every mail in the test app's outbox, oldest first. */
export async function readOutbox(dataDir: string): Promise<SentMail[]> {
  const dir = path.join(dataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(files.map(async (f) => parseMail(f, await readFile(path.join(dir, f), 'utf8'))));
}

/** The outbox as it is now, to tell later mails apart (mail file names are not strictly in sending order). */
export async function outboxMark(dataDir: string): Promise<ReadonlySet<string>> {
  return new Set((await readOutbox(dataDir)).map((m) => m.file));
}

/** Mails written after the mark, optionally only those to an address. */
export async function mailsSince(dataDir: string, mark: ReadonlySet<string>, address?: string): Promise<SentMail[]> {
  return (await readOutbox(dataDir)).filter(
    (m) => !mark.has(m.file) && (!address || m.to.toLowerCase().includes(address.toLowerCase())),
  );
}

/** The first link in a mail that starts with the given address. */
export function linkIn(mail: SentMail, prefix: string): URL {
  const match = new RegExp(`${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\S*`).exec(mail.text);
  if (!match) throw new Error(`No link ${prefix} in mail "${mail.subject}":\n${mail.text}`);
  return new URL(match[0]);
}
