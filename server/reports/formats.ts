import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { drawable, fontFiles, fontkit } from '../pdf/fonts.js';
import { Limits } from '../../shared/constants.js';
import { formatDate, formatMoney } from '../../shared/format.js';
import type { ParameterValue, ReportColumnType } from '../../shared/reports.js';
import { ReportTexts } from '../../shared/texts/reports.js';
import type { ColumnDeclaration, ReportDeclaration } from './definition.js';
import type { RunRow } from './runner.js';
import { csvCell } from '../files/csv.js';

const T = ReportTexts.server;

/** What every format writes above the rows: the report and the parameters it was generated with. */
export interface ReportHeading {
  report: ReportDeclaration;
  parameters: Readonly<Record<string, ParameterValue>>;
  /** How a parameter's value reads when it is one of its valid values (an org's name for its id). */
  labels?: Readonly<Record<string, string>>;
  generated: Date;
}

// ---- values -------------------------------------------------------------------------------------------------

const pad = (n: number) => String(n).padStart(2, '0');
const usDay = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

/** A moment as `YYYY-MM-DD HH:MM:SS` (UTC), which spreadsheets read as a date and time. */
function sheetMoment(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return `${date.toISOString().slice(0, 10)} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
}

/** A value as a spreadsheet cell: dates MM/DD/YYYY, money with two decimals, flags Yes/No. */
function cellText(type: ReportColumnType, value: unknown): string {
  if (value === null || value === undefined) return '';
  switch (type) {
    case 'money':
      return Number(value).toFixed(2);
    case 'date':
      return /^\d{4}-\d{2}-\d{2}/.test(String(value)) ? usDay(String(value)) : String(value);
    case 'dateTime':
      return sheetMoment(String(value));
    case 'boolean':
      return value ? 'Yes' : 'No';
    default:
      return String(value);
  }
}

/** A value as people read it: $0,0.00, MM/DD/YYYY. */
function shownText(type: ReportColumnType, value: unknown): string {
  if (value === null || value === undefined) return '';
  switch (type) {
    case 'money':
      return formatMoney(Number(value));
    case 'date':
      return formatDate(String(value).slice(0, 10));
    case 'dateTime':
      return `${formatDate(new Date(String(value)))} ${sheetMoment(String(value)).slice(11, 16)}`;
    case 'integer':
      return Number(value).toLocaleString('en-US');
    default:
      return cellText(type, value);
  }
}

const parameterLine = (heading: ReportHeading) =>
  heading.report.parameters
    .map((p) => {
      const value = heading.parameters[p.name];
      const shown = value === null || value === undefined ? '(none)' : (heading.labels?.[p.name] ?? (p.type === 'DateTime' ? usDay(String(value)) : String(value)));
      return `${p.prompt}: ${shown}`;
    })
    .join('   ');

// ---- CSV ----------------------------------------------------------------------------------------------------

/** A report's CSV field: its shown text; only text columns can hold a formula (numbers and dates never start with one). */
const csvField = (type: ReportColumnType, value: unknown) => csvCell(cellText(type, value), { formulaGuard: type === 'text' });

const csvLine = (columns: readonly ColumnDeclaration[], row: Record<string, unknown>) => `${columns.map((c) => csvField(c.type, row[c.field])).join(',')}\r\n`;

/**
 * The report as CSV (Excel/CSV): a byte-order mark (so spreadsheets read UTF-8), the header of column labels, then one
 * line per row, written as the batches arrive — never the whole report in memory.
 */
export async function* csvChunks(heading: ReportHeading, batches: AsyncIterable<RunRow[]>): AsyncGenerator<string> {
  const { columns } = heading.report;
  yield `\uFEFF${columns.map((c) => csvField('text', c.label)).join(',')}\r\n`;
  for await (const batch of batches) {
    let chunk = '';
    for (const { row } of batch) chunk += csvLine(columns, row);
    yield chunk;
  }
}

// ---- XML ----------------------------------------------------------------------------------------------------

/** Control characters XML 1.0 cannot hold (all below space except tab, line feed and carriage return). */
const xmlAllowed = (c: string) => c >= ' ' || c === '\t' || c === '\n' || c === '\r';
const escapeXml = (text: string) =>
  [...text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!)].filter(xmlAllowed).join('');

const columnsXml = (tag: string, columns: readonly ColumnDeclaration[]) =>
  `<${tag}>${columns.map((c) => `<Column Name="${escapeXml(c.field)}" Label="${escapeXml(c.label)}" Type="${c.type}"/>`).join('')}</${tag}>`;

/** A row's fields as elements named after them (a null field is left out), values as the database gives them. */
const fieldsXml = (columns: readonly ColumnDeclaration[], row: Record<string, unknown>) =>
  columns
    .filter((c) => row[c.field] !== null && row[c.field] !== undefined)
    .map((c) => `<${c.field}>${escapeXml(String(row[c.field]))}</${c.field}>`)
    .join('');

/**
 * The report as XML, the on-screen preview: the report's columns (and its Details rows' columns), then each row with
 * its nested `<Details>` rows, written as the batches arrive.
 *
 * ```xml
 * <Report Group="Cases" Name="Open cases by org">
 *   <Parameters><Parameter Name="Org"/>…</Parameters>
 *   <Columns><Column Name="Org" Label="Org" Type="text"/>…</Columns>
 *   <DetailColumns>…</DetailColumns>
 *   <Rows><Row><Org>…</Org>…<Details><Row>…</Row></Details></Row></Rows>
 * </Report>
 * ```
 */
export async function* xmlChunks(heading: ReportHeading, batches: AsyncIterable<RunRow[]>): AsyncGenerator<string> {
  const { report } = heading;
  const parameters = report.parameters
    .map((p) => {
      const value = heading.parameters[p.name];
      return value === null || value === undefined ? `<Parameter Name="${escapeXml(p.name)}"/>` : `<Parameter Name="${escapeXml(p.name)}">${escapeXml(String(value))}</Parameter>`;
    })
    .join('');
  yield `<?xml version="1.0" encoding="UTF-8"?>\n<Report Group="${escapeXml(report.group)}" Name="${escapeXml(report.name)}" Generated="${heading.generated.toISOString()}">` +
    `<Parameters>${parameters}</Parameters>${columnsXml('Columns', report.columns)}${report.details ? columnsXml('DetailColumns', report.details.columns) : ''}<Rows>`;
  const detailColumns = report.details?.columns ?? [];
  for await (const batch of batches) {
    let chunk = '';
    for (const { row, details } of batch) {
      const nested = details ? `<Details>${details.map((d) => `<Row>${fieldsXml(detailColumns, d)}</Row>`).join('')}</Details>` : '';
      chunk += `<Row>${fieldsXml(report.columns, row)}${nested}</Row>\n`;
    }
    yield chunk;
  }
  yield '</Rows></Report>\n';
}

// ---- PDF ----------------------------------------------------------------------------------------------------

const PAGE = { width: 792, height: 612, margin: 36 } as const;
const FONT_SIZE = 8;
const LINE = 12;

/** A line of the PDF: what the typeface can draw, line breaks as spaces. */
const oneLine = (text: string) => drawable(text).replace(/\n/g, ' ');

/** The distance between the lines of a column header that takes more than one. */
const HEADER_LINE = 9.5;

/**
 * A column header in lines no wider than the column: whole words where they fit, a word longer than the column
 * broken where it must. A header is never cut short ("Discontinued", not "Discontin...").
 */
export function wrapped(font: PDFFont, text: string, width: number, size = FONT_SIZE): string[] {
  const fits = (line: string) => font.widthOfTextAtSize(line, size) <= width;
  const lines: string[] = [];
  let line = '';
  for (const word of oneLine(text).split(/\s+/).filter(Boolean)) {
    const joined = line ? `${line} ${word}` : word;
    if (fits(joined)) {
      line = joined;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    // A word wider than the column on its own: as many letters as fit on each line.
    while (!fits(line) && line.length > 1) {
      let cut = line.length - 1;
      while (cut > 1 && !fits(line.slice(0, cut))) cut -= 1;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line || !lines.length) lines.push(line);
  return lines;
}

/** The space kept between a cell's text and the next column. */
const CELL_GAP = 6;

/** The width of a text's longest word. */
const longestWord = (font: PDFFont, text: string) => Math.max(0, ...oneLine(text).split(/\s+/).map((word) => font.widthOfTextAtSize(word, FONT_SIZE)));

/**
 * The columns' widths: the usable width shared by weight, each column at least as wide as its header's longest word
 * (so headers wrap between words); the columns that need more take it from the others, by weight.
 */
export function columnWidths(usable: number, weights: readonly number[], least: readonly number[]): number[] {
  const share = (room: number, columns: readonly number[]) => {
    const total = columns.reduce((sum, i) => sum + weights[i], 0);
    return new Map(columns.map((i) => [i, total > 0 ? (room * weights[i]) / total : 0]));
  };
  // Should the headers' words not fit the page even so, the columns keep their share and the longest words break.
  if (least.reduce((a, b) => a + b, 0) > usable) return [...share(usable, weights.map((_, i) => i)).values()];
  const fixed = new Map<number, number>();
  for (;;) {
    const room = usable - [...fixed.values()].reduce((a, b) => a + b, 0);
    const shared = share(room, weights.map((_, i) => i).filter((i) => !fixed.has(i)));
    const short = [...shared].find(([i, width]) => width < least[i]);
    if (!short) return weights.map((_, i) => fixed.get(i) ?? shared.get(i)!);
    fixed.set(short[0], least[short[0]]);
  }
}

function fitted(font: PDFFont, text: string, width: number): string {
  let shown = oneLine(text);
  if (font.widthOfTextAtSize(shown, FONT_SIZE) <= width) return shown;
  while (shown.length > 1 && font.widthOfTextAtSize(`${shown}...`, FONT_SIZE) > width) shown = shown.slice(0, -1);
  return `${shown}...`;
}

/**
 * The report as a simple tabular PDF (pdf-lib, DejaVu Sans embedded: server/pdf/fonts.ts; US Letter landscape): the report's name, the parameters, and
 * the rows under a repeated header (labels wrapped within their column), one line each, cut to their column's width. At most Limits.REPORT_PDF_MAX_ROWS
 * rows (the CSV holds all of them; the PDF says so on its last line).
 */
export async function pdfBytes(heading: ReportHeading, batches: AsyncIterable<RunRow[]>): Promise<Uint8Array> {
  const { report } = heading;
  const doc = await PDFDocument.create();
  doc.setTitle(`${report.group} - ${report.name}`);
  doc.setCreator('Dossier');
  doc.setCreationDate(heading.generated);
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(fontFiles().regular, { subset: true });
  const bold = await doc.embedFont(fontFiles().bold, { subset: true });
  const usable = PAGE.width - 2 * PAGE.margin;
  const weights = report.columns.map((c) => (c.type === 'text' ? 3 : c.type === 'dateTime' ? 2 : c.type === 'money' ? 1.6 : 1.2));
  const numeric = report.columns.map((c) => c.type === 'integer' || c.type === 'money');
  const widths = columnWidths(usable, weights, report.columns.map((c) => longestWord(bold, c.label) + CELL_GAP));
  const xs = widths.map((_, i) => PAGE.margin + widths.slice(0, i).reduce((a, b) => a + b, 0));

  let page: PDFPage = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  const write = (text: string, x: number, size: number, face: PDFFont) => page.drawText(oneLine(text), { x, y, size, font: face, color: rgb(0, 0, 0) });
  /** A cell's text in its column: numbers against the column's right edge, everything else at its left. */
  const cell = (text: string, i: number, face: PDFFont) => {
    const x = numeric[i] ? xs[i] + widths[i] - 6 - face.widthOfTextAtSize(text, FONT_SIZE) : xs[i];
    page.drawText(text, { x, y, size: FONT_SIZE, font: face });
  };
  // Headers wrap onto as many lines as the longest needs; the rows below them stay one line each.
  const headers = report.columns.map((c, i) => wrapped(bold, c.label, widths[i] - CELL_GAP));
  const headerLines = Math.max(...headers.map((lines) => lines.length));
  const header = () => {
    const top = y;
    for (let line = 0; line < headerLines; line += 1) {
      y = top - line * HEADER_LINE;
      // Each header sits on the rule: a shorter one starts lower.
      headers.forEach((lines, i) => {
        const text = lines[line - (headerLines - lines.length)];
        if (text) cell(text, i, bold);
      });
    }
    y -= 4;
    page.drawLine({ start: { x: PAGE.margin, y }, end: { x: PAGE.width - PAGE.margin, y }, thickness: 0.5, color: rgb(0.4, 0.4, 0.4) });
    y -= LINE;
  };
  write(`${report.group} - ${report.name}`, PAGE.margin, 14, bold);
  y -= 18;
  for (const line of [parameterLine(heading), `Generated ${formatDate(heading.generated)} ${sheetMoment(heading.generated.toISOString()).slice(11, 16)} UTC`]) {
    if (line) page.drawText(fitted(font, line, usable), { x: PAGE.margin, y, size: FONT_SIZE, font });
    y -= LINE;
  }
  y -= 6;
  header();

  let rows = 0;
  let cut = false;
  for await (const batch of batches) {
    for (const { row } of batch) {
      if (rows >= Limits.REPORT_PDF_MAX_ROWS) {
        cut = true;
        break;
      }
      if (y < PAGE.margin) {
        page = doc.addPage([PAGE.width, PAGE.height]);
        y = PAGE.height - PAGE.margin;
        header();
      }
      report.columns.forEach((c, i) => cell(fitted(font, shownText(c.type, row[c.field]), widths[i] - 6), i, font));
      y -= LINE;
      rows += 1;
    }
    if (cut) break;
  }
  if (rows === 0 || cut) {
    if (y < PAGE.margin) {
      page = doc.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - PAGE.margin;
    }
    write(rows === 0 ? T.noRows : T.pdfCut(Limits.REPORT_PDF_MAX_ROWS), PAGE.margin, FONT_SIZE, font);
  }
  return doc.save();
}
