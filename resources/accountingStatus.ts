import { Permissions } from '../shared/permissions.js';
import schema from '../schemas/accountingStatus.json' with { type: 'json' };
import type { ObjectSchema } from '../schemas/index.js';
import { defineResource } from './declaration.js';

const readers = [Permissions.Invoices.VIEW_INVOICE_DETAILS, Permissions.Orgs.GET_ORG_INVOICE_SETTINGS];

/**
 * Where the accounting service stands (GET /api/qbo/status), one record read only: the invoicing screen and the org
 * Invoices tab say when none is set up, so invoices recorded in Dossier only are no surprise.
 */
export default defineResource({
  name: 'accounting-status',
  key: 'Status',
  schema: schema as ObjectSchema,
  title: 'Accounting service',
  menu: { group: 'none', order: 0 },
  recordRepresentation: (r) => String(r.Status ?? ''),
  singleton: true,
  operations: { one: { method: 'GET', path: '/api/qbo/status', access: readers } },
  paging: 'browser',
  permissions: { view: readers },
  remove: { kind: 'none' },
  list: { pageSize: 1, sort: { field: 'Status', order: 'ASC' } },
  form: { fields: [] },
});
