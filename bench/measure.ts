import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { cpuNow } from './machineCpu.js';
import { runLoad, type LoadOptions, type LoadResult } from './loadDriver.js';
import { percentile } from './percentiles.js';

/**
 * The server's own time per request (Fastify's elapsedTime: request received → response sent), beside the
 * client's: the difference is the network, the client loop and the wait for the server's event loop.
 */
export class ServerTimes {
  private times: number[] = [];

  constructor(app: FastifyInstance) {
    app.addHook('onResponse', async (_request, reply) => {
      this.times.push(reply.elapsedTime);
    });
  }

  reset(): void {
    this.times = [];
  }

  /** The times since the last reset, sorted ascending. */
  take(): number[] {
    return this.times.sort((a, b) => a - b);
  }
}

/** A figure measured under load: latencies of pages (or single requests) with their spread, throughput and CPU. */
export interface LoadFigure {
  /** Pages (requests, for a page of one call) answered while measuring. */
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  min: number;
  max: number;
  /** The server's own time per request (all calls), p50 and p95. */
  serverP50: number;
  serverP95: number;
  /** CPU ms per page: the app process without the load loop, the load loop thread, PostgreSQL (null on PGlite or off Linux). */
  cpu: { app: number; loadLoop: number; postgres: number | null; othersShare: number | null };
  /** The first answer's body. */
  sample: string | null;
  bytes: number;
}

/**
 * Runs the load loop against the app and answers its figure; any answer other than 2xx fails the measurement with
 * the first failed call. CPU is taken from the end of the warm-up to the end of the measuring; `countPostgres` off (the
 * embedded database) counts any PostgreSQL processes among the others.
 */
export async function measureLoad(options: LoadOptions, serverTimes: ServerTimes | null, countPostgres = true): Promise<LoadFigure> {
  const measuring: { cpu?: ReturnType<typeof cpuNow> } = {};
  const result: LoadResult = await runLoad(options, () => {
    serverTimes?.reset();
    measuring.cpu = cpuNow();
  });
  const after = await cpuNow();
  const before = await measuring.cpu!;
  const failed = Object.keys(result.statuses).filter((status) => !/^2\d\d$/.test(status));
  if (failed.length) throw new Error(`answered ${JSON.stringify(result.statuses)}; first failure: ${result.failure ?? '?'}`);
  if (!result.latencies.length) throw new Error('no page was answered while measuring');
  const sorted = result.latencies.sort((a, b) => a - b);
  const server = serverTimes?.take() ?? [];
  const pages = sorted.length;
  // On the embedded database no PostgreSQL serves the app: any running is someone else's, one of the others.
  // A PostgreSQL process that ends while measuring takes its CPU time out of the sum: a negative difference is unknown.
  const postgresDelta = !countPostgres || after.postgres === null || before.postgres === null ? null : after.postgres - before.postgres;
  const postgres = postgresDelta !== null && postgresDelta >= 0 ? postgresDelta : null;
  const others = after.machine === null || before.machine === null || (countPostgres && postgres === null) ? null : after.machine - before.machine - (after.node - before.node) - (postgres ?? 0);
  return {
    requests: pages,
    perSecond: (pages * 1000) / result.elapsed,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    min: sorted[0],
    max: sorted[pages - 1],
    serverP50: percentile(server, 0.5),
    serverP95: percentile(server, 0.95),
    cpu: {
      app: (after.node - before.node - result.loopBusy) / pages,
      loadLoop: result.loopBusy / pages,
      postgres: postgres === null ? null : postgres / pages,
      othersShare: others === null ? null : Math.max(0, others / (result.elapsed * os.cpus().length)),
    },
    sample: result.sample,
    bytes: result.bytes,
  };
}
