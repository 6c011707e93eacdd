import type { ErrorSchema, RJSFValidationError, UiSchema } from '@rjsf/utils';
import type { ObjectSchema, PropertySchema } from '../../schemas/index.js';
import { validationMessage } from '../../shared/validationMessages.js';

/** The part of an entity schema a form edits: the listed fields, in order, with their required flags. */
export function formSchemaOf(schema: ObjectSchema, fields: readonly string[]): ObjectSchema {
  const properties = Object.fromEntries(fields.map((f) => [f, schema.properties[f]]).filter(([, p]) => p));
  return {
    type: 'object',
    title: undefined,
    properties,
    required: (schema.required ?? []).filter((r) => fields.includes(r)),
  };
}

/** Widgets and hints from the schema's `x-lookup` and `x-ui` keywords. */
export function uiSchemaOf(schema: ObjectSchema): UiSchema {
  const ui: UiSchema = { 'ui:order': Object.keys(schema.properties), 'ui:submitButtonOptions': { norender: true } };
  for (const [name, property] of Object.entries(schema.properties)) {
    const entry: UiSchema = {};
    if (property['x-lookup']) entry['ui:widget'] = 'lookup';
    if (property['x-ui']?.widget) entry['ui:widget'] = property['x-ui'].widget;
    if (property['x-ui']?.placeholder) entry['ui:placeholder'] = property['x-ui'].placeholder;
    if (Object.keys(entry).length) ui[name] = entry;
  }
  return ui;
}

/** Server ModelState (`{ 'Emails[0].Address': [...] }`) as RJSF's nested error schema. */
export function modelStateToErrorSchema(modelState: Record<string, string[]> | undefined): ErrorSchema {
  const root: Record<string, unknown> = {};
  for (const [path, messages] of Object.entries(modelState ?? {})) {
    const parts = path.replace(/\[(\d+)\]/g, '.$1').split('.').filter(Boolean);
    let node = root;
    for (const part of parts) node = (node[part] ??= {}) as Record<string, unknown>;
    node.__errors = [...((node.__errors as string[]) ?? []), ...messages];
  }
  return root as ErrorSchema;
}

function propertyAt(schema: ObjectSchema, path: string[]): PropertySchema | undefined {
  let node: unknown = schema;
  for (const part of path) {
    const current = node as { properties?: Record<string, unknown>; items?: unknown };
    node = /^\d+$/.test(part) ? current.items : current.properties?.[part];
    if (!node) return undefined;
  }
  return node as PropertySchema;
}

/** Rewrites RJSF's validation messages in the product's wording (the same as the server's ModelState). */
export function productErrors(schema: ObjectSchema) {
  return (errors: RJSFValidationError[]): RJSFValidationError[] =>
    errors.map((error) => {
      const params = (error.params ?? {}) as Record<string, unknown>;
      const path = (error.property ?? '').split('.').filter(Boolean);
      const field = error.name === 'required' ? [...path.filter((p) => p !== String(params.missingProperty)), String(params.missingProperty)] : path;
      const property = propertyAt(schema, field);
      const message = validationMessage(error.name ?? '', params, property, field[field.length - 1] ?? '');
      return { ...error, message, stack: message };
    });
}

/**
 * rjsf's `onError` for the product's forms, which show every validation message beside its field. Without an
 * `onError` rjsf also logs each refused submit with console.error("Form validation failed"): a person's input to
 * correct, not a fault of the app, so only that log goes.
 */
export const errorsShownAtFields = (): void => undefined;
