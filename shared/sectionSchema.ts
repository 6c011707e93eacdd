import { ADDRESS_PARTS, CURRENT_DATE_VALUE, FIELD_TYPES, normalizeSectionField, type FieldList, type SectionField } from './sections.js';

/**
 * One module turns a section definition (the `fields.field` format) into what a form renderer needs — a JSON
 * Schema, a uiSchema (for @rjsf/mui) and the form data — and turns entered form data back into the definition
 * with values. The section-template builder's preview and the item page render sections through it. Fields are
 * read through normalizeSectionField, so a definition with XML-attribute flags (`"@required": "true"`) renders
 * like one with JSON booleans.
 */

export interface JsonSchemaNode {
  type?: string | string[];
  title?: string;
  description?: string;
  default?: unknown;
  properties?: Record<string, JsonSchemaNode>;
  required?: string[];
  items?: JsonSchemaNode;
  uniqueItems?: boolean;
  minLength?: number;
  pattern?: string;
  'x-messages'?: Record<string, string>;
}

export type UiNode = Record<string, unknown>;

export interface SectionFormModel {
  schema: JsonSchemaNode;
  uiSchema: UiNode;
  formData: Record<string, unknown>;
}

export const PHONE_PATTERN = '^\\d{3}-\\d{3}-\\d{4}$';
export const MULTI_VALUE_SEPARATOR = ', ';

const fieldsOf = (list: FieldList | undefined): SectionField[] => (list?.fields?.field ?? []).map((field) => normalizeSectionField(field));
const isKnownType = (type: string) => (FIELD_TYPES as readonly string[]).includes(type);

function fieldSchema(field: SectionField): { schema: JsonSchemaNode; ui: UiNode } {
  const title = field['@label'];
  const description = field['@instructions'] || undefined;
  const required = field['@required'] === true;
  const requiredMessage = { required: `${title} is required.`, minLength: `${title} is required.` };
  switch (field['@type']) {
    case 'text':
      return { schema: { type: 'string', title, description, ...(required ? { minLength: 1, 'x-messages': requiredMessage } : {}) }, ui: {} };
    case 'textarea':
      return {
        schema: { type: 'string', title, description, ...(required ? { minLength: 1, 'x-messages': requiredMessage } : {}) },
        ui: { 'ui:widget': field['@allowStockPhrases'] ? 'stockPhrases' : 'textarea', 'ui:options': { rows: 4 } },
      };
    case 'checkbox':
      return { schema: { type: 'boolean', title, description, default: field['#text'] === 'true' }, ui: {} };
    case 'phoneNumber':
      return {
        schema: { type: 'string', title, description, pattern: PHONE_PATTERN, 'x-messages': { pattern: `${title} must look like 555-555-5555.`, ...requiredMessage } },
        ui: { 'ui:widget': 'phone' },
      };
    case 'date':
      return {
        schema: { type: 'string', title, description, 'x-messages': requiredMessage },
        ui: {
          'ui:widget': 'sectionDate',
          'ui:options': {
            disableDatesBefore: field['@disableDatesBefore'] || undefined,
            disableDatesBeforeToday: field['@disableDatesBeforeToday'] === true,
            disableDatesAfter: field['@disableDatesAfter'] || undefined,
            disableDatesAfterToday: field['@disableDatesAfterToday'] === true,
            allowCurrent: field['@allowCurrent'] === true,
          },
        },
      };
    case 'address': {
      const parts: Record<string, JsonSchemaNode> = {
        line1: { type: 'string', title: 'Address Line 1' },
        line2: { type: 'string', title: 'Address Line 2' },
        city: { type: 'string', title: 'City' },
        region: { type: 'string', title: 'State' },
        postalCode: { type: 'string', title: 'Postal Code' },
      };
      return {
        schema: { type: 'object', title, description, properties: parts, required: required ? ['line1', 'city', 'region', 'postalCode'] : [] },
        ui: { region: { 'ui:widget': 'lookupShort', 'ui:options': { listType: 'RegionType' } }, 'ui:options': { address: true } },
      };
    }
    case 'list':
      return field['@allowMultiple']
        ? {
            schema: { type: 'array', title, description, items: { type: 'string' }, uniqueItems: true, ...(required ? { 'x-messages': requiredMessage } : {}) },
            ui: { 'ui:widget': 'lookupMulti', 'ui:options': { listType: field['@listType'] } },
          }
        : {
            schema: { type: 'string', title, description, 'x-messages': requiredMessage },
            ui: { 'ui:widget': 'lookupShort', 'ui:options': { listType: field['@listType'] } },
          };
    case 'template': {
      const entry = definitionToSchema(field.Template);
      return {
        schema: { type: 'array', title, description, items: { ...entry.schema, title: undefined } },
        ui: { items: entry.uiSchema, 'ui:options': { orderable: false } },
      };
    }
    default:
      return { schema: { type: 'null', title }, ui: { 'ui:field': 'missingType', 'ui:options': { fieldType: field['@type'] } } };
  }
}

/** The JSON Schema and uiSchema of a definition's fields (recursively for template fields). */
export function definitionToSchema(definition: FieldList | undefined): { schema: JsonSchemaNode; uiSchema: UiNode } {
  const properties: Record<string, JsonSchemaNode> = {};
  const required: string[] = [];
  const uiSchema: UiNode = { 'ui:order': [] as string[] };
  for (const field of fieldsOf(definition)) {
    const name = field['@name'];
    if (!name) continue;
    const { schema, ui } = fieldSchema(field);
    properties[name] = schema;
    uiSchema[name] = ui;
    (uiSchema['ui:order'] as string[]).push(name);
    const valueRequired = field['@required'] === true && field['@type'] !== 'checkbox' && field['@type'] !== 'address' && isKnownType(field['@type']);
    if (valueRequired) required.push(name);
  }
  (uiSchema['ui:order'] as string[]).push('*');
  return { schema: { type: 'object', properties, required }, uiSchema };
}

/** The entered values of a definition as form data. */
export function definitionToFormData(definition: FieldList | undefined): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const field of fieldsOf(definition)) {
    const name = field['@name'];
    const text = field['#text'];
    switch (field['@type']) {
      case 'checkbox':
        data[name] = text === 'true';
        break;
      case 'address':
        data[name] = Object.fromEntries(ADDRESS_PARTS.filter((p) => field[p]).map((p) => [p, field[p]]));
        break;
      case 'list':
        if (text) data[name] = field['@allowMultiple'] ? text.split(MULTI_VALUE_SEPARATOR).filter(Boolean) : text;
        break;
      case 'template':
        data[name] = (field.entries ?? []).map((entry) => definitionToFormData(entry));
        break;
      default:
        if (text !== undefined && text !== '') data[name] = text;
    }
  }
  return data;
}

const emptyEntry = (template: FieldList | undefined): FieldList => ({
  fields: { field: fieldsOf(template).map((f) => ({ ...f, '#text': f['@type'] === 'checkbox' ? f['#text'] : undefined })) },
});

/** The definition with the form data written into it (`#text`, address parts, template entries). */
export function applyFormData(definition: FieldList, data: Record<string, unknown>): FieldList {
  return {
    fields: {
      field: fieldsOf(definition).map((field) => {
        const value = data[field['@name']];
        const out: SectionField = { ...field };
        switch (field['@type']) {
          case 'checkbox':
            out['#text'] = value === true ? 'true' : 'false';
            break;
          case 'address': {
            const parts = (value ?? {}) as Record<string, string | undefined>;
            for (const part of ADDRESS_PARTS) {
              if (parts[part]) out[part] = parts[part];
              else delete out[part];
            }
            break;
          }
          case 'list':
            out['#text'] = Array.isArray(value) ? value.join(MULTI_VALUE_SEPARATOR) : ((value as string | undefined) ?? undefined);
            break;
          case 'template':
            out.entries = ((value as Record<string, unknown>[] | undefined) ?? []).map((entry) => applyFormData(emptyEntry(field.Template), entry ?? {}));
            break;
          default:
            out['#text'] = value === undefined || value === null ? undefined : String(value);
        }
        if (out['#text'] === undefined) delete out['#text'];
        return out;
      }),
    },
  };
}

function isEmpty(field: SectionField): boolean {
  switch (field['@type']) {
    case 'checkbox':
      return false;
    case 'address':
      return !field.line1 || !field.city || !field.region || !field.postalCode;
    case 'template':
      return false;
    default:
      return !field['#text'] || field['#text'].trim() === '';
  }
}

/**
 * Labels of required fields without a value (spec 001 §5: a required non-checkbox field needs a value; an
 * address needs line1, city, region and postalCode; a template is checked per entry, recursively).
 */
export function emptyRequiredFields(definition: FieldList | undefined): string[] {
  const missing: string[] = [];
  for (const field of fieldsOf(definition)) {
    if (field['@type'] === 'template') {
      for (const entry of field.entries ?? []) missing.push(...emptyRequiredFields(entry).map((label) => `${field['@label']}: ${label}`));
      continue;
    }
    if (field['@required'] === true && isEmpty(field)) missing.push(field['@label']);
  }
  return missing;
}

/** The value a date field shows for "current". */
export const isCurrentDate = (value: unknown) => value === CURRENT_DATE_VALUE;

/** A field name derived from a label: its letters and digits (spec 002 §5). */
export function nameFromLabel(label: string): string {
  return label.replace(/[^a-zA-Z0-9]/g, '');
}

/** A key that changes when the fields' settings change but not when values are entered. */
export function structureKey(definition: FieldList | undefined): string {
  const strip = (list: FieldList | undefined): unknown =>
    fieldsOf(list).map((field) => {
      const settings = Object.fromEntries(
        Object.entries(field).filter(([key]) => key.startsWith('@') || (key === '#text' && field['@type'] === 'checkbox')),
      );
      return field.Template ? { ...settings, Template: strip(field.Template) } : settings;
    });
  return JSON.stringify(strip(definition));
}
