import fc from 'fast-check';
import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_SCHEMAS } from '../../schemas/index.js';
import { isApiRoute } from '../../server/docs/openApi.js';
import type { Access } from '../../shared/access.js';
import { hostileRequest, type HostileRequest, type RouteUnderTest } from '../support/hostileRequests.js';
import { addressSequence, admits, signInCaller, STANDING_ROUTES, type Caller } from '../support/routeCallers.js';
import { recordParams } from '../support/routeRecords.js';
import { changedTables, fingerprinter, type TableFingerprint } from '../support/tableFingerprint.js';
import { startTestApp, type TestApp } from '../support/testApp.js';
import { routeSeed } from '../support/validRequests.js';

/**
 * Hostile input, by the thousand (issue 24, part 4): every write route of the app's route table (POST, PUT, PATCH,
 * DELETE under /api/ and /oauth/) is sent requests generated from its JSON Schemas (tests/support/hostileRequests.ts,
 * schemaArbitraries.ts) — hostile bodies, path params and query strings mixed with valid parts and real records' ids —
 * by a caller its access rule admits, so that they reach validation and the handler. Nothing may answer a 5xx; every
 * refusal is a 4xx whose body says why (`Message`, or an OAuth `error_description`); a request the route's schemas
 * refuse is never accepted; a refused request changes no table; an accepted one never echoes a field nobody declared.
 *
 * DOSSIER_FUZZ_RUNS (default 10,000) is the number of requests, spread evenly over the routes; DOSSIER_FUZZ_SEED
 * (default 24) the seed, and DOSSIER_FUZZ_ROUTES (`POST /api/cases,PUT /api/cases/:id`) replays some routes only:
 * each route's requests follow from the seed and the route alone, so a failure printed with its seed replays.
 */
const RUNS = Number(process.env.DOSSIER_FUZZ_RUNS ?? 10_000);
const SEED = Number(process.env.DOSSIER_FUZZ_SEED ?? 24);
const ONLY = process.env.DOSSIER_FUZZ_ROUTES ? new Set(process.env.DOSSIER_FUZZ_ROUTES.split(',').map((key) => key.trim())) : null;

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The calls that change the caller's standing go last, after every other route (`STANDING_ROUTES`). */
const LAST = STANDING_ROUTES;
/**
 * Refusals that write by design, and what: a wrong password at sign-in, or as the old one when an expired password is
 * changed before signing in, counts toward the username's lockout and is written to the audit log — a guesser must
 * leave a trace.
 */
const PASSWORD_FAILURES = ['sign_in_failures', 'audit_log'];
const RECORDED_REFUSALS: Record<string, readonly string[]> = {
  'POST /oauth/token': PASSWORD_FAILURES,
  'POST /api/user/anonymous-password': PASSWORD_FAILURES,
};

/**
 * The callers, signed in before any hostile request is sent: the system administrator, who passes every permission
 * check, and a member of the partner groups for the partner file tool (its rule names groups, not permissions).
 */
const CALLERS = ['sysadmin', 'palmetto'];
let t: TestApp;
const callers: Caller[] = [];

beforeAll(async () => {
  t = await startTestApp();
  for (const userName of CALLERS) callers.push(await signInCaller(t, userName));
}, 120_000);
afterAll(() => t?.close());

/** The first of the callers that the route's access rule admits. */
function callerFor(route: { access?: Access }): Caller {
  const caller = callers.find((candidate) => route.access && admits(route.access, candidate));
  if (!caller) throw new Error(`None of ${CALLERS.join(', ')} may call the route`);
  return caller;
}

// ---------------------------------------------------------------------------------------------------------------
// Sending and judging

const KNOWN_FIELDS = new Set<string>();
(function collect(node: unknown) {
  if (Array.isArray(node)) return node.forEach(collect);
  if (node === null || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'properties' && value && typeof value === 'object') for (const name of Object.keys(value)) KNOWN_FIELDS.add(name);
    collect(value);
  }
})(ALL_SCHEMAS);

/** A refusal's body says why: `Message`, or on /oauth/ the OAuth `error_description`. */
function saysWhy(response: LightMyRequestResponse, url: string): boolean {
  try {
    const body = response.json() as Record<string, unknown>;
    const text = url.startsWith('/oauth/') ? (body.error_description ?? body.Message) : body.Message;
    return typeof text === 'string' && text.trim().length > 0;
  } catch {
    return false;
  }
}

/** Undeclared fields of the request that an accepted answer gives back. */
function echoedExtras(response: LightMyRequestResponse, extras: readonly string[]): string[] {
  const suspicious = extras.filter((name) => !KNOWN_FIELDS.has(name) && name.trim() !== '');
  if (!suspicious.length) return [];
  try {
    const body = response.json() as unknown;
    const record = (Array.isArray(body) ? body[0] : body) as Record<string, unknown> | null;
    return record && typeof record === 'object' ? suspicious.filter((name) => Object.prototype.hasOwnProperty.call(record, name)) : [];
  } catch {
    return [];
  }
}

const describeRequest = (request: HostileRequest) =>
  `${request.method} ${request.url.slice(0, 300)}${request.mustRefuse ? ' [schema refuses]' : ''} — ${request.about.join('; ').slice(0, 1200) || 'valid shape'}`;


/** How long a request may take to be answered; one that takes longer hangs, and ends the run. */
const ANSWER_WITHIN_MS = 20_000;

async function answered(response: Promise<LightMyRequestResponse>, request: HostileRequest): Promise<LightMyRequestResponse> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`No answer within ${ANSWER_WITHIN_MS / 1000} s: ${describeRequest(request)}`)), ANSWER_WITHIN_MS);
  });
  try {
    return await Promise.race([response, hung]);
  } finally {
    clearTimeout(timer);
  }
}

/** Each request from an address of its own. */
const nextAddress = addressSequence();

interface Tally {
  routes: number;
  requests: number;
  mustRefuse: number;
  accepted: number;
  byStatus: Record<string, number>;
  fingerprints: number;
  signIns: number;
  /** Milliseconds spent making the requests, answering them, and fingerprinting the tables. */
  ms: { generating: number; answering: number; fingerprinting: number };
}

describe('hostile input, by the thousand', () => {
  it(`every write route: no 5xx, every refusal a 4xx that says why, no table changed by a refused request (${RUNS} requests, seed ${SEED})`, { timeout: Math.max(900_000, RUNS * 120) }, async () => {
    const started = Date.now();
    const all = t.app.routeCatalogue.filter((route) => isApiRoute(route) && WRITES.has(route.method));
    const perRoute = Math.ceil(RUNS / all.length);
    const order = (route: { method: string; url: string }) => {
      const key = `${route.method} ${route.url}`;
      return LAST.includes(key) ? 2 + LAST.indexOf(key) : route.method === 'DELETE' ? 1 : 0;
    };
    const routes = [...all].sort((a, b) => order(a) - order(b)).filter((route) => !ONLY || ONLY.has(`${route.method} ${route.url}`));
    const failures: string[] = [];
    const tally: Tally = { routes: routes.length, requests: 0, mustRefuse: 0, accepted: 0, byStatus: {}, fingerprints: 0, signIns: 0, ms: { generating: 0, answering: 0, fingerprinting: 0 } };
    const timed = async <T>(part: keyof Tally['ms'], work: () => Promise<T> | T): Promise<T> => {
      const start = performance.now();
      try {
        return await work();
      } finally {
        tally.ms[part] += performance.now() - start;
      }
    };
    const exclusions = { userIds: callers.map((caller) => caller.auth!.userId), groupNames: callers.flatMap((caller) => caller.auth!.groups) };
    const formFields = (await sql<{ name: string }>`SELECT DISTINCT "ParameterReference" AS name FROM case_parameters ORDER BY 1 LIMIT 6`.execute(t.database.db)).rows.map((row) => row.name);
    const cachedFingerprint = fingerprinter(t.database.db);
    const fingerprint = async () => {
      tally.fingerprints += 1;
      return timed('fingerprinting', cachedFingerprint);
    };

    for (const registered of routes) {
      const key = `${registered.method} ${registered.url}`;
      const seed = routeSeed(SEED, key);
      const fail = (index: number, what: string, request: HostileRequest) =>
        failures.push(`${key} #${index} (DOSSIER_FUZZ_SEED=${SEED} DOSSIER_FUZZ_ROUTES='${key}'): ${what}\n    ${describeRequest(request)}`);
      const caller = callerFor(registered);
      const route: RouteUnderTest = {
        method: registered.method,
        url: registered.url,
        schema: (registered.schema ?? {}) as RouteUnderTest['schema'],
        paramSets: await recordParams(t.database.db, registered.url, { exclude: exclusions }),
        formFields,
      };
      const requests = await timed('generating', () => fc.sample(hostileRequest(route), { seed, numRuns: perRoute }));

      const send = async (request: HostileRequest): Promise<LightMyRequestResponse> => {
        const options = { method: request.method as 'POST', url: request.url, headers: request.headers, payload: request.payload, remoteAddress: nextAddress() };
        const response = await timed('answering', () => answered(t.call(caller.token, options), request));
        // An accepted sign-out (or password change) ends the caller's session: sign in again at once, before the
        // fingerprint that follows an accepted request.
        if (response.statusCode < 400 && !(await t.app.services.sessions.resolve(caller.token!)).ok) {
          Object.assign(caller, await signInCaller(t, caller.name));
          tally.signIns += 1;
        }
        tally.requests += 1;
        tally.byStatus[`${Math.floor(response.statusCode / 100)}xx`] = (tally.byStatus[`${Math.floor(response.statusCode / 100)}xx`] ?? 0) + 1;
        return response;
      };
      const judge = (index: number, request: HostileRequest, response: LightMyRequestResponse) => {
        const status = response.statusCode;
        if (status >= 500) return fail(index, `answered ${status}: ${response.body.slice(0, 200)}`, request);
        if (status >= 400 && !saysWhy(response, registered.url)) return fail(index, `refused with ${status} but without a message: ${response.body.slice(0, 200)}`, request);
        if (status < 400 && request.mustRefuse) return fail(index, `accepted (${status}) a request its schemas refuse: ${response.body.slice(0, 200)}`, request);
        if (status < 400) {
          tally.accepted += 1;
          const echoed = echoedExtras(response, request.extraFields);
          if (echoed.length) fail(index, `answered ${status} with undeclared fields it was sent: ${echoed.join(', ')}`, request);
        }
      };
      /** Refused requests that changed tables: each sent again alone between two fingerprints, to name the culprit. */
      const traceWrites = async (refused: { index: number; request: HostileRequest }[], tables: string[]) => {
        const culprits: string[] = [];
        for (const { index, request } of refused.length > 1 ? refused : []) {
          const before = await fingerprint();
          const response = await send(request);
          const changed = changedTables(before, await fingerprint()).filter((table) => !(RECORDED_REFUSALS[key] ?? []).includes(table));
          if (changed.length && response.statusCode >= 400) culprits.push(`#${index} (${changed.join(', ')})`);
        }
        const named = refused.length === 1 ? `#${refused[0].index}` : culprits.join(' ') || 'none when sent again alone';
        const first = refused.find(({ index }) => culprits[0]?.startsWith(`#${index} `)) ?? refused[0];
        fail(first.index, `refused requests changed ${tables.join(', ')}; the request(s): ${named}`, first.request);
      };
      const compare = async (baseline: TableFingerprint, refused: { index: number; request: HostileRequest }[]): Promise<TableFingerprint> => {
        const now = await fingerprint();
        const changed = changedTables(baseline, now).filter((table) => !(RECORDED_REFUSALS[key] ?? []).includes(table));
        if (changed.length && refused.length) {
          await traceWrites(refused, changed);
          return fingerprint();
        }
        return now;
      };

      // First what the route's schemas refuse, all in one run between two fingerprints: each must be refused.
      const indexed = requests.map((request, index) => ({ index, request }));
      const mustRefuse = indexed.filter(({ request }) => request.mustRefuse);
      tally.mustRefuse += mustRefuse.length;
      let baseline = await fingerprint();
      for (const { index, request } of mustRefuse) judge(index, request, await send(request));
      baseline = await compare(baseline, mustRefuse);

      // Then what they accept, hostile all the same: an accepted one may write, so refusals are compared in runs
      // between accepted ones (a fingerprint before a request that may be accepted, and after one that was).
      let refused: { index: number; request: HostileRequest }[] = [];
      for (const { index, request } of indexed.filter(({ request }) => !request.mustRefuse)) {
        if (refused.length) {
          baseline = await compare(baseline, refused);
          refused = [];
        }
        const response = await send(request);
        judge(index, request, response);
        if (response.statusCode < 400) baseline = await fingerprint();
        else refused.push({ index, request });
      }
      if (refused.length) await compare(baseline, refused);
    }

    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `hostile input (${t.database.kind}): ${tally.requests} requests to ${tally.routes} write routes (${perRoute} each, seed ${SEED}) in ${seconds} s; ` +
        `${tally.mustRefuse} refused by their schemas, ${tally.accepted} accepted; ${JSON.stringify(tally.byStatus)}; ${tally.fingerprints} fingerprints, ${tally.signIns} sign-ins again; ` +
        `seconds making the requests ${(tally.ms.generating / 1000).toFixed(1)}, answering ${(tally.ms.answering / 1000).toFixed(1)}, fingerprinting ${(tally.ms.fingerprinting / 1000).toFixed(1)}`,
    );
    expect(failures).toEqual([]);
    if (!ONLY) {
      expect(tally.routes).toBeGreaterThan(100);
      expect(tally.requests).toBeGreaterThanOrEqual(RUNS);
    }
  });
});
