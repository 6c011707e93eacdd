import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import fontkit, { type Font } from '@pdf-lib/fontkit';

/**
 * The typeface of every PDF Dossier makes (the report of investigation, drawn by pdfkit; the reports, by pdf-lib):
 * DejaVu Sans (the `dejavu-fonts-ttf` package, free licence), embedded and subset, so names and values print as
 * entered — Latin with every accent, Greek, Cyrillic and more — where the PDF standard fonts know only Western
 * European letters. A character DejaVu has no glyph for (Chinese, say) prints as its letter without accents when that
 * exists, else '?': never an empty box. The font engine is pdf-lib's (`@pdf-lib/fontkit`), also asked here which
 * characters the typeface has.
 */

/** pdf-lib's font engine, for `PDFDocument.registerFontkit`. */
export { fontkit };
const FILES = { regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf', italic: 'DejaVuSans-Oblique.ttf', boldItalic: 'DejaVuSans-BoldOblique.ttf' } as const;
export type FontFace = keyof typeof FILES;

let loaded: { files: Record<FontFace, Buffer>; regular: Font } | null = null;

/** The four faces' files, read once per process. */
export function fontFiles(): Record<FontFace, Buffer> {
  return load().files;
}

function load() {
  if (!loaded) {
    const dir = path.join(path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
    const files = Object.fromEntries(Object.entries(FILES).map(([face, file]) => [face, readFileSync(path.join(dir, file))])) as Record<FontFace, Buffer>;
    loaded = { files, regular: fontkit.create(files.regular) };
  }
  return loaded;
}

/** Text the typeface can draw: tabs as spaces; a character without a glyph as its base letter, else '?'. */
export function drawable(text: string): string {
  const font = load().regular;
  let out = '';
  for (const ch of text.normalize('NFC').replace(/\t/g, ' ')) {
    const code = ch.codePointAt(0)!;
    if (ch === '\n' || font.hasGlyphForCodePoint(code)) out += ch;
    else {
      const base = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      out += base !== ch && [...base].every((c) => font.hasGlyphForCodePoint(c.codePointAt(0)!)) ? base : '?';
    }
  }
  return out;
}
