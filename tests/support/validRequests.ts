import fc from 'fast-check';
import type { FastifySchema } from 'fastify';
import { validValue, type Schema } from './schemaArbitraries.js';

/**
 * A request its route's schemas accept, generated from them (tests/api/routeAccess.test.ts): a valid body (JSON, a
 * form for sign-in, a multipart form with a small PDF for uploads), a valid query string, and the path's params as
 * given — real records of the database, in or out of the caller's scope. It reaches the handler; what the handler
 * makes of it (a record a random id does not name, a rule of the firm) is the route's to answer.
 */
export interface ValidRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

export interface RouteShape {
  method: string;
  url: string;
  schema?: FastifySchema & { consumes?: readonly string[] };
}

/** One value of the schema, the same for the same seed. */
const sampleOf = (schema: object, seed: number): unknown => fc.sample(validValue(schema), { seed, numRuns: 1 })[0];

/** A query string of a value: a list repeats its key. */
function queryOf(value: unknown): string {
  if (value === null || typeof value !== 'object') return '';
  const query = new URLSearchParams();
  for (const [key, entry] of Object.entries(value)) {
    for (const item of Array.isArray(entry) ? entry : [entry]) query.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item));
  }
  return query.toString();
}

const BOUNDARY = 'validBoundary5Dd1Qy0Lr';
const SMALL_PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** A multipart form with one PDF file and the body's fields as text parts. */
function multipartOf(fields: unknown): Buffer {
  const chunks: Buffer[] = [];
  if (fields && typeof fields === 'object') {
    for (const [name, value] of Object.entries(fields)) {
      if (value === null || value === undefined) continue;
      chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${typeof value === 'object' ? JSON.stringify(value) : String(value)}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="evidence.pdf"\r\nContent-Type: application/pdf\r\n\r\n`), SMALL_PDF, Buffer.from('\r\n'));
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

/** A valid request of the route with the given path params (each encoded as one segment), the same for the same seed. */
export function validRequest(route: RouteShape, params: Record<string, string>, seed: number): ValidRequest {
  const schema = route.schema ?? {};
  const path = route.url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => encodeURIComponent(params[name] ?? '1'));
  const query = schema.querystring ? queryOf(sampleOf(schema.querystring as Schema, seed)) : '';
  const url = query ? `${path}?${query}` : path;
  const consumes = schema.consumes ?? [];
  const body = schema.body ? sampleOf(schema.body as Schema, seed + 1) : undefined;
  if (consumes.includes('multipart/form-data')) {
    return { method: route.method, url, headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, payload: multipartOf(body) };
  }
  if (consumes.includes('application/x-www-form-urlencoded')) {
    return { method: route.method, url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: queryOf(body) };
  }
  if (body === undefined) return { method: route.method, url, headers: {} };
  return { method: route.method, url, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) };
}

/** A seed of a route's own, from a run's seed and the route's key (`POST /api/cases`): one route replays alone with the same requests. */
export function routeSeed(base: number, key: string): number {
  let hash = base | 0;
  for (const char of key) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}
