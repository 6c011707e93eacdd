import fc from 'fast-check';
import { ALL_SCHEMAS } from '../../schemas/index.js';

/**
 * fast-check arbitraries from the product's JSON Schemas (draft 2020-12, as schemas/ writes them):
 * - `validValue(schema)`: a value the schema accepts (and the rule keywords `x-usPhone`, `x-notFuture`,
 *   `x-minFilled` too), for calling routes with valid bodies;
 * - `hostileValue(schema)`: a value mostly valid, with malformed parts among the valid ones — wrong types, missing
 *   and extra fields, huge strings, deep nesting, invalid and extreme dates, negative and enormous numbers, unicode
 *   edge cases and NUL bytes, SQL and script fragments, paths with traversal — so that a request gets past the first
 *   check and reaches deeper. Some hostile values are still valid (a SQL fragment is a fine surname): whether one is
 *   is for the caller to ask the schema (tests/api/hostileInput.test.ts asks the server's own validator).
 * `$ref` names a schema of schemas/index.ts by `$id` (`user.json`, `user.json#/$defs/Email`) or a part of the same
 * schema (`#/$defs/Org`); `options.schemas` adds others (a test's declared resource).
 */
export type Schema = { [keyword: string]: unknown };

export interface SchemaArbitraryOptions {
  /** Schemas a `$ref` may name by `$id`, beside the product's. */
  schemas?: readonly object[];
}

/**
 * A piece of JSON text a value cannot hold (a number JSON.parse reads as Infinity, nesting too deep to build as a
 * value, a `__proto__` key): `jsonText` writes it as it is.
 */
export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON text of a value that may hold `RawJson` pieces. */
export function jsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value).map(([key, entry]) => `${JSON.stringify(key)}:${jsonText(entry)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function validValue(schema: object, options: SchemaArbitraryOptions = {}): fc.Arbitrary<unknown> {
  const context = rootContext(schema, options);
  return valid(schema as Schema, context);
}

export function hostileValue(schema: object, options: SchemaArbitraryOptions = {}): fc.Arbitrary<unknown> {
  const context = rootContext(schema, options);
  return fc.oneof(
    { weight: 6, arbitrary: hostile(schema as Schema, context) },
    { weight: 1, arbitrary: hostileAny() },
  );
}

/** The names of the properties an object schema declares at its top level (through `$ref` and `allOf`). */
export function declaredProperties(schema: object, options: SchemaArbitraryOptions = {}): string[] {
  const [node] = flatten(schema as Schema, rootContext(schema, options));
  return Object.keys((node.properties as Record<string, unknown> | undefined) ?? {});
}

// ---------------------------------------------------------------------------------------------------------------
// Resolving $ref and allOf

interface Context {
  /** The schema document `#/…` references point into. */
  root: Schema;
  byId: ReadonlyMap<string, Schema>;
  depth: number;
}

/**
 * Past this depth of nested schemas a value stops growing: objects keep their required properties only, arrays their
 * fewest items (a section template's field may hold a template of fields, which may hold one again).
 */
const MAX_DEPTH = 6;

function rootContext(schema: object, options: SchemaArbitraryOptions): Context {
  const byId = new Map<string, Schema>();
  for (const known of [...ALL_SCHEMAS, ...(options.schemas ?? [])] as Schema[]) if (typeof known.$id === 'string') byId.set(known.$id, known);
  return { root: schema as Schema, byId, depth: 0 };
}

function resolveRef(ref: string, context: Context): { node: Schema; root: Schema } {
  const [file, pointer = ''] = ref.split('#');
  const root = file ? context.byId.get(file) : context.root;
  if (!root) throw new Error(`Unknown schema ${file} in $ref ${ref}`);
  let node: unknown = root;
  for (const part of pointer.split('/').filter(Boolean)) {
    node = (node as Schema)[decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~')];
    if (node === undefined) throw new Error(`Nothing at ${ref}`);
  }
  return { node: node as Schema, root };
}

/** Both schemas' constraints in one (what `allOf` or a `$ref` with sibling keywords means), as far as a generator needs. */
function merge(a: Schema, b: Schema): Schema {
  const out: Schema = { ...a };
  for (const [keyword, value] of Object.entries(b)) {
    if (keyword === 'properties') {
      const mine = { ...((a.properties as Record<string, Schema> | undefined) ?? {}) };
      for (const [name, property] of Object.entries(value as Record<string, Schema>)) mine[name] = mine[name] ? merge(mine[name], property) : property;
      out.properties = mine;
    } else if (keyword === 'required') out.required = [...new Set([...((a.required as string[]) ?? []), ...(value as string[])])];
    else if (keyword === 'allOf') out.allOf = [...((a.allOf as Schema[]) ?? []), ...(value as Schema[])];
    else if (keyword === 'notConst') out.notConst = [...((a.notConst as unknown[]) ?? []), ...(value as unknown[])];
    else out[keyword] = value;
  }
  return out;
}

const isConditional = (schema: Schema) => 'if' in schema;

/**
 * The schema with its `$ref` and unconditional `allOf` folded in, and the context its own references resolve in.
 * Conditional parts (`if`/`then`/`else`) stay in `allOf`.
 */
function flatten(schema: Schema, context: Context): [Schema, Context] {
  let node = schema;
  let here = context;
  for (let guard = 0; guard < 32; guard++) {
    if (typeof node.$ref === 'string') {
      const { $ref, ...siblings } = node;
      const target = resolveRef($ref as string, here);
      node = merge(target.node, siblings);
      here = { ...here, root: target.root };
      continue;
    }
    const parts = (node.allOf as Schema[] | undefined) ?? [];
    const plain = parts.filter((part) => !isConditional(part));
    if (plain.length === 0) return [node, here];
    const { allOf: _allOf, ...rest } = node;
    let merged: Schema = { ...rest, allOf: parts.filter(isConditional) };
    for (const part of plain) merged = merge(merged, flatten(part, here)[0]);
    node = merged;
  }
  throw new Error('Schema references go round in circles');
}

/**
 * A simple condition (`{ properties: { p: { const: c } }, required: [p] }`) as the schema it adds when it holds, and
 * the one it adds when it does not.
 */
function conditionBranches(condition: Schema): { holds: Schema; fails: Schema } | null {
  const properties = Object.entries((condition.if as Schema).properties ?? {}) as [string, Schema][];
  if (properties.length !== 1 || !('const' in properties[0][1])) return null;
  const [name, { const: value }] = properties[0];
  const holds = merge({ properties: { [name]: { const: value } }, required: [name] }, (condition.then as Schema | undefined) ?? {});
  const fails = merge({ properties: { [name]: { notConst: [value] } } }, (condition.else as Schema | undefined) ?? {});
  return { holds, fails };
}

/** Whether the constants a condition sets are among the values the schema's properties allow (an enum may leave one out). */
function canHold(schema: Schema, holds: Schema): boolean {
  const properties = (schema.properties as Record<string, Schema> | undefined) ?? {};
  return Object.entries((holds.properties as Record<string, Schema> | undefined) ?? {}).every(([name, property]) => {
    const allowed = properties[name]?.enum as unknown[] | undefined;
    return !('const' in property) || !allowed || allowed.some((value) => sameJson(value, property.const));
  });
}

/** The schema's allowed types: declared, or read from its keywords. */
function typesOf(schema: Schema): string[] {
  if (schema.type) return ([] as string[]).concat(schema.type as string | string[]);
  if (schema.properties || schema.required || schema.additionalProperties !== undefined) return ['object'];
  if (schema.items) return ['array'];
  if (schema.minLength !== undefined || schema.maxLength !== undefined || schema.pattern || schema.format) return ['string'];
  if (schema.minimum !== undefined || schema.maximum !== undefined) return ['number'];
  return [];
}

const without = (schema: Schema, ...keywords: string[]): Schema => Object.fromEntries(Object.entries(schema).filter(([k]) => !keywords.includes(k)));

// ---------------------------------------------------------------------------------------------------------------
// Valid values

function valid(schema: Schema | boolean, context: Context): fc.Arbitrary<unknown> {
  if (schema === true) return anyJsonScalar();
  if (schema === false) throw new Error('No value satisfies the schema `false`');
  const [node, here] = flatten(schema, context);
  const excluded = (node.notConst as unknown[] | undefined) ?? [];
  const allowed = (value: unknown) => !excluded.some((other) => sameJson(other, value));
  if ('const' in node) return fc.constant(node.const);
  if (Array.isArray(node.enum)) return fc.constantFrom(...node.enum.filter(allowed));
  const branches = (node.oneOf ?? node.anyOf) as Schema[] | undefined;
  if (branches) return fc.oneof(...branches.map((branch) => valid(merge(without(node, 'oneOf', 'anyOf'), branch), here)));
  const conditions = ((node.allOf as Schema[] | undefined) ?? [])
    .map(conditionBranches)
    .filter((condition): condition is { holds: Schema; fails: Schema } => condition !== null && canHold(node, condition.holds));
  if (conditions.length > 0) {
    // One condition holds, or none: each a schema of its own.
    const base = without(node, 'allOf');
    const none = conditions.reduce((all, condition) => merge(all, condition.fails), base);
    return fc.oneof(valid(none, here), ...conditions.map((condition) => valid(merge(base, condition.holds), here)));
  }
  const types = typesOf(node);
  const deeper = { ...here, depth: here.depth + 1 };
  const ofType = (type: string): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'null':
        return fc.constant(null);
      case 'boolean':
        return fc.boolean();
      case 'integer':
        return validInteger(node);
      case 'number':
        return validNumber(node);
      case 'string':
        return validString(node);
      case 'array':
        return validArray(node, deeper);
      case 'object':
        return validObject(node, deeper);
      default:
        throw new Error(`Unknown type ${type}`);
    }
  };
  const arbitrary = types.length === 0 ? anyJsonScalar() : fc.oneof(...types.map(ofType));
  return excluded.length ? arbitrary.filter(allowed) : arbitrary;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const anyJsonScalar = () => fc.oneof(fc.string({ maxLength: 20 }), fc.integer({ min: -1000, max: 1000 }), fc.boolean(), fc.constant(null));

const INT32 = { min: -(2 ** 31), max: 2 ** 31 - 1 };

/** The bounds a number must keep: minimum/maximum, exclusive ones moved in by `step`; a span of 1000 where open. */
function bounds(schema: Schema, step: number): { min: number; max: number } {
  let min = schema.minimum as number | undefined;
  let max = schema.maximum as number | undefined;
  if (typeof schema.exclusiveMinimum === 'number') min = Math.max(min ?? -Infinity, schema.exclusiveMinimum + step);
  if (typeof schema.exclusiveMaximum === 'number') max = Math.min(max ?? Infinity, schema.exclusiveMaximum - step);
  min ??= max !== undefined ? max - 1000 : -1000;
  max ??= min + 1000;
  return { min, max };
}

function validInteger(schema: Schema): fc.Arbitrary<number> {
  const { min, max } = bounds(schema, 1);
  const low = Math.max(Math.ceil(min), INT32.min);
  const high = Math.min(Math.floor(max), INT32.max);
  const step = schema.multipleOf as number | undefined;
  if (step) return fc.integer({ min: Math.ceil(low / step), max: Math.floor(high / step) }).map((n) => n * step);
  return fc.integer({ min: low, max: high });
}

/** Numbers in cents (amounts, rates): what a form sends. */
function validNumber(schema: Schema): fc.Arbitrary<number> {
  const { min, max } = bounds(schema, 0.01);
  return fc.integer({ min: Math.ceil(min * 100), max: Math.floor(max * 100) }).map((cents) => cents / 100);
}

/** JSON Schema counts a string's length in code points. */
const lengthOf = (text: string) => [...text].length;

function validString(schema: Schema): fc.Arbitrary<string> {
  const minLength = (schema.minLength as number | undefined) ?? 0;
  const maxLength = (schema.maxLength as number | undefined) ?? Math.max(minLength, 60);
  const pattern = typeof schema.pattern === 'string' ? new RegExp(schema.pattern, 'u') : null;
  let arbitrary: fc.Arbitrary<string>;
  if (schema['x-usPhone']) arbitrary = usPhone();
  else if (typeof schema.format === 'string' && FORMATS[schema.format]) arbitrary = FORMATS[schema.format](Boolean(schema['x-notFuture']));
  else if (pattern) arbitrary = fc.stringMatching(pattern, { size: 'small' });
  else arbitrary = fc.string({ minLength, maxLength: Math.min(maxLength, minLength + 40) });
  return arbitrary.filter(
    (text) => lengthOf(text) >= minLength && lengthOf(text) <= maxLength && (!pattern || pattern.test(text)) && (!schema.nonBlank || text.trim() !== ''),
  );
}

/** Dates no later than this are never in the future (`x-notFuture`). */
const PAST = { min: new Date('1950-01-01T00:00:00Z'), max: new Date('2020-12-31T23:59:59Z') };
const ANY_TIME = { min: new Date('1950-01-01T00:00:00Z'), max: new Date('2049-12-31T23:59:59Z') };

const FORMATS: Record<string, (notFuture: boolean) => fc.Arbitrary<string>> = {
  date: (notFuture) => fc.date({ ...(notFuture ? PAST : ANY_TIME), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  'date-time': (notFuture) => fc.date({ ...(notFuture ? PAST : ANY_TIME), noInvalidDate: true }).map((d) => d.toISOString()),
  time: () => fc.date({ ...ANY_TIME, noInvalidDate: true }).map((d) => `${d.toISOString().slice(11, 19)}Z`),
  email: () => fc.emailAddress(),
  uri: () => fc.webUrl(),
  uuid: () => fc.uuid(),
  ipv4: () => fc.ipV4(),
};

/** A 10-digit US number as people write it (`UsPhone`: area and exchange codes start 2–9). */
function usPhone(): fc.Arbitrary<string> {
  const digits = (count: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: count, maxLength: count }).map((d) => d.join(''));
  const part = fc.tuple(fc.integer({ min: 2, max: 9 }), digits(2)).map(([first, rest]) => `${first}${rest}`);
  return fc.tuple(part, part, digits(4), fc.constantFrom('dash', 'dots', 'brackets', 'plain', 'country')).map(([area, exchange, line, style]) => {
    if (style === 'dots') return `${area}.${exchange}.${line}`;
    if (style === 'brackets') return `(${area}) ${exchange}-${line}`;
    if (style === 'plain') return `${area}${exchange}${line}`;
    if (style === 'country') return `+1 ${area} ${exchange} ${line}`;
    return `${area}-${exchange}-${line}`;
  });
}

function validArray(schema: Schema, context: Context): fc.Arbitrary<unknown[]> {
  let items = (schema.items as Schema | boolean | undefined) ?? true;
  let minLength = (schema.minItems as number | undefined) ?? 0;
  const filled = schema['x-minFilled'] as { count?: number; field?: string } | undefined;
  if (filled) {
    // At least `count` entries whose `field` is not blank: every entry has it, in words.
    minLength = Math.max(minLength, filled.count ?? 1);
    if (filled.field && typeof items === 'object') items = withNonBlank(flatten(items, context)[0], filled.field);
  }
  const maxLength = context.depth > MAX_DEPTH ? minLength : Math.min((schema.maxItems as number | undefined) ?? minLength + 3, minLength + 3);
  const item = valid(items, context);
  if (schema.uniqueItems) return fc.uniqueArray(item, { minLength, maxLength, selector: (value) => JSON.stringify(value) });
  return fc.array(item, { minLength, maxLength });
}

/** An entry schema whose `field` is always there and never blank (`nonBlank`, a keyword of this module). */
function withNonBlank(items: Schema, field: string): Schema {
  const property = ((items.properties as Record<string, Schema>) ?? {})[field] ?? {};
  const filled: Schema = { minLength: Math.max((property.minLength as number | undefined) ?? 0, 1), nonBlank: true };
  return merge(items, { properties: { [field]: filled }, required: [field] });
}

function validObject(schema: Schema, context: Context): fc.Arbitrary<Record<string, unknown>> {
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const properties = (schema.properties as Record<string, Schema> | undefined) ?? {};
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) {
    // A value the server writes (readOnly) is left out unless the schema requires it.
    if (!required.has(name) && (property.readOnly === true || context.depth > MAX_DEPTH)) continue;
    model[name] = valid(property, context);
  }
  for (const name of required) model[name] ??= anyJsonScalar();
  return fc.record(model, { requiredKeys: [...required] });
}

// ---------------------------------------------------------------------------------------------------------------
// Hostile values

const SQL_FRAGMENTS = [
  "' OR '1'='1",
  "'; DROP TABLE cases; --",
  "1; SELECT pg_sleep(10) --",
  "' UNION SELECT \"PasswordHash\" FROM users --",
  '" OR ""="',
  '%',
  '_',
  '%_%\\',
  '\\',
  "\\'",
  '$1',
  "E'\\x00'",
  "'::int",
  '); COMMIT; --',
  '*/ /*',
];
const SCRIPT_FRAGMENTS = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  "{{constructor.constructor('return process')()}}",
  '${process.exit()}',
  '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
  ']]><x/>',
  '<xsl:value-of select="system-property(\'xsl:vendor\')"/>',
  "=cmd|' /C calc'!A0",
  '@SUM(1+1)*cmd',
  '</style><svg onload=alert(1)>',
];
const PATH_FRAGMENTS = [
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '/etc/passwd',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '....//....//etc/passwd',
  'file:///etc/passwd',
  'C:\\Windows\\System32\\config',
  '\\\\server\\share\\x',
  '~/.ssh/id_rsa',
  '..',
  '.',
  '/',
  'a/../../b',
  'CON',
  'nul.txt',
  'x.pdf\u0000.exe',
];
const UNICODE_EDGES = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\ud83d\ude00',
  '\u{1F468}\u200d\u{1F469}\u200d\u{1F467}',
  '\u202egnp.exe',
  '\u200b',
  '\ufeff',
  '\u2028\u2029',
  '\ufb03',
  '\u0130',
  'e\u0301\u0301\u0301',
  'Z\u0334\u0321\u032a\u032b\u034e',
  '\uffff',
  '\u0085\u000b\u000c',
  '\r\n',
  '\t',
  '   ',
  '',
  '\uff11\uff12\uff13',
  '\u0663',
  'null',
  'undefined',
  'NaN',
];
const INVALID_DATES = [
  '2024-02-30',
  '2023-02-29',
  '2024-13-01',
  '2024-00-10',
  '2024-1-1',
  '24-01-01',
  '2024/01/01',
  '01/02/2024',
  '2024-01-01T25:00:00Z',
  '2024-01-01T10:61:00Z',
  '2024-01-01T10:00:00+25:00',
  '0000-00-00',
  '+002024-01-01',
  'not a date',
  '2024-01-01\u0000',
  '\uff12\uff10\uff12\uff14-01-01',
];
const EXTREME_DATES = ['0000-01-01', '0001-01-01', '1000-01-01', '1582-10-10', '1900-02-28', '1969-12-31', '1970-01-01', '2000-02-29', '2038-01-19', '9999-12-31'];
const EXTREME_DATE_TIMES = [
  '0000-01-01T00:00:00Z',
  '0001-01-01T00:00:00Z',
  '1969-12-31T23:59:59.999Z',
  '2038-01-19T03:14:08Z',
  '2016-12-31T23:59:60Z',
  '2024-02-29T12:00:00+14:00',
  '2024-02-29T12:00:00-12:00',
  '9999-12-31T23:59:59.999999Z',
];
const EXTREME_NUMBERS = [
  -1,
  0,
  -0,
  0.5,
  1.5,
  -2147483649,
  2147483647,
  2147483648,
  4294967296,
  2 ** 53,
  -(2 ** 53),
  1e21,
  1e308,
  -1e308,
  5e-324,
  99999999999.99,
];
/** Numbers a value cannot hold but JSON text can: JSON.parse reads these as Infinity, -Infinity, 0, and 2^64. */
const RAW_NUMBERS = ['1e999', '-1e999', '1e-999', '18446744073709551616', '0.0000000000000000000000000001', '-0.0'];

const fromPool = (pool: readonly string[]) => fc.constantFrom(...pool);

/** A hostile text: a fragment of the pools, alone, inside ordinary words, or repeated. */
function hostileText(): fc.Arbitrary<string> {
  const fragment = fc.oneof(fromPool(SQL_FRAGMENTS), fromPool(SCRIPT_FRAGMENTS), fromPool(PATH_FRAGMENTS), fromPool(UNICODE_EDGES));
  return fc.oneof(
    { weight: 3, arbitrary: fragment },
    { weight: 2, arbitrary: fc.tuple(fc.string({ maxLength: 8 }), fragment, fc.string({ maxLength: 8 })).map(([a, b, c]) => `${a}${b}${c}`) },
    { weight: 1, arbitrary: fc.tuple(fragment, fc.integer({ min: 2, max: 50 })).map(([text, times]) => text.repeat(times)) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  );
}

/** A string far past any limit: a little over it, or up to a megabyte. */
function hugeString(maxLength: number | undefined): fc.Arbitrary<string> {
  const sizes = [...(maxLength !== undefined ? [maxLength + 1, maxLength + 17] : []), 5_000, 70_000, 1_048_577];
  return fc.tuple(fc.constantFrom(...sizes), fc.constantFrom('x', '\u00e9', '\ud83d\ude00', "'", '\u0000', ' ')).map(([size, unit]) => unit.repeat(size));
}

/** Nesting deeper than any schema: arrays or objects, as JSON text (a value this deep could not be written out). */
function deepNesting(): fc.Arbitrary<RawJson> {
  return fc.tuple(fc.constantFrom(32, 512, 5_000, 100_000), fc.boolean()).map(
    ([depth, arrays]) => new RawJson(arrays ? `${'['.repeat(depth)}1${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
  );
}

/** A value of any JSON type, hostile where it can be. */
function hostileAny(): fc.Arbitrary<unknown> {
  return fc.oneof(
    hostileText(),
    fc.constantFrom<unknown>(...EXTREME_NUMBERS, true, false, null, [], {}, [null], ['1'], { '': '' }),
    fromPool(RAW_NUMBERS).map((text) => new RawJson(text)),
    deepNesting(),
    fc.constantFrom(new RawJson('{"__proto__":{"isAdmin":true}}'), new RawJson('{"constructor":{"prototype":{"isAdmin":true}}}'), new RawJson('{"a":1,"a":[2]}')),
    fc.jsonValue({ maxDepth: 3 }),
  );
}

/** A value of another type than the schema allows. */
function wrongType(types: string[]): fc.Arbitrary<unknown> {
  const candidates: [string, fc.Arbitrary<unknown>][] = [
    ['string', fc.oneof(fc.constantFrom('1', '0', 'true', 'null', '[]', '{}', '2024-01-01'), hostileText())],
    ['integer', fc.constantFrom(1, 0, -1, 2147483648)],
    ['number', fc.constantFrom(1.5, -0.5)],
    ['boolean', fc.boolean()],
    ['null', fc.constant(null)],
    ['array', fc.constantFrom<unknown[]>([], [1], ['x'], [null], [{}])],
    ['object', fc.constantFrom<object>({}, { Id: 1 }, { '': null })],
  ];
  const allowed = new Set(types.flatMap((type) => (type === 'number' ? ['number', 'integer'] : [type])));
  const others = candidates.filter(([type]) => !allowed.has(type)).map(([, arbitrary]) => arbitrary);
  return others.length ? fc.oneof(...others) : hostileAny();
}

/** How often a part of a value is malformed (out of 100); the rest stays valid so the request reaches further. */
const MALFORMED_PERCENT = 6;

function hostile(schema: Schema | boolean, context: Context): fc.Arbitrary<unknown> {
  if (typeof schema === 'boolean') return schema ? fc.oneof(hostileAny(), anyJsonScalar()) : hostileAny();
  const [node, here] = flatten(schema, context);
  const types = typesOf(node);
  const ways: { weight: number; arbitrary: fc.Arbitrary<unknown> }[] = [];
  const add = (weight: number, arbitrary: fc.Arbitrary<unknown>) => ways.push({ weight, arbitrary });
  add(3, wrongType(types));
  add(1, hostileAny());
  if ('const' in node || Array.isArray(node.enum)) add(3, fc.oneof(hostileText(), fc.constantFrom<unknown>('', 0, -1, 'Other')));
  if (types.includes('string')) {
    add(6, hostileText());
    add(2, hugeString(node.maxLength as number | undefined));
    if (node.format === 'date' || node.format === 'date-time' || /date/i.test(String(node.title ?? ''))) {
      add(6, fc.oneof(fromPool(INVALID_DATES), fromPool(node.format === 'date-time' ? EXTREME_DATE_TIMES : EXTREME_DATES)));
    }
  }
  if (types.includes('integer') || types.includes('number')) {
    const edges: number[] = [];
    for (const key of ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'] as const) {
      if (typeof node[key] === 'number') edges.push((node[key] as number) - 1, node[key] as number, (node[key] as number) + 1, (node[key] as number) + 0.5);
    }
    add(6, fc.constantFrom(...EXTREME_NUMBERS, ...edges));
    add(1, fromPool(RAW_NUMBERS).map((text) => new RawJson(text)));
  }
  if (types.includes('array')) {
    add(2, deepNesting());
    const maxItems = node.maxItems as number | undefined;
    if (maxItems !== undefined) add(2, fc.constant(Array.from({ length: maxItems + 1 }, (_, i) => i + 1)));
    add(1, fc.constant(Array.from({ length: 20_000 }, (_, i) => i)));
  }
  if (types.includes('object')) add(2, deepNesting());
  const malformed = fc.oneof(...ways);

  // Containers: mostly a valid shape whose parts are themselves hostile now and then.
  const inner: fc.Arbitrary<unknown>[] = [];
  if (here.depth <= MAX_DEPTH) {
    const deeper = { ...here, depth: here.depth + 1 };
    if (types.includes('object')) inner.push(hostileObject(node, deeper));
    if (types.includes('array')) inner.push(hostileArray(node, deeper));
    const branches = (node.oneOf ?? node.anyOf) as Schema[] | undefined;
    if (branches) inner.push(...branches.map((branch) => hostile(merge(without(node, 'oneOf', 'anyOf'), branch), here)));
  }
  const fine = valid(node, here);
  return fc.oneof(
    { weight: MALFORMED_PERCENT, arbitrary: malformed },
    ...(inner.length ? [{ weight: 100 - MALFORMED_PERCENT, arbitrary: fc.oneof(...inner) }] : [{ weight: 100 - MALFORMED_PERCENT, arbitrary: fine }]),
  );
}

/** Names of fields no schema declares, and of JavaScript's own properties. */
const EXTRA_NAMES = ['Extra', 'Id', 'IsAdmin', 'Permissions', 'toString', 'hasOwnProperty', 'constructor', 'prototype', '__defineGetter__', '', ' ', '\u0000', '$where', '@type', 'a.b', 'a[0]'];

/** The arbitrary's value one time in ten, else null. */
const rarely = <T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T | null> => fc.oneof({ weight: 9, arbitrary: fc.constant(null) }, { weight: 1, arbitrary });

function hostileObject(schema: Schema, context: Context): fc.Arbitrary<unknown> {
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const properties = (schema.properties as Record<string, Schema> | undefined) ?? {};
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) {
    if (property.readOnly === true && !required.has(name)) continue;
    model[name] = hostile(property, context);
  }
  for (const name of required) model[name] ??= hostileAny();
  const names = Object.keys(model);
  return fc
    .tuple(
      fc.record(model, { requiredKeys: [...required] }),
      // Now and then a required field is left out, and fields nobody declared are added.
      rarely(fc.constantFrom(...(required.size ? [...required] : ['-']))),
      rarely(fc.dictionary(fc.oneof(fromPool(EXTRA_NAMES), fc.string({ maxLength: 12 })), hostileAny(), { minKeys: 1, maxKeys: 3 })),
    )
    .map(([record, drop, extra]) => {
      const value: Record<string, unknown> = { ...record };
      if (drop !== null) delete value[drop];
      if (extra) for (const [key, entry] of Object.entries(extra)) if (!names.includes(key)) Object.defineProperty(value, key, { value: entry, enumerable: true, writable: true, configurable: true });
      return value;
    });
}

function hostileArray(schema: Schema, context: Context): fc.Arbitrary<unknown> {
  const items = (schema.items as Schema | boolean | undefined) ?? true;
  const minLength = (schema.minItems as number | undefined) ?? 0;
  const maxLength = Math.min((schema.maxItems as number | undefined) ?? minLength + 3, minLength + 3);
  return fc.array(hostile(items, context), { minLength: Math.max(0, minLength - 1), maxLength });
}
