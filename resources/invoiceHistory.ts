import { PageSizes } from '../shared/constants.js';
import { Permissions } from '../shared/permissions.js';
import { InvoiceTexts } from '../shared/texts/invoices.js';
import schema from '../schemas/invoiceSummary.json' with { type: 'json' };
import type { ObjectSchema } from '../schemas/index.js';
import { defineResource } from './declaration.js';

const P = Permissions.Invoices;
const T = InvoiceTexts.history;

/**
 * The invoices already created (Invoicing › Invoice History, /invoices/history; issue 22 §2): read only, paged on the
 * server, newest invoice date first, within the caller's org scope — each invoice's org, date, cases, total, the
 * accounting service's id of it, who created it; a row opens into its lines (`invoice-lines`). Filtered by an org
 * (with the orgs below it) and a range of invoice dates. On a phone the table keeps its date, org and total.
 * Holders of View Invoice Details or Create Invoices see it; it is reached from the invoicing screen's header, not the
 * menus. The store is server/billing/invoicing.ts.
 */
export default defineResource({
  name: 'invoice-history',
  key: 'Id',
  route: '/invoices/history',
  schema: schema as ObjectSchema,
  title: T.title,
  menu: { group: 'none', order: 0 },
  recordRepresentation: (r) => `Invoice ${String(r.Id ?? '')}`,
  operations: {
    list: { method: 'POST', path: '/api/invoices/search', body: 'tableQuery', bodySchema: 'invoiceListQuery.json', answer: { records: 'Invoices', total: 'total', pageCount: 'pageCount', exact: 'totalIsExact' } },
  },
  paging: 'server',
  permissions: { view: [P.VIEW_INVOICE_DETAILS, P.CREATE_INVOICES] },
  remove: { kind: 'none' },
  list: {
    filters: [
      { source: 'Org_Id', match: 'equals', additional: true },
      { source: 'From', match: 'equals', additional: true },
      { source: 'To', match: 'equals', additional: true },
    ],
    pageSize: PageSizes.DEFAULT,
    sort: { field: 'InvoiceDate', order: 'DESC' },
  },
  form: { fields: [] },
  subResources: ['invoice-lines'],
});
