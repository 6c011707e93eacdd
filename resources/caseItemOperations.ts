import { anyOf } from '../shared/access.js';
import { Permissions } from '../shared/permissions.js';
import { ITEM_ACTION_PERMISSIONS } from '../shared/workflow.js';
import { defineOperations } from './operation.js';

const P = Permissions;
const A = ITEM_ACTION_PERMISSIONS;

/**
 * The named operations of the case-items contract (spec 001 §7 "Items"): the item templates Add Item offers, the
 * swap of two items, the assign list with distances, which items a bulk action may change, the bulk workflow calls
 * (each answering the items it changed) and the item page's own submit, accept and reject (answering the item).
 * Handlers: server/items/itemRoutes.ts.
 */
export const caseItemOperations = defineOperations({
  availableTypes: {
    method: 'GET',
    path: '/api/cases/:Case_Id/items/available',
    access: anyOf(P.Items.CREATE_ITEMS),
    summary: "The item templates Add Item offers for the case: its case template's (not disabled), in template order (Id, Description)",
    answer: { list: 'itemTypeChoice.json' },
  },
  swap: {
    method: 'PUT',
    path: '/api/cases/:Case_Id/items/swap',
    access: anyOf(P.Items.REORDER_ITEMS),
    summary: 'Swap two items of a case; answers item id → new display order (DisplayId) for all its items',
    body: 'itemSwap.json',
    answer: 'displayOrders.json',
  },
  assignList: {
    method: 'POST',
    path: '/api/cases/:Case_Id/items/assign-list',
    access: anyOf(P.ItemAssignments.ADD_ITEM_ASSIGNMENTS),
    summary:
      "The investigators the selected items may be assigned to, with work status and AverageDistance: miles (2 decimals) from the ZIP code of their primary address to the items' ZIP codes, great-circle, averaged; nearest first, unknown (null) last",
    body: 'itemIds.json',
    answer: { list: 'investigatorOption.json' },
  },
  eligible: {
    method: 'POST',
    path: '/api/cases/:Case_Id/items/eligible',
    access: anyOf(...new Set(Object.values(A))),
    summary:
      "Which of the selected items a bulk action may change now (Eligible), and why the others are left out (LeftOut: the case's lock, the item's status, a submit's sections) — the rule the bulk calls refuse by; the action's own permission is needed (403)",
    body: 'itemEligibilityQuery.json',
    answer: 'itemEligibility.json',
  },
  assign: {
    method: 'POST',
    path: '/api/cases/:Case_Id/items/assign',
    access: anyOf(A.assign),
    summary:
      'Assign the items to an investigator of the assign list (→ ASSIGNED; a rejected item stays REJECTED), or unassign them with Investigator_Id null (→ AWAITING_ASSIGNMENT); answers the items',
    body: 'itemAssign.json',
    answer: { list: 'item.json' },
  },
  setAcds: {
    method: 'POST',
    path: '/api/cases/:Case_Id/items/set-acds',
    access: anyOf(A.setAcd),
    summary: "Set the items' ACD (not before today; an accepted item needs Edit Inactive Cases); answers the items",
    body: 'itemAcds.json',
    answer: { list: 'item.json' },
  },
  acceptItems: {
    method: 'POST',
    path: '/api/cases/:Case_Id/items/accept-items',
    access: anyOf(A.accept),
    summary: 'Accept items in review (→ ACCEPTED, CompletedDate now); answers the items',
    body: 'itemIds.json',
    answer: { list: 'item.json' },
  },
  rejectItems: {
    method: 'POST',
    path: '/api/cases/:Case_Id/items/reject-items',
    access: anyOf(A.reject),
    summary: 'Reject items in review with the reason (→ REJECTED, CompletedDate cleared, RejectionReason stored); answers the items',
    body: 'itemReject.json',
    answer: { list: 'item.json' },
  },
  submitItems: {
    method: 'POST',
    path: '/api/cases/:Case_Id/items/submit-items',
    access: anyOf(A.submit),
    summary:
      "Submit assigned or rejected items for review (→ IN_REVIEW) when each has its template's Required and Enabled sections and no empty required field (409 with the spec's text otherwise); answers the items",
    body: 'itemIds.json',
    answer: { list: 'item.json' },
  },
  submitItem: {
    method: 'PUT',
    path: '/api/cases/:Case_Id/items/:id/submit',
    access: anyOf(P.CaseItems.UPDATE_CASE_ITEM_STATUS),
    summary:
      "Submit one assigned or rejected item for review (→ IN_REVIEW), with the submit-items checks (409 with the spec's text when sections are missing or not finished, or from a wrong status); answers the item",
    answer: 'item.json',
  },
  acceptItem: {
    method: 'PUT',
    path: '/api/cases/:Case_Id/items/:id/accept',
    access: anyOf(P.CaseItems.REVIEW_CASE_ITEMS),
    summary: 'Accept one item in review (→ ACCEPTED, CompletedDate now; 409 from another status); answers the item',
    answer: 'item.json',
  },
  rejectItem: {
    method: 'PUT',
    path: '/api/cases/:Case_Id/items/:id/reject',
    access: anyOf(P.CaseItems.REVIEW_CASE_ITEMS),
    summary: 'Reject one item in review with the reason (→ REJECTED, CompletedDate cleared, RejectionReason stored; 409 from another status); answers the item',
    body: 'itemRejectReason.json',
    answer: 'item.json',
  },
});
