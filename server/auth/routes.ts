import type { FastifyReply, FastifyRequest } from 'fastify';
import { Texts } from '../../shared/texts/index.js';
import { authOf } from '../http/access.js';
import { audit } from '../audit/auditLog.js';
import { noBody, route, type ApiArea } from '../http/route.js';
import { tooManyRequests } from '../http/errors.js';
import { SignInLimits } from '../../shared/constants.js';
import { signInThrottle } from './signInThrottle.js';
import { completeSecondStep } from '../secondFactor/signInStep.js';

const tokenResponse = {
  type: 'object',
  properties: {
    access_token: { type: 'string' },
    token_type: { type: 'string' },
    expires_in: { type: 'integer' },
  },
} as const;

const oauthError = {
  type: 'object',
  properties: {
    error: { type: 'string' },
    error_description: { type: 'string' },
    /** With `mfa_required` / `mfa_enrollment_required`: the challenge the second step names (a few minutes). */
    mfa_token: { type: 'string' },
  },
} as const;

/** The second step's grants (server/secondFactor/signInStep.ts): a code, or an enrolment just confirmed. */
const SECOND_GRANTS = ['mfa_otp', 'mfa_enrollment'] as const;
type SecondGrantType = (typeof SECOND_GRANTS)[number];
const isSecondGrant = (grantType: string | undefined): grantType is SecondGrantType => SECOND_GRANTS.includes(grantType as SecondGrantType);

type TokenRequest = FastifyRequest<{ Body: { mfa_token?: string; otp?: string; recovery_code?: string } }>;

/**
 * The second grant of a sign-in (issue 26 §2): the mfa_token with a code or recovery code (`mfa_otp`), or with an
 * enrolment just confirmed (`mfa_enrollment`). Held back and counted by the same throttle as passwords, per the
 * challenge's username and the address; answers the password grant's token, or an OAuth error.
 */
async function secondGrant(request: TokenRequest, reply: FastifyReply, grantType: SecondGrantType) {
  const { db, services } = request.server;
  const { mfa_token: mfaToken, otp, recovery_code: recoveryCode } = request.body ?? {};
  if (!mfaToken) return reply.code(400).send({ error: 'invalid_request', error_description: Texts.secondFactor.signIn.expired });
  const outcome = await completeSecondStep(request.server, { grantType, mfaToken, otp, recoveryCode }, (userName) =>
    signInThrottle.waitMs(db, request.ip, userName, services.now()),
  );
  if (outcome.waitMs) {
    reply.header('retry-after', Math.max(1, Math.ceil(outcome.waitMs / 1000)));
    throw tooManyRequests(request.url, 429, outcome.waitMs);
  }
  const { result } = outcome;
  if (!result.ok) {
    if (outcome.counted) await signInThrottle.countFailure(db, request.ip, outcome.userName, services.now());
    return reply.code(400).send({ error: result.error, error_description: result.description });
  }
  request.log.info({ userId: result.userId }, 'signed in');
  return { access_token: result.token, token_type: 'bearer', expires_in: result.expiresIn };
}

/** Sign-in (OAuth password grant), sign-out and the caller's permissions. */
export const authArea: ApiArea = {
  name: 'auth',
  routes: [
    route<{ Body: { username?: string; password?: string; grant_type?: string; mfa_token?: string; otp?: string; recovery_code?: string } }>({
      method: 'POST',
      url: '/oauth/token',
      access: 'public',
      summary:
        'Sign in with a username and password; answers a bearer token, or 400 mfa_required / mfa_enrollment_required with an mfa_token ' +
        'that grant_type=mfa_otp (otp or recovery_code) or, after enrolment, grant_type=mfa_enrollment completes',
      // A ceiling against floods only: failures are held back per username and address (signInThrottle).
      rateLimitPerMinute: SignInLimits.ATTEMPTS_PER_ADDRESS_PER_MINUTE,
      schema: {
        // Sent as a form (application/x-www-form-urlencoded), as OAuth's password grant is.
        consumes: ['application/x-www-form-urlencoded'],
        body: {
          type: 'object',
          properties: {
            username: { type: 'string' },
            password: { type: 'string' },
            grant_type: { type: 'string' },
            mfa_token: { type: 'string', maxLength: 200 },
            otp: { type: 'string', maxLength: 20 },
            recovery_code: { type: 'string', maxLength: 40 },
          },
        },
        response: { 200: tokenResponse, 400: oauthError, 429: oauthError },
      },
      async handler(request, reply) {
        const { username, password, grant_type: grantType } = request.body ?? {};
        if (isSecondGrant(grantType)) return secondGrant(request, reply, grantType);
        if (grantType !== 'password') {
          return reply.code(400).send({ error: 'unsupported_grant_type', error_description: Texts.signIn.unsupportedGrant });
        }
        if (!username?.trim() || !password) {
          return reply.code(400).send({ error: 'invalid_request', error_description: Texts.signIn.missingFields });
        }
        const { db, services } = request.server;
        const wait = await signInThrottle.waitMs(db, request.ip, username, services.now());
        if (wait > 0) {
          reply.header('retry-after', Math.max(1, Math.ceil(wait / 1000)));
          throw tooManyRequests(request.url, 429, wait);
        }
        const result = await services.signIn.signIn(username, password);
        if (!result.ok && 'mfaToken' in result) {
          // A right password whose second step is due: nothing to count; the client asks for the code.
          return reply.code(400).send({ error: result.error, error_description: result.description, mfa_token: result.mfaToken });
        }
        if (!result.ok) {
          await signInThrottle.countFailure(db, request.ip, username, services.now());
          return reply.code(400).send({ error: result.error, error_description: result.description });
        }
        request.log.info({ userId: result.userId }, 'signed in');
        return { access_token: result.token, token_type: 'bearer', expires_in: result.expiresIn };
      },
    }),
    route({
      method: 'POST',
      url: '/api/user/logout',
      access: 'signedIn',
      summary: 'Sign out: ends the current session',
      schema: { body: noBody, response: { 204: { type: 'null' } } },
      async handler(request, reply) {
        const auth = authOf(request);
        await request.server.services.sessions.end(auth.sessionId, 'logout');
        await audit(request.server.db, { entity: 'users', entityId: auth.userId, action: 'sign-out' });
        return reply.code(204).send();
      },
    }),
    route({
      method: 'GET',
      url: '/api/user/permissions',
      access: 'signedIn',
      summary: "The caller's roles (permission names), groups and group tags",
      schema: {
        response: {
          200: {
            type: 'object',
            properties: {
              roles: { type: 'array', items: { type: 'string' } },
              groups: { type: 'array', items: { type: 'string' } },
              tags: { type: 'array', items: { type: 'string' } },
            },
          },
        },
      },
      async handler(request) {
        const auth = authOf(request);
        return { roles: [...auth.roles].sort(), groups: auth.groups, tags: [...auth.tags].sort() };
      },
    }),
  ],
};
