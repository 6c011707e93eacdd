import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { Texts } from '../shared/texts/index.js';
import type { Database } from './db/database.js';

/** How long a stop waits for the requests in flight before answering what is left with 503. */
export const SHUTDOWN_GRACE_MS = 10_000;

/** How often a stopping server closes the connections that have gone idle. */
const IDLE_CHECK_MS = 50;

/** The answers the server is writing now, so that a stop can answer those still running when its grace runs out. */
function answersInFlight(app: FastifyInstance): Set<ServerResponse> {
  const open = new Set<ServerResponse>();
  app.server.on('request', (_request, response: ServerResponse) => {
    open.add(response);
    response.once('close', () => open.delete(response));
  });
  return open;
}

/** Answers a request still running after the grace with 503 (its transaction is rolled back when the database closes). */
function refuse(response: ServerResponse): void {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  response.writeHead(503, { 'content-type': 'application/json; charset=utf-8', connection: 'close', 'retry-after': '10' });
  response.end(JSON.stringify({ Message: Texts.global.serverStopping }));
}

/**
 * Stops the server cleanly: GET /readyz answers 503 `stopping` from the start (and for `drainMs` the server serves
 * everything else as before, so that a load balancer takes it out first: DOSSIER_STOP_DRAIN_MS); then it stops
 * accepting connections (a request on a kept-alive one gets 503), ends the live-notice streams with a last event,
 * answers every request in flight — those still running after the grace with 503 — and closes the database (PGlite
 * flushed, so the next start needs no recovery).
 */
export async function stopServer(app: FastifyInstance, db: Database, open: Set<ServerResponse>, graceMs = SHUTDOWN_GRACE_MS, drainMs = app.config.stopDrainMs): Promise<void> {
  app.readiness.beginStopping();
  if (drainMs > 0) {
    app.log.info({ drainMs }, 'Stopping: /readyz answers 503 while the load balancer takes this instance out');
    await new Promise((resolve) => setTimeout(resolve, drainMs));
  }
  app.log.info({ inFlight: open.size }, 'Stopping: finishing the requests in flight');
  // An answer in flight ends its connection, and a kept-alive connection is closed once idle: the server would
  // otherwise wait for each client's keep-alive to run out (72 s).
  for (const response of open) if (!response.headersSent) response.setHeader('connection', 'close');
  const idle = setInterval(() => app.server.closeIdleConnections(), IDLE_CHECK_MS);
  const grace = setTimeout(() => {
    if (open.size) app.log.warn({ inFlight: open.size }, 'Stopping: answering the requests still running with 503');
    for (const response of open) refuse(response);
  }, graceMs);
  try {
    await app.close();
  } finally {
    clearTimeout(grace);
    clearInterval(idle);
  }
  // The webhook worker's attempts in flight end (each within its timeout) before the database closes.
  await app.services.webhooks.stop();
  await db.destroy();
  app.log.info('Stopped');
}

/** How often a server run by npm looks whether npm is still its parent. */
const PARENT_CHECK_MS = 500;

/**
 * Stops the server on SIGTERM or SIGINT, then exits (0 when it stopped cleanly). A signal that arrives again while
 * stopping (a process group signalled, and npm passing the signal on) is noted, not obeyed: the first one is already
 * being carried out. Run by `npm start`, the server also stops when npm ends: npm dies of a SIGTERM sent to it alone
 * without passing it on, which would leave the server running with no parent (as under a process manager that
 * signals only the process it started).
 */
export function stopOnSignals(app: FastifyInstance, db: Database): void {
  const open = answersInFlight(app);
  let stopping = false;
  const stop = (reason: string) => {
    if (stopping) {
      app.log.info(`${reason} again: already stopping`);
      return;
    }
    stopping = true;
    app.log.info(`${reason}: stopping`);
    stopServer(app, db, open).then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error(error, 'The server did not stop cleanly');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  if (process.env.npm_lifecycle_event) {
    const parent = process.ppid;
    const watch = setInterval(() => {
      if (process.ppid === parent) return;
      clearInterval(watch);
      stop('npm ended');
    }, PARENT_CHECK_MS).unref();
  }
}
