import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorObject } from 'ajv';
import { Texts } from '../../shared/texts/index.js';
import { HttpError } from './errors.js';
import { toModelState } from './validation.js';

/** PostgreSQL errors that a client's input can cause, answered as 400 instead of 500. */
const CLIENT_DB_ERRORS: Record<string, string> = {
  '23505': 'A record with the same value already exists.',
  '23503': 'The record refers to something that does not exist, or is still in use.',
  '23514': 'A value is out of the allowed range.',
  '22P02': 'A value has the wrong format.',
  '22003': 'A number is out of range.',
  '22007': 'A date has the wrong format.',
  '22008': 'A date is out of range.',
  '22001': 'A value is too long.',
  '22021': 'A value holds a character that cannot be stored (a NUL).',
};

/**
 * Addresses Fastify's router refuses before a route runs (`frameworkErrors` in app.ts), answered in the API's words
 * rather than its own body (which has no `Message`).
 */
const ADDRESS_ERRORS: Record<string, string> = {
  FST_ERR_BAD_URL: 'The address of the request is not valid.',
  FST_ERR_MAX_PARAM_LENGTH: 'A part of the address of the request is too long.',
};

/**
 * A failure's body: the API's `{ Message, … }`, or on /oauth/ an OAuth error, whose `error_description` the sign-in
 * page shows (the sign-in route's answer schema keeps only `error` and `error_description`).
 */
function failure(request: FastifyRequest, status: number, message: string, more: Record<string, unknown> = {}) {
  if (!request.url.startsWith('/oauth/')) return { Message: message, ...more };
  return { error: status >= 500 ? 'server_error' : 'invalid_request', error_description: message };
}

/**
 * One place turns every failure into the documented answer: ModelState for invalid input, `{ Message }` for
 * other client errors, and a logged 500 with a neutral message for our own bugs (OAuth errors on /oauth/).
 */
export function errorHandler(error: FastifyError | HttpError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) {
    return reply.code(error.statusCode).send(error.body ?? failure(request, error.statusCode, error.message));
  }
  const fastifyError = error as FastifyError & { validation?: ErrorObject[]; code?: string };
  if (fastifyError.code && ADDRESS_ERRORS[fastifyError.code]) {
    const status = fastifyError.statusCode ?? 400;
    return reply.code(status).send(failure(request, status, ADDRESS_ERRORS[fastifyError.code]));
  }
  if (fastifyError.validation) {
    return reply.code(400).send(failure(request, 400, Texts.validation.invalidRequest, { ModelState: toModelState(fastifyError.validation) }));
  }
  const dbCode = (error as { code?: string }).code;
  if (dbCode && CLIENT_DB_ERRORS[dbCode]) {
    request.log.warn({ err: error }, 'database refused client input');
    return reply.code(400).send(failure(request, 400, CLIENT_DB_ERRORS[dbCode]));
  }
  const status = fastifyError.statusCode;
  if (status && status >= 400 && status < 500) {
    return reply.code(status).send(failure(request, status, error.message));
  }
  request.log.error({ err: error }, 'request failed');
  return reply.code(500).send(failure(request, 500, Texts.global.unexpected));
}
