import type { InvoiceableOrg } from '../schemas/types.js';
import { request } from './httpClient.js';

/**
 * Calls of the invoicing screen (spec 002 §2.7, §7) that are not CRUD of the `invoices` declaration: the uninvoiced
 * cases of the chosen orgs, each with its cost and expense lines, and the accounting service's authorisation. (The orgs with billable cases are the declaration's
 * list, Create Invoice its create.)
 */
export const invoiceMethods = {
  getInvoiceableCases: (orgIds: readonly number[], signal?: AbortSignal) =>
    request<InvoiceableOrg[]>('/api/invoices/get-cases', { method: 'POST', body: { Org_Ids: orgIds }, signal }),
  /** Saves the accounting service's authorisation: the query string the /qbo/auth pop-up was sent back with. */
  saveQboToken: (result: string) => request<{ Status: 'connected' }>('/api/qbo/token', { method: 'POST', body: { QboResult: result } }),
};
