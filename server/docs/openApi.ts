import type { RegisteredRoute } from '../http/route.js';

/**
 * The API's OpenAPI 3.1 description, built from the routes as the app registered them (their access rule, summary
 * and JSON Schemas) and the product's shared schemas: nothing in it is written by hand, so it cannot drift from what
 * the server does. Served at GET /api/openapi.json and rendered at /api/docs (server/docs/openApiRoutes.ts).
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  jsonSchemaDialect: string;
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonObject>; securitySchemes: Record<string, JsonObject> };
}

export interface Operation {
  operationId: string;
  tags: string[];
  summary: string;
  description: string;
  'x-access': Json;
  security: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: Json }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Json }> }>;
}

interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: Json;
}

/** Where a JSON answer's schema is kept for a route declared without one. */
const ANY_JSON: JsonObject = {};

const ERROR_SCHEMA = 'Error';
const OAUTH_ERROR_SCHEMA = 'OAuthError';
const STANDARD_ERRORS: Record<string, string> = {
  '400': 'The params, query or body do not match the schemas, or a rule refused them: `{ Message, ModelState }`.',
  '401': 'No session, or it ended: sign in again.',
  '403': 'The caller lacks the permission, or the record is outside the orgs the caller may see: `{ Message }`.',
  '419': 'A newer sign-in of the same user replaced this session.',
};
/** Every other failure a route may answer, in the same shape (OAuth's on /oauth/). */
const OTHER_ERRORS =
  'Any other failure: 404 no such record (or one outside the orgs the caller may see), 409 the record\'s state refuses ' +
  'the call, 413 or 415 a body too large or of a type the route does not take, 422 a report template that fails, 429 too ' +
  'many requests and 503 a busy or stopping server (both with Retry-After), 502 an outside service (QuickBooks) failed, ' +
  '500 an unexpected failure.';

/** Only the API's routes are described (not the client's files or the index page). */
export const isApiRoute = (route: RegisteredRoute) =>
  route.method !== 'HEAD' && (route.url.startsWith('/api/') || route.url.startsWith('/oauth/'));

/** `/api/cases/:id/items` → `/api/cases/{id}/items`. */
export const openApiPath = (url: string) => url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');

/** A schema's name among the components: its $id without `.json`. */
const componentName = (id: string) => id.replace(/\.json$/, '');

/**
 * A schema with its references to the shared schemas (`user.json`, `user.json#/$defs/Email`) pointed at the
 * document's components, its own references (`#/$defs/Org`) pointed at its component (`home`, when it is one), and
 * its `$id` left out (the component's name takes its place).
 */
function withComponentRefs(schema: Json, home?: string, topLevel = true): Json {
  if (Array.isArray(schema)) return schema.map((entry) => withComponentRefs(entry, home, false));
  if (schema === null || typeof schema !== 'object') return schema;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$id' && topLevel) continue;
    if (key === '$ref' && typeof value === 'string') {
      const [file, pointer = ''] = value.split('#');
      out.$ref = file ? `#/components/schemas/${componentName(file)}${pointer}` : home ? `#/components/schemas/${home}${pointer}` : value;
    } else out[key] = withComponentRefs(value, home, false);
  }
  return out;
}

/** Who may call a route, in words (the description) — the same words as docs/api.md. */
export function accessText(access: RegisteredRoute['access']): string {
  if (!access) return '**none declared**';
  if (access === 'public') return 'public';
  if (access === 'signedIn') return 'signed in';
  if ('anyOf' in access) return access.anyOf.map((p) => `\`${p}\``).join(' or ');
  return `group ${access.groups.map((g) => `\`${g}\``).join(' or ')}`;
}

/** The first sentence of a route's summary, for the operation's short summary. */
function firstSentence(text: string): string {
  const end = text.search(/[.;](\s|$)/);
  return (end > 0 ? text.slice(0, end) : text).trim();
}

function parametersOf(schema: JsonObject | undefined, where: 'path' | 'query', pathNames: string[]): Parameter[] {
  const properties = (schema?.properties ?? {}) as JsonObject;
  const required = new Set((schema?.required ?? []) as string[]);
  const names = where === 'path' ? [...new Set([...pathNames, ...Object.keys(properties)])] : Object.keys(properties);
  return names.map((name) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: withComponentRefs(properties[name] ?? { type: 'string' }),
  }));
}

function operationOf(route: RegisteredRoute): Operation {
  const schema = (route.schema ?? {}) as JsonObject & { summary?: string };
  const text = schema.summary ?? '';
  const path = openApiPath(route.url);
  const pathNames = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
  const isPublic = route.access === 'public';
  const parameters = [
    ...parametersOf(schema.params as JsonObject | undefined, 'path', pathNames),
    ...parametersOf(schema.querystring as JsonObject | undefined, 'query', pathNames),
  ];
  const operation: Operation = {
    operationId: `${route.method.toLowerCase()}${path.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_m, next: string | undefined) => (next ?? '').toUpperCase())}`,
    tags: [tagOf(route.url)],
    summary: firstSentence(text),
    description: `${text}\n\nWho may call: ${accessText(route.access)}.`,
    'x-access': (route.access ?? null) as Json,
    security: isPublic ? [] : [{ bearer: [] }],
    responses: {},
  };
  if (parameters.length) operation.parameters = parameters;
  const consumes = (schema.consumes as string[] | undefined) ?? [];
  const body = schema.body as JsonObject | undefined;
  if (consumes.length) {
    operation.requestBody = { required: true, content: Object.fromEntries(consumes.map((type) => [type, { schema: withComponentRefs(body ?? { type: 'object' }) }])) };
  } else if (body && Object.keys(body).length > 0) {
    operation.requestBody = { required: true, content: { 'application/json': { schema: withComponentRefs(body) } } };
  }
  const responses = (schema.response ?? {}) as JsonObject;
  const produces = (schema.produces as string[] | undefined) ?? ['application/json'];
  for (const [status, answer] of Object.entries(responses)) {
    const success = status.startsWith('2');
    const types = success ? produces : ['application/json'];
    operation.responses[status] = {
      description: success ? 'The answer.' : 'See the operation.',
      content: Object.fromEntries(types.map((type) => [type, { schema: answerSchema(type, withComponentRefs(answer)) }])),
    };
  }
  if (!Object.keys(operation.responses).some((status) => status.startsWith('2'))) {
    operation.responses['200'] = { description: 'The answer (its shape is not declared).', content: { 'application/json': { schema: ANY_JSON } } };
  }
  const errors = isPublic ? ['400'] : Object.keys(STANDARD_ERRORS);
  for (const status of errors) {
    operation.responses[status] ??= { description: STANDARD_ERRORS[status], content: { 'application/json': { schema: { $ref: `#/components/schemas/${ERROR_SCHEMA}` } } } };
  }
  const failure = route.url.startsWith('/oauth/') ? OAUTH_ERROR_SCHEMA : ERROR_SCHEMA;
  operation.responses.default = { description: OTHER_ERRORS, content: { 'application/json': { schema: { $ref: `#/components/schemas/${failure}` } } } };
  return operation;
}

/** The schema of an answer of a content type: the declared one for JSON (or where it describes text), else bytes. */
function answerSchema(type: string, declared: Json): Json {
  if (/json/.test(type)) return declared;
  const text = declared && typeof declared === 'object' && !Array.isArray(declared) && declared.type === 'string';
  return text ? declared : { type: 'string', format: 'binary' };
}

/** An operation's tag: its area, the path's first segment after /api (or `oauth`). */
function tagOf(url: string): string {
  const [first, second] = url.split('/').filter(Boolean);
  return first === 'api' ? (second ?? 'api') : first;
}

/** The OpenAPI 3.1 document of the registered routes, with the shared schemas (by $id) as components. */
export function openApiDocument(routes: readonly RegisteredRoute[], schemas: readonly { $id?: string }[], version: string): OpenApiDocument {
  const components: Record<string, JsonObject> = {
    // A failure's body: its Message, and what some add (ModelState; a duplicate case's Duplicates, a refused submit's
    // Items: see their routes).
    [ERROR_SCHEMA]: {
      type: 'object',
      properties: { Message: { type: 'string' }, ModelState: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } } },
      required: ['Message'],
    },
    [OAUTH_ERROR_SCHEMA]: {
      type: 'object',
      properties: { error: { type: 'string' }, error_description: { type: 'string' } },
      required: ['error', 'error_description'],
    },
  };
  for (const schema of schemas) if (schema.$id) components[componentName(schema.$id)] = withComponentRefs(schema as Json, componentName(schema.$id)) as JsonObject;
  const paths: OpenApiDocument['paths'] = {};
  const api = routes.filter(isApiRoute).sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
  for (const route of api) (paths[openApiPath(route.url)] ??= {})[route.method.toLowerCase()] = operationOf(route);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Dossier API',
      version,
      description:
        'Every route validates its params, query and body against its JSON Schemas (400 with `{ Message, ModelState }`), answers 401 ' +
        'without a session, 419 when a newer sign-in replaced the session, and 403 `{ Message }` without the permission. System ' +
        'Administrator passes every permission check. Sign in with POST /oauth/token (grant_type=password) and send the access token ' +
        'as `Authorization: Bearer …`.',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: '/' }],
    tags: [...new Set(api.map((route) => tagOf(route.url)))].sort().map((name) => ({ name })),
    paths,
    components: { schemas: components, securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
  };
}
