import { Permissions } from '../shared/permissions.js';
import schema from '../schemas/orgInvoiceSettings.json' with { type: 'json' };
import type { ObjectSchema } from '../schemas/index.js';
import { defineResource } from './declaration.js';

const P = Permissions.Orgs;

/** The value of "no company" in the company select; the API stores none as null (spec 002 §3). */
export const NO_COMPANY = '-1';

/**
 * How an org is invoiced (the Invoices tab, spec 002 §2.1, §3): its accounting-service company and whether invoice
 * details include the subject's last 4 SSN. One record per org, keyed by the org.
 */
export default defineResource({
  name: 'org-invoice-settings',
  key: 'Org_Id',
  schema: schema as ObjectSchema,
  title: 'Invoices',
  menu: { group: 'none', order: 0 },
  recordRepresentation: () => 'Invoice settings',
  operations: {
    one: { method: 'GET', path: '/api/orgs/:id/invoice-settings' },
    update: { method: 'PUT', path: '/api/orgs/:id/invoice-settings' },
  },
  paging: 'browser',
  permissions: { view: [P.GET_ORG_INVOICE_SETTINGS], edit: [P.UPDATE_ORG_INVOICE_SETTINGS] },
  remove: { kind: 'none' },
  list: { pageSize: 1, sort: { field: 'Org_Id', order: 'ASC' } },
  form: { fields: ['QboId', 'IncludeLast4SSN'] },
  callbacks: {
    afterRead: (r) => ({ ...r, QboId: r.QboId ?? NO_COMPANY }),
    beforeSave: (data) => ({ ...data, QboId: data.QboId === NO_COMPANY ? null : data.QboId }),
  },
});
