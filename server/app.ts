import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import underPressure, { type FastifyUnderPressureOptions } from '@fastify/under-pressure';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import './types.js';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { createServices, type Services } from './services.js';
import type { SsnVault } from './security/ssnVault.js';
import { requestIdGenerator, trackRequests } from './audit/requestContext.js';
import { databaseRateLimitStore } from './http/rateLimitStore.js';
import { serverBusy, tooManyRequests } from './http/errors.js';
import { accessHook } from './http/access.js';
import { refuseUnbatchable } from './reads/readBatch.js';
import { errorHandler } from './http/errorHandler.js';
import { hasStyleNoncePlaceholder, isApiPath, routerRefusalHeaders, securityHeaders, withStyleNonce } from './http/securityHeaders.js';
import { registerSchema, validatorCompiler } from './http/validation.js';
import { registerRoutes, type ApiArea, type RegisteredRoute, type RouteConfig } from './http/route.js';
import { ALL_SCHEMAS } from '../schemas/index.js';
import { apiAreas } from './areas.js';
import { resourceRoutes } from './resources/resourceRoutes.js';
import { liveNotices } from './live/routes.js';
import { xsltPoolLifecycle } from './roi/xsltPoolLifecycle.js';
import type { ResourceDeclaration } from '../resources/declaration.js';
import { logRequests, RequestLogController } from './ops/requestLog.js';
import { registerCompression } from './ops/compression.js';
import { operations } from './ops/routes.js';

export interface BuildOptions {
  db: Database;
  config: Config;
  logger?: FastifyServerOptions['logger'];
  services?: Partial<Pick<Services, 'now' | 'storage'>>;
  /** Seals and opens SSNs: the keyring this start loaded (server/security/keyring.ts). */
  vault: SsnVault;
  /** Folder of the built client; served with a fallback to index.html for client routes. */
  clientDir?: string;
  /**
   * Declared resources beyond the product's own (resources/index.ts), e.g. a plugin's or a test's: their JSON
   * Schemas are registered and their routes built from their declarations, like every declared resource.
   */
  resources?: readonly ResourceDeclaration[];
}

export const UPLOAD_LIMITS = {
  fileSize: 50 * 1024 * 1024,
  files: 50,
  fields: 200,
} as const;

/** How soon a request turned away by an overloaded server may try again, in seconds (its Retry-After). */
const LOAD_SHED_RETRY_AFTER_S = 5;
/** After the app is ready, lag is not taken for load for this long (two of under-pressure's one-second samples). */
const LOAD_SHED_WARM_UP_MS = 2000;

/**
 * Builds the Dossier API (and, when a built client exists, serves it). The app is a plugin tree: external
 * plugins, then our services and access hook, then every API area's declared routes.
 */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const refusalHeaders = routerRefusalHeaders(options.config.publicUrl);
  const app = Fastify({
    logger: options.logger ?? false,
    // One line per answered request, with its route and no query (server/ops/requestLog.ts), instead of Fastify's two.
    logController: new RequestLogController(),
    trustProxy: options.config.trustProxy,
    genReqId: requestIdGenerator(options.config.trustProxy),
    bodyLimit: 10 * 1024 * 1024,
    ajv: { customOptions: { strict: false } },
    // The spec writes some paths with a trailing slash (POST /api/cases/) and most without: every route answers both.
    routerOptions: { ignoreTrailingSlash: true },
    // An address the router refuses (a param that does not decode, or too long) is answered like any refusal, with
    // the headers every answer carries (no hook runs for it).
    frameworkErrors: (error, request, reply) => {
      refusalHeaders(request, reply);
      return errorHandler(error, request, reply);
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  for (const schema of ALL_SCHEMAS) app.addSchema(schema);
  for (const schema of new Set((options.resources ?? []).map((declaration) => declaration.schema))) {
    registerSchema(schema);
    app.addSchema(schema);
  }

  app.decorate('db', options.db);
  app.decorate('config', options.config);
  app.decorate('services', createServices(options.db, options.config, app.log, options.vault, options.services));
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
    // Every refused request says when to come back: Retry-After in seconds (on by default; kept explicit).
    addHeaders: { 'retry-after': true },
    errorResponseBuilder: (request, context) => tooManyRequests(request.url, context.statusCode, context.ttl),
  });

  // An overloaded server turns requests away at once (503, Retry-After) rather than queueing them without bound.
  let shedding = () => false;
  if (options.config.maxEventLoopDelayMs > 0) {
    // What the start itself does (migrations, the demo firm's files) lags the loop too: that is not load, so the
    // first seconds after the app is ready turn nothing away.
    let readyAt = Number.POSITIVE_INFINITY;
    app.addHook('onReady', async () => void (readyAt = Date.now()));
    const warm = () => Date.now() - readyAt >= LOAD_SHED_WARM_UP_MS;
    shedding = () => app.isUnderPressure() && warm();
    await app.register(underPressure, {
      maxEventLoopDelay: options.config.maxEventLoopDelayMs,
      retryAfter: LOAD_SHED_RETRY_AFTER_S,
      // under-pressure sends what the handler returns (its README: "any other return value than a promise or nullish
      // will be sent"), which its types do not say.
      pressureHandler: ((request: FastifyRequest, reply: FastifyReply) => {
        if (!warm()) return undefined;
        const { status, body } = serverBusy(request.url);
        request.log.warn('Turned a request away: the server is overloaded');
        reply.code(status).header('retry-after', LOAD_SHED_RETRY_AFTER_S);
        return body;
      }) as unknown as FastifyUnderPressureOptions['pressureHandler'],
    });
  }

  // Before the access hook: what runs for a request (the audit module) knows it, and its id is in the answer.
  trackRequests(app);
  logRequests(app);
  // Before the access hook, so that its 401 and 403 answers carry the headers too.
  await app.register(securityHeaders, { publicUrl: options.config.publicUrl });
  app.addHook('onRequest', accessHook);
  app.addHook('onRequest', refuseUnbatchable);
  app.setErrorHandler(errorHandler);
  await app.register(liveNotices);
  await app.register(xsltPoolLifecycle);
  // Before every route: compression is set on each route as it is added.
  await registerCompression(app);
  // /healthz, /readyz and /metrics (server/ops/routes.ts): outside the API, never turned away by the load shedding.
  await app.register(operations, { shedding });

  for (const area of [...apiAreas, ...(options.resources ?? []).map((declaration) => resourceRoutes(declaration))] as readonly ApiArea[]) registerRoutes(app, area.routes);

  await serveClient(app, options.clientDir);
  return app;
}


/** Cache-Control of the client's files: hashed assets never change; index.html is checked on every visit. */
export const CLIENT_CACHE = {
  asset: 'public, max-age=31536000, immutable',
  index: 'no-cache',
  other: 'public, max-age=3600',
} as const;

/**
 * Serves the built client. Vite names the files under /assets/ by content hash, so they are cached for a year as
 * immutable, and sent as the build's precompressed copies (`.br`, then `.gz`, as Accept-Encoding allows).
 * index.html is never cached, so a new release is seen at once. Any other non-API GET (or HEAD) that is not a file
 * answers index.html so deep links work; a missing asset is a 404, never index.html.
 *
 * The build leaves a placeholder in index.html where the CSP nonce of its styles goes (shared/csp.ts): each answer
 * of index.html then carries a nonce of its own, the one of its CSP header, and is compressed as it is sent. An
 * index.html without the placeholder is sent as it is, or as the build compressed it.
 */
async function serveClient(app: FastifyInstance, clientDir?: string): Promise<void> {
  const indexFile = clientDir ? path.join(clientDir, 'index.html') : null;
  const indexHtml = indexFile && existsSync(indexFile) ? await readFile(indexFile) : null;
  const noncePerAnswer = indexHtml !== null && hasStyleNoncePlaceholder(indexHtml);
  // index.html as the build compressed it, best first; deep links are answered from these.
  const compressedIndex: { encoding: string; body: Buffer }[] = [];
  for (const [encoding, extension] of [['br', '.br'], ['gzip', '.gz']] as const) {
    if (indexHtml && !noncePerAnswer && existsSync(indexFile + extension)) compressedIndex.push({ encoding, body: await readFile(indexFile + extension) });
  }
  const encodings = noncePerAnswer ? ['br', 'gzip'] : compressedIndex.map((variant) => variant.encoding);
  if (clientDir && indexHtml) {
    const assetsDir = path.join(path.resolve(clientDir), 'assets') + path.sep;
    await app.register(async (scope) => {
      scope.addHook('onRoute', (routeOptions) => {
        routeOptions.config = { ...(routeOptions.config as object), access: 'public' };
      });
      await scope.register(fastifyStatic, {
        root: clientDir,
        wildcard: false,
        index: false,
        preCompressed: true,
        // The compressed copies are sent in place of their file, not as files of their own; index.html is answered
        // below, with its nonce.
        globIgnore: ['**/*.br', '**/*.gz', 'index.html'],
        cacheControl: false,
        setHeaders(reply, filePath) {
          reply.header('cache-control', path.resolve(filePath).startsWith(assetsDir) ? CLIENT_CACHE.asset : CLIENT_CACHE.other);
        },
      });
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = isApiPath(request.url);
    const isAsset = request.url.startsWith('/assets/');
    if (!indexHtml || isApi || isAsset || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({ Message: 'Not found.' });
    }
    reply.header('cache-control', CLIENT_CACHE.index).type('text/html; charset=utf-8');
    const html = noncePerAnswer ? Buffer.from(withStyleNonce(indexHtml.toString('utf8'), reply)) : indexHtml;
    if (encodings.length === 0) return reply.send(html);
    reply.header('vary', 'accept-encoding');
    const accepted = acceptedEncodings(request.headers['accept-encoding']);
    const encoding = encodings.find((name) => accepted.has(name));
    if (!encoding) return reply.send(html);
    const body = noncePerAnswer ? compress(html, encoding) : compressedIndex.find((variant) => variant.encoding === encoding)!.body;
    return reply.header('content-encoding', encoding).send(body);
  });
}

/** index.html compressed as it is sent (a few kilobytes: a moderate brotli quality is as small and much quicker). */
function compress(html: Buffer, encoding: string): Buffer {
  if (encoding === 'gzip') return gzipSync(html);
  return brotliCompressSync(html, {
    params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_SIZE_HINT]: html.length },
  });
}

/** The content codings an Accept-Encoding header accepts (`;q=0` refuses one). */
function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((token) => token.trim());
    const refused = params.some((param) => /^q=0(\.0*)?$/.test(param));
    if (name && !refused) accepted.add(name);
  }
  return accepted;
}
