import type { FastifyInstance, RouteShorthandOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { RouteConfig } from '../http/route.js';
import { API_CACHE } from '../http/securityHeaders.js';
import { ReadinessState } from './health.js';
import { AppMetrics, hasMetricsToken } from './metrics.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's readiness (server/ops/health.ts): server/shutdown.ts marks it stopping. */
    readiness: ReadinessState;
  }
}

export interface OperationsOptions {
  /** Whether the server is turning requests away now (the load shedding of server/app.ts): /readyz then answers 503. */
  shedding: () => boolean;
}

/** The paths of the operators' routes: not the API's, not in its description (docs/decisions.md "Health, metrics, logs"). */
export const OPS_PATHS = { health: '/healthz', ready: '/readyz', metrics: '/metrics' } as const;

const METRICS_REFUSED = 'A valid metrics token is required.';
const NOT_FOUND = 'Not found.';

/**
 * What every operators' route is: public, with no session looked up (the metrics token is not a session's, and they
 * answer while the database is down), and never turned away by the load shedding — /readyz says `load` itself.
 */
const opsConfig: RouteConfig & { pressureHandler: () => undefined } = { access: 'public', sessionless: true, pressureHandler: () => undefined };

const checksSchema = { type: 'object', additionalProperties: { type: 'string', enum: ['ok', 'failed', 'skipped'] } } as const;
const readinessSchema = {
  type: 'object',
  required: ['status', 'failed', 'checks'],
  properties: { status: { type: 'string' }, failed: { type: 'array', items: { type: 'string' } }, checks: checksSchema },
} as const;
const messageSchema = { type: 'object', properties: { Message: { type: 'string' } } } as const;

/**
 * The operators' routes (docs/operations.md "Health, readiness, metrics and logs"): GET /healthz (the process serves),
 * GET /readyz (it can do its work: database, migrations, file store), and GET /metrics (Prometheus, with
 * DOSSIER_METRICS_TOKEN; 404 without one). With the metrics on, every answered request is measured.
 */
export const operations = fp(
  async (app: FastifyInstance, options: OperationsOptions) => {
    const readiness = new ReadinessState(app, options.shedding);
    app.decorate('readiness', readiness);
    const token = app.config.metricsToken;
    const metrics = token ? new AppMetrics(app) : null;
    if (metrics) {
      app.addHook('onResponse', (request, reply, done) => {
        metrics.observe(request, reply);
        done();
      });
      app.addHook('onClose', () => metrics.stop());
    }

    const route = (summary: string, response: Record<number, object>, extra: RouteShorthandOptions = {}) => ({
      config: opsConfig,
      schema: { summary, response },
      compress: false as const,
      ...extra,
    });

    app.get(OPS_PATHS.health, route('Alive: 200 while the process serves requests', { 200: { type: 'object', properties: { status: { type: 'string' } } } }), async (_request, reply) => {
      reply.header('cache-control', API_CACHE);
      return { status: 'alive' };
    });

    app.get(
      OPS_PATHS.ready,
      route('Ready: 200 when the database answers, its migrations are applied and the file store takes a file; else 503 naming the failed checks', {
        200: readinessSchema,
        503: readinessSchema,
      }),
      async (_request, reply) => {
        const answer = await readiness.check();
        return reply.code(answer.failed.length ? 503 : 200).header('cache-control', API_CACHE).send(answer);
      },
    );

    app.get(
      OPS_PATHS.metrics,
      // Prometheus asks for gzip: the text compresses well (a scrape is tens of kilobytes).
      route('Prometheus metrics (text exposition format), for `Authorization: Bearer <DOSSIER_METRICS_TOKEN>`; 404 when no token is configured', { 401: messageSchema, 404: messageSchema }, {
        compress: { customTypes: /^text\/plain/, encodings: ['gzip'] },
      }),
      async (request, reply) => {
        reply.header('cache-control', API_CACHE);
        if (!token || !metrics) return reply.code(404).send({ Message: NOT_FOUND });
        if (!hasMetricsToken(request, token)) return reply.code(401).header('www-authenticate', 'Bearer').send({ Message: METRICS_REFUSED });
        return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
      },
    );
  },
  { name: 'dossier-operations' },
);
