import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, type PDFObject } from '@cantoo/pdf-lib';

/**
 * The text of each page of a PDF, for tests: the page's content streams decoded and their text-showing operators
 * (Tj, TJ, ', ") read, one line per text object. Strings of the standard fonts are WinAnsi bytes; strings of an
 * embedded font (pdfkit's subsets) are two-byte glyph codes, read through the font's ToUnicode map. An encrypted
 * PDF is read with its password.
 */
export async function pdfPageTexts(bytes: Uint8Array, password?: string): Promise<string[]> {
  const doc = await PDFDocument.load(bytes, { password, updateMetadata: false });
  return doc.getPages().map((page) => {
    const contents: PDFObject | undefined = page.node.Contents();
    const parts = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
    const maps = toUnicodeMaps(doc, page.node.Resources());
    return parts
      .map((part) => (part instanceof PDFRawStream ? textOf(latin1(decodePDFRawStream(part).decode()), maps) : ''))
      .join('\n');
  });
}

type CodeMap = Map<number, string>;

/** Each font resource's ToUnicode map (glyph code → text), by its resource name; fonts without one are left out. */
function toUnicodeMaps(doc: PDFDocument, resources: PDFDict | undefined): Map<string, CodeMap> {
  const maps = new Map<string, CodeMap>();
  const fonts = resources?.lookup(PDFName.of('Font'));
  if (!(fonts instanceof PDFDict)) return maps;
  for (const [name, ref] of fonts.entries()) {
    const font = doc.context.lookup(ref);
    const cmap = font instanceof PDFDict ? font.lookup(PDFName.of('ToUnicode')) : undefined;
    if (cmap instanceof PDFRawStream) maps.set(name.decodeText(), parseCMap(latin1(decodePDFRawStream(cmap).decode())));
  }
  return maps;
}

/** A CMap's hex text (UTF-16 units, spaces allowed between them: a ligature is two letters). */
const hexText = (hex: string) => String.fromCharCode(...(hex.replace(/\s+/g, '').match(/.{4}/g) ?? []).map((unit) => parseInt(unit, 16)));

/** A ToUnicode CMap's bfchar and bfrange entries (ranges as a start value or as an array of values). */
function parseCMap(source: string): CodeMap {
  const map: CodeMap = new Map();
  for (const block of source.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, text] of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F\s]+)>/g)) map.set(parseInt(code, 16), hexText(text));
  }
  for (const block of source.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, start, end, values] of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(<[0-9a-fA-F\s]+>|\[[^\]]*\])/g)) {
      const first = parseInt(start, 16);
      const last = parseInt(end, 16);
      if (values.startsWith('[')) {
        [...values.matchAll(/<([0-9a-fA-F\s]+)>/g)].forEach(([, text], i) => map.set(first + i, hexText(text)));
      } else {
        const base = parseInt(values.slice(1, -1).replace(/\s+/g, ''), 16);
        for (let code = first; code <= last; code++) map.set(code, String.fromCodePoint(base + code - first));
      }
    }
  }
  return map;
}

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

const WIN_ANSI_HIGH: Record<number, string> = {
  0x80: '€', 0x82: '‚', 0x83: 'ƒ', 0x84: '„', 0x85: '…', 0x86: '†', 0x87: '‡', 0x88: 'ˆ', 0x89: '‰', 0x8a: 'Š', 0x8b: '‹', 0x8c: 'Œ',
  0x8e: 'Ž', 0x91: '‘', 0x92: '’', 0x93: '“', 0x94: '”', 0x95: '•', 0x96: '–', 0x97: '—', 0x98: '˜', 0x99: '™', 0x9a: 'š', 0x9b: '›',
  0x9c: 'œ', 0x9e: 'ž', 0x9f: 'Ÿ',
};
const winAnsi = (codes: number[]) => codes.map((code) => WIN_ANSI_HIGH[code] ?? String.fromCharCode(code)).join('');

/** A literal string `( … )` from position `start` (just after the parenthesis): its bytes and where it ends. */
function literal(source: string, start: number): { codes: number[]; end: number } {
  const codes: number[] = [];
  let depth = 1;
  let i = start;
  while (i < source.length) {
    const ch = source[i];
    if (ch === '\\') {
      const next = source[i + 1];
      const escapes: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12, '(': 40, ')': 41, '\\': 92 };
      if (next in escapes) {
        codes.push(escapes[next]);
        i += 2;
      } else if (/[0-7]/.test(next)) {
        const octal = /^[0-7]{1,3}/.exec(source.slice(i + 1))![0];
        codes.push(parseInt(octal, 8));
        i += 1 + octal.length;
      } else i += 2;
      continue;
    }
    if (ch === '(') depth += 1;
    if (ch === ')' && --depth === 0) return { codes, end: i + 1 };
    codes.push(ch.charCodeAt(0));
    i += 1;
  }
  return { codes, end: i };
}

/** The shown text of a content stream: strings inside BT … ET, a line per text object. */
function textOf(source: string, maps: ReadonlyMap<string, CodeMap>): string {
  const lines: string[] = [];
  let line = '';
  let pending: string[] = [];
  let lastName = '';
  let font: CodeMap | undefined;
  // A string of an embedded font is two-byte codes through its map; of a standard font, WinAnsi bytes.
  const decode = (codes: number[]) =>
    font ? Array.from({ length: codes.length >> 1 }, (_, k) => font!.get((codes[2 * k] << 8) | codes[2 * k + 1]) ?? '').join('') : winAnsi(codes);
  let i = 0;
  while (i < source.length) {
    const ch = source[i];
    if (ch === '/') {
      lastName = /^\/([^\s/<>[\]()]+)/.exec(source.slice(i))?.[1] ?? '';
      i += 1 + lastName.length;
    } else if (ch === '(') {
      const { codes, end } = literal(source, i + 1);
      pending.push(decode(codes));
      i = end;
    } else if (ch === '<' && source[i + 1] !== '<') {
      const end = source.indexOf('>', i);
      const hex = source.slice(i + 1, end).replace(/\s+/g, '');
      const codes = (hex.length % 2 ? `${hex}0` : hex).match(/../g)?.map((pair) => parseInt(pair, 16)) ?? [];
      pending.push(decode(codes));
      i = end + 1;
    } else if (/[A-Za-z'"*]/.test(ch)) {
      const operator = /^[A-Za-z'"*]+/.exec(source.slice(i))![0];
      if (operator === 'Tf') font = maps.get(lastName);
      if (operator === 'Tj' || operator === 'TJ' || operator === "'" || operator === '"') line += pending.join('');
      if (operator === 'ET' && line) {
        lines.push(line);
        line = '';
      }
      pending = [];
      i += operator.length;
    } else i += 1;
  }
  if (line) lines.push(line);
  return lines.join('\n');
}
