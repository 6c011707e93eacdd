import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** What an audit entry records of the request it was written in: who, from where, with what, and its log id. */
export interface RequestOrigin {
  userId: number | null;
  userName: string | null;
  clientAddress: string | null;
  userAgent: string | null;
  requestId: string | null;
}

const current = new AsyncLocalStorage<FastifyRequest>();

/** The origin of the request this code runs for; every field null outside a request (a start-up task). */
export function requestOrigin(): RequestOrigin {
  const request = current.getStore();
  if (!request) return { userId: null, userName: null, clientAddress: null, userAgent: null, requestId: null };
  const agent = request.headers['user-agent'];
  return {
    userId: request.auth?.userId ?? null,
    userName: request.auth?.userName ?? null,
    // request.ip honours TRUST_PROXY: the load balancer's X-Forwarded-For only when the proxy is trusted.
    clientAddress: request.ip ?? null,
    userAgent: typeof agent === 'string' ? agent.slice(0, USER_AGENT_MAX) : null,
    requestId: String(request.id),
  };
}

const USER_AGENT_MAX = 512;
const REQUEST_ID_HEADER = 'x-request-id';

/**
 * Each request's id: the load balancer's X-Request-Id when the proxy is trusted (one id across its log and ours),
 * else a new UUID — unique across instances, unlike Fastify's per-process counter. The server log names it `reqId`,
 * the answer carries it as X-Request-Id, and every audit entry written for the request stores it.
 */
export function requestIdGenerator(trustProxy: boolean) {
  return (raw: { headers: Record<string, string | string[] | undefined> }): string => {
    const given = raw.headers[REQUEST_ID_HEADER];
    if (trustProxy && typeof given === 'string' && /^[A-Za-z0-9._:-]{1,128}$/.test(given)) return given;
    return randomUUID();
  };
}

/** Makes the request known to code it calls (the audit module) and says its id in the answer. */
export function trackRequests(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, String(request.id));
    current.run(request, done);
  });
}
