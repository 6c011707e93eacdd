import type { FastifyReply, FastifyRequest } from 'fastify';
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
 * Runs before body parsing on every request: resolves the session and enforces the route's declared access.
 * A route with no declaration is refused outright (and fails the route-enumeration test).
 */
export async function accessHook(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  request.auth = null;
  const config = request.routeOptions.config as Partial<RouteConfig> | undefined;
  const access = config?.access;
  if (!access) {
    // Fastify's own 404 route carries no config; everything else must declare access.
    if (request.routeOptions.url === undefined) return;
    throw new HttpError(403, 'This route declares no access rule.', { Message: Texts.global.forbidden });
  }
  if (access === 'public') {
    // A public route still learns who is calling when a valid token is sent (e.g. /api/user/resendmail).
    const token = bearerToken(request);
    if (token) {
      const found = await request.server.services.sessions.resolve(token);
      if (found.ok) request.auth = found.auth;
    }
    return;
  }
  const token = bearerToken(request);
  if (!token) return void reply.code(401).send({ Message: Texts.global.sessionExpired });
  const found = await request.server.services.sessions.resolve(token);
  if (!found.ok) {
    const message = found.status === 419 ? Texts.global.signedInElsewhere : Texts.global.sessionExpired;
    return void reply.code(found.status).send({ Message: message });
  }
  request.auth = found.auth;
  if (access === 'signedIn') return;
  if ('anyOf' in access && found.auth.can(...access.anyOf)) return;
  if ('groups' in access && access.groups.some((g) => found.auth.groups.includes(g))) return;
  return void reply.code(403).send({ Message: 'You do not have permission to do this.' });
}

/** The signed-in user of a non-public route. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new HttpError(401, Texts.global.sessionExpired, { Message: Texts.global.sessionExpired });
  return request.auth;
}
