import { lazy } from 'react';
import type { ResourceViews } from '../resources/views.js';
import { sideList } from '../resources/SchemaList.js';
const invoiceLists = () => import('./InvoiceHistoryList.js');

/** Invoicing (/invoices): the org tree with its invoiceable cases and Create Invoice. */
export const invoicesViews: ResourceViews = { list: lazy(() => import('./InvoicingPage.js')) };

/** The accounting service's companies: when they cannot be read, an offer to connect the service. */
export const qboCustomersViews: ResourceViews = { listRefused: lazy(() => import('./QboConnect.js')) };

/** Invoice history (/invoices/history) and an invoice's lines: their tables' columns. */
export const invoiceHistoryViews: ResourceViews = { list: sideList(invoiceLists, (m) => m.InvoiceHistoryList) };
export const invoiceLinesViews: ResourceViews = { list: sideList(invoiceLists, (m) => m.InvoiceLineList) };
