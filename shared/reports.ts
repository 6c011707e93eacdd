/**
 * The reports' wire shapes (spec 002 §3 "Report", §7 "Reports"), read by the server's catalogue and the client's
 * /reports page. The JSON Schemas schemas/report.json, reportParameters.json and reportRequest.json describe the same.
 */

/** The formats a report is generated in: xml is the on-screen preview (rows with nested Details rows). */
export const REPORT_FORMATS = ['xml', 'csv', 'pdf'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export const PARAMETER_TYPES = ['Boolean', 'DateTime', 'Integer', 'String'] as const;
export type ParameterType = (typeof PARAMETER_TYPES)[number];

/** How a column's values are shown (client table, PDF) and written (CSV). */
export const COLUMN_TYPES = ['text', 'integer', 'money', 'date', 'dateTime', 'boolean'] as const;
export type ReportColumnType = (typeof COLUMN_TYPES)[number];

/** A parameter value as sent: text (dates MM/DD/YYYY), a number, a flag, or null for an empty nullable parameter. */
export type ParameterValue = string | number | boolean | null;

/** A column of a report's rows or of its nested Details rows, as the xml preview describes it. */
export interface ReportColumn {
  Name: string;
  Label: string;
  Type: ReportColumnType;
}

/** The xml preview's MIME type and how each format is sent. */
export const REPORT_CONTENT_TYPES: Record<ReportFormat, string> = {
  xml: 'application/xml; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  pdf: 'application/pdf',
};
