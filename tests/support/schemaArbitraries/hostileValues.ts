import fc from 'fast-check';
import { RawJson } from './rawJson.js';
import { flatten, MAX_DEPTH, merge, typesOf, without, type Context, type Schema } from './schemaTree.js';
import { anyJsonScalar, valid } from './validValues.js';
import {
  EXTRA_NAMES,
  EXTREME_DATE_TIMES,
  EXTREME_DATES,
  EXTREME_NUMBERS,
  INVALID_DATES,
  PATH_FRAGMENTS,
  RAW_NUMBERS,
  SCRIPT_FRAGMENTS,
  SQL_FRAGMENTS,
  UNICODE_EDGES,
} from './hostilePools.js';

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
export function hostileAny(): fc.Arbitrary<unknown> {
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

/** A value mostly valid, with malformed parts among the valid ones, so that a request gets past the first check. */
export function hostile(schema: Schema | boolean, context: Context): fc.Arbitrary<unknown> {
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
