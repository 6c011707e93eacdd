import Ajv2020, { type ErrorObject, type Options } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { ALL_SCHEMAS, SCHEMA_KEYWORDS } from '../schemas/index.js';
import { isoDay } from './format.js';
import { UsPhone, validationMessage, type PropertyForMessage } from './validationMessages.js';

/** Messages by field path (`Emails[0].Address`), as the server answers a refused body and forms show it. */
export type ModelState = Record<string, string[]>;

/**
 * Rules that JSON Schema cannot say by itself, written in the schemas beside the other keywords, each worded by the
 * property's `x-messages` under its own name:
 * `x-usPhone: true` — a US phone number (UsPhone; blank is left to `minLength` / `pattern`);
 * `x-notFuture: true` — a date (YYYY-MM-DD…) not after `today`;
 * `x-minFilled: { count, field }` — an array with at least `count` entries whose `field` is not blank.
 * The forms enforce them (`makeAjv(options, { formRules: true })`, today being the browser's day), so a user reads
 * the rule's message before anything is sent; the server enforces them with the record's other rules, on its own
 * day, through `ruleFailures` (server/identity/userInput.ts). Route validation (server/http/validation.ts) takes
 * them as annotations: its validator is compiled once, without the app's clock, and a refusal there would answer
 * these messages before, not with, the rules only the database can check.
 */
export const RULES: Record<string, (rule: unknown, value: unknown, today: string) => boolean> = {
  'x-usPhone': (rule, value) => !rule || typeof value !== 'string' || !value.trim() || UsPhone.isValid(value),
  'x-notFuture': (rule, value, today) => !rule || typeof value !== 'string' || value.slice(0, 10) <= today,
  'x-minFilled': (rule, value) => {
    const { count = 1, field } = (rule ?? {}) as { count?: number; field?: string };
    if (!Array.isArray(value)) return true;
    const filled = value.filter((entry) => {
      const text = field ? (entry as Record<string, unknown> | null)?.[field] : entry;
      return typeof text === 'string' ? text.trim() !== '' : text !== undefined && text !== null;
    });
    return filled.length >= count;
  },
};

/** What the rule keywords' checks read their day from when they are enforced. */
type RuleDay = 'browser' | 'context';

/**
 * JSON Schema validation (draft 2020-12) with the product's schemas and keywords, the same on the server (every
 * route) and in the client's forms, so a user sees the same sentence whichever side catches a mistake. All errors
 * are collected so every field's message arrives at once. The rule keywords (`RULES`) are annotations unless
 * `formRules` (the forms: today is the browser's day) or `ruleDay: 'context'` (today is `this.today` of the call,
 * with `passContext`).
 */
export function makeAjv(options: Options = {}, { formRules = false, ruleDay }: { formRules?: boolean; ruleDay?: RuleDay } = {}) {
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
  // RFC 3339 allows a leap second (23:59:60), which JavaScript cannot read as a Date, and both sides read a date-time
  // as one: such a moment is refused with the format's message rather than failing where it is read.
  const rfc3339 = ajv.formats['date-time'] as { validate: (text: string) => boolean };
  ajv.addFormat('date-time', { type: 'string', validate: (text: string) => rfc3339.validate(text) && !Number.isNaN(Date.parse(text)) });
  for (const keyword of SCHEMA_KEYWORDS) ajv.addKeyword(keyword);
  const day = ruleDay ?? (formRules ? 'browser' : undefined);
  for (const [keyword, check] of Object.entries(RULES)) {
    if (!day) ajv.addKeyword(keyword);
    else {
      ajv.addKeyword({
        keyword,
        schemaType: ['boolean', 'object'],
        validate(this: { today?: string } | undefined, rule: unknown, value: unknown) {
          return check(rule, value, day === 'context' && this?.today ? this.today : isoDay(new Date()));
        },
      });
    }
  }
  for (const schema of ALL_SCHEMAS) ajv.addSchema(schema);
  return ajv;
}

let rulesAjv: ReturnType<typeof makeAjv> | undefined;

/**
 * The failures of a registered schema's rule keywords (`RULES`) alone, for a value that its other keywords already
 * passed: by field path, in the schema's wording, `x-notFuture` against `today` (YYYY-MM-DD, the caller's clock).
 * The value is not changed (no defaults, nothing removed).
 */
export function ruleFailures(schemaId: string, value: unknown, today: string): ModelState {
  rulesAjv ??= makeAjv({ coerceTypes: false, useDefaults: false, removeAdditional: false, passContext: true }, { ruleDay: 'context' });
  const validate = rulesAjv.getSchema(schemaId);
  if (!validate) throw new Error(`Unknown schema ${schemaId}`);
  if (validate.call({ today }, value)) return {};
  return toModelState((validate.errors ?? []).filter((error) => error.keyword in RULES));
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


