import fc from 'fast-check';
import type { FastifySchema } from 'fastify';
import { validatorCompiler } from '../../server/http/validation.js';
import { declaredProperties, hostileValue, jsonText, RawJson, validValue, type Schema } from './schemaArbitraries.js';

/**
 * Hostile requests for one write route, generated from its schemas (tests/api/hostileInput.test.ts): hostile bodies,
 * path params and query strings, each mixed with valid parts — a real record's id in the path, valid fields beside
 * a malformed one — so that a request gets past the first check and reaches the handler. Every request says whether
 * the route's own schemas refuse it, as the server's validator (server/http/validation.ts) reads it: such a request
 * must be refused; the others may be answered either way, but never with a 5xx.
 */
export interface HostileRequest {
  method: string;
  /** The path with its params as sent (percent-encoded), and the query string. */
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** The route's schemas refuse it: it must be answered 4xx. */
  mustRefuse: boolean;
  /** What is hostile in it, in a few words, for a failure's report. */
  about: string[];
  /** Top-level fields of the body that its schema does not declare. */
  extraFields: string[];
}

/** A write route as the test calls it. */
export interface RouteUnderTest {
  method: string;
  url: string;
  schema: FastifySchema & { consumes?: readonly string[] };
  /** Real values of the path's params (records of the demo data), so that requests reach the handler. */
  paramSets: readonly Record<string, string>[];
  /** Names of form fields a multipart body of this route may carry (beside a generic pool). */
  formFields: readonly string[];
}

type Part = 'body' | 'params' | 'querystring';

const compiled = new WeakMap<object, (value: unknown) => boolean>();

/** Whether the server's validator for that part of a request accepts the value (it may change the value, as ajv does). */
export function schemaAccepts(part: Part, schema: unknown, value: unknown): boolean {
  if (schema === undefined) return true;
  let validate = compiled.get(schema as object);
  if (!validate) {
    validate = validatorCompiler({ schema: schema as object, httpPart: part, method: 'POST', url: '/' }) as (value: unknown) => boolean;
    compiled.set(schema as object, validate);
  }
  return Boolean(validate(value));
}

// ---------------------------------------------------------------------------------------------------------------
// Path params

/**
 * Path segments as sent: out of range, negative, not numbers, traversal and NUL (percent-encoded, so each stays one
 * segment), unicode digits, text past the router's limit, and encodings that do not decode. (A bare `..` segment is
 * left out: the URL is resolved before it is sent, as any client resolves it, and it names another route.)
 */
const HOSTILE_SEGMENTS = [
  '0',
  '-1',
  '-2147483649',
  '2147483648',
  '99999999999999999999',
  '1e3',
  '1.5',
  '0x1F',
  '+1',
  '%201',
  'abc',
  'NaN',
  'Infinity',
  'null',
  '%00',
  '1%00',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '..%5C..%5Cwindows%5Cwin.ini',
  '%252e%252e%252f',
  '%27%20OR%201%3D1--',
  '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
  '%EF%BC%91',
  '%D9%A3',
  '%E2%80%AE1',
  '%F0%9F%98%80',
  '%C0%AF',
  '%ZZ',
  '%',
  '1'.repeat(120),
  'x'.repeat(2000),
];

/** The text a path segment carries once decoded, or null when it does not decode. */
function decodedSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

function paramsArbitrary(route: RouteUnderTest): fc.Arbitrary<{ segments: Record<string, string>; hostile: string[] }> {
  const names = [...route.url.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((match) => match[1]);
  if (names.length === 0) return fc.constant({ segments: {}, hostile: [] });
  const real = route.paramSets.length ? fc.constantFrom(...route.paramSets) : fc.constant(Object.fromEntries(names.map((name) => [name, '1'])));
  const hostileOne = fc.tuple(fc.constantFrom(...names), fc.constantFrom(...HOSTILE_SEGMENTS));
  return fc.tuple(real, fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 2, arbitrary: fc.array(hostileOne, { minLength: 1, maxLength: 2 }) })).map(([values, hostile]) => {
    const segments = Object.fromEntries(names.map((name) => [name, encodeURIComponent(values[name] ?? '1')]));
    for (const [name, segment] of hostile ?? []) segments[name] = segment;
    return { segments, hostile: (hostile ?? []).map(([name, segment]) => `param ${name}=${segment.slice(0, 40)}`) };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Query strings

/** Query pieces as sent that no route declares: repeated, empty, undecodable, nested, prototype names, huge. */
const RAW_QUERY_PIECES = [
  '%',
  '%zz=1',
  '&&&',
  '=1',
  'a=%00',
  'a=1&a=2&a=3',
  '__proto__[isAdmin]=1',
  'constructor[prototype][isAdmin]=1',
  'a[b][c]=1',
  'x='.concat('y'.repeat(8000)),
  'q=%27%20OR%201%3D1--',
  'path=..%2F..%2Fetc%2Fpasswd',
  'x=%F0%9F%98%80%C0%AF',
];

function queryArbitrary(schema: Schema | undefined): fc.Arbitrary<{ query: string; values: Record<string, unknown>; hostile: string[] }> {
  const properties = Object.entries((schema?.properties as Record<string, Schema> | undefined) ?? {});
  const declared = properties.map(([name, property]) =>
    fc
      .oneof(
        { weight: 2, arbitrary: fc.constant(null) },
        { weight: 2, arbitrary: validValue(property).map((value) => ({ texts: [String(value)], hostile: false })) },
        {
          weight: 2,
          arbitrary: fc
            .array(fc.oneof(fc.constantFrom('', 'yes', '2', '-1', '1.5', '99999999999999999999', 'true', 'null', '\u0000'), fc.string({ maxLength: 12 })), { minLength: 1, maxLength: 3 })
            .map((texts) => ({ texts, hostile: true })),
        },
      )
      .map((choice) => [name, choice] as const),
  );
  const raw = fc.oneof({ weight: 3, arbitrary: fc.constant([] as string[]) }, { weight: 2, arbitrary: fc.subarray(RAW_QUERY_PIECES, { minLength: 1, maxLength: 3 }) });
  return fc.tuple(fc.tuple(...declared), raw).map(([chosen, pieces]) => {
    const parts: string[] = [];
    const values: Record<string, unknown> = {};
    const hostile: string[] = [];
    for (const [name, choice] of chosen) {
      if (!choice) continue;
      for (const text of choice.texts) parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(text)}`);
      values[name] = choice.texts.length === 1 ? choice.texts[0] : choice.texts;
      if (choice.hostile) hostile.push(`query ${name}=${JSON.stringify(choice.texts).slice(0, 60)}`);
    }
    parts.push(...pieces);
    if (pieces.length) hostile.push(`query ${pieces.map((piece) => piece.slice(0, 30)).join(' ')}`);
    return { query: parts.join('&'), values, hostile };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Bodies

interface Body {
  payload?: string | Buffer;
  contentType?: string;
  /** What the server's body parser makes of it (and so what its validator sees), or `refused` when it refuses it. */
  parsed: { value: unknown } | 'refused' | 'unknown';
  hostile: string[];
  extraFields: string[];
}

/** JSON texts that are not JSON, or that a JSON parser on the server must refuse (prototype poisoning). */
const BROKEN_JSON = ['{', '{"a":', '[1,2', '{"a":1,}', "{'a':1}", 'NaN', 'undefined', '{"a":1}garbage', '\u0000', '{"a":"\\u00"}', '{"a":"\\x41"}', '\ufeff'];
const POISONED_JSON = ['{"__proto__":{"isAdmin":true}}', '{"constructor":{"prototype":{"isAdmin":true}}}', '{"a":{"__proto__":{"x":1}}}'];

/** The form fields of a value (x-www-form-urlencoded): a list repeats its key, anything else is written as text. */
function formOf(value: unknown): URLSearchParams {
  const form = new URLSearchParams();
  if (value === null || typeof value !== 'object' || Array.isArray(value) || value instanceof RawJson) return form;
  for (const [key, entry] of Object.entries(value)) {
    for (const item of Array.isArray(entry) ? entry : [entry]) {
      form.append(key, typeof item === 'string' ? item : item === null || item === undefined ? '' : jsonText(item));
    }
  }
  return form;
}

/** A form as the server's form parser reads it: a repeated key becomes a list. */
function parsedForm(form: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(form.keys())) {
    const all = form.getAll(key);
    out[key] = all.length === 1 ? all[0] : all;
  }
  return out;
}

const topLevelExtras = (value: unknown, schema: Schema | undefined): string[] => {
  if (!schema || value === null || typeof value !== 'object' || Array.isArray(value) || value instanceof RawJson) return [];
  const declared = new Set(declaredProperties(schema));
  return Object.keys(value).filter((key) => !declared.has(key));
};

function jsonBody(schema: Schema | undefined): fc.Arbitrary<Body> {
  const value = hostileValue(schema ?? {});
  const asJson = value.map((v): Body => {
    const text = jsonText(v);
    let parsed: Body['parsed'];
    try {
      parsed = { value: JSON.parse(text) };
    } catch {
      parsed = 'refused';
    }
    return { payload: text, contentType: 'application/json', parsed, hostile: [], extraFields: topLevelExtras(v, schema) };
  });
  return fc.oneof(
    { weight: 14, arbitrary: asJson },
    { weight: 1, arbitrary: fc.constantFrom(...BROKEN_JSON).map((text): Body => ({ payload: text, contentType: 'application/json', parsed: 'refused', hostile: [`broken JSON ${JSON.stringify(text)}`], extraFields: [] })) },
    { weight: 1, arbitrary: fc.constantFrom(...POISONED_JSON).map((text): Body => ({ payload: text, contentType: 'application/json', parsed: 'refused', hostile: [`prototype poisoning ${text}`], extraFields: [] })) },
    {
      weight: 1,
      arbitrary: fc.tuple(value, fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'multipart/form-data; boundary=x', 'application/json; charset=utf-16', 'none', 'application/json, text/html')).map(
        ([v, type]): Body => {
          const hostile = [`content-type ${type}`];
          if (type === 'application/x-www-form-urlencoded') {
            const form = formOf(v);
            return { payload: form.toString(), contentType: type, parsed: { value: parsedForm(form) }, hostile, extraFields: [] };
          }
          const text = jsonText(v);
          if (type === 'text/plain') return { payload: text, contentType: type, parsed: { value: text }, hostile, extraFields: [] };
          if (type === 'none') return { payload: text, parsed: 'unknown', hostile, extraFields: [] };
          return { payload: text, contentType: type, parsed: type === 'application/xml' ? 'refused' : 'unknown', hostile, extraFields: [] };
        },
      ),
    },
    { weight: 1, arbitrary: fc.constant<Body>({ payload: '', contentType: 'application/json', parsed: 'unknown', hostile: ['empty JSON body'], extraFields: [] }) },
  );
}

/** A form-encoded body (sign-in): hostile fields, repeated keys, and forms that do not decode. */
function formBody(schema: Schema | undefined): fc.Arbitrary<Body> {
  const asForm = hostileValue(schema ?? {}).map((v): Body => {
    const form = formOf(v);
    return { payload: form.toString(), contentType: 'application/x-www-form-urlencoded', parsed: { value: parsedForm(form) }, hostile: [], extraFields: topLevelExtras(v, schema) };
  });
  return fc.oneof(
    { weight: 6, arbitrary: asForm },
    {
      weight: 1,
      arbitrary: fc.constantFrom('%', '%zz=1', '&&&', 'username=%00&password=%00&grant_type=password', '__proto__[x]=1', 'grant_type=password&grant_type=password', 'a'.repeat(100_000)).map(
        (text): Body => ({ payload: text, contentType: 'application/x-www-form-urlencoded', parsed: 'unknown', hostile: [`raw form ${text.slice(0, 40)}`], extraFields: [] }),
      ),
    },
    { weight: 1, arbitrary: jsonBody(schema) },
  );
}

/** Bytes of files: empty, text, a truncated zip, a PDF header, NULs. */
const FILE_CONTENTS = [Buffer.alloc(0), Buffer.from('hello'), Buffer.from('PK\u0003\u0004\u0014\u0000\u0000\u0000garbage'), Buffer.from('%PDF-1.7\n%\u00e2\u00e3'), Buffer.alloc(64, 0)];
const FILE_NAMES = ['report.pdf', 'a.zip', '../../../../etc/passwd', '..\\..\\evil.exe', '/etc/passwd', 'x\u0000.pdf', '', ' ', '.', '..', 'CON', '\u202eexe.pdf', '\ud83d\ude00.txt', 'a'.repeat(300) + '.pdf', 'a"; b=".pdf', 'a\r\nContent-Type: text/html.pdf'];
const FIELD_NAMES = ['file', 'files', 'myFile', 'Folder', 'Name', '', '__proto__', 'constructor', 'a'.repeat(300), '\u0000'];

/** A multipart body with hostile fields and files, or one broken as multipart. */
function multipartBody(route: RouteUnderTest): fc.Arbitrary<Body> {
  const fieldName = fc.oneof(fc.constantFrom(...FIELD_NAMES), ...(route.formFields.length ? [fc.constantFrom(...route.formFields)] : []));
  const text = fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('', '\u0000', 'x'.repeat(5000), 'Palmetto', 'NCSC', '../../etc', '2024-02-30', '-1'));
  const field = fc.record({ name: fieldName, value: text });
  const file = fc.record({ name: fieldName, filename: fc.constantFrom(...FILE_NAMES), content: fc.constantFrom(...FILE_CONTENTS), type: fc.constantFrom('application/pdf', 'application/zip', 'text/html', '', 'a/b/c') });
  const boundary = 'fuzzBoundary7MA4YWxkTrZu0gW';
  const wellFormed = fc.tuple(fc.array(field, { maxLength: 4 }), fc.array(file, { maxLength: 3 })).map(([fields, files]): Body => {
    const chunks: Buffer[] = [];
    for (const f of fields) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.name}"\r\n\r\n${f.value}\r\n`));
    for (const f of files) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.name}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`), f.content, Buffer.from('\r\n'));
    }
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    return {
      payload: Buffer.concat(chunks),
      contentType: `multipart/form-data; boundary=${boundary}`,
      parsed: 'unknown',
      hostile: [`multipart ${fields.length} fields, files ${files.map((f) => JSON.stringify(f.filename.slice(0, 30))).join(' ')}`],
      extraFields: [],
    };
  });
  const broken = fc.constantFrom<[string, string]>(
    ['multipart/form-data', `--${boundary}\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--${boundary}--\r\n`],
    [`multipart/form-data; boundary=${boundary}`, `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\nunfinished`],
    [`multipart/form-data; boundary=${boundary}`, 'not multipart at all'],
    [`multipart/form-data; boundary=${boundary}`, ''],
    ['application/json', '{"file":"a.pdf"}'],
    ['text/plain', 'file=a.pdf'],
  ).map(([contentType, payload]): Body => ({ payload, contentType, parsed: 'unknown', hostile: [`broken multipart (${contentType})`], extraFields: [] }));
  return fc.oneof({ weight: 4, arbitrary: wellFormed }, { weight: 1, arbitrary: broken });
}

// ---------------------------------------------------------------------------------------------------------------
// Requests

export function hostileRequest(route: RouteUnderTest): fc.Arbitrary<HostileRequest> {
  const { schema } = route;
  const consumes = schema.consumes ?? [];
  const takesBody = route.method !== 'DELETE' || schema.body !== undefined;
  const body: fc.Arbitrary<Body | null> = consumes.includes('multipart/form-data')
    ? multipartBody(route)
    : consumes.includes('application/x-www-form-urlencoded')
      ? formBody(schema.body as Schema | undefined)
      : takesBody
        ? jsonBody(schema.body as Schema | undefined)
        : fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: jsonBody(undefined) });
  return fc.tuple(paramsArbitrary(route), queryArbitrary(schema.querystring as Schema | undefined), body).map(([params, query, sent]): HostileRequest => {
    const path = route.url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => params.segments[name]);
    const decoded = Object.fromEntries(Object.entries(params.segments).map(([name, segment]) => [name, decodedSegment(segment)]));
    const paramsRefused = Object.values(decoded).some((value) => value === null) || !schemaAccepts('params', schema.params, decoded);
    const queryRefused = !schemaAccepts('querystring', schema.querystring, query.values);
    const bodyRefused = sent !== null && (sent.parsed === 'refused' || (typeof sent.parsed === 'object' && !schemaAccepts('body', schema.body, sent.parsed.value)));
    const about = [...params.hostile, ...query.hostile, ...(sent?.hostile ?? [])];
    if (sent?.payload !== undefined && sent.hostile.length === 0) about.push(`body ${String(sent.payload).slice(0, 1000)}`);
    return {
      method: route.method,
      url: query.query ? `${path}?${query.query}` : path,
      headers: sent?.contentType ? { 'content-type': sent.contentType } : ({} as Record<string, string>),
      payload: sent?.payload,
      mustRefuse: paramsRefused || queryRefused || bodyRefused,
      about,
      extraFields: sent?.extraFields ?? [],
    };
  });
}
