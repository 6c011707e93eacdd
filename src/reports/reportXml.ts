import { formatDate, formatDateTime, formatMoney } from '../../shared/format.js';
import { COLUMN_TYPES, type ReportColumn, type ReportColumnType } from '../../shared/reports.js';

/** A row of the preview: its fields by column name, an `id` for the table, and its nested Details rows. */
export interface PreviewRow {
  id: number;
  [field: string]: unknown;
  Details?: PreviewRow[];
}

/** A report's xml preview (server/reports/formats.ts `xmlChunks`) as the results table reads it. */
export interface ReportPreview {
  columns: ReportColumn[];
  detailColumns: ReportColumn[] | null;
  rows: PreviewRow[];
}

const typeOf = (text: string | null): ReportColumnType => (COLUMN_TYPES as readonly string[]).includes(text ?? '') ? (text as ReportColumnType) : 'text';

function columnsOf(element: Element | null): ReportColumn[] {
  if (!element) return [];
  return Array.from(element.children)
    .filter((c) => c.tagName === 'Column')
    .map((c) => ({ Name: c.getAttribute('Name') ?? '', Label: c.getAttribute('Label') ?? '', Type: typeOf(c.getAttribute('Type')) }));
}

function valueOf(type: ReportColumnType, text: string): unknown {
  if (type === 'integer' || type === 'money') return Number(text);
  if (type === 'boolean') return text === 'true';
  return text;
}

function rowOf(element: Element, columns: readonly ReportColumn[], id: number): PreviewRow {
  const row: PreviewRow = { id };
  for (const column of columns) {
    const field = Array.from(element.children).find((c) => c.tagName === column.Name);
    row[column.Name] = field ? valueOf(column.Type, field.textContent ?? '') : null;
  }
  return row;
}

/** Reads the preview: the columns, then each row with its nested Details rows (when the report has them). */
export function readPreview(xml: string): ReportPreview {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  const report = doc.documentElement;
  if (!report || report.tagName !== 'Report') throw new Error('Not a report');
  const child = (parent: Element, tag: string) => Array.from(parent.children).find((c) => c.tagName === tag) ?? null;
  const columns = columnsOf(child(report, 'Columns'));
  const detailsElement = child(report, 'DetailColumns');
  const detailColumns = detailsElement ? columnsOf(detailsElement) : null;
  const rowsElement = child(report, 'Rows');
  const rows = rowsElement
    ? Array.from(rowsElement.children)
        .filter((c) => c.tagName === 'Row')
        .map((element, index) => {
          const row = rowOf(element, columns, index + 1);
          const details = child(element, 'Details');
          if (details && detailColumns) row.Details = Array.from(details.children).filter((c) => c.tagName === 'Row').map((d, i) => rowOf(d, detailColumns, i + 1));
          return row;
        })
    : [];
  return { columns, detailColumns, rows };
}

/** A value as the table shows it: $0,0.00, MM/DD/YYYY, Yes/No. */
export function shownValue(type: ReportColumnType, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  switch (type) {
    case 'money':
      return formatMoney(Number(value));
    case 'date':
      return formatDate(String(value).slice(0, 10));
    case 'dateTime':
      return formatDateTime(String(value));
    case 'integer':
      return Number(value).toLocaleString('en-US');
    case 'boolean':
      return value ? 'Yes' : 'No';
    default:
      return String(value);
  }
}

/** Whether a row shows the text in any of its columns (the results table's filter). */
export function rowMatches(row: PreviewRow, columns: readonly ReportColumn[], text: string): boolean {
  const needle = text.trim().toLowerCase();
  if (!needle) return true;
  return columns.some((c) => shownValue(c.Type, row[c.Name]).toLowerCase().includes(needle));
}

/** MM/DD/YYYY (how the spec sends dates) ↔ YYYY-MM-DD (a date input's value). */
export const toInputDate = (us: string) => {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(us);
  return m ? `${m[3]}-${m[1]}-${m[2]}` : us;
};
export const toUsDate = (iso: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : iso;
};
