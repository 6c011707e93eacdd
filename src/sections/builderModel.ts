import { FIELD_TYPES, type FieldList, type FieldType, type SectionField } from '../../shared/sections.js';
import { nameFromLabel } from '../../shared/sectionSchema.js';
import { Texts } from '../../shared/texts/index.js';
import definitionSchema from '../../schemas/sectionDefinition.json' with { type: 'json' };
import templateSchema from '../../schemas/sectionTemplate.json' with { type: 'json' };

/** Labels of the field types in the builder's type chooser. */
export const FIELD_TYPE_LABELS: Record<FieldType, string> = {
  text: 'Text',
  textarea: 'Text Area',
  checkbox: 'Checkbox',
  phoneNumber: 'Phone Number',
  date: 'Date',
  address: 'Address',
  list: 'List',
  template: 'Template',
};

/** Types a field inside a template may have: anything but another template. */
export const NESTED_FIELD_TYPES = FIELD_TYPES.filter((t) => t !== 'template');

let counter = 0;
export function newFieldId(): string {
  counter += 1;
  return `f${Date.now().toString(36)}${counter}`;
}

export function newField(type: FieldType): SectionField {
  const field: SectionField = { '@id': newFieldId(), '@type': type, '@name': '', '@label': '', '@required': false, '@showInReport': true };
  if (type === 'checkbox') field['#text'] = 'false';
  if (type === 'template') field.Template = { fields: { field: [] } };
  return field;
}

/** Builder state beside the definition: which names were typed by hand, which belong to saved fields. */
export interface NameState {
  /** Field ids whose name the user edited: the label no longer drives it. */
  edited: ReadonlySet<string>;
  /** Field ids of fields that existed when the editor opened: their names are read-only. */
  locked: ReadonlySet<string>;
}

/** A field with its label changed; the name follows the label until edited or locked. */
export function withLabel(field: SectionField, label: string, names: NameState): SectionField {
  const follows = !names.edited.has(field['@id']) && !names.locked.has(field['@id']);
  return { ...field, '@label': label, ...(follows ? { '@name': nameFromLabel(label) } : {}) };
}

/** Ids of every field, nested ones included. */
export function allFieldIds(list: FieldList | undefined): string[] {
  return (list?.fields.field ?? []).flatMap((f) => [f['@id'], ...allFieldIds(f.Template)]);
}

/** A field's messages: under its Name, Label and List inputs, and the rest under the whole card. */
export interface FieldMessages {
  name?: string;
  label?: string;
  list?: string;
  other?: string[];
}
export type FieldErrors = Record<string, FieldMessages>;

type Limited = { properties: Record<string, { maxLength?: number }> };
const fieldBase = (definitionSchema as unknown as { $defs: { fieldBase: Limited } }).$defs.fieldBase.properties;

/** The inputs' length limits, as the schemas say them (the server refuses longer values). */
export const LIMITS = {
  sectionName: (templateSchema as unknown as Limited).properties.SectionName.maxLength,
  name: fieldBase['@name'].maxLength,
  label: fieldBase['@label'].maxLength,
  instructions: fieldBase['@instructions'].maxLength,
};

/** What a refused save said, placed where the user can act on it. */
export interface ServerErrors {
  /** By field id. */
  fields: FieldErrors;
  /** The section template name. */
  name?: string;
  /** Messages no field or input holds (the template as a whole). */
  other: string[];
}

const ATTRIBUTE_INPUT: Record<string, 'name' | 'label' | 'list'> = { '@name': 'name', '@label': 'label', '@listType': 'list' };

/** The field a ModelState path under `Template` points at (`fields.field[1].Template.fields.field[0].@name`), and what is left of it. */
function locate(list: FieldList | undefined, path: string): { id: string; rest: string } | undefined {
  const match = /^fields\.field\[(\d+)\](?:\.(.*))?$/.exec(path);
  const field = match ? list?.fields.field[Number(match[1])] : undefined;
  if (!match || !field) return undefined;
  const rest = match[2] ?? '';
  const nested = rest.startsWith('Template.fields.field[') ? locate(field.Template, rest.slice('Template.'.length)) : undefined;
  return nested ?? { id: field['@id'], rest };
}

/**
 * Places the ModelState of a refused save (keys as the server writes them: `SectionName`,
 * `Template.fields.field[2].@name`, `Template.fields.field[0].Template.fields.field`, `Template`) on the fields of
 * the definition that was sent.
 */
export function serverErrors(list: FieldList, modelState: Record<string, readonly string[]> | undefined): ServerErrors {
  const out: ServerErrors = { fields: {}, other: [] };
  for (const [key, messages] of Object.entries(modelState ?? {})) {
    const text = messages.join(' ');
    if (key === 'SectionName') {
      out.name = text;
      continue;
    }
    const target = key.startsWith('Template.') ? locate(list, key.slice('Template.'.length)) : undefined;
    if (!target) {
      out.other.push(text);
      continue;
    }
    const own = (out.fields[target.id] ??= {});
    const input = ATTRIBUTE_INPUT[target.rest];
    if (input) own[input] = own[input] ? `${own[input]} ${text}` : text;
    else own.other = [...(own.other ?? []), text];
  }
  return out;
}

/** A field's messages from the builder's own checks and from the server, together. */
export function mergeMessages(a: FieldMessages | undefined, b: FieldMessages | undefined): FieldMessages | undefined {
  if (!a || !b) return a ?? b;
  return { name: a.name ?? b.name, label: a.label ?? b.label, list: a.list ?? b.list, other: [...(a.other ?? []), ...(b.other ?? [])] };
}

/** Each field needs a name and a label (nested fields too); errors by field id. */
export function fieldErrors(list: FieldList | undefined): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of list?.fields.field ?? []) {
    const own: FieldMessages = {};
    if (!field['@name']?.trim()) own.name = Texts.configuration.sections.fieldNameRequired;
    if (!field['@label']?.trim()) own.label = Texts.configuration.sections.fieldLabelRequired;
    if (own.name || own.label) errors[field['@id']] = own;
    Object.assign(errors, fieldErrors(field.Template));
  }
  return errors;
}

/** Replaces one field (found at any depth) by id. */
export function updateField(list: FieldList, id: string, update: (field: SectionField) => SectionField): FieldList {
  return {
    fields: {
      field: list.fields.field.map((f) => {
        if (f['@id'] === id) return update(f);
        return f.Template ? { ...f, Template: updateField(f.Template, id, update) } : f;
      }),
    },
  };
}

export function removeField(list: FieldList, id: string): FieldList {
  return {
    fields: {
      field: list.fields.field
        .filter((f) => f['@id'] !== id)
        .map((f) => (f.Template ? { ...f, Template: removeField(f.Template, id) } : f)),
    },
  };
}

export function addField(list: FieldList, field: SectionField, parentId?: string): FieldList {
  if (!parentId) return { fields: { field: [...list.fields.field, field] } };
  return updateField(list, parentId, (parent) => ({
    ...parent,
    Template: { fields: { field: [...(parent.Template?.fields.field ?? []), field] } },
  }));
}

/** The definition text the API stores, without empty optional settings. */
export function serializeDefinition(list: FieldList): string {
  const clean = (l: FieldList): FieldList => ({
    fields: {
      field: l.fields.field.map((f) => {
        const out = Object.fromEntries(Object.entries(f).filter(([, v]) => v !== '' && v !== undefined && v !== null)) as SectionField;
        if (f.Template) out.Template = clean(f.Template);
        return out;
      }),
    },
  });
  return JSON.stringify(clean(list));
}

/** Parses a stored definition; an unreadable one becomes an empty list. */
export function parseDefinition(text: string | null | undefined): FieldList {
  try {
    const parsed = JSON.parse(text ?? '') as FieldList;
    return parsed?.fields?.field ? parsed : { fields: { field: [] } };
  } catch {
    return { fields: { field: [] } };
  }
}
