import { PageSizes } from '../shared/constants.js';
import { Permissions } from '../shared/permissions.js';
import { ReportTexts } from '../shared/texts/reports.js';
import schema from '../schemas/report.json' with { type: 'json' };
import type { ObjectSchema } from '../schemas/index.js';
import { defineResource } from './declaration.js';
import { anyOf } from '../shared/access.js';
import { Limits } from '../shared/constants.js';
import { REPORT_CONTENT_TYPES, REPORT_FORMATS } from '../shared/reports.js';
import { defineOperations } from './operation.js';

const P = Permissions.ReportData;
const NAME = { maxLength: 200 } as const;
/** The media types a report file may have (xml, csv, pdf). */
export const REPORT_FILE_TYPES = [...new Set(Object.values(REPORT_CONTENT_TYPES).map((type) => type.split(';')[0]))];

/**
 * The report calls of spec 002 §7: a report's parameters; generating it (the file directly, or an instance whose Id
 * is answered); an instance in any format by Id. Every call needs View Report Data; rows are always those of the
 * caller's org scope; parameters are validated against the report's declaration (400 ModelState by parameter name).
 * Handlers: server/reports/routes.ts.
 */
export const reportOperations = defineOperations({
  parameters: {
    method: 'GET',
    path: '/api/reports/:group/:name/parameters',
    access: anyOf(P.VIEW_REPORT),
    summary:
      "A report's parameters: name, prompt, type (Boolean, DateTime, Integer, String), nullable, valid values for the caller (an org picker offers the caller's orgs) and default values (dates MM/DD/YYYY)",
    params: { group: NAME, name: NAME },
    answer: 'reportParameters.json',
  },
  run: {
    method: 'POST',
    path: '/api/reports/:group/:name',
    access: anyOf(P.VIEW_REPORT),
    summary:
      'Generate a report: Parameters as name/value pairs (required unless nullable; an empty nullable one null; dates MM/DD/YYYY) and a Format ' +
      '(xml: the preview with nested Details rows; csv: streamed; pdf). Answers the file, or with Instance true the { Id } of a report instance ' +
      `(kept ${Limits.REPORT_INSTANCE_HOURS} hours, for its creator). A bad parameter is a 400 ModelState keyed by the parameter's name.`,
    params: { group: NAME, name: NAME },
    body: 'reportRequest.json',
    answer: { fileOr: 'reportInstance.json' },
    produces: ['application/json', ...REPORT_FILE_TYPES],
  },
  instance: {
    method: 'GET',
    path: '/api/reports/instance/:id/:format',
    access: anyOf(P.VIEW_REPORT),
    summary: "A report instance in a format (xml, csv, pdf) as its creator generated it (its parameters, as of its moment); another user's or an expired instance is a 404",
    params: { id: { pattern: '^[A-Za-z0-9_-]{10,64}$' }, format: { enum: REPORT_FORMATS } },
    answer: 'file',
    produces: REPORT_FILE_TYPES,
  },
});

const T = ReportTexts;

/**
 * Reports (/reports, spec 002 §2.9): the catalogue (GET /api/reports) of reports grouped in folders. Its page is its list
 * view (src/reports/ReportsPage.tsx): the folders on the left, the selected report's parameter form with the format, Download
 * Report and View, and the results table. The other report calls (parameters, generate, instance) are named methods
 * of the data provider (dataProvider/reports.ts); the catalogue itself is declared data on the server
 * (server/reports/catalogue.ts).
 */
export default defineResource({
  name: 'reports',
  key: 'Id',
  route: '/reports',
  schema: schema as ObjectSchema,
  title: T.title,
  menu: { group: 'top', order: 4 },
  recordRepresentation: (r) => String(r.Name ?? ''),
  operations: { list: { method: 'GET', path: '/api/reports' } },
  named: reportOperations,
  paging: 'browser',
  permissions: { view: [Permissions.ReportData.VIEW_REPORT] },
  remove: { kind: 'none' },
  list: {
    pageSize: PageSizes.REPORT_RESULTS,
    sort: { field: 'Group', order: 'ASC' },
  },
  form: { fields: [] },
});
