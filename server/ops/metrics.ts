import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { caseOperations } from '../../resources/caseOperations.js';
import { reportOperations } from '../../resources/reports.js';
import { REPORT_CONTENT_TYPES, type ReportFormat } from '../../shared/reports.js';
import { originOf } from '../db/database.js';

/** What a request's answer took, by route pattern (never the address: ids would make a series each), method and status. */
const REQUEST_BUCKETS_S = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** The report of investigation and report runs: from a tenth of a second to a minute. */
const OUTPUT_BUCKETS_S = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
/** The embedded database's queue waits, in seconds (docs/operations.md: its one thread runs out before its queue grows). */
const WAIT_BUCKETS_S = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2.5, 5];

/** The label of a request no route matched (an unknown address, or a page of the client answered with index.html). */
export const NO_ROUTE = '(no route)';

const isRoute = (request: FastifyRequest, operation: { method: string; path: string }) =>
  request.method === operation.method && request.routeOptions.url === operation.path;

/** An answer that is a file (the ROI's PDF, a report's CSV, XML or PDF), not a refusal or a report instance's id. */
const isFile = (reply: FastifyReply) => reply.getHeader('content-disposition') !== undefined;

const formatOf = (reply: FastifyReply): ReportFormat | 'other' => {
  const type = String(reply.getHeader('content-type') ?? '').split(';')[0];
  const found = (Object.entries(REPORT_CONTENT_TYPES) as [ReportFormat, string][]).find(([, contentType]) => contentType.split(';')[0] === type);
  return found?.[0] ?? 'other';
};

/** A stream's answer lasts as long as its browser stays: not a request's duration. */
const isStream = (request: FastifyRequest) =>
  ((request.routeOptions.schema as { produces?: readonly string[] } | undefined)?.produces ?? []).includes('text/event-stream');

/**
 * The Prometheus metrics of one app, in a registry of its own (two apps in one process, as in the tests, never mix):
 * request durations, the database's connections, the live streams, the report of investigation's and report runs'
 * durations, and prom-client's process metrics (CPU, memory, event-loop lag, handles).
 */
export class AppMetrics {
  readonly registry = new Registry();
  private readonly requests: Histogram<'method' | 'route' | 'status'>;
  private readonly roi: Histogram<'status'>;
  private readonly reports: Histogram<'format' | 'status'>;
  private readonly stopObserving: () => void;

  constructor(private readonly app: FastifyInstance) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Histogram({
      name: 'dossier_http_request_duration_seconds',
      help: 'Time from a request received to its answer sent, by route pattern, method and status (event streams left out)',
      labelNames: ['method', 'route', 'status'],
      buckets: REQUEST_BUCKETS_S,
      registers,
    });
    this.roi = new Histogram({
      name: 'dossier_roi_duration_seconds',
      help: 'Time to build and send a report of investigation (GET /api/cases/{id}/report answered with its PDF)',
      labelNames: ['status'],
      buckets: OUTPUT_BUCKETS_S,
      registers,
    });
    this.reports = new Histogram({
      name: 'dossier_report_run_duration_seconds',
      help: 'Time to run a report and send its file (a run, or a report instance fetched), by format, until the last byte',
      labelNames: ['format', 'status'],
      buckets: OUTPUT_BUCKETS_S,
      registers,
    });
    new Gauge({
      name: 'dossier_live_streams',
      help: 'Live-notice streams open on this instance (browsers connected to GET /api/live/events)',
      registers,
      collect() {
        this.set(app.live.size);
      },
    });
    this.stopObserving = this.databaseMetrics(registers);
  }

  /**
   * The database's connections: PostgreSQL's pool (open, idle, callers waiting, the most it opens); the embedded
   * database's one connection the same way (open 1, idle 0 or 1, waiting), and how long each query or transaction
   * waited for it.
   */
  private databaseMetrics(registers: Registry[]): () => void {
    const origin = originOf(this.app.db);
    if (!origin) return () => undefined;
    const database = origin.kind === 'postgres' ? 'postgresql' : 'embedded';
    const read = (): { total: number; idle: number; waiting: number; max: number } =>
      origin.kind === 'postgres'
        ? { total: origin.pool.totalCount, idle: origin.pool.idleCount, waiting: origin.pool.waitingCount, max: origin.pool.options.max }
        : { total: 1, idle: origin.use.held ? 0 : 1, waiting: origin.use.waiting, max: 1 };
    const gauge = (name: string, help: string, field: 'total' | 'idle' | 'waiting' | 'max') =>
      new Gauge({
        name,
        help,
        labelNames: ['database'],
        registers,
        collect() {
          this.set({ database }, read()[field]);
        },
      });
    gauge('dossier_db_pool_connections', 'Database connections open', 'total');
    gauge('dossier_db_pool_idle_connections', 'Database connections open and idle', 'idle');
    gauge('dossier_db_pool_waiting', 'Queries and transactions waiting for a database connection', 'waiting');
    gauge('dossier_db_pool_max_connections', 'The most database connections this instance opens (DATABASE_POOL_SIZE; 1 embedded)', 'max');
    if (origin.kind !== 'pglite') return () => undefined;
    const { pglite } = origin;
    new Gauge({
      name: 'dossier_db_embedded_memory_bytes',
      help: "The embedded database's WebAssembly memory: it grows as the database needs and is never given back",
      registers,
      collect() {
        this.set(pglite.closed ? 0 : pglite.Module.HEAPU8.byteLength);
      },
    });
    const waits = new Histogram({
      name: 'dossier_db_wait_seconds',
      help: "Time a query or transaction waited for the embedded database's one connection (its queue)",
      buckets: WAIT_BUCKETS_S,
      registers,
    });
    return origin.use.onWait((ms) => waits.observe(ms / 1000));
  }

  /** Takes an answered request's duration: every route's, and the report of investigation's and report runs' apart. */
  observe(request: FastifyRequest, reply: FastifyReply): void {
    if (isStream(request)) return;
    const seconds = reply.elapsedTime / 1000;
    const status = String(reply.statusCode);
    this.requests.observe({ method: request.method, route: request.routeOptions.url ?? NO_ROUTE, status }, seconds);
    if (!isFile(reply)) return;
    if (isRoute(request, caseOperations.report)) this.roi.observe({ status }, seconds);
    else if (isRoute(request, reportOperations.run) || isRoute(request, reportOperations.instance)) this.reports.observe({ format: formatOf(reply), status }, seconds);
  }

  stop(): void {
    this.stopObserving();
  }
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the request carries `Authorization: Bearer <token>` (compared in constant time). */
export function hasMetricsToken(request: FastifyRequest, token: string): boolean {
  const given = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}
