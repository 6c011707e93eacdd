import type { Item } from '../schemas/types.js';
import { request } from './httpClient.js';
import type { InvestigatorOption } from '../shared/api/items.js';
import type { ItemAction } from '../shared/workflow.js';
export type { InvestigatorOption };

const itemsOf = (caseId: number) => `/api/cases/${caseId}/items`;

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

/** A bulk action, as the server names it when it says which items it may change. */
export type { ItemAction };

/** An item a bulk action leaves out, and the server's reason (a submit's also names the sections). */
export interface LeftOutItem {
  Id: number;
  DisplayId: number;
  Reason: string;
  Kind?: SubmitRefusalItem['Reason'];
  Sections?: string[];
}

/** Which of a case's selected items a bulk action may change now, and why the others are left out. */
export interface ItemEligibility {
  Action: ItemAction;
  Eligible: number[];
  LeftOut: LeftOutItem[];
}

const post = <T>(caseId: number, path: string, body: object) => request<T>(`${itemsOf(caseId)}/${path}`, { method: 'POST', body });

/**
 * The item calls that are not CRUD of the `case-items` declaration (spec 001 §7 "Items"): the swap behind move up and
 * down, the assign list with distances, and the bulk workflow calls of the selected items of one case. Each bulk call
 * answers the items it changed.
 */
export const itemMethods = {
  /** Swaps two items of a case; answers item id → its new order (DisplayId) for the case's items. */
  swapCaseItems: (caseId: number, SwapFromItem_Id: number, SwapToItem_Id: number) =>
    request<Record<string, number>>(`${itemsOf(caseId)}/swap`, { method: 'PUT', body: { SwapFromItem_Id, SwapToItem_Id } }),
  /** The people the items may be assigned to, nearest first (unknown distances last). */
  getItemAssignList: (caseId: number, ItemIds: number[]) => post<InvestigatorOption[]>(caseId, 'assign-list', { ItemIds }),
  /** Which of the items the action may change now, and why the others are left out (the rule the bulk calls refuse by). */
  checkItems: (caseId: number, Action: ItemAction, ItemIds: number[]) => post<ItemEligibility>(caseId, 'eligible', { Action, ItemIds }),
  /** Assigns the items to an investigator of the assign list, or unassigns them (null). */
  assignItems: (caseId: number, ItemIds: number[], Investigator_Id: number | null) => post<CaseItem[]>(caseId, 'assign', { Investigator_Id, ItemIds }),
  /** Sets the items' ACD (YYYY-MM-DD, not before today). */
  setItemAcds: (caseId: number, ItemIds: number[], ACD: string) => post<CaseItem[]>(caseId, 'set-acds', { ACD, ItemIds }),
  acceptItems: (caseId: number, ItemIds: number[]) => post<CaseItem[]>(caseId, 'accept-items', { ItemIds }),
  rejectItems: (caseId: number, ItemIds: number[], Reason: string) => post<CaseItem[]>(caseId, 'reject-items', { Reason, ItemIds }),
  /** Submits the items for review; a 409 answers a `SubmitRefusal`. */
  submitItems: (caseId: number, ItemIds: number[]) => post<CaseItem[]>(caseId, 'submit-items', { ItemIds }),
  /** The item page's Submit for Review / Resubmit: the one item to IN_REVIEW; a 409 answers a `SubmitRefusal`. Answers the item. */
  submitItem: (caseId: number, itemId: number) => request<CaseItem>(`${itemsOf(caseId)}/${itemId}/submit`, { method: 'PUT' }),
  /** The item page's Accept (an item in review). Answers the item. */
  acceptItem: (caseId: number, itemId: number) => request<CaseItem>(`${itemsOf(caseId)}/${itemId}/accept`, { method: 'PUT' }),
  /** The item page's Reject with the reason (the Rejection Reason Type's description). Answers the item. */
  rejectItem: (caseId: number, itemId: number, Reason: string) => request<CaseItem>(`${itemsOf(caseId)}/${itemId}/reject`, { method: 'PUT', body: { Reason } }),
};
