/**
 * A schema that extends another: `"x-extends": "item.json"` at its top says it is the base schema's record with more
 * said of it, so the base's fields are written once. `extendedSchema` composes the two into one plain schema (draft
 * 2020-12, closed as the extension says), which is what every reader gets: the validator, the serializer, the OpenAPI
 * description (schemas/index.ts composes it before listing it) and the type generator (scripts/generateSchemaTypes.ts).
 *
 * Why not `allOf: [{ "$ref": "item.json" }, …]`: the base is closed (`additionalProperties: false`, the write's rule),
 * so in JSON Schema the base alone refuses the extension's fields (and a validator that removes what a schema closes
 * its object to would strip them); a composition at load time has no such catch.
 *
 * How they compose: the base's keywords, with the extension's over them; `properties` are merged by name, the
 * base's in their order, then the extension's new ones, and a property both declare is composed the same way (the
 * extension's keywords over the base's, their `properties` merged), so an extension states only what it adds or
 * tightens (`required`, a type without null, a field of a nested object); `$defs` are merged by name.
 */

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

function merged(base: Node, own: Node): Node {
  const out: Node = { ...base, ...own };
  if (isNode(base.properties) && isNode(own.properties)) {
    const properties: Node = {};
    for (const [name, part] of Object.entries(base.properties)) {
      const added = own.properties[name];
      properties[name] = isNode(part) && isNode(added) ? merged(part, added) : (added ?? part);
    }
    for (const [name, part] of Object.entries(own.properties)) if (!(name in properties)) properties[name] = part;
    out.properties = properties;
  }
  if (isNode(base.$defs) && isNode(own.$defs)) out.$defs = { ...base.$defs, ...own.$defs };
  return out;
}

/** The base schema a schema extends (its `x-extends`, a schema's `$id`), or undefined when it extends none. */
export const baseOf = (schema: object): string | undefined => {
  const base = (schema as Node)['x-extends'];
  return typeof base === 'string' ? base : undefined;
};

/**
 * The schema `own` composed with the schema it extends (`base`, whose `$id` its `x-extends` names), without the
 * `x-extends` keyword; fails when `base` is not the schema named.
 */
export function extendedSchema(own: object, base: object): Node {
  const { 'x-extends': named, ...rest } = own as Node;
  const baseId = (base as Node).$id;
  if (named !== baseId) throw new Error(`${String(rest.$id)} extends ${String(named)}, not ${String(baseId)}`);
  return merged(base as Node, rest);
}
