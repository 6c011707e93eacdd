import { describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { Texts } from '../../shared/texts/index.js';
import { SHUTDOWN_GRACE_MS } from '../../server/shutdown.js';
import { TEST_DB_KIND } from '../support/testDatabase.js';
import { startServerProcess, type ServerProcess } from '../support/serverProcess.js';
import { call, installation, newCases, ok, received, signIn, untilReceived, type Answer } from '../support/installation.js';

/**
 * Stopping the real server (issue "Trust: proven under faults"): `scripts/start.mjs` — the compiled server, as
 * `npm start` runs it — on this tier's database, sent SIGTERM while case creates are in flight. Every request gets an
 * answer, every create answered 2xx is there after a restart, and the process exits 0; the same through `npm start`
 * signalled as a process group, where the signal reaches the server once.
 */
const CONCURRENT_CREATES = 8;
/** Sends the creates, and SIGTERM (by `signal`) once the server holds them all; answers what each got. */
async function createsCutBySignal(server: ServerProcess, token: string, signal: () => void): Promise<Answer[]> {
  const body = await newCases(server, token, `Shutdown${Date.now() % 100_000}x`);
  const before = received(server, '/api/cases');
  const sends = Array.from({ length: CONCURRENT_CREATES }, (_, n) => call(server, token, 'POST', '/api/cases', body(n)));
  await untilReceived(server, '/api/cases', before + CONCURRENT_CREATES);
  signal();
  return Promise.all(sends);
}

/** A search whose body is sent in part and never finished: it stays in flight until the server answers it. */
function unfinishedRequest(server: ServerProcess, token: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const sent = request(`${server.baseUrl}/api/cases/search`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': '1000' } }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => void (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as unknown }));
    });
    sent.on('error', reject);
    sent.write('{"page":0,');
  });
}

/** Every request got an HTTP answer, each a success or the stopping server's 503. */
function expectAllAnswered(answers: Answer[]): number[] {
  for (const answer of answers) {
    expect(answer, JSON.stringify(answer)).not.toHaveProperty('error');
    if ('status' in answer) expect([200, 503], JSON.stringify(answer)).toContain(answer.status);
  }
  return answers.flatMap((a) => ('status' in a && a.status === 200 ? [Number(a.body.Id)] : []));
}

/** After a restart on the same data: every acknowledged case is there, with its own number. */
async function expectKept(env: Record<string, string>, ids: number[]): Promise<void> {
  const again = await startServerProcess('restarted', 'scripts/start.mjs', env);
  try {
    const token = await signIn(again, 'caseadmin');
    const numbers = new Set<string>();
    for (const id of ids) numbers.add(String((await ok(call(again, token, 'GET', `/api/cases/${id}?ssn=masked`))).CaseNumber));
    expect(numbers.size).toBe(ids.length);
  } finally {
    await again.stop();
  }
}

describe(`stopping the server on ${TEST_DB_KIND}`, () => {
  it('answers every request in flight on SIGTERM, keeps every acknowledged create, and exits 0', { timeout: 240_000 }, async () => {
    const env = await installation('stop');
    const server = await startServerProcess('stopping', 'scripts/start.mjs', env);
    const token = await signIn(server, 'caseadmin');
    // A request whose body never ends is still in flight when the grace runs out: it is answered 503.
    const stuck = unfinishedRequest(server, token);
    await untilReceived(server, '/api/cases/search', 1);
    const answers = await createsCutBySignal(server, token, () => server.child.kill('SIGTERM'));
    const ids = expectAllAnswered(answers);
    expect(await stuck).toEqual({ status: 503, body: { Message: Texts.global.serverStopping } });
    expect(await Promise.race([server.exited, new Promise((resolve) => setTimeout(() => resolve('still running'), SHUTDOWN_GRACE_MS + 10_000))]), server.output()).toBe(0);
    expect(server.output()).toContain('"msg":"Stopped"');
    // The creates in flight were finished, not dropped.
    expect(ids.length, server.output()).toBe(CONCURRENT_CREATES);
    await expectKept(env, ids);
  });

  it('stops once through npm start when its whole process group is signalled', { timeout: 240_000 }, async () => {
    const server = await npmStartStoppedBy((npm) => process.kill(-npm.child.pid!, 'SIGTERM'));
    // npm and its shell end with the signal, so the server hears of it twice (the signal, and its parent gone): it
    // stops once.
    expect(server.output().match(/"msg":"(SIGTERM|npm ended): stopping"/g), server.output()).toHaveLength(1);
  });

  it('stops cleanly when only npm is signalled, which ends without passing the signal on', { timeout: 240_000 }, async () => {
    const server = await npmStartStoppedBy((npm) => npm.child.kill('SIGTERM'));
    expect(server.output()).toContain('"msg":"npm ended: stopping"');
  });
});

/**
 * `npm start` signalled (by `signal`) while case creates are in flight: every create is answered and kept after a
 * restart, and the server stops cleanly. Answers the stopped server, to read its log.
 */
async function npmStartStoppedBy(signal: (npm: ServerProcess) => void): Promise<ServerProcess> {
  const env = await installation('stop');
  const server = await startServerProcess('npm start', 'scripts/start.mjs', env, { command: ['npm', 'start', '--silent'] });
  const token = await signIn(server, 'caseadmin');
  const ids = expectAllAnswered(await createsCutBySignal(server, token, () => signal(server)));
  await serverGone(server);
  expect(ids.length, server.output()).toBe(CONCURRENT_CREATES);
  await expectKept(env, ids);
  return server;
}

/**
 * Under npm: npm itself ends by the signal (its exit status is the signal's), so the server's clean stop is read from
 * its log ("Stopped", never "did not stop cleanly") and its process being gone.
 */
async function serverGone(server: ServerProcess): Promise<void> {
  await server.exited;
  const deadline = Date.now() + 30_000;
  while (!server.output().includes('"msg":"Stopped"')) {
    if (Date.now() > deadline) throw new Error(`The server did not stop:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const pid = Number(/"pid":(\d+)/.exec(server.output())![1]);
  while (alive(pid)) {
    if (Date.now() > deadline) throw new Error(`The server process ${pid} is still running`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(server.output()).not.toContain('did not stop cleanly');
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
