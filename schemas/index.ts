/**
 * Every JSON Schema of the product, registered by $id with the server's validator and read by the client's
 * forms. Adding a schema file means adding it to this list.
 */
import securitySettings from './securitySettings.json' with { type: 'json' };
import expenseType from './expenseType.json' with { type: 'json' };

export const Schemas = {
  securitySettings,
  expenseType,
} as const;

export type SchemaId = keyof typeof Schemas;

export const ALL_SCHEMAS: readonly object[] = Object.values(Schemas);

/**
 * Keywords our schemas add to JSON Schema, read by the generic screens and ignored by validation:
 * `x-lookup` (the field's options come from a lookup list), `x-messages` (spec wording for a failed keyword),
 * `x-ui` (form hints: widget, order, placeholder).
 */
export const SCHEMA_KEYWORDS = ['x-lookup', 'x-messages', 'x-ui'] as const;

/** The shape of a property in our schemas, as the generic screens read it. */
export interface PropertySchema {
  type?: string | string[];
  title?: string;
  description?: string;
  default?: unknown;
  readOnly?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
  enum?: unknown[];
  'x-lookup'?: string;
  'x-messages'?: Record<string, string>;
  'x-ui'?: { widget?: string; placeholder?: string; hidden?: boolean };
}

export interface ObjectSchema {
  $id?: string;
  title?: string;
  type: 'object';
  properties: Record<string, PropertySchema>;
  required?: string[];
}
