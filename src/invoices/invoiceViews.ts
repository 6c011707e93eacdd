import { lazy } from 'react';
import type { ResourceViews } from '../resources/views.js';

/** Invoicing (/invoices): the org tree with its invoiceable cases and Create Invoice. */
export const invoicesViews: ResourceViews = { list: lazy(() => import('./InvoicingPage.js')) };

/** The accounting service's companies: when they cannot be read, an offer to connect the service. */
export const qboCustomersViews: ResourceViews = { listRefused: lazy(() => import('./QboConnect.js')) };
