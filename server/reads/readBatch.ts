import type { FastifyRequest } from 'fastify';
import { authOf, batchReadContext } from '../http/access.js';
import { badRequest } from '../http/errors.js';
import { operationRoutes } from '../http/operationRoutes.js';
import { JSON_TYPE, producesOnlyJson, type ApiArea } from '../http/route.js';
import { readOperations } from '../../resources/reads.js';
import { Texts } from '../../shared/texts/index.js';

/** One read of a batch as answered: its address, status and JSON body text (`null` for an empty answer). */
interface ReadAnswer {
  path: string;
  status: number;
  body: string;
}

/**
 * Refuses, inside a read batch, a route that answers something other than JSON (a file, the live stream). Runs after
 * the access hook, so a read the caller may not make answers as it would alone. (A batch cannot hold a batch: its
 * reads are GETs, and the batch is a POST.)
 */
export async function refuseUnbatchable(request: FastifyRequest): Promise<void> {
  if (!batchReadContext.getStore() || request.routeOptions.url === undefined) return;
  if (!producesOnlyJson(request.routeOptions.schema)) throw badRequest(Texts.global.readNotBatchable);
}

/**
 * Reads one address as its own GET, with the batch caller's session (resolved once, for the batch) and client
 * address: every hook runs for it (access, org scope, audit, load shedding, the request log and metrics).
 */
async function readOne(request: FastifyRequest, path: string): Promise<ReadAnswer> {
  const auth = authOf(request);
  const answer = await batchReadContext.run({ auth }, () =>
    request.server.inject({ method: 'GET', url: path, headers: { accept: 'application/json', ...(request.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}) }, remoteAddress: request.ip }),
  );
  const text = answer.body;
  if (!text) return { path, status: answer.statusCode, body: 'null' };
  // Every answer of a route the batch reaches is JSON (refuseUnbatchable); anything else is not passed on as if it were.
  if (!JSON_TYPE.test(String(answer.headers['content-type'] ?? ''))) return { path, status: 500, body: JSON.stringify({ Message: Texts.global.readNotBatchable }) };
  return { path, status: answer.statusCode, body: text };
}

/**
 * POST /api/reads (the reads contract's `batch`): the reads in the order asked, run side by side (the embedded
 * database answers them one after another; PostgreSQL in parallel over the pool). The answer is written from each
 * read's JSON as its route serialized it, not parsed and written again.
 */
export const readBatchArea: ApiArea = {
  name: 'read-batch',
  routes: operationRoutes(readOperations, {
    async batch(request, reply) {
      const answers = await Promise.all(request.body.Paths.map((path) => readOne(request, path)));
      const items = answers.map((read) => `{"Path":${JSON.stringify(read.path)},"Status":${read.status},"Body":${read.body}}`);
      reply.type('application/json; charset=utf-8');
      // A JSON text already written, typed as the answer it is: Fastify sends a string answer of a JSON type as it is.
      return `{"Answers":[${items.join(',')}]}` as never;
    },
  }),
};
