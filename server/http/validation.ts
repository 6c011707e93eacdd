import Ajv2020, { type ErrorObject, type Options } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import { ALL_SCHEMAS, SCHEMA_KEYWORDS } from '../../schemas/index.js';
import type { ModelState } from './errors.js';
import { validationMessage, type PropertyForMessage } from '../../shared/validationMessages.js';

/**
 * JSON Schema validation (draft 2020-12) for every route. Bodies are validated strictly (no type coercion: the
 * client sends numbers as numbers); params and query strings are coerced from text. All errors are collected so
 * the client gets every field's message in one ModelState.
 */
function makeAjv(options: Options) {
  const ajv = new Ajv2020({
    allErrors: true,
    verbose: true,
    useDefaults: true,
    removeAdditional: true,
    strictTypes: false,
    strictRequired: false,
    ...options,
  });
  addFormats(ajv);
  for (const keyword of SCHEMA_KEYWORDS) ajv.addKeyword(keyword);
  for (const schema of ALL_SCHEMAS) ajv.addSchema(schema);
  return ajv;
}

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

interface SchemaNode extends PropertyForMessage {
  properties?: Record<string, SchemaNode>;
}

/** `/Emails/0/Address` → `Emails[0].Address` */
function fieldPath(instancePath: string, extra?: string): string {
  const parts = instancePath.split('/').filter(Boolean);
  if (extra) parts.push(extra);
  return parts.reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), '');
}

const lastName = (field: string) => field.split('.').pop()?.replace(/\[\d+\]$/, '') ?? '';

function describe(error: ErrorObject): { field: string; message: string } {
  const parent = (error.parentSchema ?? {}) as SchemaNode;
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required') {
    const missing = String(params.missingProperty);
    return {
      field: fieldPath(error.instancePath, missing),
      message: validationMessage('required', params, parent.properties?.[missing], missing),
    };
  }
  if (error.keyword === 'additionalProperties') {
    return { field: fieldPath(error.instancePath, String(params.additionalProperty)), message: validationMessage(error.keyword, params, undefined, '') };
  }
  const field = fieldPath(error.instancePath);
  return { field, message: validationMessage(error.keyword, params, parent, lastName(field)) };
}

/** Turns Ajv errors into `{ Field: [messages] }`, one entry per field, duplicates removed. */
export function toModelState(errors: readonly ErrorObject[]): ModelState {
  const state: ModelState = {};
  for (const error of errors) {
    if (error.keyword === 'if' || error.keyword === 'anyOf' || error.keyword === 'oneOf') continue;
    const { field, message } = describe(error);
    const key = field || 'Body';
    const list = (state[key] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  if (Object.keys(state).length === 0 && errors.length > 0) state.Body = ['The request is invalid.'];
  return state;
}
