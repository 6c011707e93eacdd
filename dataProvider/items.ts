import type { Item } from '../schemas/types.js';

/** An item as the items list and the bulk calls answer it (spec 001 §3 "Item"). */
export type CaseItem = Item & { Id: number; Case_Id: number; DisplayId: number };

/** Why an item cannot be submitted for review (the 409 of submit-items): the sections missing or not finished. */
export interface SubmitRefusalItem {
  Id: number;
  DisplayId: number;
  Reason: 'missingSections' | 'unfinishedSections';
  Sections: string[];
}

/** The answer of a refused submit: the spec's text and, per item, what is missing or unfinished. */
export interface SubmitRefusal {
  Message: string;
  Items?: SubmitRefusalItem[];
}
