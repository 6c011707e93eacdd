import type { ItemSectionRef, TemplateSectionRef } from '../../shared/sectionCompleteness.js';
import type { ItemStatus } from '../../shared/workflow.js';

/** A person as an item names them (its investigator). */
export interface ItemPerson {
  Id: number;
  FirstName: string | null;
  LastName: string | null;
}

/** A section on an item as `GET /api/cases/{caseId}/items/{itemId}` answers it: the definition with its values as JSON text. */
export interface ItemDetailSection {
  Id: number;
  Section_Id: number;
  Section: { Id?: number; SectionName: string };
  /** The section definition with the entered values, as JSON text. */
  Definition: string;
  DisplayOrder: number;
}

/** The case an item belongs to, as the item's answer carries it. */
export interface ItemDetailCase {
  Id: number;
  CaseNumber: string;
  WorkflowState: string;
  Client_Id: number;
  Subject: { LastName: string | null };
  Org: { Code: string | null };
  CaseType: { Short: string | null };
  Reviewer: { Id: number; Name: string } | null;
}

/**
 * One item as the item page reads it (`GET /api/cases/{caseId}/items/{itemId}`, server/items/itemDetail.ts): the
 * fields of the items table, its case, its item template with the template's assets, its sections and the
 * template's sections (AvailableSections), and `LockedReason` — why the caller may not change it, or null.
 */
export interface ItemDetail {
  Id: number;
  Case_Id: number;
  DisplayId: number;
  ItemType_Id: number;
  ItemType: { Id: number; Description: string | null; Assets: { Id: number; Name: string }[] };
  ACD: string | null;
  Label: string | null;
  Address1: string | null;
  Address2: string | null;
  City: string | null;
  RegionType_Id: number | null;
  PostalCode: string | null;
  Location: {
    Label: string | null;
    Address1: string | null;
    Address2: string | null;
    City: string | null;
    Region: { Id: number; Short: string | null } | null;
    PostalCode: string | null;
  };
  ShowInReport: boolean;
  ItemStatus: ItemStatus;
  AssignedTo_Id: number | null;
  AssignedTo: ItemPerson | null;
  CompletedDate: string | null;
  RejectionReason: string | null;
  HasAttachments: boolean;
  Case: ItemDetailCase;
  Sections: ItemDetailSection[];
  AvailableSections: TemplateSectionRef[];
  LockedReason: string | null;
}

/** A section of the item as the completeness rules (shared/sectionCompleteness.ts) read it. */
export const sectionRef = (section: ItemDetailSection): ItemSectionRef => ({
  Section_Id: section.Section_Id,
  SectionName: section.Section.SectionName,
  Definition: section.Definition,
});
