import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';

/**
 * What the log never holds, wherever a request's or an answer's headers are logged (an error logged with its request,
 * say): the bearer token, cookies, and a password, token or SSN that a logged object carries. Request bodies are never
 * logged.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.Password',
  '*.access_token',
  '*.SSN',
];

/** The server's logger (pino, JSON lines): the level from LOG_LEVEL, secrets redacted. */
export function serverLogger(level: string, stream?: NodeJS.WritableStream): NonNullable<FastifyServerOptions['logger']> {
  return { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' }, ...(stream ? { stream } : {}) };
}

/** A request's path, without its query: a reset link's code or an OAuth callback's code never reaches the log. */
const pathOf = (url: string) => url.split('?')[0];

/**
 * Fastify's own lines of each request off — `logRequests` writes one in their place, with the route and without the
 * query — and its lines of errors kept (an answer that failed, a stream cut after its headers).
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) super.requestCompleted(error, request, reply);
  }
}

/**
 * One log line per request answered, with the request id the logger gives each request's lines (`reqId`, also the
 * answer's X-Request-Id): `{ reqId, method, route, path, status, durationMs, userId? }`, `msg: "request completed"`.
 * The arrival is logged at debug (`incoming request`). Fastify's own request lines are off (server/app.ts): they
 * carry the whole address, query included (RequestLogController).
 */
export function logRequests(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    request.log.debug({ method: request.method, url: pathOf(request.url) }, 'incoming request');
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        route: request.routeOptions.url ?? null,
        path: pathOf(request.url),
        status: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime * 10) / 10,
        ...(request.auth ? { userId: request.auth.userId } : {}),
      },
      'request completed',
    );
    done();
  });
}
