import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { ALL_SCHEMAS, type ObjectSchema, type PropertySchema } from '../../schemas/index.js';
import { makeAjv, toModelState, type ModelState } from '../../shared/schemaValidation.js';
import { dottedPath } from '../../shared/fieldPath.js';

/** One validator for every form: the same schemas, keywords and wording as the server, plus the forms' rules. */
const ajv = makeAjv({ coerceTypes: false, removeAdditional: false, useDefaults: false }, { formRules: true });

type Json = Record<string, unknown>;

/**
 * Form hints of a property (`x-ui`), read by the generic inputs:
 * `hidden` (left out of forms), `widget` ('phone' | 'textarea' | 'text': one line however long | 'money': a
 * number with a $ before it | 'password': typed unseen | 'ssn': a subject's SSN, masked as the server sends it,
 * replaced by typing, revealed on demand to holders of View Full SSN), `width` (laptop columns of 12), `placeholder` (a select's
 * text for no choice, its first option: 'Select a template...'), `emptyValue` (the value that no choice stands for,
 * when it is not empty: an accounting company's '-1'),
 * `createOnly` (written when the record is created, read only afterwards), `notPast` (a date picker without the days
 * before today),
 * `default: 'first'` (a new list entry takes the lookup list's first item),
 * lists of objects: `primary` (the boolean field exactly one entry holds: checking one clears the others, and on
 * save the first entry holds it when none does), `omitBlank` (entries whose field is blank are not sent; the
 * server's `List[i]` messages find their rows again), `edit: 'dialog'` (entries listed in a table of `columns`,
 * each added and edited in a modal); `reference` (ids — numbers or strings — of another declared resource's
 * records: its `resource`, the fields of an option's `label`, the filter a typed text `search`es, and the
 * record's `embedded` copy shown when the list cannot be read; `with`: the list's values taken from the form's other
 * fields — `{ Org_Id: 'Client_Id' }`, the choices wait until that field has a value — and fixed ones in `fixed`;
 * `value`: the record field the choice stands for when it is not the key). One id of a resource paged in the
 * browser is a select of all its records in the list's order; otherwise an autocomplete.
 */
export interface UiHints {
  hidden?: boolean;
  widget?: string;
  placeholder?: string;
  emptyValue?: string | number;
  width?: number;
  createOnly?: boolean;
  /** A date whose picker disables the days before today (the server decides whether a day already held may stay). */
  notPast?: boolean;
  /** A number input's step (an override amount: 0.01). */
  step?: number;
  default?: 'first';
  primary?: string;
  omitBlank?: string;
  edit?: 'dialog';
  columns?: string[];
  reference?: { resource: string; label?: string[]; search?: string; embedded?: string; with?: Record<string, string>; fixed?: Record<string, string | number | boolean>; value?: string };
}

/** A property as the generic form reads it, with the keywords our schemas add. */
export type FormProperty = PropertySchema & {
  items?: ObjectSchema | PropertySchema;
  minItems?: number;
  'x-minFilled'?: { count?: number; field?: string };
  'x-notFuture'?: boolean;
};

export const hintsOf = (property: PropertySchema | undefined): UiHints => (property?.['x-ui'] ?? {}) as UiHints;
export const typesOf = (property: PropertySchema) => ([] as string[]).concat(property.type ?? 'string');
export const allows = (property: PropertySchema, type: string) => typesOf(property).includes(type);
/** The schema of a list's entries when they are objects. */
export const entrySchemaOf = (property: PropertySchema): ObjectSchema | undefined => {
  const items = (property as FormProperty).items as ObjectSchema | undefined;
  return items?.properties ? items : undefined;
};

const byId = new Map(ALL_SCHEMAS.map((schema) => [(schema as Json).$id as string, schema as Json]));

function pointer(root: Json, fragment: string): Json {
  const found = fragment
    .split('/')
    .filter(Boolean)
    .reduce<unknown>((node, key) => (node as Json | undefined)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], root);
  if (!found || typeof found !== 'object') throw new Error(`No schema at #${fragment}`);
  return found as Json;
}

/** Siblings of a `$ref` over what it points at: properties merged one by one, `required` joined. */
function merge(target: Json, over: Json): Json {
  const out: Json = { ...target, ...over };
  if (target.properties || over.properties) {
    const base = (target.properties ?? {}) as Record<string, Json>;
    const extra = (over.properties ?? {}) as Record<string, Json>;
    out.properties = Object.fromEntries(
      [...new Set([...Object.keys(base), ...Object.keys(extra)])].map((name) => [
        name,
        { ...base[name], ...extra[name], 'x-messages': { ...(base[name]?.['x-messages'] as Json), ...(extra[name]?.['x-messages'] as Json) } },
      ]),
    );
  }
  if (target.required || over.required) out.required = [...new Set([...((target.required as string[]) ?? []), ...((over.required as string[]) ?? [])])];
  return out;
}

function inline(node: unknown, root: Json): unknown {
  if (Array.isArray(node)) return node.map((item) => inline(item, root));
  if (!node || typeof node !== 'object') return node;
  const { $ref, $id: _id, $schema: _schema, $defs: _defs, ...rest } = node as Json;
  const own = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, inline(value, root)]));
  if (typeof $ref !== 'string') return own;
  const [uri, fragment = ''] = $ref.split('#');
  const base = uri ? byId.get(uri) : root;
  if (!base) throw new Error(`No schema ${uri}`);
  return merge(inline(pointer(base, fragment), base) as Json, own);
}

/** A schema of the product by its `$id` ('userCreate.json'). */
export function schemaById(id: string): ObjectSchema | undefined {
  return byId.get(id) as ObjectSchema | undefined;
}

const inlined = new WeakMap<object, ObjectSchema>();

/** A schema with every `$ref` replaced by what it points at (`user.json#/$defs/Email`, `#/$defs/Email`, a root `$ref`). */
export function inlineSchema(schema: ObjectSchema): ObjectSchema {
  let out = inlined.get(schema);
  if (!out) {
    out = inline(schema, schema as unknown as Json) as ObjectSchema;
    inlined.set(schema, out);
  }
  return out;
}

/** The part of an entity schema a form edits: the listed fields, in order, with their required flags. */
export function formSchemaOf(schema: ObjectSchema, fields: readonly string[]): ObjectSchema {
  const full = inlineSchema(schema);
  const properties = Object.fromEntries(fields.map((f) => [f, full.properties[f]]).filter(([, p]) => p));
  return { type: 'object', properties, required: (full.required ?? []).filter((r) => fields.includes(r)) };
}

/** A value as the schema should see it: a cleared field (empty text, or null where null is not allowed) left out. */
function cleanValue(property: PropertySchema, value: unknown): unknown {
  const entries = entrySchemaOf(property);
  if (entries && Array.isArray(value)) return value.map((entry) => (entry && typeof entry === 'object' ? cleanObject(entries, entry as Json) : entry));
  if (value === '' || value === null) return allows(property, 'null') ? null : undefined;
  return value;
}

function cleanObject(schema: ObjectSchema, values: Json): Json {
  const out: Json = {};
  for (const [name, property] of Object.entries(schema.properties)) {
    const value = values[name] === undefined ? undefined : cleanValue(property, values[name]);
    if (value !== undefined) out[name] = value;
  }
  return out;
}

/**
 * The form's values as the schema should see them: only its fields (in list entries too), and a cleared field
 * left out, so a required field reports "… is required." rather than a type error.
 */
export function formValues(schema: ObjectSchema, values: Record<string, unknown>): Record<string, unknown> {
  return cleanObject(schema, values);
}

/** Errors in the shape react-admin forms take: `{ 'Emails.0.Address': 'message' }`. */
export function toFormErrors(modelState: ModelState): Record<string, string> {
  return Object.fromEntries(Object.entries(modelState).map(([field, messages]) => [dottedPath(field), messages.join(' ')]));
}

const compiled = new WeakMap<object, ReturnType<typeof ajv.compile>>();
function validatorOf(schema: ObjectSchema) {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate;
}

/** Every message of the schema for the values, keyed `Emails.0.Address`; empty when they are valid. */
export function validateBySchema(schema: ObjectSchema, values: Record<string, unknown>): Record<string, string> {
  const validate = validatorOf(schema);
  if (validate(formValues(schema, values))) return {};
  return toFormErrors(toModelState(validate.errors ?? []));
}

/** A react-admin form validator from a JSON Schema: every field's message at once, in the server's words. */
export function schemaValidator(schema: ObjectSchema) {
  return (values: Record<string, unknown>): Record<string, string> => validateBySchema(schema, values);
}

/** Sets `value` at a dotted path, making objects and arrays on the way (`Emails.0.Address`). */
function setAt(target: Json, path: string, value: unknown) {
  const keys = path.split('.');
  let node = target;
  keys.slice(0, -1).forEach((key, i) => {
    if (!node[key] || typeof node[key] !== 'object') node[key] = /^\d+$/.test(keys[i + 1]) ? [] : {};
    node = node[key] as Json;
  });
  node[keys[keys.length - 1]] = value;
}

/** Flat `{ 'Emails.0.Address': message }` errors as react-hook-form keeps them (a list's own message beside its entries'). */
export function nestedErrors(errors: Record<string, string>): FieldErrors {
  const out: Json = {};
  for (const path of Object.keys(errors).sort((a, b) => a.split('.').length - b.split('.').length)) {
    setAt(out, path, { type: 'schema', message: errors[path] });
  }
  return out as FieldErrors;
}

/**
 * A react-hook-form resolver from a JSON Schema (react-admin's `Form resolver`). It validates what the form would
 * send (`formBody`: blank entries left out, one primary), with messages on the rows they came from; the schema is
 * asked for on each validation, so a form whose shown sections change validates what it shows; errors nest like
 * the values (`Emails.0.Address`), so a corrected entry clears its own message.
 */
export function schemaResolver(schemaNow: () => ObjectSchema): Resolver<FieldValues> {
  return (values) => {
    const schema = schemaNow();
    const { body, rows } = formBody(schema, Object.keys(schema.properties), values);
    const errors = errorsOnRows(validateBySchema(schema, body), rows);
    return Object.keys(errors).length ? { values: {}, errors: nestedErrors(errors) } : { values, errors: {} };
  };
}

const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** A list's entries as sent: blank ones left out (`omitBlank`), exactly one primary, only the entry schema's fields. */
function listBody(property: PropertySchema, value: unknown): { entries: unknown[]; rows: number[] } {
  const entries = Array.isArray(value) ? value : [];
  const schema = entrySchemaOf(property);
  const { omitBlank, primary } = hintsOf(property);
  const rows = entries.map((_e, i) => i).filter((i) => !omitBlank || !blank((entries[i] as Json)?.[omitBlank]));
  let sent = rows.map((i) => (schema ? cleanSent(schema, entries[i] as Json) : entries[i]));
  if (primary && sent.length) {
    const flagged = Math.max(0, sent.findIndex((e) => (e as Json)[primary] === true));
    sent = sent.map((e, i) => ({ ...(e as Json), [primary]: i === flagged }));
  }
  return { entries: sent, rows };
}

/** An entry's fields as sent: the schema's properties that have a value, a cleared text as null where allowed. */
function cleanSent(schema: ObjectSchema, values: Json): Json {
  const out: Json = {};
  for (const [name, property] of Object.entries(schema.properties)) {
    const value = values?.[name];
    if (value === undefined) continue;
    out[name] = value === '' && allows(property, 'null') ? null : value;
  }
  return out;
}

/**
 * What a form sends of its values: the given fields; a list shaped by its `x-ui` hints; a cleared or untouched
 * field as null where the schema allows null, an untouched list as []. `rows` maps each sent list entry back to
 * the row it came from, for the server's messages.
 */
export function formBody(schema: ObjectSchema, fields: readonly string[], values: Json): { body: Json; rows: Record<string, number[]> } {
  const body: Json = {};
  const rows: Record<string, number[]> = {};
  for (const field of fields) {
    const property = schema.properties[field];
    if (!property) continue;
    const value = values[field];
    if (allows(property, 'array') && entrySchemaOf(property)) {
      const shaped = listBody(property, value);
      body[field] = shaped.entries;
      rows[field] = shaped.rows;
    } else if (value === undefined || value === '' || value === null) {
      if (allows(property, 'null')) body[field] = null;
      else if (allows(property, 'array')) body[field] = [];
      else if (value !== undefined) body[field] = value;
    } else body[field] = value;
  }
  return { body, rows };
}

/** The server's `List.i.Field` messages moved back to the rows the sent entries came from. */
export function errorsOnRows(errors: Record<string, string>, rows: Record<string, number[]>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors).map(([path, message]) => {
      const [field, index, ...rest] = path.split('.');
      const row = rows[field]?.[Number(index)];
      return [row === undefined || !/^\d+$/.test(index ?? '') ? path : [field, row, ...rest].join('.'), message];
    }),
  );
}

const LONG_TEXT = 250;

/** A text written over several lines: a textarea by its hint, or a text longer than 250 characters unless hinted plain. */
export function isLongText(property: FormProperty): boolean {
  const hints = hintsOf(property);
  return hints.widget === 'textarea' || (hints.widget !== 'text' && (property.maxLength ?? 0) > LONG_TEXT);
}

/** The laptop width (of 12 columns) an input takes: the schema's `x-ui.width`, else full for lists and long texts. */
export function widthOf(property: PropertySchema | undefined): number {
  if (!property) return 12;
  const hints = hintsOf(property);
  if (hints.width) return hints.width;
  const kind = typesOf(property);
  if (kind.includes('array') && entrySchemaOf(property)) return 12;
  if (isLongText(property)) return 12;
  if (kind.includes('array')) return 6;
  return 4;
}
