import { Limits } from './constants.js';
import { formatDate } from './format.js';
import { ADDRESS_PARTS, CURRENT_DATE_VALUE, normalizeSectionDefinition, normalizeSectionField, type FieldList, type SectionField } from './sections.js';
import { MULTI_VALUE_SEPARATOR, PHONE_PATTERN } from './sectionSchema.js';
import { ItemTexts } from './texts/items.js';

/**
 * What the server accepts when an item section is saved (spec 001 §3 "Item section", §5; docs/decisions.md "Item
 * sections: what the server accepts"), one pure module for the server and any client that wants to check first.
 *
 * The section's settings are the ones stored on the item (its section template's, when the section was added): the
 * `@` keys and a template field's `Template` always come from the stored definition, whatever the client sends. Only
 * the values are taken from the sent definition, matched by `@name`: `#text`, the address parts and a template
 * field's `entries`. A stored field the client does not send keeps its value; a template entry's field it does not
 * send starts as the template has it. Each value must suit its field's type; a value the field already holds stays
 * even when a limit refuses it now (a list item hidden since, a "before today" day entered yesterday). Empty required
 * fields are not refused here: saving partial work is allowed, the submit check refuses them.
 */

/** The visible Shorts of each lookup list, by list (TableName). */
export type LookupValues = ReadonlyMap<string, ReadonlySet<string>>;

export interface SectionValuesContext {
  /** The visible (not hidden) Shorts of each list the definition uses (see `lookupListsOf`). */
  lookups: LookupValues;
  /** Today by the server's clock, YYYY-MM-DD. */
  today: string;
}

export interface SectionValuesResult {
  /** The definition to store: the stored settings with the sent values; null when the sent text is not a field list. */
  definition: FieldList | null;
  /** One sentence per refused value, naming the field's label; empty when everything sent is accepted. */
  errors: string[];
}

/** The list a field's region takes its Shorts from. */
export const REGION_LIST = 'RegionType';

const T = ItemTexts.sections.values;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const phonePattern = new RegExp(PHONE_PATTERN);
/** The keys of a field that hold its value; everything else is a setting. */
const VALUE_KEYS: readonly string[] = ['#text', ...ADDRESS_PARTS, 'entries'];

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isFieldList = (value: unknown): value is FieldList => isRecord(value) && isRecord(value.fields) && Array.isArray(value.fields.field);
const fieldsOf = (list: FieldList | undefined): SectionField[] => (isFieldList(list) ? list.fields.field.filter(isRecord).map((field) => normalizeSectionField(field)) : []);

/** A definition as stored (an object or JSON text) as a field list; anything else counts as no fields. */
function storedList(stored: unknown): FieldList {
  let value = stored;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return { fields: { field: [] } };
    }
  }
  const normalized = normalizeSectionDefinition(value);
  return isFieldList(normalized) ? normalized : { fields: { field: [] } };
}

/** Whether a YYYY-MM-DD text names a real day. */
function isDay(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A date limit as a day (YYYY-MM-DD): the day it starts with, or null when it names none. */
function limitDay(limit: unknown): string | null {
  if (typeof limit !== 'string') return null;
  const day = limit.trim().slice(0, 10);
  return isDay(day) ? day : null;
}

/** The lists a definition's fields take values from (a list field's @listType; RegionType for an address), recursively. */
export function lookupListsOf(stored: unknown): string[] {
  const lists = new Set<string>();
  const visit = (fields: SectionField[]) => {
    for (const field of fields) {
      if (field['@type'] === 'list' && typeof field['@listType'] === 'string' && field['@listType']) lists.add(field['@listType']);
      if (field['@type'] === 'address') lists.add(REGION_LIST);
      if (field['@type'] === 'template') visit(fieldsOf(field.Template));
    }
  };
  visit(fieldsOf(storedList(stored)));
  return [...lists];
}

/** The values fields already hold, by field name: their texts (each item of a multiple list) and regions. */
interface Kept {
  texts: Set<string>;
  regions: Set<string>;
}

function keptOf(lists: readonly SectionField[][]): Map<string, Kept> {
  const kept = new Map<string, Kept>();
  for (const fields of lists) {
    for (const field of fields) {
      const name = field['@name'];
      if (typeof name !== 'string') continue;
      const entry = kept.get(name) ?? { texts: new Set<string>(), regions: new Set<string>() };
      const text = field['#text'];
      if (typeof text === 'string' && text) {
        entry.texts.add(text);
        if (field['@type'] === 'list') for (const part of text.split(MULTI_VALUE_SEPARATOR)) entry.texts.add(part);
      }
      if (typeof field.region === 'string' && field.region) entry.regions.add(field.region);
      kept.set(name, entry);
    }
  }
  return kept;
}

const NOTHING_KEPT: Kept = { texts: new Set(), regions: new Set() };

/** The field's settings: every key but its values. */
function settingsOf(field: SectionField): SectionField {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(field)) if (!VALUE_KEYS.includes(key)) out[key] = value;
  return out as unknown as SectionField;
}

/** A sent text value: absent (undefined, null or empty), a text, or refused (not a text, or too long). */
function textValue(value: unknown, label: string, errors: string[]): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') {
    errors.push(T.notText(label));
    return undefined;
  }
  if (value.length > Limits.SECTION_VALUE_MAX_LENGTH) {
    errors.push(T.textTooLong(label, Limits.SECTION_VALUE_MAX_LENGTH));
    return undefined;
  }
  return value;
}

/** A date value's refusals: not a day (or 'current' where the field does not allow it), or outside its limits. */
function checkDate(field: SectionField, value: string, kept: Kept, context: SectionValuesContext, errors: string[]): void {
  const label = field['@label'];
  if (value === CURRENT_DATE_VALUE) {
    if (field['@allowCurrent'] !== true) errors.push(T.current(label));
    return;
  }
  if (!isDay(value)) {
    errors.push(T.date(label));
    return;
  }
  if (kept.texts.has(value)) return;
  // The picker's limits (src/forms/inputs.tsx `dateRange`): "before today" and "after today" win over a fixed day.
  if (field['@disableDatesBeforeToday'] === true) {
    if (value < context.today) errors.push(T.beforeToday(label));
  } else {
    const before = limitDay(field['@disableDatesBefore']);
    if (before && value < before) errors.push(T.before(label, formatDate(before)));
  }
  if (field['@disableDatesAfterToday'] === true) {
    if (value > context.today) errors.push(T.afterToday(label));
  } else {
    const after = limitDay(field['@disableDatesAfter']);
    if (after && value > after) errors.push(T.after(label, formatDate(after)));
  }
}

/** The stored field with the sent field's values; refusals go to `errors`. */
function mergeField(stored: SectionField, sent: Record<string, unknown>, kept: Kept, context: SectionValuesContext, errors: string[]): SectionField {
  const label = stored['@label'];
  const out = settingsOf(stored);
  switch (stored['@type']) {
    case 'checkbox': {
      const value = sent['#text'];
      if (value === undefined || value === null || value === '' || value === false || value === 'false') out['#text'] = 'false';
      else if (value === true || value === 'true') out['#text'] = 'true';
      else errors.push(T.checkbox(label));
      break;
    }
    case 'phoneNumber': {
      const value = textValue(sent['#text'], label, errors);
      if (value === undefined) break;
      if (phonePattern.test(value)) out['#text'] = value;
      else errors.push(T.phone(label));
      break;
    }
    case 'date': {
      const value = textValue(sent['#text'], label, errors);
      if (value === undefined) break;
      const before = errors.length;
      checkDate(stored, value, kept, context, errors);
      if (errors.length === before) out['#text'] = value;
      break;
    }
    case 'list': {
      const value = textValue(sent['#text'], label, errors);
      if (value === undefined) break;
      const allowed = context.lookups.get(String(stored['@listType'] ?? '')) ?? new Set<string>();
      const parts = stored['@allowMultiple'] === true ? value.split(MULTI_VALUE_SEPARATOR).filter(Boolean) : [value];
      const refused = parts.filter((part) => !allowed.has(part) && !kept.texts.has(part));
      for (const part of refused) errors.push(T.notInList(label, part));
      if (!refused.length && parts.length) out['#text'] = parts.join(MULTI_VALUE_SEPARATOR);
      break;
    }
    case 'address': {
      const regions = context.lookups.get(REGION_LIST) ?? new Set<string>();
      for (const part of ADDRESS_PARTS) {
        const value = textValue(sent[part], label, errors);
        if (value === undefined) continue;
        if (part === 'region' && !regions.has(value) && !kept.regions.has(value)) errors.push(T.notRegion(label, value));
        else out[part] = value;
      }
      break;
    }
    case 'template': {
      const entries = sent.entries ?? [];
      if (!Array.isArray(entries) || !entries.every(isFieldList)) {
        errors.push(T.entries(label));
        break;
      }
      if (entries.length > Limits.SECTION_ENTRIES_MAX) {
        errors.push(T.tooManyEntries(label, Limits.SECTION_ENTRIES_MAX));
        break;
      }
      const template = fieldsOf(stored.Template);
      const keptInEntries = keptOf((stored.entries ?? []).map((entry) => fieldsOf(entry)));
      out.entries = entries.map((entry, index) => {
        const merged = mergeFields(template, entry.fields.field, keptInEntries, context);
        errors.push(...merged.errors.map((message) => T.entry(label, index + 1, message)));
        return { fields: { field: merged.fields } };
      });
      break;
    }
    default: {
      // text, textarea, and a type this version does not know (kept as text).
      const value = textValue(sent['#text'], label, errors);
      if (value !== undefined) out['#text'] = value;
    }
  }
  return out;
}

/** Stored fields with the sent fields' values, matched by @name; stored fields not sent stay as they are. */
function mergeFields(stored: readonly SectionField[], sent: readonly unknown[], kept: ReadonlyMap<string, Kept>, context: SectionValuesContext): { fields: SectionField[]; errors: string[] } {
  const errors: string[] = [];
  const byName = new Map<string, SectionField>();
  for (const field of stored) if (typeof field['@name'] === 'string' && !byName.has(field['@name'])) byName.set(field['@name'], field);
  const merged = new Map<string, SectionField>();
  for (const raw of sent) {
    const field = isRecord(raw) ? normalizeSectionField(raw) : {};
    const name = field['@name'];
    if (typeof name !== 'string' || !name) {
      errors.push(T.unnamedField);
      continue;
    }
    const target = byName.get(name);
    if (!target) {
      errors.push(T.unknownField(name));
      continue;
    }
    if (merged.has(name)) {
      errors.push(T.repeatedField(target['@label']));
      continue;
    }
    merged.set(name, mergeField(target, field, kept.get(name) ?? NOTHING_KEPT, context, errors));
  }
  return { fields: stored.map((field) => merged.get(field['@name']) ?? field), errors };
}

/**
 * The definition to store when a client sends `sent` (JSON text) for an item section whose stored definition is
 * `stored` (as the database holds it, or its JSON text): the stored settings with the sent values, and why any sent
 * value is refused. The definition is to be stored only when `errors` is empty.
 */
export function sectionValues(stored: unknown, sent: string, context: SectionValuesContext): SectionValuesResult {
  if (sent.length > Limits.SECTION_DEFINITION_MAX_LENGTH) return { definition: null, errors: [T.tooLong(Limits.SECTION_DEFINITION_MAX_LENGTH)] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(sent);
  } catch {
    return { definition: null, errors: [T.notFieldList] };
  }
  if (!isFieldList(parsed) || !parsed.fields.field.every(isRecord)) return { definition: null, errors: [T.notFieldList] };
  const base = storedList(stored);
  const fields = fieldsOf(base);
  const { fields: merged, errors } = mergeFields(fields, parsed.fields.field, keptOf([fields]), context);
  return { definition: { ...base, fields: { ...base.fields, field: merged } }, errors };
}
