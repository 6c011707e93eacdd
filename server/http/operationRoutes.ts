import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  pathParamNames,
  type AnswerOf,
  type AnswerShape,
  type BodyOf,
  type NamedOperation,
  type NamedOperations,
  type ParamsOf,
  type QueryOf,
} from '../../resources/operation.js';
import { answerSchemaOf } from './answerSchemas.js';
import { noBody, route, type RouteSpec } from './route.js';

/** The request a handler of operation `O` gets: its path placeholders and body typed from the contract. */
export type OperationRequest<O extends NamedOperation> = FastifyRequest<{ Params: ParamsOf<O>; Body: BodyOf<O>; Querystring: QueryOf<O> }>;

/**
 * An answer as a handler may give it: a moment as a Date where the schema says a text (the serializer writes ISO),
 * and null for a text a row stored before its field became required holds (answerSchemas.ts `answerSchemaOf`).
 */
export type Answered<T> = T extends string ? T | Date | null : T extends readonly (infer E)[] ? Answered<E>[] : T extends object ? { [K in keyof T]: Answered<T[K]> } : T;

/**
 * A handler of an operation: it answers the operation's answer type, or (a file answer) sends the file on the reply
 * and answers what `sendDownload` returns.
 */
export type OperationHandler<O extends NamedOperation> = (request: OperationRequest<O>, reply: FastifyReply) => Promise<Answered<AnswerOf<O, unknown>>>;

/** Handlers of operations of a contract, by name: an unknown name does not compile. */
export type OperationHandlers<T extends NamedOperations, K extends keyof T = keyof T> = { [P in K]: OperationHandler<T[P]> };

/** The JSON Schema of a path's placeholders: each a positive integer unless the operation says it is a text or one of a list. */
function paramsSchema(operation: NamedOperation) {
  const names = pathParamNames(operation.path);
  if (!names.length) return undefined;
  const properties = Object.fromEntries(
    names.map((name) => {
      const kind = operation.params?.[name];
      if (kind === 'string') return [name, { type: 'string', minLength: 1 }];
      return [name, kind ? { type: 'string', minLength: 1, ...kind } : { type: 'integer', minimum: 1 }];
    }),
  );
  return { type: 'object', properties, required: names };
}

/** The answer's schema, shaped as a declared resource's record answers are (answerSchemas.ts). */
function answerSchema(answer: AnswerShape) {
  if (answer === 'file') return { description: 'The file', type: 'string' };
  if (typeof answer === 'string') return answerSchemaOf(answer);
  if ('fileOr' in answer) return answerSchemaOf(answer.fileOr);
  return { type: 'array', items: answerSchemaOf(answer.list) };
}

/** The route of one operation: its method, path, access and schemas from the contract, its handler from the area. */
function operationRoute(operation: NamedOperation, handler: OperationHandler<NamedOperation>): RouteSpec<never> {
  const takesBody = operation.method !== 'GET';
  return route({
    method: operation.method,
    url: operation.path,
    access: operation.access,
    summary: operation.summary,
    schema: {
      ...(paramsSchema(operation) ? { params: paramsSchema(operation) } : {}),
      ...(operation.query ? { querystring: { $ref: operation.query } } : {}),
      ...(takesBody && operation.consumes !== 'multipart/form-data' ? { body: operation.body ? { $ref: operation.body } : noBody } : {}),
      ...(operation.consumes ? { consumes: [operation.consumes] } : {}),
      ...(operation.produces ? { produces: operation.produces } : {}),
      response: { 200: answerSchema(operation.answer) },
    },
    bodyLimit: operation.bodyLimit,
    rateLimitPerMinute: operation.rateLimitPerMinute,
    handler: handler as unknown as RouteSpec['handler'],
  }) as unknown as RouteSpec<never>;
}

/**
 * The routes of a contract's named operations, each bound to its handler in the area's server folder (a contract's
 * handlers may live in several files, each registering its own). Paths, permissions and schemas come from the
 * contract alone; the handler adds what the call does. tests/api/contracts.test.ts proves every operation of every
 * contract is registered.
 */
export function operationRoutes<T extends NamedOperations, K extends keyof T & string>(operations: T, handlers: OperationHandlers<T, K>): RouteSpec<never>[] {
  return (Object.keys(handlers) as K[]).map((name) => operationRoute(operations[name], handlers[name] as unknown as OperationHandler<NamedOperation>));
}
