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
};

/**
 * One place turns every failure into the documented answer: ModelState for invalid input, `{ Message }` for
 * other client errors, and a logged 500 with a neutral message for our own bugs.
 */
export function errorHandler(error: FastifyError | HttpError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) {
    return reply.code(error.statusCode).send(error.body ?? { Message: error.message });
  }
  const fastifyError = error as FastifyError & { validation?: ErrorObject[]; code?: string };
  if (fastifyError.validation) {
    return reply.code(400).send({ Message: Texts.validation.invalidRequest, ModelState: toModelState(fastifyError.validation) });
  }
  const dbCode = (error as { code?: string }).code;
  if (dbCode && CLIENT_DB_ERRORS[dbCode]) {
    request.log.warn({ err: error }, 'database refused client input');
    return reply.code(400).send({ Message: CLIENT_DB_ERRORS[dbCode] });
  }
  const status = fastifyError.statusCode;
  if (status && status >= 400 && status < 500) {
    return reply.code(status).send({ Message: error.message });
  }
  request.log.error({ err: error }, 'request failed');
  return reply.code(500).send({ Message: Texts.global.unexpected });
}
