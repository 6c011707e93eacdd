import { ALL_SCHEMAS } from '../../../schemas/index.js';

// The schemas the arbitraries read, as a generator needs them: `$ref` resolved (by `$id` among the product's schemas
// and those a test adds, or within the same schema), unconditional `allOf` folded in, simple conditions as branches.

export type Schema = { [keyword: string]: unknown };

export interface SchemaArbitraryOptions {
  /** Schemas a `$ref` may name by `$id`, beside the product's. */
  schemas?: readonly object[];
}

export interface Context {
  /** The schema document `#/…` references point into. */
  root: Schema;
  byId: ReadonlyMap<string, Schema>;
  depth: number;
}

/**
 * Past this depth of nested schemas a value stops growing: objects keep their required properties only, arrays their
 * fewest items (a section template's field may hold a template of fields, which may hold one again).
 */
export const MAX_DEPTH = 6;

export function rootContext(schema: object, options: SchemaArbitraryOptions): Context {
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
export function merge(a: Schema, b: Schema): Schema {
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
export function flatten(schema: Schema, context: Context): [Schema, Context] {
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
export function conditionBranches(condition: Schema): { holds: Schema; fails: Schema } | null {
  const properties = Object.entries((condition.if as Schema).properties ?? {}) as [string, Schema][];
  if (properties.length !== 1 || !('const' in properties[0][1])) return null;
  const [name, { const: value }] = properties[0];
  const holds = merge({ properties: { [name]: { const: value } }, required: [name] }, (condition.then as Schema | undefined) ?? {});
  const fails = merge({ properties: { [name]: { notConst: [value] } } }, (condition.else as Schema | undefined) ?? {});
  return { holds, fails };
}

/** Whether the constants a condition sets are among the values the schema's properties allow (an enum may leave one out). */
export function canHold(schema: Schema, holds: Schema): boolean {
  const properties = (schema.properties as Record<string, Schema> | undefined) ?? {};
  return Object.entries((holds.properties as Record<string, Schema> | undefined) ?? {}).every(([name, property]) => {
    const allowed = properties[name]?.enum as unknown[] | undefined;
    return !('const' in property) || !allowed || allowed.some((value) => sameJson(value, property.const));
  });
}

/** The schema's allowed types: declared, or read from its keywords. */
export function typesOf(schema: Schema): string[] {
  if (schema.type) return ([] as string[]).concat(schema.type as string | string[]);
  if (schema.properties || schema.required || schema.additionalProperties !== undefined) return ['object'];
  if (schema.items) return ['array'];
  if (schema.minLength !== undefined || schema.maxLength !== undefined || schema.pattern || schema.format) return ['string'];
  if (schema.minimum !== undefined || schema.maximum !== undefined) return ['number'];
  return [];
}

export const without = (schema: Schema, ...keywords: string[]): Schema => Object.fromEntries(Object.entries(schema).filter(([k]) => !keywords.includes(k)));

export const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
