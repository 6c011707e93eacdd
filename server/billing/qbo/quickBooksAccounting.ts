import type { QboConfig } from '../../config.js';
import type { Database } from '../../db/database.js';
import {
  AccountingAuthorisationRefused,
  AccountingUnavailable,
  type AccountingCustomer,
  type AccountingInvoice,
  type AccountingService,
  type AccountingStatus,
} from '../accounting.js';
import { signState, verifyState } from './authorisationState.js';
import { QboConnection, type QboAccess } from './qboConnection.js';
import { QboApiRefused, QboTokenRefused, callApi, requestTokens } from './qboHttp.js';

/** The OAuth scope of the accounting API. */
const ACCOUNTING_SCOPE = 'com.intuit.quickbooks.accounting';
/** QuickBooks answers a query 1,000 rows at most; the customer list is read page by page. */
const QUERY_PAGE = 1000;

interface CustomerQueryAnswer {
  QueryResponse?: { Customer?: { Id: string; DisplayName?: string }[] };
}

/** QuickBooks' own text of a refusal (its Fault), for the log. */
const faultOf = (detail: unknown) => (detail as { Fault?: unknown } | null)?.Fault ?? detail;

/**
 * QuickBooks Online as the accounting service (spec 002 §2.7, §2.10, §7; docs/decisions.md "Accounting service"):
 * - authorisation: Intuit's OAuth 2.0 authorisation-code flow. The link carries a state signed for the user; the
 *   /qbo/auth page hands the query string back, and `connect` checks the state and exchanges the code;
 * - tokens: kept in `qbo_connections`, refreshed a minute before expiry and after a 401 (QboConnection);
 * - customers: the active customers, read 1,000 at a time;
 * - invoices: one line per case and per passthrough expense, booked to the configured item.
 */
export class QuickBooksAccounting implements AccountingService {
  private readonly connection: QboConnection;

  constructor(
    private readonly config: QboConfig,
    private readonly now: () => Date,
  ) {
    this.connection = new QboConnection(config, now);
  }

  async status(db: Database): Promise<AccountingStatus> {
    return (await this.connection.isAuthorised(db)) ? 'connected' : 'notAuthorised';
  }

  authorisationUrl(userId: number): string {
    const query = new URLSearchParams({
      client_id: this.config.clientId,
      response_type: 'code',
      scope: ACCOUNTING_SCOPE,
      redirect_uri: this.config.redirectUrl,
      state: signState(this.config.clientSecret, userId, this.now()),
    });
    return `${this.config.authUrl}?${query}`;
  }

  async connect(db: Database, userId: number, result: string): Promise<void> {
    const answer = new URLSearchParams(result.startsWith('?') ? result.slice(1) : result);
    const denied = answer.get('error');
    if (denied) throw new AccountingAuthorisationRefused(`QuickBooks did not authorise Dossier (${denied}).`);
    const code = answer.get('code');
    const realmId = answer.get('realmId');
    const state = answer.get('state') ?? '';
    if (!code || !realmId) throw new AccountingAuthorisationRefused('The QuickBooks answer holds no authorisation code and company.');
    if (!verifyState(this.config.clientSecret, state, userId, this.now())) {
      throw new AccountingAuthorisationRefused('This QuickBooks authorisation was not asked for by you or has expired: connect again.');
    }
    try {
      const tokens = await requestTokens(this.config, { grant_type: 'authorization_code', code, redirect_uri: this.config.redirectUrl });
      await this.connection.store(db, realmId, tokens);
    } catch (error) {
      if (error instanceof QboTokenRefused) throw new AccountingAuthorisationRefused('QuickBooks refused the authorisation code: connect again.');
      throw error;
    }
  }

  /** A call with a usable token; a 401 (token revoked or expired early) refreshes it and tries once more. */
  private async withAccess<T>(db: Database, call: (access: QboAccess) => Promise<T>): Promise<T> {
    const access = await this.connection.access(db);
    try {
      return await call(access);
    } catch (error) {
      if (!(error instanceof QboApiRefused) || error.status !== 401) throw error;
      return call(await this.connection.access(db, access.accessToken));
    }
  }

  async customers(db: Database): Promise<AccountingCustomer[]> {
    const customers: AccountingCustomer[] = [];
    for (let start = 1; ; start += QUERY_PAGE) {
      const query = `select Id, DisplayName from Customer where Active = true orderby DisplayName startposition ${start} maxresults ${QUERY_PAGE}`;
      const answer = (await this.withAccess(db, (access) => callApi(this.config, access.realmId, access.accessToken, { method: 'GET', path: 'query', query: { query } }))) as CustomerQueryAnswer;
      const page = answer?.QueryResponse?.Customer ?? [];
      for (const c of page) customers.push({ Id: String(c.Id), DisplayName: c.DisplayName ?? String(c.Id) });
      if (page.length < QUERY_PAGE) return customers;
    }
  }

  async createInvoice(db: Database, invoice: AccountingInvoice): Promise<{ id: string }> {
    const body = {
      CustomerRef: { value: invoice.customerId },
      TxnDate: invoice.invoiceDate,
      DocNumber: invoice.docNumber,
      Line: invoice.lines.map((line, i) => ({
        LineNum: i + 1,
        DetailType: 'SalesItemLineDetail',
        Amount: line.amount,
        Description: line.description,
        SalesItemLineDetail: { ItemRef: { value: this.config.itemId }, Qty: 1, UnitPrice: line.amount },
      })),
    };
    try {
      const answer = (await this.withAccess(db, (access) => callApi(this.config, access.realmId, access.accessToken, { method: 'POST', path: 'invoice', body }))) as { Invoice?: { Id?: unknown } };
      const id = answer?.Invoice?.Id;
      if (id === undefined || id === null) throw new AccountingUnavailable('QuickBooks answered the invoice without its id', answer);
      return { id: String(id) };
    } catch (error) {
      if (error instanceof QboApiRefused) throw new AccountingUnavailable(`QuickBooks refused the invoice (${error.status})`, faultOf(error.detail));
      throw error;
    }
  }
}
