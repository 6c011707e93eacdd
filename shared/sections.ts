/**
 * The section-template definition format (spec 002 §3 "Section template"): a `fields.field` list of field objects
 * with `@`-prefixed settings. Item sections store the same structure with the entered values filled in:
 * `#text` for scalar values, the address parts as `line1`…`postalCode`, and `entries` for the repeated entries of
 * a template field.
 */
export const FIELD_TYPES = ['text', 'textarea', 'checkbox', 'phoneNumber', 'date', 'address', 'list', 'template'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export interface FieldList {
  fields: { field: SectionField[] };
}

export interface SectionField {
  '@id': string;
  '@type': FieldType | string;
  '@name': string;
  '@label': string;
  '@instructions'?: string;
  '@required'?: boolean;
  '@showInReport'?: boolean;
  '@disableDatesBefore'?: string;
  '@disableDatesBeforeToday'?: boolean;
  '@disableDatesAfter'?: string;
  '@disableDatesAfterToday'?: boolean;
  '@allowCurrent'?: boolean;
  '@listType'?: string;
  '@allowMultiple'?: boolean;
  '@allowStockPhrases'?: boolean;
  /** Value (item sections) or, for a checkbox template field, its default ('true' / 'false'). */
  '#text'?: string;
  line1?: string;
  line2?: string;
  city?: string;
  region?: string;
  postalCode?: string;
  /** Template fields: the fields of one entry. */
  Template?: FieldList;
  /** Template fields in an item section: the entered entries. */
  entries?: FieldList[];
}

export const ADDRESS_PARTS = ['line1', 'line2', 'city', 'region', 'postalCode'] as const;

/** The value a date field stores when "Allow Current" is chosen. */
export const CURRENT_DATE_VALUE = 'current';

/** The on/off settings of a field. Stored as JSON booleans. */
export const FIELD_FLAGS = [
  '@required',
  '@showInReport',
  '@disableDatesBeforeToday',
  '@disableDatesAfterToday',
  '@allowCurrent',
  '@allowMultiple',
  '@allowStockPhrases',
] as const;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** An XML attribute's boolean text (`"true"`, `"false"`, `"1"`, `"0"`) as a boolean; any other value as it is. */
function flagValue(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  switch (value.trim().toLowerCase()) {
    case 'true':
    case '1':
      return true;
    case 'false':
    case '0':
      return false;
    default:
      return value;
  }
}

/**
 * One field in the stored form: flags written in the XML attribute form (`"@required": "true"`) become JSON
 * booleans, and a checkbox default given as a JSON boolean becomes the `#text` 'true' / 'false' the format keeps.
 * Nested templates and entries are normalised too. Values that are neither form are left for validation to refuse.
 */
export function normalizeSectionField<T>(field: T): T {
  if (!isRecord(field)) return field;
  const out: Record<string, unknown> = { ...field };
  for (const flag of FIELD_FLAGS) if (flag in out) out[flag] = flagValue(out[flag]);
  if (out['@type'] === 'checkbox' && typeof out['#text'] === 'boolean') out['#text'] = String(out['#text']);
  if ('Template' in out) out.Template = normalizeSectionDefinition(out.Template);
  if (Array.isArray(out.entries)) out.entries = out.entries.map((entry) => normalizeSectionDefinition(entry));
  return out as T;
}

/**
 * A section definition in the one stored form (see normalizeSectionField). The server applies it before
 * validating and storing a definition; the renderer applies it to whatever definition it is given, so both
 * forms render alike. Anything that is not a `fields.field` list comes back unchanged.
 */
export function normalizeSectionDefinition<T>(definition: T): T {
  if (!isRecord(definition) || !isRecord(definition.fields) || !Array.isArray(definition.fields.field)) return definition;
  return { ...definition, fields: { ...definition.fields, field: definition.fields.field.map((field) => normalizeSectionField(field)) } } as T;
}
