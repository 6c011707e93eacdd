import { afterEach, describe, expect, it } from 'vitest';
import { WebhookTexts } from '../../shared/texts/webhooks.js';
import { WebhookWorker, type WebhookWorkerOptions } from '../../server/webhooks/worker.js';
import { openSecret, resealWebhookSecrets } from '../../server/webhooks/secretSeal.js';
import { keyringOf, newSecretText, parseSecret } from '../../server/security/keyring.js';
import type { TestApp } from '../support/testApp.js';
import { TEST_VAULT } from '../support/testVault.js';
import { itemsApp, type Json } from '../support/itemsApp.js';
import { startReceiver, type Receiver } from '../support/webhookReceiver.js';
import { SUBJECT } from '../support/casesApp.js';

/**
 * Webhooks (issue 26 §3): endpoints registered by administrators of security (https only unless the setting allows
 * http; the secret never answered), events written in the change's transaction and delivered by the worker, signed,
 * in order per case, retried after a receiver that is down or slow, once with two workers, scoped to an org's subtree,
 * and redelivered from the log. The receivers are local (http), so the tests switch WEBHOOKS_ALLOW_HTTP on.
 */
const T = WebhookTexts;
const SECRET = 'a-webhook-secret-of-32-characters';
let t: TestApp;
const { db, call, user, readyCase, itemsUrl, completeSections } = itemsApp((app) => {
  t = app;
  app.app.config.webhooksAllowHttp = true;
});

const receivers: Receiver[] = [];
const workers: WebhookWorker[] = [];
afterEach(async () => {
  for (const worker of workers.splice(0)) await worker.stop();
  for (const receiver of receivers.splice(0)) await receiver.close();
  await db().deleteFrom('webhook_endpoints').execute();
  t.app.config.webhooksAllowHttp = true;
});

async function receiver(): Promise<Receiver> {
  const r = await startReceiver(SECRET);
  receivers.push(r);
  return r;
}

/** A worker over the test's database with short waits: a second one stands for a second instance. */
function worker(options: WebhookWorkerOptions = {}): WebhookWorker {
  const w = new WebhookWorker(db(), TEST_VAULT.keyring, { now: t.clock.now, pollMs: 20, timeoutMs: 400, firstRetryMs: 40, maxRetryMs: 200, ...options });
  workers.push(w);
  return w;
}

async function register(body: Json): Promise<number> {
  const answer = await call('sysadmin', 'POST', '/api/webhooks', { Secret: SECRET, Active: true, Org_Id: null, ...body });
  expect(answer.statusCode, answer.body).toBe(200);
  return Number(answer.json().Id);
}

const org = async (code: string) => (await db().selectFrom('orgs').select('Id').where('Code', '=', code).executeTakeFirstOrThrow()).Id;
const log = async (endpointId: number) => (await call('sysadmin', 'GET', `/api/webhooks/${endpointId}/deliveries`)).json() as Json[];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A case of the Department of Commerce created by the case administrator (case.created). */
async function createCase(lastName: string): Promise<number> {
  const doc = await org('DOC');
  const type = await db().selectFrom('type_items').select('Id').where('TableName', '=', 'CaseType').where('Short', '=', 'T1').executeTakeFirstOrThrow();
  const created = await call('caseadmin', 'POST', '/api/cases', {
    RequestingOfficial_Id: user.get('client'),
    Client_Id: doc,
    CaseType_Id: type.Id,
    Notes: null,
    CaseSubject: { ...SUBJECT, LastName: lastName, SSN: '1234' },
  });
  expect(created.statusCode, created.body).toBe(200);
  return Number(created.json().Id);
}

describe('webhook endpoints', () => {
  it('are registered, read, changed and deleted by administrators of security, audited; the secret is never answered', async () => {
    const id = await register({ Url: 'https://hooks.example.com/dossier', EventTypes: ['case.created'], Description: 'Ticketing' });
    const listed = (await call('sysadmin', 'GET', '/api/webhooks')).json() as Json[];
    expect(listed).toEqual([expect.objectContaining({ Id: id, Url: 'https://hooks.example.com/dossier', EventTypes: ['case.created'], Org_Id: null, Active: true, Pending: 0, Failed: 0 })]);
    const one = await call('sysadmin', 'GET', `/api/webhooks/${id}`);
    expect(one.body).not.toContain(SECRET);
    expect(one.json()).not.toHaveProperty('Secret');
    expect(JSON.stringify(listed)).not.toContain('Secret');

    // Stored sealed: the column holds no trace of it.
    const row = await db().selectFrom('webhook_endpoints').selectAll().where('Id', '=', id).executeTakeFirstOrThrow();
    expect(row.SecretCipher).not.toContain(SECRET);
    expect(row.SecretKeyId).toBe(TEST_VAULT.keyring.current.id);

    // An edit without a secret keeps it; with one, it is sealed afresh.
    const changed = await call('sysadmin', 'PUT', `/api/webhooks/${id}`, { Url: 'https://hooks.example.com/v2', EventTypes: ['case.created', 'invoice.created'], Org_Id: await org('FED'), Active: false, Description: null });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ Url: 'https://hooks.example.com/v2', EventTypes: ['case.created', 'invoice.created'], OrgName: 'Federal Clients', Active: false });
    expect((await db().selectFrom('webhook_endpoints').select('SecretCipher').where('Id', '=', id).executeTakeFirstOrThrow()).SecretCipher).toBe(row.SecretCipher);
    expect((await call('sysadmin', 'PUT', `/api/webhooks/${id}`, { Url: 'https://hooks.example.com/v2', EventTypes: ['case.created'], Org_Id: null, Active: true, Secret: 'another-secret-of-enough-length' })).statusCode).toBe(200);
    expect((await db().selectFrom('webhook_endpoints').select('SecretCipher').where('Id', '=', id).executeTakeFirstOrThrow()).SecretCipher).not.toBe(row.SecretCipher);

    expect((await call('sysadmin', 'DELETE', `/api/webhooks/${id}`)).statusCode).toBe(200);
    expect((await call('sysadmin', 'GET', `/api/webhooks/${id}`)).statusCode).toBe(404);
    const audited = await db().selectFrom('audit_log').select(['Action', 'Fields']).where('Entity', '=', 'webhooks').where('Entity_Id', '=', String(id)).orderBy('Id').execute();
    expect(audited.map((a) => a.Action)).toEqual(['create', 'update', 'update', 'delete']);
    expect(audited[2].Fields).toContain('Secret');
  });

  it('keep their secret through a key rotation (npm run rotate-key re-seals it under the new key)', async () => {
    const id = await register({ Url: 'https://hooks.example.com/rotated', EventTypes: ['case.created'] });
    const next = keyringOf(parseSecret(newSecretText()), [TEST_VAULT.keyring.current]);
    expect(await resealWebhookSecrets(db(), next)).toBe(1);
    const row = await db().selectFrom('webhook_endpoints').select(['SecretCipher', 'SecretKeyId']).where('Id', '=', id).executeTakeFirstOrThrow();
    expect(row.SecretKeyId).toBe(next.current.id);
    expect(openSecret(keyringOf(next.current), row)).toBe(SECRET);
    expect(await resealWebhookSecrets(db(), next)).toBe(0);
  });

  it('are refused to users without Admin Security (403)', async () => {
    expect((await call('caseadmin', 'GET', '/api/webhooks')).statusCode).toBe(403);
    expect((await call('caseadmin', 'POST', '/api/webhooks', { Url: 'https://x.example.com', Secret: SECRET, EventTypes: ['case.created'] })).statusCode).toBe(403);
  });

  it('refuse http unless the setting allows it, a bad URL, a missing or short secret and no events (400 ModelState)', async () => {
    t.app.config.webhooksAllowHttp = false;
    const http = await call('sysadmin', 'POST', '/api/webhooks', { Url: 'http://hooks.example.com', Secret: SECRET, EventTypes: ['case.created'] });
    expect(http.statusCode).toBe(400);
    expect(http.json().ModelState).toEqual({ Url: [T.server.httpsOnly] });
    const bad = await call('sysadmin', 'POST', '/api/webhooks', { Url: 'ftp://hooks.example.com', EventTypes: ['case.created'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().ModelState).toEqual({ Url: [T.server.badUrl], Secret: [T.server.secretRequired] });
    const short = await call('sysadmin', 'POST', '/api/webhooks', { Url: 'https://hooks.example.com', Secret: 'short', EventTypes: [] });
    expect(short.statusCode).toBe(400);
    expect(Object.keys(short.json().ModelState).sort()).toEqual(['EventTypes', 'Secret']);
    t.app.config.webhooksAllowHttp = true;
    expect((await call('sysadmin', 'POST', '/api/webhooks', { Url: 'http://127.0.0.1:9/hook', Secret: SECRET, EventTypes: ['case.created'] })).statusCode).toBe(200);
  });
});

describe('webhook deliveries', () => {
  it('deliver case created, state changes, item status changes and submits, signed, in order per case; the request never waits', async () => {
    const r = await receiver();
    const id = await register({ Url: r.url, EventTypes: ['case.created', 'case.state_changed', 'item.status_changed', 'item.submitted'] });
    const { id: caseId, items } = await readyCase();
    const investigator = user.get('investigator')!;
    expect((await call('manager', 'POST', `${itemsUrl(caseId)}/assign`, { Investigator_Id: investigator, ItemIds: [items[0]] })).statusCode).toBe(200);
    await completeSections(items[0]);
    expect((await call('investigator', 'POST', `${itemsUrl(caseId)}/submit-items`, { ItemIds: [items[0]] })).statusCode).toBe(200);
    // Nothing was sent yet: the outbox waits for the worker.
    expect(r.hits).toBe(0);

    const w = worker();
    for (let pass = 0; pass < 20 && (await w.runOnce()) > 0; pass++);
    const got = r.received;
    expect(got.every((d) => d.verified)).toBe(true);
    expect(got.map((d) => d.json.type)).toEqual([
      'case.created',
      'case.state_changed', // the first paper → AWAITING_DATA_ENTRY
      'case.state_changed', // start data entry
      'case.state_changed', // data entry complete → AWAITING_ASSIGNMENT
      'item.status_changed', // assigned
      'case.state_changed', // → IN_PROCESS
      'item.status_changed', // submitted → IN_REVIEW
      'item.submitted',
    ]);
    // In the order the events were raised (per case), each one's id once.
    const ids = got.map((d) => d.json.id);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(got[0].json.data).toMatchObject({ caseId, orgId: await org('DOC'), state: 'AWAITING_CASE_PAPERS' });
    expect(got[7].json.data).toMatchObject({ caseId, itemId: items[0], from: 'ASSIGNED', to: 'IN_REVIEW' });
    expect(got[0].event).toBe('case.created');
    expect(got[0].signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(got[0].body).not.toContain(SUBJECT.FirstName);

    const entries = await log(id);
    expect(entries).toHaveLength(8);
    expect(entries.every((e) => e.Status === 'delivered' && e.Attempts === 1 && e.LastStatusCode === 204 && typeof e.ResponseMs === 'number')).toBe(true);
  });

  it('keep a case\'s order while its first delivery is retried, and retry a receiver that is down until it comes back', async () => {
    const r = await receiver();
    // The endpoint first points at a port nothing listens on: connection refused.
    const closed = await startReceiver(SECRET);
    const deadUrl = closed.url;
    await closed.close();
    const types = ['case.created', 'case.state_changed', 'report.ready'];
    const id = await register({ Url: deadUrl, EventTypes: types });
    const caseId = await createCase('Downtime');
    const discontinued = await call('caseadmin', 'PUT', `/api/cases/${caseId}/discontinue`);
    expect(discontinued.statusCode, discontinued.body).toBe(200);
    const w = worker();
    expect(await w.runOnce()).toBe(1); // only the case's first event: the others wait behind it
    let entries = await log(id);
    expect(entries.map((e) => [e.EventType, e.Status, e.Attempts])).toEqual([
      ['report.ready', 'pending', 0],
      ['case.state_changed', 'pending', 0],
      ['case.created', 'pending', 1],
    ]);
    expect(entries[2].LastError).toMatch(/ECONNREFUSED|fetch failed/);

    // Still down (a 500 now, then a dropped connection): each a failed attempt, retried after a longer wait.
    const changed = await call('sysadmin', 'PUT', `/api/webhooks/${id}`, { Url: r.url, EventTypes: types, Org_Id: null, Active: true });
    expect(changed.statusCode, changed.body).toBe(200);
    r.mode = 'fail';
    await sleep(50);
    expect(await w.runOnce()).toBe(1);
    entries = await log(id);
    expect(entries[2]).toMatchObject({ Status: 'pending', Attempts: 2, LastStatusCode: 500 });
    expect(entries[2].LastError).toContain('500');
    r.mode = 'reset';
    await sleep(100);
    expect(await w.runOnce()).toBe(1);

    // Back: delivered in order.
    r.mode = 'ok';
    await sleep(200);
    w.start();
    await r.waitFor(3);
    expect(r.received.map((d) => d.json.type)).toEqual(['case.created', 'case.state_changed', 'report.ready']);
    expect(r.received[1].json.data).toMatchObject({ caseId, from: 'AWAITING_CASE_PAPERS', to: 'DISCONTINUED', action: 'discontinue' });
    await sleep(50);
    entries = await log(id);
    expect(entries.map((e) => [e.Status, e.Attempts])).toEqual([['delivered', 1], ['delivered', 1], ['delivered', 4]]);
    expect(entries[2].LastError).toBeNull();
  });

  it('count a slow receiver\'s timeout as a failed attempt and retry it; the request that raised the event did not wait', async () => {
    const r = await receiver();
    r.mode = 'slow';
    r.slowMs = 1500;
    const id = await register({ Url: r.url, EventTypes: ['case.created'] });
    const w = worker({ timeoutMs: 300 });
    w.start();
    const started = Date.now();
    await createCase('Slowpoke');
    expect(Date.now() - started).toBeLessThan(1000);
    const until = Date.now() + 3000;
    while (Number((await log(id))[0]?.Attempts ?? 0) < 1 || (await log(id))[0].LastError === null) {
      if (Date.now() > until) throw new Error('no timed-out attempt');
      await sleep(50);
    }
    const [entry] = await log(id);
    expect(entry).toMatchObject({ Status: 'pending', LastError: T.server.timedOut(300), LastStatusCode: null });
    r.mode = 'ok';
    await r.waitFor(1, 4000);
    expect(r.received).toHaveLength(1);
  });

  it('are delivered once with two workers (two instances) claiming at the same time', async () => {
    const r = await receiver();
    await register({ Url: r.url, EventTypes: ['case.created'] });
    for (let n = 0; n < 6; n++) await createCase(`Twice${n}`);
    const a = worker();
    const b = worker();
    await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);
    a.start();
    b.start();
    await r.waitFor(6);
    await sleep(100);
    const ids = r.received.map((d) => d.json.id);
    expect(new Set(ids).size).toBe(6);
    expect(ids).toHaveLength(6);
  });

  it('reach an org\'s endpoint only for cases of its subtree', async () => {
    const fed = await receiver();
    const state = await receiver();
    const firm = await receiver();
    await register({ Url: fed.url, EventTypes: ['case.created'], Org_Id: await org('FED') });
    await register({ Url: state.url, EventTypes: ['case.created'], Org_Id: await org('STATE') });
    await register({ Url: firm.url, EventTypes: ['case.created'], Org_Id: null });
    await register({ Url: firm.url, EventTypes: ['case.created'], Active: false });
    const caseId = await createCase('Scoped');
    const w = worker();
    while ((await w.runOnce()) > 0);
    expect(fed.received.map((d) => d.json.data.caseId)).toEqual([caseId]);
    expect(state.received).toEqual([]);
    expect(firm.received.map((d) => d.json.data.caseId)).toEqual([caseId]);
  });

  it('are redelivered from the log (409 while pending), audited; 404 for another endpoint\'s delivery', async () => {
    const r = await receiver();
    const id = await register({ Url: r.url, EventTypes: ['case.created'] });
    const other = await register({ Url: r.url, EventTypes: ['invoice.created'] });
    await createCase('Again');
    const [pending] = await log(id);
    const refused = await call('sysadmin', 'POST', `/api/webhooks/${id}/deliveries/${String(pending.Id)}/redeliver`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().Message).toBe(T.server.stillPending);
    const w = worker();
    await w.runOnce();
    expect(r.received).toHaveLength(1);
    expect((await call('sysadmin', 'POST', `/api/webhooks/${other}/deliveries/${String(pending.Id)}/redeliver`)).statusCode).toBe(404);
    expect((await call('caseadmin', 'POST', `/api/webhooks/${id}/deliveries/${String(pending.Id)}/redeliver`)).statusCode).toBe(403);
    const again = await call('sysadmin', 'POST', `/api/webhooks/${id}/deliveries/${String(pending.Id)}/redeliver`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ Id: pending.Id, Status: 'pending', Attempts: 1 });
    await w.runOnce();
    expect(r.received.map((d) => d.json.id)).toEqual([pending.Event_Id, pending.Event_Id]);
    expect((await log(id))[0]).toMatchObject({ Status: 'delivered', Attempts: 2 });
    const audited = await db().selectFrom('audit_log').select('Action').where('Entity', '=', 'webhooks').where('Entity_Id', '=', String(id)).where('Action', '=', 'redeliver').execute();
    expect(audited).toHaveLength(1);
  });

  it('fail a delivery once its retry window has passed', async () => {
    const r = await receiver();
    r.mode = 'fail';
    const id = await register({ Url: r.url, EventTypes: ['case.created'] });
    await createCase('Expired');
    const w = worker();
    await w.runOnce();
    t.clock.advance(25 * 3_600_000);
    try {
      await w.runOnce();
    } finally {
      t.clock.reset();
    }
    expect((await log(id))[0]).toMatchObject({ Status: 'failed', Attempts: 2 });
    expect((await call('sysadmin', 'GET', `/api/webhooks/${id}`)).json()).toMatchObject({ Failed: 1, Pending: 0 });
  });
  it('are removed with their delivery log 30 days after they happened, once none of their deliveries is pending', async () => {
    const r = await receiver();
    const id = await register({ Url: r.url, EventTypes: ['case.created'] });
    await createCase('Delivered');
    await createCase('Pending');
    const w = worker();
    await w.runOnce(); // both cases' events are delivered (each case has an order of its own)
    const events = await db().selectFrom('webhook_events').select(['Id', 'Case_Id']).orderBy('Id').execute();
    expect(events.length).toBeGreaterThanOrEqual(2);
    const [delivered, pending] = events.slice(-2);
    // The second case's delivery is made pending again, as a receiver that is down would leave it.
    await db().updateTable('webhook_deliveries').set({ Status: 'pending' }).where('Event_Id', '=', pending.Id).execute();
    // An event nobody heard (no endpoint for its type then) has no delivery at all.
    const { Id: unheard } = await db().insertInto('webhook_events').values({ EventType: 'invoice.created', Case_Id: null, Org_Id: null, Payload: '{}' }).returning('Id').executeTakeFirstOrThrow();

    expect(await w.prune()).toBe(0); // nothing is 30 days old yet
    t.clock.advance(31 * 24 * 3_600_000);
    try {
      // Every event of this file's tests but the pending one, and the unheard one.
      expect(await w.prune()).toBe(events.length - 1 + 1);
    } finally {
      t.clock.reset();
    }
    const left = (await db().selectFrom('webhook_events').select('Id').execute()).map((e) => Number(e.Id));
    expect(left).toEqual([Number(pending.Id)]);
    expect(left).not.toContain(Number(delivered.Id));
    expect(left).not.toContain(Number(unheard));
    // The delivery log keeps the pending one alone.
    expect((await log(id)).map((d) => d.Status)).toEqual(['pending']);
  });
});

