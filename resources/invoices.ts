import { PageSizes } from '../shared/constants.js';
import { Permissions } from '../shared/permissions.js';
import { InvoiceTexts } from '../shared/texts/invoices.js';
import schema from '../schemas/invoice.json' with { type: 'json' };
import type { ObjectSchema } from '../schemas/index.js';
import { defineResource } from './declaration.js';

const P = Permissions.Invoices;
const T = InvoiceTexts;

/**
 * Invoicing (/invoices, spec 002 §2.7, §7): the screen is the `invoicing` list slot — the org tree with checkboxes
 * (orgs with billable cases in bold), a card per chosen org with its uninvoiced cases, and Create Invoice. The list
 * call answers the orgs that have billable cases (`GET /api/orgs/invoiced`, Id and Name); the cases of chosen orgs
 * are the named call `getInvoiceableCases` (`POST /api/invoices/get-cases`); Create Invoice is this resource's create
 * (`POST /api/invoices/create-invoice`), which answers the invoice. The routes are the invoicing area's
 * (server/billing/invoicing.ts: the lock that keeps a case from being invoiced twice is no generic write).
 */
export default defineResource({
  name: 'invoices',
  key: 'Id',
  route: '/invoices',
  schema: schema as ObjectSchema,
  title: 'Invoices',
  menu: { group: 'top', order: 3 },
  recordRepresentation: (r) => String(r.OrgName ?? r.Name ?? r.Id ?? ''),
  operations: {
    list: { method: 'GET', path: '/api/orgs/invoiced' },
    create: { method: 'POST', path: '/api/invoices/create-invoice', bodySchema: 'invoiceRequest.json' },
  },
  paging: 'browser',
  permissions: { view: [P.VIEW_INVOICE_DETAILS], create: [P.CREATE_INVOICES] },
  remove: { kind: 'none' },
  list: { columns: [{ source: 'OrgName', label: 'Org' }], pageSize: PageSizes.UNPAGED, sort: { field: 'OrgName', order: 'ASC' } },
  form: { fields: ['Case_Ids', 'OrgName', 'InvoiceDate'] },
  texts: {
    created: () => T.invoiced,
    updated: () => T.invoiced,
    add: () => T.createInvoice,
    editTitle: () => T.createInvoice,
    editSubmit: T.createInvoice,
    empty: T.chooseOrgs,
    saveFailed: T.invoiceFailed,
  },
  slots: { list: 'invoicing' },
  store: { routes: [] },
});
