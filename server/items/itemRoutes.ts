import type { ItemAcds, ItemAssign, ItemIds, ItemReject, ItemSwap } from '../../schemas/types.js';
import { Permissions } from '../../shared/permissions.js';
import type { Permission } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import { audit } from '../audit/auditLog.js';
import type { Database } from '../db/database.js';
import { authOf } from '../http/access.js';
import { ModelStateBuilder, forbidden } from '../http/errors.js';
import { anyArray, anyObject, anyOf, noBody, route, type ApiArea, type RouteSpec } from '../http/route.js';
import { assertCaseEditable, caseInScope } from '../cases/caseAccess.js';
import { changedOrders, numbered, orderMapResponse, swapKeys } from '../configuration/ordering.js';
import { seesAllItems } from './itemAccess.js';
import { offeredItemTypes } from './itemDetail.js';
import { noticeItems } from './itemHistory.js';
import { itemOfCase, itemsForChange } from './itemLocks.js';
import { assignList, assignListResponse } from './investigators.js';
import { ACTION_PERMISSIONS, ITEM_ACTIONS, changeItems, itemEligibility, type ItemAction, type ItemRequest } from './itemWorkflow.js';

const P = Permissions;
const T = Texts.items.server;

const caseParams = { type: 'object', properties: { Case_Id: { type: 'integer', minimum: 1 } }, required: ['Case_Id'] } as const;
const itemParams = {
  type: 'object',
  properties: { Case_Id: { type: 'integer', minimum: 1 }, id: { type: 'integer', minimum: 1 } },
  required: ['Case_Id', 'id'],
} as const;

/** One bulk item call: POST /api/cases/{Case_Id}/items/{path} with its body schema and permission (itemWorkflow.ts). */
function bulk<B extends { ItemIds: number[] }>(path: string, permission: Permission, bodySchema: string, summary: string, requestOf: (body: B) => ItemRequest): RouteSpec<never> {
  return route<{ Params: { Case_Id: number }; Body: B }>({
    method: 'POST',
    url: `/api/cases/:Case_Id/items/${path}`,
    access: anyOf(permission),
    summary,
    schema: { params: caseParams, body: { $ref: bodySchema }, response: { 200: anyArray } },
    async handler(request) {
      const { db, services } = request.server;
      const body = request.body as B;
      return changeItems(db, authOf(request), request.params.Case_Id, body.ItemIds, requestOf(body), services.now());
    },
  }) as RouteSpec<never>;
}

/** What a bulk modal asks before it acts: the action and the selected items of the case. */
const eligibilityBody = {
  type: 'object',
  properties: {
    Action: { type: 'string', enum: ITEM_ACTIONS, title: 'Action', description: 'The bulk action: assign, unassign, setAcd, accept, reject or submit' },
    ItemIds: { $ref: 'itemIds.json#/properties/ItemIds' },
  },
  required: ['Action', 'ItemIds'],
  additionalProperties: false,
} as const;

const eligibilityAnswer = {
  type: 'object',
  properties: {
    Action: { type: 'string' },
    Eligible: { type: 'array', items: { type: 'integer' }, description: 'The items the action may change now, in the case\'s order' },
    LeftOut: {
      type: 'array',
      description: 'The other items, each with why: the case\'s lock, the item\'s status, or (submit) its sections',
      items: {
        type: 'object',
        properties: {
          Id: { type: 'integer' },
          DisplayId: { type: 'integer' },
          Reason: { type: 'string' },
          Kind: { type: 'string', enum: ['missingSections', 'unfinishedSections'] },
          Sections: { type: 'array', items: { type: 'string' } },
        },
        required: ['Id', 'DisplayId', 'Reason'],
      },
    },
  },
  required: ['Action', 'Eligible', 'LeftOut'],
} as const;

/** The body of the item page's Reject: the reason, by the bulk reject's rule (schemas/itemReject.json). */
const rejectOneBody = { type: 'object', properties: { Reason: { $ref: 'itemReject.json#/properties/Reason' } }, required: ['Reason'], additionalProperties: false } as const;

/**
 * One item's workflow call on the item page (spec 001 §7: its paths are ours): PUT /api/cases/{Case_Id}/items/{id}/{path},
 * the bulk call's rules on that one item (itemWorkflow.ts; an item the caller may not see is a 404); answers the item.
 */
function single<B>(path: string, permission: Permission, body: object, summary: string, requestOf: (body: B) => ItemRequest): RouteSpec<never> {
  return route<{ Params: { Case_Id: number; id: number }; Body: B }>({
    method: 'PUT',
    url: `/api/cases/:Case_Id/items/:id/${path}`,
    access: anyOf(permission),
    summary,
    schema: { params: itemParams, body, response: { 200: anyObject } },
    async handler(request) {
      const { db, services } = request.server;
      const auth = authOf(request);
      const caseRow = await caseInScope(db, auth, request.params.Case_Id);
      const item = await itemOfCase(db, auth, caseRow.Id, request.params.id);
      const [changed] = await changeItems(db, auth, caseRow.Id, [item.Id], requestOf(request.body as B), services.now());
      return changed;
    },
  }) as RouteSpec<never>;
}

/**
 * The item calls that are not CRUD (spec 001 §7 "Items"): the item templates Add Item offers, the swap of two
 * items, the assign list with distances, the bulk workflow calls and an item's history. Adding, reading, changing
 * and deleting an item are the `case-items` declaration's calls (server/items/itemStore.ts).
 */
export const itemsArea: ApiArea = {
  name: 'items',
  routes: [
    route<{ Params: { Case_Id: number } }>({
      method: 'GET',
      url: '/api/cases/:Case_Id/items/available',
      access: anyOf(P.Items.CREATE_ITEMS),
      summary: 'The item templates Add Item offers for the case: its case template\'s (not disabled), in template order (Id, Description)',
      schema: {
        params: caseParams,
        response: { 200: { type: 'array', items: { type: 'object', properties: { Id: { type: 'integer' }, Description: { type: 'string' } } } } },
      },
      async handler(request) {
        const { db } = request.server;
        const caseRow = await caseInScope(db, authOf(request), request.params.Case_Id);
        return offeredItemTypes(db, caseRow.CaseTemplate_Id);
      },
    }),
    route<{ Params: { Case_Id: number }; Body: ItemSwap }>({
      method: 'PUT',
      url: '/api/cases/:Case_Id/items/swap',
      access: anyOf(P.Items.REORDER_ITEMS),
      summary: 'Swap two items of a case; answers item id → new display order (DisplayId) for all its items',
      schema: { params: caseParams, body: { $ref: 'itemSwap.json' }, response: { 200: orderMapResponse } },
      async handler(request) {
        const auth = authOf(request);
        const caseId = request.params.Case_Id;
        const { SwapFromItem_Id: from, SwapToItem_Id: to } = request.body;
        return request.server.db.transaction().execute(async (trx) => {
          const tx = trx as Database;
          const caseRow = await caseInScope(tx, auth, caseId, true);
          await assertCaseEditable(tx, auth, caseRow);
          const items = await tx.selectFrom('items').select(['Id', 'DisplayOrder', 'AssignedTo_Id']).where('Case_Id', '=', caseId).orderBy('DisplayOrder').orderBy('Id').forUpdate().execute();
          const visible = seesAllItems(auth) ? items : items.filter((i) => i.AssignedTo_Id === auth.userId);
          const errors = new ModelStateBuilder();
          for (const [field, key] of [['SwapFromItem_Id', from], ['SwapToItem_Id', to]] as const) if (!visible.some((i) => i.Id === key)) errors.add(field, T.notOfCase(key));
          errors.throwIfInvalid();
          const current = items.map((i) => ({ key: i.Id, DisplayOrder: i.DisplayOrder }));
          const orders = numbered(swapKeys(current.map((i) => i.key), { field: 'SwapFromItem_Id', key: from }, { field: 'SwapToItem_Id', key: to }, T.notFound));
          const moved = changedOrders(current, orders);
          for (const [id, DisplayOrder] of moved) await tx.updateTable('items').set({ DisplayOrder }).where('Id', '=', id).execute();
          await audit(tx, { userId: auth.userId, entity: 'items', entityId: from, action: 'swap', fields: ['DisplayOrder'] });
          await noticeItems(tx, caseId, moved.map(([Id, DisplayOrder]) => ({ Id, DisplayOrder })), 'itemUpdated', auth.userId);
          return orders;
        });
      },
    }),
    route<{ Params: { Case_Id: number }; Body: ItemIds }>({
      method: 'POST',
      url: '/api/cases/:Case_Id/items/assign-list',
      access: anyOf(P.ItemAssignments.ADD_ITEM_ASSIGNMENTS),
      summary:
        'The investigators the selected items may be assigned to, with work status and AverageDistance: miles (2 decimals) from the ZIP code of their primary address to the items\' ZIP codes, great-circle, averaged; nearest first, unknown (null) last',
      schema: { params: caseParams, body: { $ref: 'itemIds.json' }, response: { 200: assignListResponse } },
      async handler(request) {
        const { db, services } = request.server;
        const auth = authOf(request);
        const caseRow = await caseInScope(db, auth, request.params.Case_Id);
        const items = await itemsForChange(db, auth, caseRow.Id, request.body.ItemIds, false);
        return assignList(db, items.map((i) => i.PostalCode), services.now());
      },
    }),
    route<{ Params: { Case_Id: number }; Body: { Action: ItemAction; ItemIds: number[] } }>({
      method: 'POST',
      url: '/api/cases/:Case_Id/items/eligible',
      access: anyOf(...new Set(Object.values(ACTION_PERMISSIONS))),
      summary:
        'Which of the selected items a bulk action may change now (Eligible), and why the others are left out (LeftOut: the case\'s lock, the item\'s status, a submit\'s sections) — the rule the bulk calls refuse by; the action\'s own permission is needed (403)',
      schema: { params: caseParams, body: eligibilityBody, response: { 200: eligibilityAnswer } },
      async handler(request) {
        const { db } = request.server;
        const auth = authOf(request);
        const { Action, ItemIds } = request.body;
        if (!auth.can(ACTION_PERMISSIONS[Action])) throw forbidden();
        const caseRow = await caseInScope(db, auth, request.params.Case_Id);
        const items = await itemsForChange(db, auth, caseRow.Id, ItemIds, false);
        const { eligible, leftOut } = await itemEligibility(db, auth, caseRow, items, Action);
        return { Action, Eligible: eligible.map((i) => i.Id), LeftOut: leftOut };
      },
    }),
    bulk<ItemAssign>(
      'assign',
      ACTION_PERMISSIONS.assign,
      'itemAssign.json',
      'Assign the items to an investigator of the assign list (→ ASSIGNED; a rejected item stays REJECTED), or unassign them with Investigator_Id null (→ AWAITING_ASSIGNMENT); answers the items',
      (body) => (body.Investigator_Id === null ? { action: 'unassign' } : { action: 'assign', investigatorId: body.Investigator_Id }),
    ),
    bulk<ItemAcds>('set-acds', ACTION_PERMISSIONS.setAcd, 'itemAcds.json', 'Set the items\' ACD (not before today; an accepted item needs Edit Inactive Cases); answers the items', (body) => ({
      action: 'setAcd',
      acd: body.ACD,
    })),
    bulk<ItemIds>('accept-items', ACTION_PERMISSIONS.accept, 'itemIds.json', 'Accept items in review (→ ACCEPTED, CompletedDate now); answers the items', () => ({ action: 'accept' })),
    bulk<ItemReject>('reject-items', ACTION_PERMISSIONS.reject, 'itemReject.json', 'Reject items in review with the reason (→ REJECTED, CompletedDate cleared, RejectionReason stored); answers the items', (body) => ({
      action: 'reject',
      reason: body.Reason.trim(),
    })),
    bulk<ItemIds>(
      'submit-items',
      ACTION_PERMISSIONS.submit,
      'itemIds.json',
      'Submit assigned or rejected items for review (→ IN_REVIEW) when each has its template\'s Required and Enabled sections and no empty required field (409 with the spec\'s text otherwise); answers the items',
      () => ({ action: 'submit' }),
    ),
    single<undefined>(
      'submit',
      P.CaseItems.UPDATE_CASE_ITEM_STATUS,
      noBody,
      'Submit one assigned or rejected item for review (→ IN_REVIEW), with the submit-items checks (409 with the spec\'s text when sections are missing or not finished, or from a wrong status); answers the item',
      () => ({ action: 'submit' }),
    ),
    single<undefined>('accept', P.CaseItems.REVIEW_CASE_ITEMS, noBody, 'Accept one item in review (→ ACCEPTED, CompletedDate now; 409 from another status); answers the item', () => ({ action: 'accept' })),
    single<{ Reason: string }>(
      'reject',
      P.CaseItems.REVIEW_CASE_ITEMS,
      rejectOneBody,
      'Reject one item in review with the reason (→ REJECTED, CompletedDate cleared, RejectionReason stored; 409 from another status); answers the item',
      (body) => ({ action: 'reject', reason: body.Reason.trim() }),
    ),
  ],
};

