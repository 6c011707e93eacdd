import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  HTTPMethods,
  RouteGenericInterface,
} from 'fastify';
import type { Access } from '../../shared/access.js';

export { anyOf, inGroups, type Access } from '../../shared/access.js';

export interface RouteConfig {
  access: Access;
  /** Per-route rate limit for anonymous endpoints: requests per minute per client address. */
  rateLimitPerMinute?: number;
  /**
   * A public route whose Authorization header is not a session's (the metrics scraper's token, server/ops/): the
   * access hook looks up no session for it, so it answers while the database is down.
   */
  sessionless?: boolean;
}

export interface RouteSpec<T extends RouteGenericInterface = RouteGenericInterface> {
  method: HTTPMethods;
  url: string;
  access: Access;
  summary: string;
  /**
   * The JSON Schemas of params, querystring, body and answers; `consumes` names a body that is not JSON (a form,
   * files), `produces` an answer that is not (or not only) JSON (a file, a page, an event stream).
   */
  schema?: FastifySchema & { consumes?: readonly string[]; produces?: readonly string[] };
  bodyLimit?: number;
  rateLimitPerMinute?: number;
  handler: (request: FastifyRequest<T>, reply: FastifyReply) => Promise<unknown>;
}

/** Declares a route; the generic parameter types the request's body, query and params. */
export function route<T extends RouteGenericInterface = RouteGenericInterface>(spec: RouteSpec<T>): RouteSpec<T> {
  return spec;
}

/** Registers declared routes on the app. */
export function registerRoutes(app: FastifyInstance, routes: readonly RouteSpec<never>[]): void {
  for (const spec of routes) {
    const config: RouteConfig = { access: spec.access, rateLimitPerMinute: spec.rateLimitPerMinute };
    app.route({
      method: spec.method,
      url: spec.url,
      schema: { summary: spec.summary, ...spec.schema },
      bodyLimit: spec.bodyLimit,
      config,
      handler: spec.handler as unknown as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
    });
  }
}

/** A JSON media type: what the API's answers are. */
export const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/** Whether a route's schema answers JSON only (it declares no `produces`, or only JSON types). */
export const producesOnlyJson = (schema: unknown) => ((schema as { produces?: readonly string[] } | undefined)?.produces ?? []).every((type) => JSON_TYPE.test(type));

/** A route as the app registered it (see `app.routeCatalogue`). */
export interface RegisteredRoute {
  method: string;
  url: string;
  access: Access | undefined;
  schema: FastifySchema | undefined;
}

/** An area of the API: a name and its routes. server/app.ts lists every area. */
export interface ApiArea {
  name: string;
  routes: readonly RouteSpec<never>[];
}

// Shared schema fragments for route declarations.
export const idParams = {
  type: 'object',
  properties: { id: { type: 'integer', minimum: 1 } },
  required: ['id'],
} as const;

export const messageResponse = {
  type: 'object',
  properties: { Message: { type: 'string' } },
} as const;

/** Declares that a POST/PUT/PATCH/DELETE takes no body (the empty schema accepts none). */
export const noBody = {} as const;
