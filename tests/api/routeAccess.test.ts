import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../server/db/seed/index.js';
import { admits, ANONYMOUS, signInCaller, type Caller } from '../support/routeCallers.js';
import { tableFingerprint } from '../support/tableFingerprint.js';
import { startTestApp, type TestApp } from '../support/testApp.js';

/**
 * Every route × every role (issue "Trust: proven under faults", part 3, first step): every route the app registered
 * — derived from its route table, so a new route is covered the day it is added — is called by every demo account
 * and by an anonymous caller. Whoever its access rule refuses gets 401 (no session) or 403, and none of those calls
 * changes a row of any table; whoever it admits never gets 403; nobody gets a 5xx. The calls name records that do
 * not exist (and send empty bodies), so an admitted call can change nothing either: records in and out of the
 * caller's org scope are the area tests' (cases, items, users, orgs).
 */
let t: TestApp;
const NO_RECORD = '999999999';
/**
 * Routes not called by an admitted caller, each for its reason: the live stream never ends (its tests are
 * liveNotices.test.ts), and signing out ends the session the next calls need.
 */
const NOT_CALLED_ADMITTED = new Set(['GET /api/live/events', 'POST /api/user/logout']);

const callers: Caller[] = [];

beforeAll(async () => {
  t = await startTestApp();
  callers.push(ANONYMOUS);
  for (const { userName } of DEMO_USERS) callers.push(await signInCaller(t, userName));
}, 120_000);
afterAll(() => t?.close());

const routes = () =>
  t.app.routeCatalogue
    .filter((r) => r.method !== 'HEAD' && (r.url.startsWith('/api/') || r.url.startsWith('/oauth/')))
    .map((r) => ({ ...r, key: `${r.method} ${r.url}`, path: r.url.replace(/:[A-Za-z_]+/g, NO_RECORD) }));

const send = (caller: Caller, method: string, url: string) =>
  t.call(caller.token, { method: method as 'GET', url, ...(['POST', 'PUT', 'PATCH'].includes(method) ? { payload: {} } : {}) });

describe('every route as every role', () => {
  it('refuses every caller its rule does not admit (401 or 403), and those calls change no row', { timeout: 300_000 }, async () => {
    const before = await tableFingerprint(t.database.db);
    const wrong: string[] = [];
    let refused = 0;
    for (const route of routes()) {
      for (const caller of callers) {
        if (admits(route.access!, caller)) continue;
        const answer = await send(caller, route.method, route.path);
        refused += 1;
        const expected = caller.token ? 403 : 401;
        if (answer.statusCode !== expected) wrong.push(`${route.key} as ${caller.name}: ${answer.statusCode} (expected ${expected})`);
      }
    }
    expect(wrong).toEqual([]);
    expect(refused).toBeGreaterThan(500);
    expect(await tableFingerprint(t.database.db)).toEqual(before);
  });

  it('never answers 403 or a 5xx to a caller its rule admits', { timeout: 300_000 }, async () => {
    const wrong: string[] = [];
    let admitted = 0;
    for (const route of routes()) {
      if (NOT_CALLED_ADMITTED.has(route.key)) continue;
      for (const caller of callers) {
        if (!admits(route.access!, caller)) continue;
        const answer = await send(caller, route.method, route.path);
        admitted += 1;
        if (answer.statusCode === 403 || answer.statusCode >= 500) wrong.push(`${route.key} as ${caller.name}: ${answer.statusCode} ${answer.body.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(admitted).toBeGreaterThan(500);
  });
});
