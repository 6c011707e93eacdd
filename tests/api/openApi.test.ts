import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { SCHEMA_KEYWORDS } from '../../schemas/index.js';
import { isApiRoute, openApiPath, type OpenApiDocument, type Operation } from '../../server/docs/openApi.js';
import { startTestApp, type TestApp } from '../support/testApp.js';

let t: TestApp;
let document: OpenApiDocument;

beforeAll(async () => {
  t = await startTestApp();
  const answer = await t.call(null, { method: 'GET', url: '/api/openapi.json' });
  expect(answer.statusCode).toBe(200);
  document = answer.json();
});
afterAll(() => t.close());

const operationOf = (method: string, url: string): Operation | undefined => document.paths[openApiPath(url)]?.[method.toLowerCase()];

/** Every `$ref` in a value: the document's own pointers. */
function refsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((entry) => refsIn(entry, found));
  else if (value && typeof value === 'object')
    for (const [key, entry] of Object.entries(value)) {
      if (key === '$ref' && typeof entry === 'string') found.push(entry);
      else refsIn(entry, found);
    }
  return found;
}

/** What a JSON pointer of the document points at (undefined when nothing). */
function resolve(pointer: string): unknown {
  return pointer
    .replace(/^#\//, '')
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), document);
}

describe('the OpenAPI description (GET /api/openapi.json) and the reference page (/api/docs)', () => {
  it('is a valid OpenAPI 3.1 document, served without a session', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(structuredClone(document) as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('describes every registered API route, with its access rule, and nothing that is not registered', () => {
    const routes = t.app.routeCatalogue.filter(isApiRoute);
    expect(routes.length).toBeGreaterThan(150);
    const missing: string[] = [];
    for (const route of routes) {
      const operation = operationOf(route.method, route.url);
      if (!operation) {
        missing.push(`${route.method} ${route.url}`);
        continue;
      }
      expect(operation['x-access'], `${route.method} ${route.url}`).toEqual(route.access);
      expect(operation.security, `${route.method} ${route.url}`).toEqual(route.access === 'public' ? [] : [{ bearer: [] }]);
      expect(operation.description).toMatch(/Who may call: /);
      if (route.access && typeof route.access === 'object' && 'anyOf' in route.access)
        for (const permission of route.access.anyOf) expect(operation.description).toContain(`\`${permission}\``);
    }
    expect(missing).toEqual([]);
    const described = Object.values(document.paths).reduce((n, methods) => n + Object.keys(methods).length, 0);
    expect(described).toBe(routes.length);
  });

  it("names each path parameter, and takes the routes' body and answer schemas with the shared schemas as components", () => {
    const item = operationOf('GET', '/api/cases/:Case_Id/items/:id')!;
    expect(item.parameters?.filter((p) => p.in === 'path').map((p) => p.name).sort()).toEqual(['Case_Id', 'id']);
    const lock = operationOf('PUT', '/api/identity/users/:id/lock');
    expect(lock?.requestBody?.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/userLock' });
    expect(document.components.schemas.userLock).toBeDefined();
    // Files, the sign-in form, downloads and the live stream are not JSON.
    expect(Object.keys(operationOf('GET', '/api/cases/:id/report')!.responses['200'].content!)).toEqual(['application/pdf']);
    expect(Object.keys(operationOf('GET', '/api/live/events')!.responses['200'].content!)).toEqual(['text/event-stream']);
    expect(Object.keys(operationOf('POST', '/api/cases/:id/attachments')!.requestBody!.content)).toEqual(['multipart/form-data']);
    expect(Object.keys(operationOf('POST', '/oauth/token')!.requestBody!.content)).toEqual(['application/x-www-form-urlencoded']);
    const unresolved = [...new Set(refsIn(document))].filter((ref) => resolve(ref) === undefined);
    expect(unresolved).toEqual([]);
  });

  it('matches what the server answers: the JSON answers of every GET without parameters, as an administrator', async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    addFormats.default(ajv);
    for (const keyword of SCHEMA_KEYWORDS) ajv.addKeyword(keyword);
    ajv.addSchema({ ...document, $id: 'openapi' } as object);
    const token = await t.signIn('sysadmin');
    const checked: string[] = [];
    const failures: string[] = [];
    // (An answer that is a stream, a file or a page is described as such, and left out here.)
    const jsonOnly = (url: string) => Object.keys(operationOf('GET', url)?.responses['200']?.content ?? {}).join() === 'application/json';
    for (const route of t.app.routeCatalogue.filter((r) => isApiRoute(r) && r.method === 'GET' && !r.url.includes(':') && jsonOnly(r.url))) {
      const answer = await t.call(token, { method: 'GET', url: route.url });
      if (answer.statusCode !== 200 || !String(answer.headers['content-type']).startsWith('application/json')) continue;
      const pointer = `openapi#/paths/${openApiPath(route.url).replace(/~/g, '~0').replace(/\//g, '~1')}/get/responses/200/content/application~1json/schema`;
      const validate = ajv.compile({ $ref: pointer });
      checked.push(route.url);
      if (!validate(answer.json())) failures.push(`${route.url}: ${ajv.errorsText(validate.errors)}`);
    }
    expect(failures).toEqual([]);
    expect(checked.length).toBeGreaterThanOrEqual(20);
  });

  it('renders the reference page from the same description, with no script and nothing from elsewhere', async () => {
    const page = await t.call(null, { method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const html = page.body;
    expect(html).toContain('/api/cases/{Case_Id}/items/{id}');
    expect(html).toContain('<code>Review Case Items</code>');
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/(src|href)="https?:/i);
    // Its one <style> carries this answer's CSP nonce.
    const nonce = /style-src[^;]*'nonce-([^']+)'/.exec(String(page.headers['content-security-policy']))?.[1];
    expect(nonce).toBeTruthy();
    expect(html).toContain(`<style nonce="${nonce}">`);
  });
});
