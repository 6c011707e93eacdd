import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DEMO_USERS } from '../../server/db/seed/index.js';
import type { Access } from '../../shared/access.js';
import type { AuthContext } from '../../server/auth/sessions.js';
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
/** Tables a refused call may touch: the session's idle clock, the rate-limit windows. */
const BOOKKEEPING = new Set(['sessions', 'rate_limit_hits']);
/**
 * Routes not called by an admitted caller, each for its reason: the live stream never ends (its tests are
 * liveNotices.test.ts), and signing out ends the session the next calls need.
 */
const NOT_CALLED_ADMITTED = new Set(['GET /api/live/events', 'POST /api/user/logout']);

interface Caller {
  name: string;
  token: string | null;
  auth: AuthContext | null;
}
const callers: Caller[] = [];

beforeAll(async () => {
  t = await startTestApp();
  callers.push({ name: 'anonymous', token: null, auth: null });
  for (const { userName } of DEMO_USERS) {
    const token = await t.signIn(userName);
    const found = await t.app.services.sessions.resolve(token);
    if (!found.ok) throw new Error(`No session for ${userName}`);
    callers.push({ name: userName, token, auth: found.auth });
  }
}, 120_000);
afterAll(() => t?.close());

/** Whether the access rule admits the caller, read from the rule as declared. */
function admits(access: Access, caller: Caller): boolean {
  if (access === 'public') return true;
  if (!caller.auth) return false;
  if (access === 'signedIn') return true;
  if ('anyOf' in access) return caller.auth.can(...access.anyOf);
  return access.groups.some((group) => caller.auth!.groups.includes(group));
}

const routes = () =>
  t.app.routeCatalogue
    .filter((r) => r.method !== 'HEAD' && (r.url.startsWith('/api/') || r.url.startsWith('/oauth/')))
    .map((r) => ({ ...r, key: `${r.method} ${r.url}`, path: r.url.replace(/:[A-Za-z_]+/g, NO_RECORD) }));

const send = (caller: Caller, method: string, url: string) =>
  t.call(caller.token, { method: method as 'GET', url, ...(['POST', 'PUT', 'PATCH'].includes(method) ? { payload: {} } : {}) });

/** A fingerprint of every table's rows but the bookkeeping ones: any change to any row changes it. */
async function fingerprint(): Promise<Record<string, string>> {
  const db = t.database.db;
  const tables = await sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1`.execute(db);
  const prints: Record<string, string> = {};
  for (const { name } of tables.rows) {
    if (BOOKKEEPING.has(name)) continue;
    const row = await sql<{ print: string | null }>`SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS print FROM ${sql.table(name)} t`.execute(db);
    prints[name] = row.rows[0].print ?? 'empty';
  }
  return prints;
}

describe('every route as every role', () => {
  it('refuses every caller its rule does not admit (401 or 403), and those calls change no row', { timeout: 300_000 }, async () => {
    const before = await fingerprint();
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
    expect(await fingerprint()).toEqual(before);
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
