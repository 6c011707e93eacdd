import { PageSizes } from '../shared/constants.js';
import { Permissions } from '../shared/permissions.js';
import { ReportTexts } from '../shared/texts/reports.js';
import schema from '../schemas/report.json' with { type: 'json' };
import type { ObjectSchema } from '../schemas/index.js';
import { defineResource } from './declaration.js';

const T = ReportTexts;

/**
 * Reports (/reports, spec 002 §2.9): the catalogue (GET /api/reports) of reports grouped in folders. Its page is the
 * `reportsPage` list slot: the folders on the left, the selected report's parameter form with the format, Download
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
  paging: 'browser',
  permissions: { view: [Permissions.ReportData.VIEW_REPORT] },
  remove: { kind: 'none' },
  list: {
    columns: [
      { source: 'Group', label: 'Group' },
      { source: 'Name', label: 'Name' },
    ],
    pageSize: PageSizes.REPORT_RESULTS,
    sort: { field: 'Group', order: 'ASC' },
  },
  form: { fields: [] },
  texts: { created: () => '', updated: () => '', add: () => '', editTitle: () => '', editSubmit: '', empty: T.empty, loadFailed: T.errors.list },
  slots: { list: 'reportsPage' },
});
