import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyRequest } from 'fastify';
import { Texts } from '../../shared/texts/index.js';
import type { AuthContext } from '../auth/sessions.js';
import { HttpError } from './errors.js';
import type { RouteConfig } from './route.js';

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

/**
 * The reads of a read batch (POST /api/reads, server/reads/readBatch.ts) run inside it: each is a request of its own
 * through every hook, with the batch caller's session, resolved once for the batch. Only code the batch's handler
 * calls runs in this context; no request from the network can.
 */
export const batchReadContext = new AsyncLocalStorage<{ auth: AuthContext }>();

/** A refusal of the access hook: thrown, so that no later hook or handler of the request runs whatever hooks exist. */
const refused = (status: number, message: string) => new HttpError(status, message, { Message: message });

/**
 * Runs before body parsing on every request: resolves the session and enforces the route's declared access.
 * A route with no declaration is refused outright (and fails the route-enumeration test). Every refusal is thrown,
 * not sent: an async hook that sends without returning the reply lets the request go on to its handler when another
 * async hook is added (a forbidden delete was seen to run that way).
 */
export async function accessHook(request: FastifyRequest): Promise<void> {
  request.auth = null;
  const config = request.routeOptions.config as Partial<RouteConfig> | undefined;
  const access = config?.access;
  if (!access) {
    // Fastify's own 404 route carries no config; everything else must declare access.
    if (request.routeOptions.url === undefined) return;
    throw new HttpError(403, 'This route declares no access rule.', { Message: Texts.global.forbidden });
  }
  if (access === 'public') {
    if (config.sessionless) return;
    // A public route still learns who is calling when a valid token is sent (e.g. /api/user/resendmail).
    const batch = batchReadContext.getStore();
    const token = batch ? null : bearerToken(request);
    if (batch) request.auth = batch.auth;
    else if (token) {
      const found = await request.server.services.sessions.resolve(token);
      if (found.ok) request.auth = found.auth;
    }
    return;
  }
  const auth = batchReadContext.getStore()?.auth ?? (await sessionAuth(request));
  request.auth = auth;
  if (access === 'signedIn') return;
  if ('anyOf' in access && auth.can(...access.anyOf)) return;
  if ('groups' in access && access.groups.some((g) => auth.groups.includes(g))) return;
  throw refused(403, Texts.global.noRoutePermission);
}

/** The session of the request's bearer token, or the refusal (401, or 419 for a session replaced by a newer sign-in). */
async function sessionAuth(request: FastifyRequest): Promise<AuthContext> {
  const token = bearerToken(request);
  if (!token) throw refused(401, Texts.global.sessionExpired);
  const found = await request.server.services.sessions.resolve(token);
  if (!found.ok) throw refused(found.status, found.status === 419 ? Texts.global.signedInElsewhere : Texts.global.sessionExpired);
  return found.auth;
}

/** The signed-in user of a non-public route. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new HttpError(401, Texts.global.sessionExpired, { Message: Texts.global.sessionExpired });
  return request.auth;
}
