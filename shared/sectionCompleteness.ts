import type { FieldList } from './sections.js';
import { emptyRequiredFields } from './sectionSchema.js';

/**
 * Whether an item may be submitted for review (spec 001 §5), one module for the item page, the bulk Submit modal and
 * the server, which checks again before it moves an item to IN_REVIEW:
 * 1. every section of the item template that is both Required and Enabled is on the item;
 * 2. no section on the item has an empty required field — a required non-checkbox field needs a value, an address
 *    needs line1, city, region and postalCode, a template field is checked per entry, recursively
 *    (`emptyRequiredFields`, re-exported here so the rules are read from one place).
 */
export { emptyRequiredFields };

/** A section of the item template, as the item's AvailableSections lists it. */
export interface TemplateSectionRef {
  Id: number;
  SectionName: string;
  Required: boolean;
  Enabled: boolean;
}

/** A section on an item: its section template (version) and its definition with the entered values. */
export interface ItemSectionRef {
  Section_Id: number;
  SectionName: string;
  /** The definition as stored (an object) or as the API carries it (JSON text). */
  Definition: FieldList | string | null | undefined;
}

/** What stops an item from being submitted, in the order the checks run; null when nothing does. */
export type SubmitRefusal =
  | { kind: 'missingSections'; sections: string[] }
  | { kind: 'unfinishedSections'; sections: string[] };

/** A definition as a field list: JSON text is parsed; anything unreadable counts as no fields. */
export function definitionOf(definition: ItemSectionRef['Definition']): FieldList | undefined {
  if (typeof definition !== 'string') return definition ?? undefined;
  try {
    return JSON.parse(definition) as FieldList;
  } catch {
    return undefined;
  }
}

/** Whether a section on the item is that section of the item template, in any version (same id, or same name in any letter case). */
export const sameSection = (template: TemplateSectionRef, section: ItemSectionRef) =>
  template.Id === section.Section_Id || template.SectionName.trim().toLowerCase() === section.SectionName.trim().toLowerCase();

/**
 * The Required and Enabled sections of the item template that the item lacks, in template order. A section on the
 * item counts when it is that section template in any version (same id, or same name in any letter case), since an
 * item keeps the version it was made from.
 */
export function missingRequiredSections(available: readonly TemplateSectionRef[], onItem: readonly ItemSectionRef[]): TemplateSectionRef[] {
  return available.filter((template) => template.Required && template.Enabled && !onItem.some((section) => sameSection(template, section)));
}

/** Whether a section's required fields all have values. */
export const isSectionFinished = (section: Pick<ItemSectionRef, 'Definition'>) => emptyRequiredFields(definitionOf(section.Definition)).length === 0;

/** The sections on the item that have an empty required field, in the order given. */
export function unfinishedSections<S extends ItemSectionRef>(onItem: readonly S[]): S[] {
  return onItem.filter((section) => !isSectionFinished(section));
}

/** Why the item may not be submitted (missing required sections first, then unfinished sections), or null. */
export function submitRefusal(available: readonly TemplateSectionRef[], onItem: readonly ItemSectionRef[]): SubmitRefusal | null {
  const missing = missingRequiredSections(available, onItem);
  if (missing.length) return { kind: 'missingSections', sections: missing.map((s) => s.SectionName) };
  const unfinished = unfinishedSections(onItem);
  if (unfinished.length) return { kind: 'unfinishedSections', sections: unfinished.map((s) => s.SectionName) };
  return null;
}
