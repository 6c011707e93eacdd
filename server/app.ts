import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import './types.js';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { createServices, type Services } from './services.js';
import { databaseRateLimitStore } from './http/rateLimitStore.js';
import { accessHook } from './http/access.js';
import { errorHandler } from './http/errorHandler.js';
import { validatorCompiler } from './http/validation.js';
import { registerRoutes, type ApiArea, type RegisteredRoute, type RouteConfig } from './http/route.js';
import { ALL_SCHEMAS } from '../schemas/index.js';
import { apiAreas } from './areas.js';

export interface BuildOptions {
  db: Database;
  config: Config;
  logger?: FastifyServerOptions['logger'];
  services?: Partial<Pick<Services, 'now' | 'storage'>>;
  /** Folder of the built client; served with a fallback to index.html for client routes. */
  clientDir?: string;
}

export const UPLOAD_LIMITS = {
  fileSize: 50 * 1024 * 1024,
  files: 50,
  fields: 200,
} as const;

/**
 * Builds the Dossier API (and, when a built client exists, serves it). The app is a plugin tree: external
 * plugins, then our services and access hook, then every API area's declared routes.
 */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: options.config.trustProxy,
    bodyLimit: 10 * 1024 * 1024,
    ajv: { customOptions: { strict: false } },
  });
  app.setValidatorCompiler(validatorCompiler);
  for (const schema of ALL_SCHEMAS) app.addSchema(schema);

  app.decorate('db', options.db);
  app.decorate('config', options.config);
  app.decorate('services', createServices(options.db, options.config, app.log, options.services));
  app.decorateRequest('auth', null);

  // Every route, as registered: the enumeration test and the API docs read this catalogue.
  const catalogue: RegisteredRoute[] = [];
  app.decorate('routeCatalogue', catalogue);
  app.addHook('onRoute', (routeOptions) => {
    const config = routeOptions.config as Partial<RouteConfig> | undefined;
    for (const method of ([] as string[]).concat(routeOptions.method)) {
      catalogue.push({ method, url: routeOptions.url, access: config?.access, schema: routeOptions.schema });
    }
  });

  // Anonymous endpoints carry a per-minute limit from their declaration. This hook must be added before the
  // rate-limit plugin's own onRoute hook, which reads config.rateLimit when a route is added.
  app.addHook('onRoute', (routeOptions) => {
    const config = routeOptions.config as Partial<RouteConfig> | undefined;
    if (config?.rateLimitPerMinute) {
      routeOptions.config = { ...routeOptions.config, rateLimit: { max: config.rateLimitPerMinute, timeWindow: 60_000 } };
    }
  });

  await app.register(formbody);
  await app.register(multipart, { limits: UPLOAD_LIMITS });
  await app.register(rateLimit, {
    global: false,
    store: databaseRateLimitStore(options.db),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      Message: `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  });

  app.addHook('onRequest', accessHook);
  app.setErrorHandler(errorHandler);

  for (const area of apiAreas as readonly ApiArea[]) registerRoutes(app, area.routes);

  await serveClient(app, options.clientDir);
  return app;
}

/** Serves the built client; any non-API GET that is not a file answers index.html so deep links work. */
async function serveClient(app: FastifyInstance, clientDir?: string): Promise<void> {
  const indexFile = clientDir ? path.join(clientDir, 'index.html') : null;
  const indexHtml = indexFile && existsSync(indexFile) ? await readFile(indexFile) : null;
  if (clientDir && indexHtml) {
    await app.register(async (scope) => {
      scope.addHook('onRoute', (routeOptions) => {
        routeOptions.config = { ...(routeOptions.config as object), access: 'public' };
      });
      await scope.register(fastifyStatic, { root: clientDir, wildcard: false, index: false, maxAge: '1h' });
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url.startsWith('/oauth/');
    if (!indexHtml || isApi || request.method !== 'GET') {
      return reply.code(404).send({ Message: 'Not found.' });
    }
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
  });
}
