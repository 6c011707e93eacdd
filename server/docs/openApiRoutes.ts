import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ALL_SCHEMAS } from '../../schemas/index.js';
import { route, type ApiArea } from '../http/route.js';
import { registeredSchemas } from '../http/validation.js';
import { styleNonceOf } from '../http/securityHeaders.js';
import { openApiDocument, type OpenApiDocument, type Operation } from './openApi.js';
import { ROOT_DIR } from '../packageRoot.js';

const version = (JSON.parse(readFileSync(path.join(ROOT_DIR, 'package.json'), 'utf8')) as { version: string }).version;

/** The document of this app's routes, built once (the routes do not change after start). */
const documents = new WeakMap<FastifyInstance, OpenApiDocument>();
export function documentOf(app: FastifyInstance): OpenApiDocument {
  let document = documents.get(app);
  if (!document) {
    const schemas = [...ALL_SCHEMAS, ...registeredSchemas()] as { $id?: string }[];
    const unique = [...new Map(schemas.map((schema) => [schema.$id, schema])).values()];
    document = openApiDocument(app.routeCatalogue, unique, version);
    documents.set(app, document);
  }
  return document;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
/** Back-quoted words of a summary as code, the rest as text. */
const withCode = (text: string) => escape(text).replace(/`([^`]+)`/g, '<code>$1</code>');
const pretty = (value: unknown) => escape(JSON.stringify(value, null, 2));

const STYLE = `
body { font: 15px/1.5 system-ui, sans-serif; margin: 0; color: #1b2a3a; background: #f5f7fa; }
header { background: #1e3a5f; color: #fff; padding: 16px 24px; }
header h1 { margin: 0; font-size: 22px; }
header a { color: #fff; }
main { display: grid; grid-template-columns: 220px 1fr; gap: 24px; padding: 24px; max-width: 1400px; }
nav { position: sticky; top: 0; align-self: start; max-height: 100vh; overflow-y: auto; }
nav a { display: block; color: #1e3a5f; text-decoration: none; padding: 2px 0; }
main > div { min-width: 0; }
section.op { background: #fff; border: 1px solid #dde3ea; border-radius: 8px; padding: 12px 16px; margin-bottom: 12px; }
.method { display: inline-block; min-width: 64px; font-weight: 700; font-family: monospace; }
.path { font-family: monospace; font-size: 15px; overflow-wrap: anywhere; }
p { overflow-wrap: anywhere; }
.who { color: #4a5a6a; font-size: 13px; }
pre { background: #f0f3f7; padding: 8px; overflow: auto; max-height: 320px; font-size: 12px; }
details summary { cursor: pointer; color: #1e3a5f; }
@media (max-width: 700px) { main { grid-template-columns: 1fr; padding: 12px; } nav { display: none; } }
`;

function operationHtml(path: string, method: string, op: Operation): string {
  const parts = [
    `<section class="op" id="${escape(op.operationId)}">`,
    `<div><span class="method">${method.toUpperCase()}</span> <span class="path">${escape(path)}</span></div>`,
    `<p>${withCode(op.description.split('\n\nWho may call: ')[0])}</p>`,
    `<p class="who">Who may call: ${withCode(op.description.split('\n\nWho may call: ')[1]?.replace(/\.$/, '') ?? '')}</p>`,
  ];
  if (op.parameters?.length) parts.push(`<details><summary>Parameters</summary><pre>${pretty(op.parameters)}</pre></details>`);
  if (op.requestBody) parts.push(`<details><summary>Body</summary><pre>${pretty(op.requestBody.content)}</pre></details>`);
  parts.push(`<details><summary>Answers</summary><pre>${pretty(op.responses)}</pre></details>`, '</section>');
  return parts.join('\n');
}

/** The reference page: every operation by area, from the same document; no script, nothing from elsewhere. */
export function referencePage(document: OpenApiDocument, styleNonce: string): string {
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(document.paths))
    for (const [method, op] of Object.entries(methods)) (byTag.get(op.tags[0]) ?? byTag.set(op.tags[0], []).get(op.tags[0])!).push(operationHtml(path, method, op));
  const tags = [...byTag.keys()].sort();
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(document.info.title)} reference</title><style nonce="${styleNonce}">${STYLE}</style></head>
<body><header><h1>${escape(document.info.title)} ${escape(document.info.version)}</h1>
<p>${withCode(document.info.description)} The machine-readable description: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p></header>
<main><nav aria-label="Areas">${tags.map((tag) => `<a href="#area-${escape(tag)}">${escape(tag)}</a>`).join('')}</nav>
<div>${tags.map((tag) => `<h2 id="area-${escape(tag)}">${escape(tag)}</h2>\n${byTag.get(tag)!.join('\n')}`).join('\n')}</div></main></body></html>`;
}

/** The API's description (OpenAPI 3.1) and its reference page. Public: they describe the routes, not their data. */
export const openApiArea: ApiArea = {
  name: 'openapi',
  routes: [
    route({
      method: 'GET',
      url: '/api/openapi.json',
      access: 'public',
      summary: 'The OpenAPI 3.1 description of every route: its params, query, body and answer schemas, the bearer scheme, and who may call it',
      schema: {
        response: {
          // A document, not a record: its paths and components are as the OpenAPI 3.1 specification says
          // (tests/api/openApi.test.ts checks the document against it), so they stay open here; the rest is closed.
          200: {
            description: 'The OpenAPI document',
            type: 'object',
            properties: {
              openapi: { const: '3.1.0' },
              info: {
                type: 'object',
                properties: { title: { type: 'string' }, version: { type: 'string' }, description: { type: 'string' } },
                required: ['title', 'version', 'description'],
                additionalProperties: false,
              },
              jsonSchemaDialect: { type: 'string' },
              servers: { type: 'array', items: { type: 'object', properties: { url: { type: 'string' } }, required: ['url'], additionalProperties: false } },
              tags: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'], additionalProperties: false } },
              paths: { type: 'object', additionalProperties: true },
              components: { type: 'object', additionalProperties: true },
            },
            required: ['openapi', 'info', 'jsonSchemaDialect', 'servers', 'tags', 'paths', 'components'],
            additionalProperties: false,
          },
        },
      },
      handler: async (request) => documentOf(request.server),
    }),
    route({
      method: 'GET',
      url: '/api/docs',
      access: 'public',
      summary: 'The API reference page (HTML), made from the OpenAPI description; it needs nothing from the internet',
      schema: { produces: ['text/html'], response: { 200: { description: 'The page', type: 'string' } } },
      handler: async (request, reply) => reply.type('text/html; charset=utf-8').send(referencePage(documentOf(request.server), styleNonceOf(reply.raw))),
    }),
  ],
};
