import type { ItemDetailSection } from '../../schemas/types.js';
import type { ItemSectionRef } from '../../shared/sectionCompleteness.js';

/**
 * The item page reads one item as `GET /api/cases/{caseId}/items/{itemId}` answers it: `ItemDetail` of
 * schemas/types.ts, generated from schemas/itemDetail.json, the route's answer schema.
 */

/** A section of the item as the completeness rules (shared/sectionCompleteness.ts) read it. */
export const sectionRef = (section: ItemDetailSection): ItemSectionRef => ({
  Section_Id: section.Section_Id,
  SectionName: section.Section.SectionName,
  Definition: section.Definition,
});
