import type { Database } from '../db/database.js';

/** One line of an invoice sent to the accounting service: a case (or one of its passthrough expenses) and its amount. */
export interface AccountingInvoiceLine {
  description: string;
  amount: number;
}

/** An invoice as the accounting service receives it: the org's company there, the date and the lines. */
export interface AccountingInvoice {
  /** The accounting service's id of the org's company (the org's QboId). */
  customerId: string;
  /** YYYY-MM-DD. */
  invoiceDate: string;
  /** The product's own invoice number, kept as the accounting service's document number. */
  docNumber: string;
  lines: AccountingInvoiceLine[];
}

/** Where the accounting service stands: not set up in configuration, set up but never authorised, or ready. */
export type AccountingStatus = 'notConfigured' | 'notAuthorised' | 'connected';

/**
 * The accounting service the product invoices to (spec 002 §2.7, §2.10, §7). Without configuration it is not
 * connected: the product keeps working, invoices are recorded locally only, and the org's company list is empty.
 */
export interface AccountingService {
  status(db: Database): Promise<AccountingStatus>;
  /** The service's companies (customers), for the org Invoices tab; empty when not connected. */
  customers(db: Database): Promise<{ Id: string; DisplayName: string }[]>;
  /** Creates the invoice there and answers its id; only called when connected. */
  createInvoice(db: Database, invoice: AccountingInvoice): Promise<{ id: string }>;
}

/** The accounting service of a product run without one configured. */
export class UnconfiguredAccounting implements AccountingService {
  async status(): Promise<AccountingStatus> {
    return 'notConfigured';
  }

  async customers(): Promise<{ Id: string; DisplayName: string }[]> {
    return [];
  }

  async createInvoice(): Promise<{ id: string }> {
    throw new Error('No accounting service is configured.');
  }
}
