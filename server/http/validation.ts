import type { FastifySchemaCompiler } from 'fastify';
import { makeAjv, toModelState } from '../../shared/schemaValidation.js';
import type { ModelState } from './errors.js';

export { toModelState };

/**
 * JSON Schema validation for every route (shared/schemaValidation.ts, the same as the client's forms). Bodies are
 * validated strictly (no type coercion: the client sends numbers as numbers); params and query strings are coerced
 * from text.
 */
const bodyAjv = makeAjv({ coerceTypes: false });
const textAjv = makeAjv({ coerceTypes: 'array' });

export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) =>
  (httpPart === 'body' ? bodyAjv : textAjv).compile(schema);

/** Validates a value against a registered schema (by $id) outside a route, e.g. a JSON text field. */
export function validateAgainst(schemaId: string, value: unknown): ModelState | null {
  const validate = bodyAjv.getSchema(schemaId);
  if (!validate) throw new Error(`Unknown schema ${schemaId}`);
  return validate(value) ? null : toModelState(validate.errors ?? []);
}

/** The schemas registered beyond schemas/index.ts (declared resources from outside it), for the API's description. */
const extraSchemas = new Map<string, { $id?: string }>();
export const registeredSchemas = (): readonly { $id?: string }[] => [...extraSchemas.values()];

/** Makes a schema known to route validation by its $id (a declared resource from outside schemas/index.ts). */
export function registerSchema(schema: { $id?: string }): void {
  if (schema.$id) extraSchemas.set(schema.$id, schema);
  for (const ajv of [bodyAjv, textAjv]) if (schema.$id && !ajv.getSchema(schema.$id)) ajv.addSchema(schema);
}
