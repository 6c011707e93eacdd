import { PageSizes } from '../shared/constants.js';
import { Permissions } from '../shared/permissions.js';
import schema from '../schemas/invoice.json' with { type: 'json' };
import type { ObjectSchema } from '../schemas/index.js';
import { defineResource } from './declaration.js';
import { anyOf } from '../shared/access.js';
import { defineOperations } from './operation.js';

const P = Permissions.Invoices;

/**
 * The invoicing contract's operations: the orgs with billable cases, the uninvoiced cases of the chosen orgs with
 * their costs, Create Invoice, and the accounting service's authorisation (spec 002 §2.10: connecting the firm's
 * accounting is a change of invoice settings). Handlers: server/billing/invoicing.ts and qboRoutes.ts.
 */
export const invoiceOperations = defineOperations({
  billableOrgs: {
    method: 'GET',
    path: '/api/orgs/invoiced',
    access: anyOf(P.VIEW_INVOICE_DETAILS),
    summary: "The orgs (within the caller's scope) that have billable cases not yet invoiced: Id and Name, for the invoicing tree's bold nodes",
    answer: { list: 'billableOrg.json' },
  },
  createInvoice: {
    method: 'POST',
    path: '/api/invoices/create-invoice',
    access: anyOf(P.CREATE_INVOICES),
    summary:
      'Invoice cases of one org (Case_Ids, OrgName, InvoiceDate YYYY-MM-DD, today when none): one transaction locks the cases, refuses ' +
      "with 409 when any is already invoiced, and records the invoice with each case's amount and the total; then sends it to the " +
      'accounting service when connected (its id in QboInvoiceId; 502 and nothing recorded when the service refuses). 400 for cases ' +
      'of several orgs or not billable, or an org without a company while an accounting service is set up; answers the invoice',
    body: 'invoiceRequest.json',
    answer: 'invoice.json',
  },
  invoiceableCases: {
    method: 'POST',
    path: '/api/invoices/get-cases',
    access: anyOf(P.VIEW_INVOICE_DETAILS),
    summary:
      "The uninvoiced completed and discontinued cases of each org asked for (Org_Ids), newest completion first: each case's cost " +
      "(BaseCost, FeeAmount, ExpensesTotal, TotalCost) and expense lines; per org its QboId and whether Create Invoice is offered (CanInvoice). " +
      "404 for an org outside the caller's scope",
    body: 'invoiceCasesQuery.json',
    answer: { list: 'invoiceableOrg.json' },
  },
  connectAccounting: {
    method: 'POST',
    path: '/api/qbo/token',
    access: anyOf(Permissions.Orgs.UPDATE_ORG_INVOICE_SETTINGS, P.CREATE_INVOICES),
    summary:
      "Saves the accounting service's authorisation: QboResult is the query string QuickBooks sent the /qbo/auth page back with " +
      '(code, state, realmId). The code is exchanged for tokens, kept for every user of the firm. 400 (ModelState.QboResult) when ' +
      'consent was denied, the state was not signed for the caller or expired, or QuickBooks refuses the code; 502 when it does not answer',
    body: 'qboToken.json',
    answer: 'accountingConnected.json',
  },
});

/**
 * Invoicing (/invoices, spec 002 §2.7, §7): the screen is its list view (src/invoices/InvoicingPage.tsx) — the org
 * tree with checkboxes (orgs with billable cases in bold, `billableOrgs`), a card per chosen org with its uninvoiced
 * cases (`invoiceableCases`), and Create Invoice (`createInvoice`, which answers the invoice). Every call is a named
 * operation of the contract above: none is a generic CRUD call (the lock that keeps a case from being invoiced twice
 * is no generic write).
 */
export default defineResource({
  name: 'invoices',
  key: 'Id',
  route: '/invoices',
  schema: schema as ObjectSchema,
  title: 'Invoices',
  menu: { group: 'top', order: 3 },
  recordRepresentation: (r) => String(r.OrgName ?? r.Name ?? r.Id ?? ''),
  operations: {},
  named: invoiceOperations,
  paging: 'browser',
  permissions: { view: [P.VIEW_INVOICE_DETAILS], create: [P.CREATE_INVOICES] },
  remove: { kind: 'none' },
  list: { pageSize: PageSizes.UNPAGED, sort: { field: 'OrgName', order: 'ASC' } },
  form: { fields: ['Case_Ids', 'OrgName', 'InvoiceDate'] },
  store: { routes: [] },
});
