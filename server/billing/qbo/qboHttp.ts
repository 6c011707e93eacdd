import type { QboConfig } from '../../config.js';
import { AccountingUnavailable } from '../accounting.js';

/** How long one call to QuickBooks may take before it counts as unanswered. */
const CALL_TIMEOUT_MS = 15_000;
/** The accounting API's minor version the payloads follow. */
export const QBO_MINOR_VERSION = '75';

/** What Intuit's token endpoint answers (code exchange and refresh). */
export interface QboTokens {
  access_token: string;
  refresh_token: string;
  /** Seconds the access token lives (an hour). */
  expires_in: number;
}

/** A refusal of the token endpoint: `invalid_grant` means the code or refresh token is used, expired or revoked. */
export class QboTokenRefused extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
  ) {
    super(`QuickBooks refused the token request (${status} ${error})`);
  }
}

/** A refusal of the accounting API; 401 means the access token is no longer good. */
export class QboApiRefused extends AccountingUnavailable {
  constructor(
    readonly status: number,
    detail: unknown,
  ) {
    super(`QuickBooks answered ${status}`, detail);
  }
}

async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
  } catch (error) {
    throw new AccountingUnavailable(`QuickBooks did not answer (${url})`, error);
  }
}

async function bodyOf(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

/** POSTs a grant to the token endpoint with the client's basic credentials (Intuit's OAuth 2.0 contract). */
export async function requestTokens(config: QboConfig, grant: Record<string, string>): Promise<QboTokens> {
  const response = await send(config.tokenUrl, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    },
    body: new URLSearchParams(grant).toString(),
  });
  const body = (await bodyOf(response)) as Partial<QboTokens> & { error?: string };
  if (response.status === 400 || response.status === 401) throw new QboTokenRefused(response.status, body?.error ?? 'refused');
  if (!response.ok) throw new AccountingUnavailable(`The QuickBooks token endpoint answered ${response.status}`, body);
  if (typeof body?.access_token !== 'string' || typeof body.refresh_token !== 'string') {
    throw new AccountingUnavailable('The QuickBooks token endpoint answered without tokens', body);
  }
  return { access_token: body.access_token, refresh_token: body.refresh_token, expires_in: Number(body.expires_in ?? 3600) };
}

/** One call of the accounting API of a company (realm) with a bearer access token; answers the JSON body. */
export async function callApi(config: QboConfig, realmId: string, accessToken: string, call: { method: 'GET' | 'POST'; path: string; query?: Record<string, string>; body?: unknown }): Promise<unknown> {
  const query = new URLSearchParams({ ...call.query, minorversion: QBO_MINOR_VERSION });
  const url = `${config.apiUrl}/v3/company/${encodeURIComponent(realmId)}/${call.path}?${query}`;
  const response = await send(url, {
    method: call.method,
    headers: {
      authorization: `Bearer ${accessToken}`,
      accept: 'application/json',
      ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: call.body === undefined ? undefined : JSON.stringify(call.body),
  });
  const body = await bodyOf(response);
  if (!response.ok) throw new QboApiRefused(response.status, body);
  return body;
}
