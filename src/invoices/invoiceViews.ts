import { lazy } from 'react';
import type { ResourceViews } from '../resources/views.js';
import { sideList } from '../resources/SchemaList.js';
import { readOnlyTexts } from '../resources/resourceTexts.js';
import { InvoiceTexts as T } from '../../shared/texts/invoices.js';
const invoiceLists = () => import('./InvoiceHistoryList.js');

/** Invoicing (/invoices): the org tree with its invoiceable cases and Create Invoice. */
export const invoicesViews: ResourceViews = {
  list: lazy(() => import('./InvoicingPage.js')),
  texts: {
    created: () => T.invoiced,
    updated: () => T.invoiced,
    add: () => T.createInvoice,
    editTitle: () => T.createInvoice,
    editSubmit: T.createInvoice,
    empty: T.chooseOrgs,
    saveFailed: T.invoiceFailed,
  },
};

/** The accounting service's companies: when they cannot be read, an offer to connect the service. */
export const qboCustomersViews: ResourceViews = { listRefused: lazy(() => import('./QboConnect.js')) };

/** Invoice history (/invoices/history) and an invoice's lines: their tables' columns. */
export const invoiceHistoryViews: ResourceViews = { list: sideList(invoiceLists, (m) => m.InvoiceHistoryList), texts: readOnlyTexts(T.history.empty, T.history.loadFailed) };
export const invoiceLinesViews: ResourceViews = { list: sideList(invoiceLists, (m) => m.InvoiceLineList), texts: readOnlyTexts(T.history.noLines, T.history.linesFailed) };
