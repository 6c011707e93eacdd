import { Permissions } from '../../shared/permissions.js';
import { ConfigurationTexts } from '../../shared/texts/configuration.js';
import { audit } from '../audit.js';
import { authOf } from '../http/access.js';
import { badRequest, forbidden, notFound } from '../http/errors.js';
import { anyOf, idParams, route, type ApiArea } from '../http/route.js';
import {
  caseTemplateResponse,
  checkCaseTemplate,
  findCaseTemplate,
  itemChanges,
  loadCaseTemplates,
  replaceItems,
  templateUsage,
  templateValues,
  type CaseTemplateBody,
} from './caseTemplateStore.js';
import { changedOrders, numbered, orderMapResponse, swapKeys } from './ordering.js';

const T = ConfigurationTexts.caseTemplates;
const P = Permissions.CaseTemplates;
const body = { $ref: 'caseTemplate.json' } as const;
/** The delete refusal lists at most this many cases (ordered by number). */
const REFUSAL_CASE_LIMIT = 500;

/** Case templates (/case-templates, spec 002 §2.2): what a new case of a type contains and how its ROI looks. */
export const caseTemplatesArea: ApiArea = {
  name: 'case-templates',
  routes: [
    route({
      method: 'GET',
      url: '/api/case-templates',
      // The org Case Types tab picks a template from this list when adding a case type.
      access: anyOf(Permissions.Cases.CREATE_CASE_TEMPLATE, Permissions.Orgs.ADD_CASE_TYPE_TO_ORG),
      summary: 'Every case template with its contract type and items in order, sorted by label',
      schema: { response: { 200: { type: 'array', items: caseTemplateResponse } } },
      async handler(request) {
        return loadCaseTemplates(request.server.db);
      },
    }),
    route<{ Body: CaseTemplateBody }>({
      method: 'POST',
      url: '/api/case-templates',
      access: anyOf(P.CREATE_CASE_TEMPLATE),
      summary: 'Create a case template with its items (ItemTypeIds)',
      schema: { body, response: { 200: caseTemplateResponse } },
      async handler(request) {
        const { db } = request.server;
        await checkCaseTemplate(db, request.body);
        const values = templateValues(request.body, true);
        const items = request.body.ItemTypeIds ?? [];
        const id = await db.transaction().execute(async (trx) => {
          const { Id } = await trx.insertInto('case_templates').values(values).returning('Id').executeTakeFirstOrThrow();
          await replaceItems(trx, Id, items);
          await audit(trx, { userId: authOf(request).userId, entity: 'case_templates', entityId: Id, action: 'create', changes: { ...values, ItemTypeIds: items } });
          return Id;
        });
        return findCaseTemplate(db, id);
      },
    }),
    route<{ Params: { id: number }; Body: CaseTemplateBody }>({
      method: 'PATCH',
      url: '/api/case-templates/:id',
      access: anyOf(P.UPDATE_CASE_TEMPLATE),
      summary:
        'Update a case template; ItemTypeIds, when sent, replaces its items (adding items also needs Add Item To Case ' +
        'Template, removing needs Remove Item From Case Template, reordering kept items needs Reorder Case Template Items)',
      schema: { params: idParams, body, response: { 200: caseTemplateResponse } },
      async handler(request) {
        const { db } = request.server;
        const auth = authOf(request);
        const template = await findCaseTemplate(db, request.params.id);
        const items = request.body.ItemTypeIds;
        if (items) {
          const { adds, removes, reorders } = itemChanges(template.Items.map((i) => i.ItemType.Id), items.map((i) => i.ItemType_Id));
          if (adds && !auth.can(P.ADD_ITEM_TO_CASE_TEMPLATE)) throw forbidden(T.noAddPermission);
          if (removes && !auth.can(P.REMOVE_ITEM_FROM_CASE_TEMPLATE)) throw forbidden(T.noRemovePermission);
          if (reorders && !auth.can(P.REORDER_CASE_TEMPLATE_ITEMS)) throw forbidden(T.noReorderPermission);
        }
        await checkCaseTemplate(db, request.body);
        const values = templateValues(request.body, false);
        await db.transaction().execute(async (trx) => {
          await trx.updateTable('case_templates').set(values).where('Id', '=', template.Id).execute();
          if (items) await replaceItems(trx, template.Id, items);
          await audit(trx, { userId: auth.userId, entity: 'case_templates', entityId: template.Id, action: 'update', changes: { ...values, ItemTypeIds: items } });
        });
        return findCaseTemplate(db, template.Id);
      },
    }),
    route<{ Params: { id: number } }>({
      method: 'DELETE',
      url: '/api/case-templates/:id',
      access: anyOf(P.DELETE_CASE_TEMPLATE),
      summary:
        'Delete a case template. Refused (400) while cases or org case types use it: the Message is JSON ' +
        '{ Cases: [{ Id, CaseNumber }], OrgCaseTypes: [{ Org_Id, Name }] }. Answers the deleted template.',
      schema: { params: idParams, response: { 200: caseTemplateResponse } },
      async handler(request) {
        const { db } = request.server;
        const template = await findCaseTemplate(db, request.params.id);
        await db.transaction().execute(async (trx) => {
          // The row lock keeps new cases and org case types from taking the template up while it is checked.
          const row = await trx.selectFrom('case_templates').select('Id').where('Id', '=', template.Id).forUpdate().executeTakeFirst();
          if (!row) throw notFound(T.unknownCaseTemplate);
          const usage = await templateUsage(trx, template.Id, REFUSAL_CASE_LIMIT);
          if (usage.Cases.length || usage.OrgCaseTypes.length) throw badRequest(JSON.stringify(usage));
          await trx.deleteFrom('case_templates').where('Id', '=', template.Id).execute();
          await audit(trx, { userId: authOf(request).userId, entity: 'case_templates', entityId: template.Id, action: 'delete', changes: { Label: template.Label } });
        });
        return template;
      },
    }),
    route<{ Params: { id: number }; Body: { SwapFromItem_Id: number; SwapToItem_Id: number } }>({
      method: 'PUT',
      url: '/api/case-templates/:id/items/swap',
      access: anyOf(P.REORDER_CASE_TEMPLATE_ITEMS),
      summary: 'Swap two items of a case template; answers item id → new display order for all its items',
      schema: { params: idParams, body: { $ref: 'caseTemplateItemSwap.json' }, response: { 200: orderMapResponse } },
      async handler(request) {
        const { db } = request.server;
        const id = request.params.id;
        const { SwapFromItem_Id: from, SwapToItem_Id: to } = request.body;
        return db.transaction().execute(async (trx) => {
          const row = await trx.selectFrom('case_templates').select('Id').where('Id', '=', id).forUpdate().executeTakeFirst();
          if (!row) throw notFound(T.unknownCaseTemplate);
          const current = await trx
            .selectFrom('case_template_items')
            .select(['Id as key', 'DisplayOrder'])
            .where('CaseTemplate_Id', '=', id)
            .orderBy('DisplayOrder')
            .orderBy('Id')
            .execute();
          const sequence = swapKeys(
            current.map((item) => item.key),
            { field: 'SwapFromItem_Id', key: from },
            { field: 'SwapToItem_Id', key: to },
            T.unknownItem,
          );
          const orders = numbered(sequence);
          for (const [itemId, DisplayOrder] of changedOrders(current, orders)) {
            await trx.updateTable('case_template_items').set({ DisplayOrder }).where('Id', '=', itemId).execute();
          }
          await audit(trx, { userId: authOf(request).userId, entity: 'case_templates', entityId: id, action: 'reorder-items', changes: { from, to } });
          return orders;
        });
      },
    }),
  ],
};
