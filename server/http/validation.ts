import Ajv2020, { type ErrorObject, type Options } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import { ALL_SCHEMAS, SCHEMA_KEYWORDS } from '../../schemas/index.js';
import type { ModelState } from './errors.js';

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

interface SchemaNode {
  title?: string;
  properties?: Record<string, SchemaNode>;
  'x-messages'?: Record<string, string>;
}

/** `/Emails/0/Address` → `Emails[0].Address` */
function fieldPath(instancePath: string, extra?: string): string {
  const parts = instancePath.split('/').filter(Boolean);
  if (extra) parts.push(extra);
  return parts.reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), '');
}

function humanize(name: string): string {
  return name.replace(/_Id$/, '').replace(/([a-z])([A-Z])/g, '$1 $2');
}

function describe(error: ErrorObject): { field: string; message: string } {
  const parent = (error.parentSchema ?? {}) as SchemaNode;
  if (error.keyword === 'required') {
    const missing = (error.params as { missingProperty: string }).missingProperty;
    const property = parent.properties?.[missing] ?? {};
    const label = property.title ?? humanize(missing);
    return {
      field: fieldPath(error.instancePath, missing),
      message: property['x-messages']?.required ?? `${label} is required.`,
    };
  }
  const field = fieldPath(error.instancePath);
  const label = parent.title ?? humanize(field.split('.').pop()?.replace(/\[\d+\]$/, '') || 'Value');
  const custom = parent['x-messages']?.[error.keyword];
  if (custom) return { field, message: custom };
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'minLength':
      return {
        field,
        message: params.limit === 1 ? `${label} is required.` : `${label} must be at least ${params.limit} characters.`,
      };
    case 'maxLength':
      return { field, message: `${label} must be at most ${params.limit} characters.` };
    case 'minimum':
    case 'exclusiveMinimum':
      return { field, message: `${label} must be at least ${params.limit}.` };
    case 'maximum':
    case 'exclusiveMaximum':
      return { field, message: `${label} must be at most ${params.limit}.` };
    case 'type': {
      const type = String(params.type).replace(',null', '');
      const noun = type === 'integer' ? 'a whole number' : type === 'array' ? 'a list' : `a ${type}`;
      return { field, message: `${label} must be ${noun}.` };
    }
    case 'format':
      return { field, message: `${label} must be a valid ${params.format === 'email' ? 'email address' : params.format}.` };
    case 'enum':
      return { field, message: `${label} must be one of: ${(params.allowedValues as unknown[]).join(', ')}.` };
    case 'pattern':
      return { field, message: `${label} is not in the expected format.` };
    case 'minItems':
      return { field, message: `${label} needs at least ${params.limit}.` };
    case 'maxItems':
      return { field, message: `${label} allows at most ${params.limit}.` };
    case 'additionalProperties':
      return { field: fieldPath(error.instancePath, String(params.additionalProperty)), message: 'This field is not allowed.' };
    default:
      return { field, message: `${label} is invalid.` };
  }
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
