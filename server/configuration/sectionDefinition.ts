import { normalizeSectionDefinition, type FieldList } from '../../shared/sections.js';
import { ConfigurationTexts } from '../../shared/texts/configuration.js';
import type { Database } from '../db/database.js';
import { ValidationError, type ModelState } from '../http/errors.js';
import { validateAgainst } from '../http/validation.js';

const T = ConfigurationTexts.sections;

/** ModelState keys of the definition live under `Template` (`Template.fields.field[2].@name`). */
function underTemplate(state: ModelState): ModelState {
  return Object.fromEntries(Object.entries(state).map(([key, messages]) => [key === 'Body' ? 'Template' : `Template.${key}`, messages]));
}

/**
 * Field names unique within their level (case-insensitive); collects the lists that list fields name, with the
 * ModelState key of each use.
 */
function checkFields(list: FieldList, path: string, errors: ModelState, listUses: Map<string, string[]>): void {
  const seen = new Set<string>();
  list.fields.field.forEach((field, index) => {
    const at = `${path}[${index}]`;
    const name = field['@name'].toLowerCase();
    if (seen.has(name)) errors[`${at}.@name`] = [T.duplicateName(field['@name'])];
    seen.add(name);
    if (field['@type'] === 'list' && field['@listType']) {
      listUses.set(field['@listType'], [...(listUses.get(field['@listType']) ?? []), `${at}.@listType`]);
    }
    if (field.Template) checkFields(field.Template, `${at}.Template.fields.field`, errors, listUses);
  });
}

/**
 * Reads a section template's definition text (spec 002 §3): valid JSON, the shape of schemas/sectionDefinition.json
 * (unknown keys dropped), unique field names per level, and lists that exist. Flags may come in the XML attribute
 * form (`"@required": "true"`) or as JSON booleans; they are normalised to JSON booleans before validation, so one
 * form is stored. Throws 400 with ModelState keyed under `Template`; answers the cleaned definition.
 */
export async function readSectionDefinition(db: Database, text: string): Promise<FieldList> {
  let definition: unknown;
  try {
    definition = JSON.parse(text);
  } catch {
    throw ValidationError.field('Template', T.templateNotJson);
  }
  definition = normalizeSectionDefinition(definition);
  const schemaErrors = validateAgainst('sectionDefinition.json', definition);
  if (schemaErrors) throw new ValidationError(underTemplate(schemaErrors), T.missingInputs);

  const fields = definition as FieldList;
  const errors: ModelState = {};
  const listUses = new Map<string, string[]>();
  checkFields(fields, 'Template.fields.field', errors, listUses);
  if (listUses.size) {
    const existing = await db.selectFrom('type_lists').select('TableName').where('TableName', 'in', [...listUses.keys()]).execute();
    const known = new Set(existing.map((row) => row.TableName));
    for (const [list, keys] of listUses) if (!known.has(list)) for (const key of keys) errors[key] = [T.unknownListType(list)];
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return fields;
}
