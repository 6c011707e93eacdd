import fc from 'fast-check';
import { canHold, conditionBranches, flatten, MAX_DEPTH, merge, sameJson, typesOf, without, type Context, type Schema } from './schemaTree.js';

/** Values a schema accepts (and its rule keywords `x-usPhone`, `x-notFuture`, `x-minFilled` too). */
export function valid(schema: Schema | boolean, context: Context): fc.Arbitrary<unknown> {
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

export const anyJsonScalar = () => fc.oneof(fc.string({ maxLength: 20 }), fc.integer({ min: -1000, max: 1000 }), fc.boolean(), fc.constant(null));

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
