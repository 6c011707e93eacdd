import { PageSizes } from '../shared/constants.js';
import { Permissions } from '../shared/permissions.js';
import schema from '../schemas/qboCustomer.json' with { type: 'json' };
import type { ObjectSchema } from '../schemas/index.js';
import { defineResource } from './declaration.js';

/**
 * The accounting service's companies (GET /api/qbo/customers, spec 002 §7), read only: the org Invoices tab picks
 * one. Without an accounting service configured the list is empty; while it is not authorised the call answers 400
 * with the authorisation link, and its `listRefused` view offers to connect in its place.
 */
export default defineResource({
  name: 'qbo-customers',
  key: 'Id',
  schema: schema as ObjectSchema,
  title: 'Companies',
  menu: { group: 'none', order: 0 },
  recordRepresentation: (r) => String(r.DisplayName ?? ''),
  operations: { list: { method: 'GET', path: '/api/qbo/customers', access: [Permissions.Orgs.GET_ORG_INVOICE_SETTINGS, Permissions.Invoices.VIEW_INVOICE_DETAILS] } },
  paging: 'browser',
  permissions: { view: [Permissions.Orgs.GET_ORG_INVOICE_SETTINGS] },
  remove: { kind: 'none' },
  list: { pageSize: PageSizes.UNPAGED, sort: { field: 'DisplayName', order: 'ASC' } },
  form: { fields: [] },
});
