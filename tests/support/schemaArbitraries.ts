import fc from 'fast-check';
import { flatten, rootContext, type Schema, type SchemaArbitraryOptions } from './schemaArbitraries/schemaTree.js';
import { valid } from './schemaArbitraries/validValues.js';
import { hostile, hostileAny } from './schemaArbitraries/hostileValues.js';

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
 * The parts are in schemaArbitraries/: schemaTree.ts (resolving `$ref` and `allOf`), validValues.ts, hostileValues.ts
 * with the pools of hostilePools.ts, and rawJson.ts.
 */
export type { Schema, SchemaArbitraryOptions } from './schemaArbitraries/schemaTree.js';
export { jsonText, RawJson } from './schemaArbitraries/rawJson.js';

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
