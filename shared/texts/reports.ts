/** The reports area (spec 002 §2.9, §5, §8), word for word. */
export const ReportTexts = {
  title: 'Reports',
  /** The results table before a report has been viewed. */
  empty: 'Click view to see the generated report here.',
  /** Shown after Timing.REPORT_SLOW_HINT_MS of waiting. */
  slowHint: 'If the report is taking a while to download, add more parameters to narrow the fieldset.',
  format: 'Format',
  formats: { csv: 'Excel/CSV', pdf: 'PDF' },
  download: 'Download Report',
  view: 'View',
  errors: {
    list: 'Unable to get reports',
    one: 'Unable to get report',
    generate: 'Unable to generate report',
  },
  /** Server-side messages (not shown by the spec: the product's wording). */
  server: {
    unknownReport: 'Unable to get report',
    unknownInstance: 'Unable to get report',
    required: (prompt: string) => `${prompt} is required.`,
    notBoolean: (prompt: string) => `${prompt} must be true or false.`,
    notInteger: (prompt: string) => `${prompt} must be a whole number.`,
    notDate: (prompt: string) => `${prompt} must be a date (MM/DD/YYYY).`,
    notValid: (prompt: string) => `${prompt} must be one of the offered values.`,
    unknownParameter: (name: string) => `The report has no parameter ${name}.`,
    /** The closing line of a PDF cut at Limits.REPORT_PDF_MAX_ROWS rows. */
    pdfCut: (rows: number) => `The PDF holds the first ${rows.toLocaleString('en-US')} rows; the Excel/CSV download holds them all.`,
    noRows: 'No rows.',
  },
} as const;
