import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Texts } from '../../shared/texts/index.js';
import { UnconfiguredAccounting } from '../../server/billing/accounting.js';
import { QuickBooksAccounting } from '../../server/billing/qbo/quickBooksAccounting.js';
import { freePort } from '../support/serverProcess.js';
import { startTestApp, type TestApp } from '../support/testApp.js';
import { connectQbo, FakeQbo } from '../support/fakeQbo.js';

/**
 * The QuickBooks Online adapter (spec 002 §2.1 Invoices tab, §2.10, §7; issue 13 item 4) against a local server that
 * speaks QuickBooks' endpoints: the authorisation link of the 400, the code exchange bound to the user who asked,
 * refresh before expiry, after a 401 and once for concurrent requests, a revoked connection offering the link again,
 * the customer list page by page, and what happens without configuration.
 */
const T = Texts.invoices.server;
let t: TestApp;
let qbo: FakeQbo;
const tokens: Record<string, string> = {};
type Who = 'manager' | 'sysadmin' | 'investigator';
const HOUR = 3_600_000;

const customers = (who: Who) => t.call(tokens[who], { method: 'GET', url: '/api/qbo/customers' });
const saveToken = (who: Who, QboResult: string) => t.call(tokens[who], { method: 'POST', url: '/api/qbo/token', payload: { QboResult } });
const useQbo = () => {
  t.app.services.accounting = new QuickBooksAccounting(qbo.config(), t.clock.now);
};
const linkOf = async (who: Who) => {
  const answer = await customers(who);
  expect(answer.statusCode, answer.body).toBe(400);
  return answer.json().ModelState.Qbo[0] as string;
};
const refreshes = () => qbo.calls.filter((c) => c.detail === 'refresh_token').length;
const connection = () => t.database.db.selectFrom('qbo_connections').selectAll().executeTakeFirst();

/** Moves the clock on; the sessions it idled out are signed in again (the test is about QuickBooks' tokens). */
const later = async (ms: number) => {
  t.clock.advance(ms);
  await signInAll();
};
const signInAll = async () => {
  for (const who of ['manager', 'sysadmin', 'investigator'] as Who[]) tokens[who] = await t.signIn(who);
};

beforeAll(async () => {
  [t, qbo] = await Promise.all([startTestApp(), new FakeQbo().start()]);
  await signInAll();
});
afterEach(async () => {
  t.clock.reset();
  await signInAll();
  t.app.services.accounting = new UnconfiguredAccounting();
  await t.database.db.deleteFrom('qbo_connections').execute();
});
afterAll(async () => {
  await t.close();
  await qbo.stop();
});

const status = (who: Who) => t.call(tokens[who], { method: 'GET', url: '/api/qbo/status' });

describe('without configuration', () => {
  it('lists no companies and refuses a token, so the product keeps working unconnected', async () => {
    expect((await status('manager')).json()).toEqual({ Status: 'notConfigured' });
    const list = await customers('manager');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([]);
    const token = await saveToken('manager', '?code=x&state=y&realmId=z');
    expect(token.statusCode).toBe(400);
    expect(token.json().ModelState.QboResult).toEqual([T.notConfigured]);
  });
});

describe('authorisation', () => {
  it('answers 400 with the authorisation link until authorised, then lists the active companies by name', async () => {
    useQbo();
    const link = new URL(await linkOf('manager'));
    expect(`${link.origin}${link.pathname}`).toBe(`${qbo.baseUrl}/connect/oauth2`);
    expect(Object.fromEntries(link.searchParams)).toMatchObject({
      client_id: 'dossier-test-client',
      response_type: 'code',
      scope: 'com.intuit.quickbooks.accounting',
      redirect_uri: 'http://dossier.test/qbo/auth',
    });
    expect(link.searchParams.get('state')).toMatch(/\S{20,}/);
    expect((await status('manager')).json()).toEqual({ Status: 'notAuthorised' });
    expect((await customers('manager')).json().Message).toBe(T.authorise);

    const saved = await saveToken('manager', qbo.consent(link.toString()));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ Status: 'connected' });
    expect((await status('manager')).json()).toEqual({ Status: 'connected' });
    expect(await connection()).toMatchObject({ RealmId: qbo.realmId, AccessToken: expect.stringMatching(/^v1\./), RefreshToken: expect.stringMatching(/^v1\./) });
    const list = await customers('manager');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual([
      { Id: '59', DisplayName: 'Acme Logistics' },
      { Id: '58', DisplayName: 'Department of Commerce' },
    ]);
    // Every user of the firm uses the one connection.
    expect((await customers('sysadmin')).statusCode).toBe(200);
  });

  it('accepts a result only for the user who asked, before the link expires, with the state unchanged and consent given', async () => {
    useQbo();
    const link = await linkOf('manager');
    const otherUser = await saveToken('sysadmin', qbo.consent(link));
    expect(otherUser.statusCode).toBe(400);
    expect(otherUser.json().ModelState.QboResult[0]).toMatch(/not asked for by you or has expired/);

    const tampered = new URLSearchParams(qbo.consent(link).slice(1));
    tampered.set('state', tampered.get('state')!.replace(/^\d+/, '1'));
    expect((await saveToken('manager', `?${tampered}`)).statusCode).toBe(400);

    const denied = await saveToken('manager', `?error=access_denied&state=${new URL(link).searchParams.get('state')}`);
    expect(denied.statusCode).toBe(400);
    expect(denied.json().ModelState.QboResult[0]).toMatch(/did not authorise Dossier \(access_denied\)/);

    const late = qbo.consent(link);
    await later(16 * 60_000);
    expect((await saveToken('manager', late)).statusCode).toBe(400);
    expect(await connection()).toBeUndefined();

    t.clock.reset();
    await signInAll();
    const once = qbo.consent(await linkOf('manager'));
    expect((await saveToken('manager', once)).statusCode).toBe(200);
    // QuickBooks takes a code once.
    const reused = await saveToken('manager', once);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().ModelState.QboResult[0]).toMatch(/refused the authorisation code/);
  });

  it('needs a permission to change invoice settings to connect, and one to read them to list companies', async () => {
    useQbo();
    const link = await linkOf('manager');
    expect((await saveToken('investigator', qbo.consent(link))).statusCode).toBe(403);
    expect((await customers('investigator')).statusCode).toBe(403);
    expect((await status('investigator')).statusCode).toBe(403);
    const empty = await t.call(tokens.manager, { method: 'POST', url: '/api/qbo/token', payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().ModelState.QboResult).toBeDefined();
  });
});

describe('tokens', () => {
  it('refreshes an access token a minute before it expires, and keeps the rotated refresh token', async () => {
    await connectQbo(t, qbo, tokens.manager);
    const first = await connection();
    const before = refreshes();
    await later(HOUR - 30_000);
    expect((await customers('manager')).statusCode).toBe(200);
    expect(refreshes()).toBe(before + 1);
    const second = await connection();
    expect(second!.AccessToken).not.toBe(first!.AccessToken);
    expect(second!.RefreshToken).not.toBe(first!.RefreshToken);
    expect(new Date(second!.ExpiresDate!).getTime()).toBeGreaterThan(new Date(first!.ExpiresDate!).getTime());
    // Within the hour the stored token serves.
    expect((await customers('manager')).statusCode).toBe(200);
    expect(refreshes()).toBe(before + 1);
  });

  it('refreshes once and retries when QuickBooks answers 401, and concurrent requests share one refresh', async () => {
    await connectQbo(t, qbo, tokens.manager);
    const before = refreshes();
    qbo.dropAccessTokens();
    expect((await customers('manager')).statusCode).toBe(200);
    expect(refreshes()).toBe(before + 1);

    await later(2 * HOUR);
    const answers = await Promise.all([customers('manager'), customers('sysadmin'), customers('manager'), customers('sysadmin')]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    expect(refreshes()).toBe(before + 2);
  });

  it('offers the link again once QuickBooks refuses the refresh token (the app was disconnected there)', async () => {
    await connectQbo(t, qbo, tokens.manager);
    qbo.revoke();
    const again = await customers('manager');
    expect(again.statusCode).toBe(400);
    expect(again.json().ModelState.Qbo[0]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/connect\/oauth2\?/);
    expect(await connection()).toMatchObject({ AccessToken: null, RefreshToken: null });
    await connectQbo(t, qbo, tokens.manager);
    expect((await customers('manager')).statusCode).toBe(200);
  });

  it('keeps both tokens sealed in the database; under another key the connection is offered again', async () => {
    await connectQbo(t, qbo, tokens.manager);
    const stored = (await connection())!;
    expect(stored.RefreshToken).toMatch(/^v1\./);
    expect(stored.AccessToken).toMatch(/^v1\./);
    const issued = qbo.issuedTokens();
    expect(issued.length).toBeGreaterThanOrEqual(2);
    for (const token of issued) expect(JSON.stringify(stored)).not.toContain(token);
    expect((await customers('manager')).statusCode).toBe(200);

    t.app.services.accounting = new QuickBooksAccounting({ ...qbo.config(), tokenKey: 'a key that was rotated' }, t.clock.now);
    expect((await status('manager')).json()).toEqual({ Status: 'notAuthorised' });
    expect((await customers('manager')).json().ModelState.Qbo[0]).toMatch(/\/connect\/oauth2\?/);
  });
});

describe('companies', () => {
  it('reads every active company, a thousand at a time', async () => {
    const original = qbo.customers;
    qbo.customers = [...original, ...Array.from({ length: 1500 }, (_, i) => ({ Id: String(1000 + i), DisplayName: `Client ${String(i).padStart(4, '0')}`, Active: true }))];
    try {
      await connectQbo(t, qbo, tokens.manager);
      const list = await customers('manager');
      expect(list.statusCode).toBe(200);
      expect(list.json()).toHaveLength(1502);
      expect(qbo.calls.filter((c) => c.detail?.startsWith('select Id, DisplayName from Customer')).slice(-2).map((c) => /startposition (\d+)/.exec(c.detail!)?.[1])).toEqual(['1', '1001']);
    } finally {
      qbo.customers = original;
    }
  });

  it('answers 502 with the spec\'s text when QuickBooks does not answer', async () => {
    await connectQbo(t, qbo, tokens.manager);
    t.app.services.accounting = new QuickBooksAccounting({ ...qbo.config(), apiUrl: `http://127.0.0.1:${await freePort()}` }, t.clock.now);
    const down = await customers('manager');
    expect(down.statusCode).toBe(502);
    expect(down.json().Message).toBe(T.connectFailed);
  });
});

describe("an org's company", () => {
  const settingsUrl = async () => {
    const acme = await t.database.db.selectFrom('orgs').select('Id').where('Code', '=', 'ACME').executeTakeFirstOrThrow();
    return `/api/orgs/${acme.Id}/invoice-settings`;
  };
  const save = async (QboId: string | null, IncludeLast4SSN = false) =>
    t.call(tokens.manager, { method: 'PUT', url: await settingsUrl(), payload: { QboId, IncludeLast4SSN } });
  const read = async () => (await t.call(tokens.manager, { method: 'GET', url: await settingsUrl() })).json();

  it("must be one of QuickBooks' companies, and is answered with its name as it was chosen", async () => {
    await connectQbo(t, qbo, tokens.manager);
    expect((await save('59')).statusCode).toBe(200);
    expect(await read()).toMatchObject({ QboId: '59', QboCompany: { Id: '59', DisplayName: 'Acme Logistics' } });
    const unknown = await save('999');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().ModelState).toEqual({ QboId: [T.unknownCompany] });
    expect((await read()).QboId).toBe('59');

    // QuickBooks down: the chosen company is kept as it is (the other setting saves), a new one cannot be checked.
    t.app.services.accounting = new QuickBooksAccounting({ ...qbo.config(), apiUrl: `http://127.0.0.1:${await freePort()}` }, t.clock.now);
    expect((await save('59', true)).statusCode).toBe(200);
    expect(await read()).toMatchObject({ QboId: '59', QboCompany: { DisplayName: 'Acme Logistics' }, IncludeLast4SSN: true });
    expect((await save('58')).statusCode).toBe(502);
    expect((await read()).QboId).toBe('59');

    // Not authorised, or not configured: no company can be chosen; none always can.
    await t.database.db.deleteFrom('qbo_connections').execute();
    useQbo();
    expect((await save('58')).json().ModelState).toEqual({ QboId: [T.chooseWhenConnected] });
    t.app.services.accounting = new UnconfiguredAccounting();
    expect((await save('58')).json().ModelState).toEqual({ QboId: [T.notConfigured] });
    expect((await save(null)).statusCode).toBe(200);
    expect(await read()).toMatchObject({ QboId: null, QboCompany: null });
  });
});
