import { caseItemOperations } from '../../resources/caseItemOperations.js';
import type { BodyOf } from '../../resources/operation.js';
import { ITEM_ACTION_PERMISSIONS, ITEM_ACTION_WORDS } from '../../shared/workflow.js';
import { Texts } from '../../shared/texts/index.js';
import { audit } from '../audit/auditLog.js';
import type { Database } from '../db/database.js';
import { authOf } from '../http/access.js';
import { ModelStateBuilder, forbidden } from '../http/errors.js';
import type { ApiArea } from '../http/route.js';
import { operationRoutes, type OperationHandler } from '../http/operationRoutes.js';
import { assertCaseEditable, caseInScope } from '../cases/caseAccess.js';
import { changedOrders, numbered, swapKeys } from '../configuration/ordering.js';
import { seesAllItems } from './itemAccess.js';
import { offeredItemTypes } from './itemDetail.js';
import { noticeItems } from './itemHistory.js';
import { itemOfCase, itemsForChange } from './itemLocks.js';
import { assignList } from './investigators.js';
import { changeItems, itemEligibility, type ItemRequest } from './itemWorkflow.js';

type Ops = typeof caseItemOperations;
const T = Texts.items.server;

type BulkName = 'assign' | 'setAcds' | 'acceptItems' | 'rejectItems' | 'submitItems';
type SingleName = 'submitItem' | 'acceptItem' | 'rejectItem';

/** One bulk item call's handler: the items of the case changed by the action the body asks for (itemWorkflow.ts). */
function bulk<K extends BulkName>(requestOf: (body: BodyOf<Ops[K]>) => ItemRequest): OperationHandler<Ops[K]> {
  const handler: OperationHandler<Ops[BulkName]> = async (request) => {
    const { db, services } = request.server;
    const body = request.body as BodyOf<Ops[BulkName]>;
    return changeItems(db, authOf(request), request.params.Case_Id, body.ItemIds, requestOf(body as BodyOf<Ops[K]>), services.now());
  };
  return handler as unknown as OperationHandler<Ops[K]>;
}

/** One item's workflow call on the item page: the bulk call's rules on that one item (an item the caller may not see is a 404). */
function single<K extends SingleName>(requestOf: (body: BodyOf<Ops[K]>) => ItemRequest): OperationHandler<Ops[K]> {
  const handler: OperationHandler<Ops[SingleName]> = async (request) => {
    const { db, services } = request.server;
    const auth = authOf(request);
    const caseRow = await caseInScope(db, auth, request.params.Case_Id);
    const item = await itemOfCase(db, auth, caseRow.Id, request.params.id);
    const [changed] = await changeItems(db, auth, caseRow.Id, [item.Id], requestOf(request.body as BodyOf<Ops[K]>), services.now());
    return changed;
  };
  return handler as unknown as OperationHandler<Ops[K]>;
}

/**
 * The handlers of the case-items contract's named operations (resources/caseItemOperations.ts). Adding, reading,
 * changing and deleting an item are the `case-items` declaration's CRUD calls (server/items/itemStore.ts).
 */
export const itemsArea: ApiArea = {
  name: 'items',
  routes: operationRoutes(caseItemOperations, {
    async availableTypes(request) {
      const { db } = request.server;
      const caseRow = await caseInScope(db, authOf(request), request.params.Case_Id);
      return offeredItemTypes(db, caseRow.CaseTemplate_Id);
    },
    async swap(request) {
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
    async assignList(request) {
      const { db, services } = request.server;
      const auth = authOf(request);
      const caseRow = await caseInScope(db, auth, request.params.Case_Id);
      const items = await itemsForChange(db, auth, caseRow.Id, request.body.ItemIds, false);
      return assignList(db, items.map((i) => i.PostalCode), services.now());
    },
    async eligible(request) {
      const { db } = request.server;
      const auth = authOf(request);
      const { Action, ItemIds } = request.body;
      if (!auth.can(ITEM_ACTION_PERMISSIONS[Action])) throw forbidden(T.actionNotPermitted(ITEM_ACTION_WORDS[Action]));
      const caseRow = await caseInScope(db, auth, request.params.Case_Id);
      const items = await itemsForChange(db, auth, caseRow.Id, ItemIds, false);
      const { eligible, leftOut } = await itemEligibility(db, auth, caseRow, items, Action);
      return { Action, Eligible: eligible.map((i) => i.Id), LeftOut: leftOut };
    },
    assign: bulk<'assign'>((body) => (body.Investigator_Id === null ? { action: 'unassign' } : { action: 'assign', investigatorId: body.Investigator_Id })),
    setAcds: bulk<'setAcds'>((body) => ({ action: 'setAcd', acd: body.ACD })),
    acceptItems: bulk<'acceptItems'>(() => ({ action: 'accept' })),
    rejectItems: bulk<'rejectItems'>((body) => ({ action: 'reject', reason: body.Reason.trim() })),
    submitItems: bulk<'submitItems'>(() => ({ action: 'submit' })),
    submitItem: single<'submitItem'>(() => ({ action: 'submit' })),
    acceptItem: single<'acceptItem'>(() => ({ action: 'accept' })),
    rejectItem: single<'rejectItem'>((body) => ({ action: 'reject', reason: body.Reason.trim() })),
  }),
};
