/**
 * The configuration entities as the API answers them (spec 002 §3) and the bodies it takes, from the types generated
 * from their schemas (schemas/types.ts). Moments are ISO text; the server builds them as `Date`s (`WithDates`).
 */
import type * as Schema from '../../schemas/types.js';
import type { Complete, WithDefaults, Writable } from './records.js';

/** A lookup list with its items (schemas/typeList.json; TypeName is what a create or rename sends). */
export type LookupList = Complete<Omit<Schema.TypeList, 'TypeName'>>;

/** An item of a lookup list (schemas/typeItem.json). */
export type LookupItem = Complete<Schema.TypeItem>;

/** The security settings (schemas/securitySettings.json). */
export type SecuritySettings = Complete<Schema.SecuritySettings>;

/** A section template version (schemas/sectionTemplate.json); Template is the definition as JSON text (spec 002 §7). */
export type SectionTemplate = Complete<Schema.SectionTemplate>;

/**
 * A section of an item template (schemas/itemTypeSection.json). `Id` is the section template's id (the same as
 * `SectionId`): a section appears at most once per item template, so it names the link in
 * /api/item-types/{id}/sections/{sectionId} and in swaps.
 */
export type ItemTypeSection = Complete<Schema.ItemTypeSection>;

/** A file of an item template (schemas/itemTypeAsset.json). */
export type ItemTypeAsset = Complete<Schema.ItemTypeAsset>;

/** An item template (schemas/itemType.json) with its sections and assets; the stored header may be null. */
export type ItemType = Complete<Omit<Schema.ItemType, 'Description'>> & { Description: string | null };

/** An item of a case template body, its defaults filled in by validation. */
export type CaseTemplateItemInput = WithDefaults<NonNullable<Schema.CaseTemplate['ItemTypeIds']>[number], 'AutoAdd' | 'ShowInReport' | 'ShowTitle'>;

/** The body of a case template's create or update (schemas/caseTemplate.json). */
export type CaseTemplateBody = Omit<Writable<Schema.CaseTemplate>, 'ItemTypeIds'> & { ItemTypeIds?: CaseTemplateItemInput[] };

/** An item of a case template as answered. */
export type CaseTemplateItem = Schema.CaseTemplateItem;

/** A case template as answered: its items as Items (ItemTypeIds is what a body sends). */
export type CaseTemplate = Complete<Omit<Schema.CaseTemplate, 'ItemTypeIds'>>;

/** The JSON inside a refused case-template delete's Message (spec 002 §8): an answer no schema describes. */
export interface CaseTemplateInUse {
  Cases: { Id: number; CaseNumber: string }[];
  OrgCaseTypes: { Org_Id: number; Name: string }[];
}
