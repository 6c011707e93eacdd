import { PageSizes } from '../shared/constants.js';
import { Permissions } from '../shared/permissions.js';
import schema from '../schemas/invoiceLine.json' with { type: 'json' };
import type { ObjectSchema } from '../schemas/index.js';
import { defineResource } from './declaration.js';

const P = Permissions.Invoices;

/**
 * The lines of an invoice already created (a row of the invoice history opens into them): in order, each with its case
 * (a link to the case for those who may open it; on a phone the description names it) and amount — what was billed,
 * as stored when the invoice was created.
 */
export default defineResource({
  name: 'invoice-lines',
  key: 'LineNumber',
  schema: schema as ObjectSchema,
  title: 'Lines',
  menu: { group: 'none', order: 0 },
  recordRepresentation: (r) => String(r.Description ?? ''),
  parent: { resource: 'invoice-history', field: 'Invoice_Id' },
  operations: { list: { method: 'GET', path: '/api/invoices/:Invoice_Id/lines' } },
  paging: 'browser',
  permissions: { view: [P.VIEW_INVOICE_DETAILS, P.CREATE_INVOICES], actions: { openCase: [Permissions.Cases.VIEW_CASES] } },
  remove: { kind: 'none' },
  list: {
    pageSize: PageSizes.UNPAGED,
    sort: { field: 'LineNumber', order: 'ASC' },
  },
  form: { fields: [] },
});
