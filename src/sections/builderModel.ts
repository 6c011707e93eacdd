import { FIELD_TYPES, type FieldList, type FieldType, type SectionField } from '../../shared/sections.js';
import { nameFromLabel } from '../../shared/sectionSchema.js';
import { Texts } from '../../shared/texts/index.js';

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

export type FieldErrors = Record<string, { name?: string; label?: string }>;

/** Each field needs a name and a label (nested fields too); errors by field id. */
export function fieldErrors(list: FieldList | undefined): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of list?.fields.field ?? []) {
    const own: { name?: string; label?: string } = {};
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
