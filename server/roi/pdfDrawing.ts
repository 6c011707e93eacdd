import { fontFiles, type FontFace } from '../pdf/fonts.js';
import { PLAIN, type Align, type Block, type Cell, type Run } from './pdfBlocks.js';

/**
 * Draws blocks (server/roi/pdfBlocks.ts) onto the pages of a pdfkit document: the page, its colours and type sizes,
 * paragraphs, headings kept with what follows them, lists, rules, tables whose header row repeats on a new page, and
 * the header and footer bands. The typeface is DejaVu Sans, embedded (server/pdf/fonts.ts): text prints as entered.
 */

export const PAGE = { size: 'LETTER' as const, width: 612, height: 792, margin: { top: 78, bottom: 72, left: 60, right: 60 } };
const COLORS = { ink: '#1d232b', heading: '#1f3a5f', muted: '#5b6573', rule: '#b9c1cb', fill: '#eef2f6', accent: '#1f3a5f' };
/** The registered faces (server/pdf/fonts.ts), by the names pdfkit knows them under. */
const FONTS: Record<FontFace, FontFace> = { regular: 'regular', bold: 'bold', italic: 'italic', boldItalic: 'boldItalic' };
const BODY_SIZE = 10;
const HEADING_SIZES = [0, 18, 14, 11.5, 10.5];
const TABLE_SIZE = 9.5;
const CELL_PAD = 5;
const LABEL_WIDTH = 150;

const fontOf = (run: Pick<Run, 'bold' | 'italic'>) => (run.bold ? (run.italic ? FONTS.boldItalic : FONTS.bold) : run.italic ? FONTS.italic : FONTS.regular);

export type Doc = PDFKit.PDFDocument;

/** Makes the document's fonts known by their faces, the regular one current. */
export function registerFonts(doc: Doc) {
  for (const [face, file] of Object.entries(fontFiles())) doc.registerFont(face, file);
  doc.font(FONTS.regular);
}

/** Draws blocks at the document's current position, and the bands of a page. */
export class Renderer {
  constructor(private readonly doc: Doc) {}

  private get left() {
    return PAGE.margin.left;
  }
  private get width() {
    return PAGE.width - PAGE.margin.left - PAGE.margin.right;
  }
  private get bottom() {
    return PAGE.height - PAGE.margin.bottom;
  }

  private ensure(height: number) {
    if (this.doc.y + height > this.bottom) this.doc.addPage();
  }

  /** Mixed runs as one flowing paragraph (pdfkit breaks lines and pages). */
  private runs(runs: Run[], x: number, width: number, size: number, color: string, align: Align, lineGap = 2.5) {
    const { doc } = this;
    doc.fillColor(color).fontSize(size);
    runs.forEach((run, index) => {
      const last = index === runs.length - 1;
      doc.font(fontOf(run));
      if (index === 0) doc.text(run.text, x, doc.y, { width, align, continued: !last, lineGap, underline: run.underline });
      else doc.text(run.text, { continued: !last, lineGap, underline: run.underline });
    });
  }

  private textHeight(runs: Run[], width: number, size: number) {
    const { doc } = this;
    doc.fontSize(size).font(runs.some((run) => run.bold) ? FONTS.bold : FONTS.regular);
    return doc.heightOfString(runs.map((run) => run.text).join('') || ' ', { width, lineGap: 2 });
  }

  draw(blocks: Block[]) {
    const { doc } = this;
    blocks.forEach((block, index) => {
      switch (block.kind) {
        case 'page-break':
          if (doc.y > PAGE.margin.top + 1) doc.addPage();
          break;
        case 'heading': {
          const size = HEADING_SIZES[block.level];
          // Keep a heading with the start of what follows it: the next headings and lines up to the first table
          // row or paragraph of content.
          let keep = size * 2.2;
          for (const next of blocks.slice(index + 1, index + 4)) {
            if (next.kind === 'heading') keep += HEADING_SIZES[next.level] * 2.2;
            else if (next.kind === 'para' && next.tone !== 'normal') keep += 18;
            else {
              keep += next.kind === 'table' ? 28 : 32;
              break;
            }
          }
          this.ensure(keep);
          if (doc.y > PAGE.margin.top + 1) doc.y += block.level <= 2 ? size * 0.9 : size * 0.6;
          this.runs(block.runs, this.left, this.width, size, COLORS.heading, block.align, 2);
          if (block.level <= 2) {
            const y = doc.y + 2;
            doc.moveTo(this.left, y).lineTo(this.left + this.width, y).lineWidth(block.level === 1 ? 1.2 : 0.6).strokeColor(COLORS.rule).stroke();
            doc.y = y + 6;
          } else doc.y += 3;
          break;
        }
        case 'para': {
          const size = block.tone === 'note' ? 8.5 : block.tone === 'eyebrow' ? 11 : BODY_SIZE;
          const color = block.tone === 'normal' ? COLORS.ink : COLORS.muted;
          this.ensure(size * 1.6);
          const runs = block.tone === 'eyebrow' ? block.runs.map((run) => ({ ...run, text: run.text.toUpperCase() })) : block.runs;
          this.runs(runs, this.left + block.indent, this.width - block.indent, size, color, block.align);
          doc.y += 5;
          break;
        }
        case 'list-item': {
          this.ensure(BODY_SIZE * 1.6);
          const x = this.left + block.indent;
          const y = doc.y;
          doc.font(FONTS.regular).fontSize(BODY_SIZE).fillColor(COLORS.ink).text(block.marker, x, y, { width: 16, lineBreak: false });
          doc.y = y;
          this.runs(block.runs.length ? block.runs : [{ ...PLAIN, text: ' ' }], x + 16, this.width - block.indent - 16, BODY_SIZE, COLORS.ink, 'left');
          doc.y += 2;
          if (blocks[index + 1]?.kind !== 'list-item') doc.y += 4;
          break;
        }
        case 'hr': {
          this.ensure(12);
          const y = doc.y + 4;
          doc.moveTo(this.left, y).lineTo(this.left + this.width, y).lineWidth(0.6).strokeColor(COLORS.rule).stroke();
          doc.y = y + 8;
          break;
        }
        case 'table':
          this.table(block.rows);
          break;
      }
    });
  }

  /** Column widths: each column's longest word at least, the rest shared by how much text each column holds. */
  private columns(rows: Cell[][]): number[] {
    const { doc } = this;
    const count = Math.max(...rows.map((row) => row.length));
    const least = new Array<number>(count).fill(24);
    const wanted = new Array<number>(count).fill(24);
    doc.fontSize(TABLE_SIZE);
    for (const row of rows) {
      row.forEach((cell, c) => {
        const text = cell.runs.map((run) => run.text).join('');
        doc.font(cell.header ? FONTS.bold : FONTS.regular);
        const longestWord = Math.max(0, ...text.split(/\s+/).map((word) => doc.widthOfString(word)));
        const longestLine = Math.max(0, ...text.split('\n').map((line) => doc.widthOfString(line)));
        least[c] = Math.max(least[c], Math.min(longestWord + 2 * CELL_PAD, this.width / count));
        wanted[c] = Math.max(wanted[c], longestLine + 2 * CELL_PAD);
      });
    }
    const total = this.width;
    // A label and value table (a th then a td in every row): one label width for all of them, so the report's
    // tables line up; a longer label wraps.
    if (count === 2 && rows.every((row) => row.length === 2 && row[0].header && !row[1].header)) {
      const label = Math.max(least[0], Math.min(wanted[0], LABEL_WIDTH), LABEL_WIDTH);
      return [Math.min(label, total / 2), total - Math.min(label, total / 2)];
    }
    const wantedSum = wanted.reduce((a, b) => a + b, 0);
    if (wantedSum <= total) {
      // Room for everything: the last column takes what is left.
      return wanted.map((w, c) => (c === count - 1 ? w + total - wantedSum : w));
    }
    const leastSum = least.reduce((a, b) => a + b, 0);
    const extra = wanted.map((w, c) => Math.max(w - least[c], 0));
    const extraSum = extra.reduce((a, b) => a + b, 0) || 1;
    return least.map((w, c) => w + ((total - leastSum) * extra[c]) / extraSum);
  }

  private table(rows: Cell[][]) {
    const { doc } = this;
    const widths = this.columns(rows);
    const headerRow = rows[0].every((cell) => cell.header) && rows.length > 1 ? rows[0] : null;
    const heightOf = (row: Cell[]) =>
      Math.max(...row.map((cell, c) => this.textHeight(cell.runs.length ? cell.runs : [{ ...PLAIN, text: ' ' }], widths[c] - 2 * CELL_PAD, TABLE_SIZE))) + 2 * CELL_PAD;
    const drawRow = (row: Cell[], height: number) => {
      const top = doc.y;
      let x = this.left;
      row.forEach((cell, c) => {
        const width = c === row.length - 1 ? this.left + this.width - x : widths[c];
        if (cell.header) doc.rect(x, top, width, height).fillColor(COLORS.fill).fill();
        doc.rect(x, top, width, height).lineWidth(0.5).strokeColor(COLORS.rule).stroke();
        doc.y = top + CELL_PAD;
        if (cell.runs.length) this.runs(cell.runs, x + CELL_PAD, width - 2 * CELL_PAD, TABLE_SIZE, cell.header ? COLORS.heading : COLORS.ink, cell.align, 2);
        x += width;
      });
      doc.y = top + height;
    };
    const bodyHeight = this.bottom - PAGE.margin.top;
    doc.y += 2;
    rows.forEach((row, index) => {
      const height = heightOf(row);
      if (height > bodyHeight * 0.9) {
        // A row longer than a page (a long statement): its cells as paragraphs that flow over the pages.
        doc.y += 6;
        for (const cell of row) {
          if (!cell.runs.length) continue;
          this.ensure(TABLE_SIZE * 2);
          this.runs(cell.runs, this.left + CELL_PAD, this.width - 2 * CELL_PAD, TABLE_SIZE, cell.header ? COLORS.heading : COLORS.ink, 'left', 2);
          doc.y += 4;
        }
        return;
      }
      if (doc.y + height > this.bottom) {
        doc.addPage();
        if (headerRow && index > 0) drawRow(headerRow, heightOf(headerRow));
      }
      drawRow(row, height);
    });
    doc.x = this.left;
    doc.y += 10;
  }

  /** The header and footer of a page, and its number, drawn in the margins. */
  band(header: string[], footer: string[], page: number, pages: number) {
    const { doc } = this;
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font(FONTS.regular).fontSize(8).fillColor(COLORS.muted);
    let y = 40;
    for (const line of header.slice(0, 2)) {
      doc.text(line, this.left, y, { width: this.width, lineBreak: false, ellipsis: true });
      y += 10;
    }
    if (header.length) doc.moveTo(this.left, y + 2).lineTo(this.left + this.width, y + 2).lineWidth(0.5).strokeColor(COLORS.rule).stroke();
    const top = PAGE.height - 50;
    doc.moveTo(this.left, top - 6).lineTo(this.left + this.width, top - 6).lineWidth(0.5).strokeColor(COLORS.rule).stroke();
    const number = `Page ${page} of ${pages}`;
    const numberWidth = doc.widthOfString(number) + 12;
    doc.text(number, this.left + this.width - numberWidth, top, { width: numberWidth, align: 'right', lineBreak: false });
    footer.slice(0, 2).forEach((line, i) => {
      doc.text(line, this.left, top + i * 10, { width: this.width - numberWidth - 8, lineBreak: false, ellipsis: true });
    });
    doc.page.margins.bottom = bottomMargin;
  }
}
