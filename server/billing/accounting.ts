import type { Database } from '../db/database.js';

/** One line of an invoice sent to the accounting service: a case (or one of its passthrough expenses) and its amount. */
export interface AccountingInvoiceLine {
  caseId: number;
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

/** A company (customer) of the accounting service, as the org Invoices tab offers it. */
export interface AccountingCustomer {
  Id: string;
  DisplayName: string;
}

/** Where the accounting service stands: not set up in configuration, set up but never authorised, or ready. */
export type AccountingStatus = 'notConfigured' | 'notAuthorised' | 'connected';

/** The accounting service needs (again) the user's authorisation: never given, revoked, or its refresh token expired. */
export class AccountingNotAuthorised extends Error {
  constructor(message = 'The accounting service is not authorised.') {
    super(message);
  }
}

/** The accounting service refused a request or could not be reached; `detail` is what it said, for the log. */
export class AccountingUnavailable extends Error {
  constructor(
    message: string,
    readonly detail?: unknown,
  ) {
    super(message);
  }
}

/** The authorisation the user brought back was refused (denied consent, a forged or stale state, a used code). */
export class AccountingAuthorisationRefused extends Error {}

/**
 * The accounting service the product invoices to (spec 002 §2.7, §2.10, §7). Without configuration it is not
 * connected: the product keeps working, invoices are recorded locally only, and the org's company list is empty.
 */
export interface AccountingService {
  status(db: Database): Promise<AccountingStatus>;
  /**
   * The address the user authorises the product at (a 400's ModelState.Qbo[0]), bound to that user for a short
   * while; null when no accounting service is configured.
   */
  authorisationUrl(userId: number): string | null;
  /**
   * Completes an authorisation: `result` is the query string the /qbo/auth page was sent back with. Throws
   * AccountingAuthorisationRefused when it is not a valid authorisation for this user.
   */
  connect(db: Database, userId: number, result: string): Promise<void>;
  /** The service's companies, by name; empty when not configured; AccountingNotAuthorised when not authorised. */
  customers(db: Database): Promise<AccountingCustomer[]>;
  /** Creates the invoice there and answers its id; only called when connected. */
  createInvoice(db: Database, invoice: AccountingInvoice): Promise<{ id: string }>;
}

/** The accounting service of a product run without one configured. */
export class UnconfiguredAccounting implements AccountingService {
  async status(): Promise<AccountingStatus> {
    return 'notConfigured';
  }

  authorisationUrl(): string | null {
    return null;
  }

  async connect(): Promise<void> {
    throw new AccountingAuthorisationRefused('No accounting service is configured.');
  }

  async customers(): Promise<AccountingCustomer[]> {
    return [];
  }

  async createInvoice(): Promise<{ id: string }> {
    throw new Error('No accounting service is configured.');
  }
}
