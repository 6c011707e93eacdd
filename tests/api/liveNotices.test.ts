import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Texts } from '../../shared/texts/index.js';
import { publishCaseEvent, type CaseEvent } from '../../server/live/caseEvents.js';
import { startTestApp, type TestApp } from '../support/testApp.js';

/**
 * Live notices (spec 001 §2 "Real-time notices"): events published inside a transaction reach, over a real HTTP
 * event stream, the signed-in users who may see the case, once the transaction commits, through LISTEN/NOTIFY on
 * both databases.
 */
let t: TestApp;
let base: string;
const tokens: Record<string, string> = {};
const userIds: Record<string, number> = {};
/** A demo case of each org code: the client user's org (DOC) and one outside its scope (ACME). */
const cases: Record<string, { caseId: number; orgId: number; caseNumber: string; lastName: string }> = {};

interface Frame {
  event: string;
  data: unknown;
}

/** An open event stream, read frame by frame (comments are kept as `comment` frames). */
interface Stream {
  status: number;
  contentType: string | null;
  /** The next frame (other than heartbeats unless asked), or an error after `timeoutMs`. */
  next(options?: { comments?: boolean; timeoutMs?: number }): Promise<Frame>;
  /** Resolves when the server has ended the stream. */
  closed: Promise<void>;
  close(): void;
}

const open: Stream[] = [];

async function connect(token: string | null): Promise<Stream> {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/live/events`, {
    headers: token ? { authorization: `Bearer ${token}`, accept: 'text/event-stream' } : {},
    signal: controller.signal,
  });
  const frames: Frame[] = [];
  const waiters: (() => void)[] = [];
  let ended = false;
  const wake = () => waiters.splice(0).forEach((w) => w());
  const closed = (async () => {
    if (!response.body) return;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += value;
        let at: number;
        while ((at = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          if (block.startsWith(':')) frames.push({ event: 'comment', data: block.slice(1).trim() });
          else {
            const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
            const data = /^data: (.*)$/m.exec(block)?.[1];
            frames.push({ event, data: data === undefined ? undefined : JSON.parse(data) });
          }
          wake();
        }
      }
    } catch {
      // Aborted by the test.
    } finally {
      ended = true;
      wake();
    }
  })();
  const stream: Stream = {
    status: response.status,
    contentType: response.headers.get('content-type'),
    closed,
    close: () => controller.abort(),
    async next({ comments = false, timeoutMs = 5000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = frames.findIndex((f) => comments || f.event !== 'comment');
        if (index >= 0) return frames.splice(index, 1)[0];
        if (ended) throw new Error('The stream ended');
        const left = deadline - Date.now();
        if (left <= 0) throw new Error('No frame arrived in time');
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
  };
  open.push(stream);
  return stream;
}

/** Connects and waits until the server says the stream is registered. */
async function listen(userName: string): Promise<Stream> {
  const stream = await connect(tokens[userName]);
  expect(stream.status).toBe(200);
  expect(await stream.next()).toEqual({ event: 'ready', data: {} });
  return stream;
}

const caseEvent = (org: string, kind: 'caseCreated' | 'caseUpdated' = 'caseUpdated'): CaseEvent => ({ kind, ...cases[org] });

/** Publishes inside a committed transaction, as the cases code does. */
const publish = (event: CaseEvent, actor: string) =>
  t.database.db.transaction().execute((trx) => publishCaseEvent(trx, event, userIds[actor]));

const notice = (event: CaseEvent) => {
  const { orgId: _orgId, ...rest } = event;
  return { event: 'notice', data: rest };
};

beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('The test server has no port');
  base = `http://127.0.0.1:${address.port}`;
  for (const userName of ['caseadmin', 'manager', 'client', 'palmetto']) {
    tokens[userName] = await t.signIn(userName);
    userIds[userName] = (await t.database.db.selectFrom('users').select('Id').where('UserName', '=', userName).executeTakeFirstOrThrow()).Id;
  }
  for (const code of ['DOC', 'ACME']) {
    const row = await t.database.db
      .selectFrom('cases as c')
      .innerJoin('orgs as o', 'o.Id', 'c.Client_Id')
      .innerJoin('case_subjects as s', 's.Case_Id', 'c.Id')
      .select(['c.Id', 'c.Client_Id', 'c.CaseNumber', 's.LastName'])
      .where('o.Code', '=', code)
      .orderBy('c.Id')
      .executeTakeFirstOrThrow();
    cases[code] = { caseId: row.Id, orgId: row.Client_Id, caseNumber: row.CaseNumber, lastName: row.LastName };
  }
});
afterEach(() => {
  for (const stream of open.splice(0)) stream.close();
});
afterAll(async () => {
  // Node's fetch opens a spare connection after an aborted stream and keeps it without a request, which the
  // server's close would wait for: the test's own client connections are dropped first.
  t?.app.server.closeAllConnections();
  await t?.close();
});

describe('who may open the stream', () => {
  it('answers 401 without a token, before any stream is opened', async () => {
    const stream = await connect(null);
    expect(stream.status).toBe(401);
    expect(t.app.live.size).toBe(0);
  });

  it('answers 403 to a user without View Cases', async () => {
    const stream = await connect(tokens.palmetto);
    expect(stream.status).toBe(403);
    expect(t.app.live.size).toBe(0);
  });

  it('answers HEAD with the headers only, holding no stream', async () => {
    const response = await fetch(`${base}/api/live/events`, { method: 'HEAD', headers: { authorization: `Bearer ${tokens.manager}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(t.app.live.size).toBe(0);
  });

  it('opens an event stream for a user with View Cases', async () => {
    const stream = await listen('manager');
    expect(stream.contentType).toMatch(/^text\/event-stream/);
    expect(t.app.live.size).toBe(1);
  });
});

describe('who hears an event', () => {
  it('a staff user hears a case update of any org once the transaction commits', async () => {
    const staff = await listen('manager');
    const event = caseEvent('ACME');
    await publish(event, 'caseadmin');
    expect(await staff.next()).toEqual(notice(event));
  });

  it("a client user hears its own org's cases and not another org's", async () => {
    const client = await listen('client');
    const staff = await listen('manager');
    await publish(caseEvent('ACME'), 'caseadmin');
    await publish(caseEvent('DOC', 'caseCreated'), 'caseadmin');
    // Notifications arrive in commit order: the client's first notice is the second event, the staff user hears both.
    expect(await client.next()).toEqual(notice(caseEvent('DOC', 'caseCreated')));
    expect(await staff.next()).toEqual(notice(caseEvent('ACME')));
    expect(await staff.next()).toEqual(notice(caseEvent('DOC', 'caseCreated')));
  });

  it('nothing is delivered when the transaction rolls back', async () => {
    const staff = await listen('manager');
    const rolledBack = caseEvent('ACME');
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await publishCaseEvent(trx, rolledBack, userIds.caseadmin);
        throw new Error('the save failed');
      }),
    ).rejects.toThrow('the save failed');
    const committed = caseEvent('DOC');
    await publish(committed, 'caseadmin');
    expect(await staff.next()).toEqual(notice(committed));
  });

  it('the user who made the change does not hear it', async () => {
    const actor = await listen('caseadmin');
    await publish(caseEvent('ACME'), 'caseadmin');
    const other = caseEvent('DOC');
    await publish(other, 'manager');
    expect(await actor.next()).toEqual(notice(other));
  });

  it('item notices go to users who may see items, with the item number', async () => {
    const client = await listen('client');
    const staff = await listen('manager');
    const item: CaseEvent = { kind: 'itemUpdated', ...cases.DOC, itemId: 901, displayId: 3 };
    await publish(item, 'caseadmin');
    expect(await staff.next()).toEqual(notice(item));
    // The client user (View Cases without View Items) hears the next case notice, not the item's.
    await publish(caseEvent('DOC'), 'caseadmin');
    expect(await client.next()).toEqual(notice(caseEvent('DOC')));
  });

  it('a notice of another database schema on the same channel is ignored', async () => {
    const staff = await listen('manager');
    const foreign = JSON.stringify({ event: caseEvent('ACME'), actorUserId: userIds.caseadmin, schema: 'someone_else' });
    await sql`SELECT pg_notify('dossier_live', ${foreign})`.execute(t.database.db);
    await sql`SELECT pg_notify('dossier_live', 'not json')`.execute(t.database.db);
    await publish(caseEvent('DOC'), 'caseadmin');
    expect(await staff.next()).toEqual(notice(caseEvent('DOC')));
  });
});

describe('the cases calls announce their changes', () => {
  it('a new case and a workflow step reach a listening staff user through the real routes', async () => {
    const staff = await listen('manager');
    const created = await t.call(tokens.caseadmin, {
      method: 'POST',
      url: '/api/cases',
      payload: { RequestingOfficial_Id: userIds.client, Client_Id: cases.DOC.orgId, CaseType_Id: t.lookup('CaseType', 'T1'), CaseSubject: { FirstName: 'Live', LastName: 'Announced', SSN: '4242' } },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { Id, CaseNumber } = created.json() as { Id: number; CaseNumber: string };
    const announced = { caseId: Id, caseNumber: CaseNumber, lastName: 'Announced' };
    expect(await staff.next()).toEqual({ event: 'notice', data: { kind: 'caseCreated', ...announced } });
    expect((await t.call(tokens.caseadmin, { method: 'PUT', url: `/api/cases/${Id}/toggle-on-hold`, payload: {} })).statusCode).toBe(200);
    expect(await staff.next()).toEqual({ event: 'notice', data: { kind: 'caseUpdated', ...announced } });
    // A refused step announces nothing: the next notice is the one after it.
    expect((await t.call(tokens.caseadmin, { method: 'PUT', url: `/api/cases/${Id}/discontinue`, payload: {} })).statusCode).toBe(409);
    expect((await t.call(tokens.caseadmin, { method: 'PUT', url: `/api/cases/${Id}/toggle-on-hold`, payload: {} })).statusCode).toBe(200);
    expect(await staff.next()).toEqual({ event: 'notice', data: { kind: 'caseUpdated', ...announced } });
  });
});

describe('heartbeat and session end', () => {
  it('each heartbeat sends a comment to the open streams', async () => {
    const staff = await listen('manager');
    await t.app.live.tick();
    expect(await staff.next({ comments: true })).toEqual({ event: 'comment', data: 'heartbeat' });
  });

  it('a session replaced by a newer sign-in ends its stream with 419', async () => {
    const older = await listen('caseadmin');
    tokens.caseadmin = await t.signIn('caseadmin');
    await t.app.live.tick();
    expect(await older.next()).toEqual({ event: 'end', data: { status: 419, Message: Texts.global.signedInElsewhere } });
    await older.closed;
    expect(t.app.live.size).toBe(0);
  });

  it('a session idle past the auto-logout time ends its stream with 401, and the stream does not keep it alive', async () => {
    const staff = await listen('manager');
    try {
      // Past the longest auto-logout time there is (1440 minutes).
      t.clock.advance(25 * 60 * 60_000);
      await t.app.live.tick();
      expect(await staff.next()).toEqual({ event: 'end', data: { status: 401, Message: Texts.global.sessionExpired } });
      await staff.closed;
    } finally {
      t.clock.reset();
    }
  });
});
