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
