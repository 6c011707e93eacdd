import { ALL_SCHEMAS, type ObjectSchema } from '../../schemas/index.js';

/** A property of a record schema as its answer schema reads it: its type and, for objects and lists, their shapes. */
interface AnswerPart {
  type?: string | string[];
  properties?: Record<string, AnswerPart>;
  items?: AnswerPart;
  additionalProperties?: boolean | object;
  $ref?: string;
}

type RootSchema = ObjectSchema & { $defs?: Record<string, AnswerPart> };

/**
 * Where a part's `$ref` leads, with the schema its own references are read in: a definition of the same schema, or
 * (by `$id`) another schema of schemas/.
 */
function resolved(part: AnswerPart, root: RootSchema): { part: AnswerPart; root: RootSchema } | null {
  if (!part.$ref) return { part, root };
  const local = /^#\/\$defs\/(.+)$/.exec(part.$ref);
  if (local) return root.$defs?.[local[1]] ? { part: root.$defs[local[1]], root } : null;
  const other = ALL_SCHEMAS.find((schema) => (schema as { $id?: string }).$id === part.$ref) as RootSchema | undefined;
  return other ? { part: other as AnswerPart, root: other } : null;
}

/**
 * The answer schema of one property: its type (a text also null with `nullableTexts`); an object with the fields its
 * schema names, and no others unless the schema opens it; a list with its items' shape. Validation keywords (lengths,
 * patterns, enums, formats) are for what is written, not what is answered, and are left out. A part that declares
 * no type (inside an object or a list) may be any JSON; a record's own field without one is a text, as before.
 */
function answerPart(declared: AnswerPart, declaredIn: RootSchema, nullableTexts: boolean, nested: boolean): object {
  const found = resolved(declared, declaredIn);
  if (!found) return {};
  const { part: property, root } = found;
  if (property.type === undefined && !property.properties && nested) return {};
  const types = ([] as string[]).concat(property.type ?? (property.properties ? 'object' : 'string'));
  if (nullableTexts && types.includes('string') && !types.includes('null')) types.push('null');
  if (types.includes('object')) {
    const properties = property.properties
      ? Object.fromEntries(Object.entries(property.properties).map(([name, part]) => [name, answerPart(part, root, nullableTexts, true)]))
      : undefined;
    // A nested record that names its fields answers those (unless its schema opens it); one that names none, anything.
    return { type: types, ...(properties ? { properties } : {}), additionalProperties: property.additionalProperties ?? !properties };
  }
  if (types.includes('array') && property.items) return { type: types, items: answerPart(property.items, root, nullableTexts, true) };
  return { type: types };
}

/**
 * The answer schema of a record: every property of its schema, with the shapes of its nested objects and lists as
 * the schema declares them (a nested object the schema leaves open stays open). `nullableTexts`: a text may also be
 * null, as a row stored before its field became required holds it (the serializer would otherwise answer an empty
 * text that was never stored).
 */
export function recordResponseSchema(schema: ObjectSchema, { nullableTexts = false } = {}) {
  const properties = Object.fromEntries(Object.entries(schema.properties).map(([name, property]) => [name, answerPart(property as AnswerPart, schema, nullableTexts, false)]));
  return { type: 'object', properties, additionalProperties: false };
}

/**
 * The answer schema of an operation that names a product schema by its `$id`: a record schema is answered as
 * `recordResponseSchema` shapes it, its texts nullable (an operation answers rows as stored); any other (a map, a
 * list) by reference.
 */
export function answerSchemaOf(id: string): object {
  const schema = ALL_SCHEMAS.find((s) => (s as { $id?: string }).$id === id) as Partial<ObjectSchema> | undefined;
  if (!schema) throw new Error(`No schema ${id} in schemas/index.ts`);
  return schema.properties ? recordResponseSchema(schema as ObjectSchema, { nullableTexts: true }) : { $ref: id };
}
