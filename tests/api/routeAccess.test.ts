import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seesAllItems } from '../../server/items/itemAccess.js';
import { orgScopeOf } from '../../server/orgs/scope.js';
import { reportCatalogue } from '../../server/reports/catalogue.js';
import { DEMO_USERS } from '../../server/db/seed/index.js';
import { Texts } from '../../shared/texts/index.js';
import { addressSequence, admits, ANONYMOUS, signInCaller, STANDING_ROUTES, type Caller } from '../support/routeCallers.js';
import { recordParams, type CallerScope, type RecordExclusions } from '../support/routeRecords.js';
import { changedTables, fingerprinter } from '../support/tableFingerprint.js';
import { startTestApp, type TestApp } from '../support/testApp.js';
import { routeSeed, validRequest, type ValidRequest } from '../support/validRequests.js';

/**
 * Every route × every role (issue "Trust: proven under faults", part 3): every route the app registered — derived
 * from its route table, so a new route is covered the day it is added — is called by every demo account and by an
 * anonymous caller, with a body and query its schemas accept (tests/support/validRequests.ts) and the ids of real
 * records (tests/support/routeRecords.ts):
 *
 * - whoever its access rule refuses gets 401 (no session) or 403, and the call changes no row of any table;
 * - an admitted caller naming a record outside its scope — another org's case, item, user or org for a client user,
 *   another investigator's item for an investigator — gets 404, as for a record that does not exist, and the call
 *   changes no row;
 * - an admitted caller naming records of its scope, or ids of no record, is never refused by the route's rule, and
 *   nobody gets a 5xx. A part of a call may need a finer permission, which the route's description names (a guarded
 *   case field, an incomplete case's report, the action a bulk eligibility question is about, granting System
 *   Administrator): its 403 says which (`finerRefusal`), never the route's "You do not have permission to do this."
 *   nor a bare "Forbidden.".
 *
 * The calls that write (the last test) run after those that must not, deletes after the other writes, and the calls
 * that change the caller's own standing last of all.
 */
let t: TestApp;
const NO_RECORD = '999999999';
const SEED = 24;
/**
 * Routes not called by an admitted caller, each for its reason: the live stream never ends (its tests are
 * liveNotices.test.ts), and signing out ends the session the next calls need (auth.test.ts).
 */
const NOT_CALLED_ADMITTED = new Set(['GET /api/live/events', 'POST /api/user/logout']);
/** The calls that change the caller's standing, made last by the writing test (`STANDING_ROUTES`; sign-out is never made). */
const LAST = STANDING_ROUTES;

const callers: Caller[] = [];
const scopes = new Map<string, CallerScope>();
let exclude: RecordExclusions;

beforeAll(async () => {
  t = await startTestApp();
  callers.push(ANONYMOUS);
  for (const { userName } of DEMO_USERS) {
    const caller = await signInCaller(t, userName);
    callers.push(caller);
    const orgs = await orgScopeOf(t.database.db, caller.auth!);
    scopes.set(userName, { userId: caller.auth!.userId, orgIds: orgs.all ? 'all' : [...orgs.ids], ownItemsOf: seesAllItems(caller.auth!) ? null : caller.auth!.userId });
  }
  // A report instance of each caller's own (an instance is its creator's alone), for the instance route's calls.
  const [report] = reportCatalogue;
  await t.database.db
    .insertInto('report_instances')
    .values(callers.flatMap((caller) => (caller.auth ? [{ Id: `routeAccess-${caller.auth.userId}`, Group: report.group, Name: report.name, Parameters: JSON.stringify({}), Rows: JSON.stringify(null), CreatedBy_Id: caller.auth.userId }] : [])))
    .execute();
  // A webhook with a delivered event, for the webhook routes' calls (the demo seed registers none).
  const hook = await t.database.db
    .insertInto('webhook_endpoints')
    .values({ Url: 'https://hooks.example.com/route-access', SecretCipher: 'unused', SecretKeyId: 'unused', EventTypes: ['case.created'] })
    .returning('Id')
    .executeTakeFirstOrThrow();
  const event = await t.database.db.insertInto('webhook_events').values({ EventType: 'case.created', Case_Id: null, Org_Id: null, Payload: '{}' }).returning('Id').executeTakeFirstOrThrow();
  await t.database.db
    .insertInto('webhook_deliveries')
    .values({ Event_Id: event.Id, Endpoint_Id: hook.Id, Case_Id: null, Status: 'delivered', Attempts: 1, NextAttemptAt: new Date(), RetryUntil: new Date() })
    .execute();
  exclude = { userIds: callers.flatMap((caller) => (caller.auth ? [caller.auth.userId] : [])), groupNames: [...new Set(callers.flatMap((caller) => caller.auth?.groups ?? []))] };
}, 120_000);
afterAll(() => t?.close());

interface RouteUnderTest {
  method: string;
  url: string;
  key: string;
  access: NonNullable<TestApp['app']['routeCatalogue'][number]['access']>;
  schema: TestApp['app']['routeCatalogue'][number]['schema'];
  hasParams: boolean;
}

const routes = (): RouteUnderTest[] => {
  // Deletes after the other writes, the innermost records first (an item's attachment before its case); the
  // calls that change the caller's standing last.
  const depth = (route: RouteUnderTest) => route.url.split('/:').length - 1;
  const order = (route: RouteUnderTest) => (LAST.includes(route.key) ? 20 + LAST.indexOf(route.key) : route.method === 'DELETE' ? 10 - depth(route) : 0);
  return t.app.routeCatalogue
    .filter((r) => r.method !== 'HEAD' && (r.url.startsWith('/api/') || r.url.startsWith('/oauth/')))
    .map((r) => ({ method: r.method, url: r.url, key: `${r.method} ${r.url}`, access: r.access!, schema: r.schema, hasParams: r.url.includes('/:') }))
    .sort((a, b) => order(a) - order(b));
};

/** Each call from an address of its own. */
const nextAddress = addressSequence();

const send = (caller: Caller, request: ValidRequest): Promise<LightMyRequestResponse> =>
  t.call(caller.token, { method: request.method as 'GET', url: request.url, headers: request.headers, payload: request.payload, remoteAddress: nextAddress() });

const requestOf = (route: RouteUnderTest, caller: Caller, params: Record<string, string>) => validRequest(route, params, routeSeed(SEED, `${route.key} ${caller.name}`));

const said = (answer: LightMyRequestResponse) => answer.body.slice(0, 160).replace(/\s+/g, ' ');

/** The Message of a 403 that names the finer permission a part of the call needs, or null for any other answer. */
function finerRefusal(answer: LightMyRequestResponse): string | null {
  if (answer.statusCode !== 403) return null;
  const message = (answer.json() as { Message?: unknown }).Message;
  return typeof message === 'string' && message !== Texts.global.noRoutePermission && message !== Texts.global.forbidden ? message : null;
}

/** An admitted call's answer that is wrong: the route's own refusal, a bare 403, or a 5xx. */
const wrongForAdmitted = (answer: LightMyRequestResponse) => (answer.statusCode === 403 && !finerRefusal(answer)) || answer.statusCode >= 500;

describe('every route as every role', () => {
  it('refuses every caller its rule does not admit (401 or 403), with valid bodies and real records, and those calls change no row', { timeout: 600_000 }, async () => {
    const fingerprint = fingerprinter(t.database.db);
    const wrong: string[] = [];
    let refused = 0;
    for (const route of routes()) {
      const refusedCallers = callers.filter((caller) => !admits(route.access, caller));
      if (!refusedCallers.length) continue;
      const [params] = route.hasParams ? await recordParams(t.database.db, route.url, { exclude }) : [{}];
      const before = await fingerprint();
      for (const caller of refusedCallers) {
        const answer = await send(caller, requestOf(route, caller, params ?? {}));
        refused += 1;
        const expected = caller.token ? { status: 403, message: Texts.global.noRoutePermission } : { status: 401, message: Texts.global.sessionExpired };
        if (answer.statusCode !== expected.status || answer.json<{ Message?: string }>().Message !== expected.message) {
          wrong.push(`${route.key} as ${caller.name}: ${answer.statusCode} (expected ${expected.status} "${expected.message}") ${said(answer)}`);
        }
      }
      const changed = changedTables(before, await fingerprint());
      if (changed.length) wrong.push(`${route.key}: refused calls changed ${changed.join(', ')}`);
    }
    expect(wrong).toEqual([]);
    expect(refused).toBeGreaterThan(500);
  });

  it('answers 404 to an admitted caller naming a record outside its scope, and those calls change no row', { timeout: 600_000 }, async () => {
    const fingerprint = fingerprinter(t.database.db);
    const wrong: string[] = [];
    const outside: string[] = [];
    for (const route of routes()) {
      if (!route.hasParams || NOT_CALLED_ADMITTED.has(route.key)) continue;
      for (const caller of callers) {
        const scope = scopes.get(caller.name);
        if (!scope || !admits(route.access, caller)) continue;
        const [params] = await recordParams(t.database.db, route.url, { exclude, scope: { of: scope, side: 'out' } });
        if (!params) continue;
        const before = await fingerprint();
        const answer = await send(caller, requestOf(route, caller, params));
        outside.push(`${route.key} as ${caller.name}`);
        if (answer.statusCode !== 404) wrong.push(`${route.key} as ${caller.name} on ${JSON.stringify(params)}: ${answer.statusCode} (expected 404) ${said(answer)}`);
        const changed = changedTables(before, await fingerprint());
        if (changed.length) wrong.push(`${route.key} as ${caller.name} on ${JSON.stringify(params)}: changed ${changed.join(', ')}`);
      }
    }
    console.info(`Records outside the caller's scope: ${outside.length} calls over ${new Set(outside.map((call) => call.split(' as ')[0])).size} routes`);
    expect(wrong).toEqual([]);
    // The client user reaches its cases' routes (case, papers, messages, report) and the investigators their items'.
    expect(outside.length).toBeGreaterThan(40);
  });

  it('never answers 403 or a 5xx to a caller its rule admits, on ids of no record', { timeout: 600_000 }, async () => {
    const wrong: string[] = [];
    let admitted = 0;
    for (const route of routes()) {
      if (NOT_CALLED_ADMITTED.has(route.key)) continue;
      const params = Object.fromEntries([...route.url.matchAll(/:([A-Za-z_]+)/g)].map(([, name]) => [name, NO_RECORD]));
      for (const caller of callers) {
        if (!admits(route.access, caller)) continue;
        const answer = await send(caller, requestOf(route, caller, params));
        admitted += 1;
        if (wrongForAdmitted(answer)) wrong.push(`${route.key} as ${caller.name}: ${answer.statusCode} ${said(answer)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(admitted).toBeGreaterThan(500);
  });

  it('never answers 403 or a 5xx to a caller its rule admits, with valid bodies on records of its scope; every route with params gets records', { timeout: 900_000 }, async () => {
    const wrong: string[] = [];
    const statuses: Record<string, number> = {};
    const withoutRecords: string[] = [];
    const finerRefusals = new Set<string>();
    let admitted = 0;
    for (const route of routes()) {
      if (NOT_CALLED_ADMITTED.has(route.key)) continue;
      let reached = false;
      for (const caller of callers) {
        if (!admits(route.access, caller)) continue;
        const scope = scopes.get(caller.name);
        const [params] = route.hasParams ? await recordParams(t.database.db, route.url, { exclude, ...(scope ? { scope: { of: scope, side: 'in' as const } } : {}) }) : [{}];
        if (!params) continue;
        reached = true;
        const answer = await send(caller, requestOf(route, caller, params));
        admitted += 1;
        statuses[answer.statusCode] = (statuses[answer.statusCode] ?? 0) + 1;
        if (wrongForAdmitted(answer)) wrong.push(`${route.key} as ${caller.name} on ${JSON.stringify(params)}: ${answer.statusCode} ${said(answer)}`);
        const finer = finerRefusal(answer);
        if (finer) finerRefusals.add(`${route.key}: ${finer.replace(/DOS-\d{4}-\d+/g, '…')}`);
        // A password change or a changed sign-in rule may end the caller's session: sign in again for the next routes.
        if (caller.token && !(await t.app.services.sessions.resolve(caller.token)).ok) Object.assign(caller, await signInCaller(t, caller.name));
      }
      if (route.hasParams && !reached) withoutRecords.push(route.key);
    }
    console.info(`Admitted calls with valid bodies on records of the caller's scope: ${admitted}, by status ${JSON.stringify(statuses)}`);
    console.info(`Refused by a finer permission the route names:\n  ${[...finerRefusals].sort().join('\n  ')}`);
    expect(wrong).toEqual([]);
    expect(withoutRecords).toEqual([]);
    expect(admitted).toBeGreaterThan(500);
  });
});
