import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { QboConfig } from '../../server/config.js';
import { QuickBooksAccounting } from '../../server/billing/qbo/quickBooksAccounting.js';
import type { TestApp } from './testApp.js';

/** An invoice as the fake QuickBooks stored it: the body Dossier posted, and the id it answered. */
export interface FakeQboInvoice {
  Id: string;
  realmId: string;
  body: {
    CustomerRef: { value: string };
    TxnDate: string;
    DocNumber: string;
    Line: { LineNum: number; DetailType: string; Amount: number; Description: string; SalesItemLineDetail: { ItemRef: { value: string }; Qty: number; UnitPrice: number } }[];
  };
}

const CLIENT_ID = 'dossier-test-client';
const CLIENT_SECRET = 'dossier-test-secret';

/**
 * A local HTTP server speaking QuickBooks Online's endpoints and payloads, for the adapter's tests: Intuit's
 * authorisation page (consents at once and redirects back, as a user clicking Connect would), the OAuth 2.0 token
 * endpoint (authorisation code once, refresh tokens rotating, basic client credentials), the query endpoint for
 * customers (startposition/maxresults paging) and invoice creation (checked like QuickBooks: a known customer and
 * item, SalesItemLineDetail lines). It records what it was sent and can be told to fail.
 */
export class FakeQbo {
  readonly realmId = '9341455000000001';
  customers: { Id: string; DisplayName: string; Active: boolean }[] = [
    { Id: '58', DisplayName: 'Department of Commerce', Active: true },
    { Id: '59', DisplayName: 'Acme Logistics', Active: true },
    { Id: '60', DisplayName: 'Old Client', Active: false },
  ];
  readonly itemIds = new Set(['1']);
  invoices: FakeQboInvoice[] = [];
  /** Every call, in order: method, path and the grant or query. */
  calls: { method: string; path: string; detail?: string }[] = [];
  /** Seconds an access token lives. */
  accessTokenSeconds = 3600;
  /** Answer the next invoice creations with 500. */
  failInvoices = 0;
  private codes = new Map<string, { redirectUri: string; realmId: string }>();
  private accessTokens = new Set<string>();
  private refreshToken: string | null = null;
  private server: Server | null = null;
  baseUrl = '';

  /** Every token this server has given out and still honours: the access tokens and the refresh token. */
  issuedTokens(): string[] {
    return [...this.accessTokens, ...(this.refreshToken ? [this.refreshToken] : [])];
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The product's configuration for this server, with the product's /qbo/auth page at `publicUrl`. */
  config(publicUrl = 'http://dossier.test'): QboConfig {
    return {
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      authUrl: `${this.baseUrl}/connect/oauth2`,
      tokenUrl: `${this.baseUrl}/oauth2/v1/tokens/bearer`,
      apiUrl: this.baseUrl,
      redirectUrl: `${publicUrl}/qbo/auth`,
      itemId: '1',
      tokenKey: CLIENT_SECRET,
    };
  }

  /** The environment a Dossier server process needs to use this server. */
  env(publicUrl: string): Record<string, string> {
    const c = this.config(publicUrl);
    return { QBO_CLIENT_ID: c.clientId, QBO_CLIENT_SECRET: c.clientSecret, QBO_AUTH_URL: c.authUrl, QBO_TOKEN_URL: c.tokenUrl, QBO_API_URL: c.apiUrl, QBO_REDIRECT_URL: c.redirectUrl };
  }

  /** What QuickBooks appends to the redirect after the user consents at an authorisation link. */
  consent(authorisationUrl: string): string {
    const link = new URL(authorisationUrl);
    const code = `code-${randomBytes(6).toString('hex')}`;
    this.codes.set(code, { redirectUri: link.searchParams.get('redirect_uri') ?? '', realmId: this.realmId });
    return `?${new URLSearchParams({ code, state: link.searchParams.get('state') ?? '', realmId: this.realmId })}`;
  }

  /** QuickBooks forgets every access token (as after a revocation or an early expiry): the next call gets 401. */
  dropAccessTokens(): void {
    this.accessTokens.clear();
  }

  /** The user disconnected the app in QuickBooks: the refresh token no longer works either. */
  revoke(): void {
    this.accessTokens.clear();
    this.refreshToken = null;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.baseUrl);
    const body = await new Promise<string>((resolve) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString()));
      req.on('end', () => resolve(text));
    });
    const json = (status: number, answer: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer));
    };
    const fault = (status: number, message: string) => json(status, { Fault: { Error: [{ Message: message, code: String(status) }], type: 'ValidationFault' } });

    if (req.method === 'GET' && url.pathname === '/connect/oauth2') {
      this.calls.push({ method: 'GET', path: url.pathname });
      const ok = url.searchParams.get('client_id') === CLIENT_ID && url.searchParams.get('response_type') === 'code' && url.searchParams.get('scope') === 'com.intuit.quickbooks.accounting';
      if (!ok) return json(400, { error: 'invalid_request' });
      res.writeHead(302, { location: `${url.searchParams.get('redirect_uri')}${this.consent(url.toString())}` });
      return void res.end();
    }

    if (req.method === 'POST' && url.pathname === '/oauth2/v1/tokens/bearer') {
      const form = new URLSearchParams(body);
      this.calls.push({ method: 'POST', path: url.pathname, detail: form.get('grant_type') ?? '' });
      if (req.headers.authorization !== `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`) return json(401, { error: 'invalid_client' });
      if (form.get('grant_type') === 'authorization_code') {
        const issued = this.codes.get(form.get('code') ?? '');
        this.codes.delete(form.get('code') ?? '');
        if (!issued || issued.redirectUri !== form.get('redirect_uri')) return json(400, { error: 'invalid_grant' });
      } else if (form.get('grant_type') === 'refresh_token') {
        if (!this.refreshToken || form.get('refresh_token') !== this.refreshToken) return json(400, { error: 'invalid_grant' });
      } else return json(400, { error: 'unsupported_grant_type' });
      const access = `access-${randomBytes(6).toString('hex')}`;
      this.accessTokens.add(access);
      this.refreshToken = `refresh-${randomBytes(6).toString('hex')}`;
      return json(200, { token_type: 'bearer', access_token: access, refresh_token: this.refreshToken, expires_in: this.accessTokenSeconds, x_refresh_token_expires_in: 8_726_400 });
    }

    const api = /^\/v3\/company\/([^/]+)\/(query|invoice)$/.exec(url.pathname);
    if (api) {
      const [, realmId, endpoint] = api;
      this.calls.push({ method: req.method ?? '', path: url.pathname, detail: url.searchParams.get('query') ?? undefined });
      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      if (!this.accessTokens.has(token)) return fault(401, 'AuthenticationFailed');
      if (realmId !== this.realmId) return fault(403, 'Unknown company');
      if (endpoint === 'query' && req.method === 'GET') {
        const query = url.searchParams.get('query') ?? '';
        const start = Number(/startposition (\d+)/i.exec(query)?.[1] ?? 1);
        const max = Number(/maxresults (\d+)/i.exec(query)?.[1] ?? 100);
        const active = /Active = true/i.test(query) ? this.customers.filter((c) => c.Active) : this.customers;
        const sorted = [...active].sort((a, b) => a.DisplayName.localeCompare(b.DisplayName));
        const page = sorted.slice(start - 1, start - 1 + max).map(({ Id, DisplayName }) => ({ Id, DisplayName }));
        return json(200, { QueryResponse: { Customer: page.length ? page : undefined, startPosition: start, maxResults: page.length }, time: new Date().toISOString() });
      }
      if (endpoint === 'invoice' && req.method === 'POST') {
        if (this.failInvoices > 0) {
          this.failInvoices--;
          return fault(500, 'Service unavailable');
        }
        const invoice = JSON.parse(body) as FakeQboInvoice['body'];
        if (!this.customers.some((c) => c.Id === invoice.CustomerRef?.value)) return fault(400, 'Invalid Reference Id: customer');
        const badLine = (invoice.Line ?? []).find((l) => l.DetailType !== 'SalesItemLineDetail' || !this.itemIds.has(l.SalesItemLineDetail?.ItemRef?.value) || typeof l.Amount !== 'number');
        if (!invoice.Line?.length || badLine) return fault(400, 'Invalid line');
        const stored: FakeQboInvoice = { Id: String(130 + this.invoices.length), realmId, body: invoice };
        this.invoices.push(stored);
        const total = Math.round(invoice.Line.reduce((sum, l) => sum + l.Amount * 100, 0)) / 100;
        return json(200, { Invoice: { Id: stored.Id, DocNumber: invoice.DocNumber, TxnDate: invoice.TxnDate, TotalAmt: total, CustomerRef: invoice.CustomerRef }, time: new Date().toISOString() });
      }
    }
    json(404, { error: 'not found' });
  }
}

/**
 * Points the test app at `fake` through the real QuickBooks adapter and completes its authorisation as a user would:
 * the company list answers 400 with the link, QuickBooks consents, and the result is posted to /api/qbo/token.
 */
export async function connectQbo(t: TestApp, fake: FakeQbo, token: string): Promise<void> {
  t.app.services.accounting = new QuickBooksAccounting(fake.config(), t.clock.now);
  const refused = await t.call(token, { method: 'GET', url: '/api/qbo/customers' });
  const link = (refused.json() as { ModelState?: { Qbo?: string[] } }).ModelState?.Qbo?.[0];
  if (refused.statusCode !== 400 || !link) throw new Error(`Expected the authorisation link, got ${refused.statusCode} ${refused.body}`);
  const saved = await t.call(token, { method: 'POST', url: '/api/qbo/token', payload: { QboResult: fake.consent(link) } });
  if (saved.statusCode !== 200) throw new Error(`The token was not saved: ${saved.statusCode} ${saved.body}`);
}
