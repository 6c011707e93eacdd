import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Texts } from '../../shared/texts/index.js';
import { startTestApp, type TestApp } from '../support/testApp.js';

/**
 * An overloaded server turns requests away at once — 503 with Retry-After and a message each screen shows — rather
 * than queueing them without bound, and serves again once the load has passed. The overload is made here by holding
 * the event loop past a low limit (DOSSIER_MAX_EVENT_LOOP_DELAY_MS, 20 ms here).
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ config: { maxEventLoopDelayMs: 20 } });
});
afterAll(() => t?.close());

/** Holds the event loop as an overloaded server's is held. */
function overload(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // busy: nothing else runs
  }
}

/** Asks until the answer's status is `status` (the load is sampled about once a second); answers that answer. */
async function until(status: number, ask: () => ReturnType<TestApp['call']>): Promise<Awaited<ReturnType<TestApp['call']>>> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const answer = await ask();
    if (answer.statusCode === status || Date.now() > deadline) return answer;
    // Held for a whole sample, the loop's mean lag is far past the limit once the sample is taken.
    if (status === 503) overload(1200);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('an overloaded server', () => {
  it('turns API calls away with 503, Retry-After and the busy message, then serves again', async () => {
    const token = await t.signIn('caseadmin');
    const busy = await until(503, () => t.call(token, { method: 'GET', url: '/api/user' }));
    expect(busy.statusCode).toBe(503);
    expect(Number(busy.headers['retry-after'])).toBeGreaterThan(0);
    expect(busy.json()).toEqual({ Message: Texts.global.serverBusy });
    const served = await until(200, () => t.call(token, { method: 'GET', url: '/api/user' }));
    expect(served.statusCode).toBe(200);
  });

  it('answers the sign-in page as OAuth does, so it says the server is busy', async () => {
    const busy = await until(503, () =>
      t.app.inject({
        method: 'POST',
        url: '/oauth/token',
        payload: new URLSearchParams({ username: 'caseadmin', password: 'demo-pass-2026', grant_type: 'password' }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
    );
    expect(busy.statusCode).toBe(503);
    expect(busy.json()).toEqual({ error: 'temporarily_unavailable', error_description: Texts.global.serverBusy });
  });
});
