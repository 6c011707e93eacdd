import { ALL_SCHEMAS, type ObjectSchema } from '../../schemas/index.js';

/**
 * The answer schema of a record: every property of its schema; nested objects and arrays passed through whole.
 * `nullableTexts`: a text may also be null, as a row stored before its field became required holds it (the
 * serializer would otherwise answer an empty text that was never stored).
 */
export function recordResponseSchema(schema: ObjectSchema, { nullableTexts = false } = {}) {
  const properties: Record<string, object> = {};
  for (const [name, property] of Object.entries(schema.properties)) {
    const types = ([] as string[]).concat(property.type ?? 'string');
    if (nullableTexts && types.includes('string') && !types.includes('null')) types.push('null');
    properties[name] = types.includes('object') ? { type: types, additionalProperties: true } : { type: types };
  }
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
