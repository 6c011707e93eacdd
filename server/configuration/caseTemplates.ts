import { Permissions } from '../../shared/permissions.js';
import { ConfigurationTexts } from '../../shared/texts/configuration.js';
import { audit } from '../audit/auditLog.js';
import { authOf } from '../http/access.js';
import { badRequest, forbidden, notFound } from '../http/errors.js';
import type { ApiArea } from '../http/route.js';
import { operationRoutes } from '../http/operationRoutes.js';
import { caseTemplateOperations } from '../../resources/caseTemplates.js';
import {
  caseTemplateResponse,
  checkCaseTemplate,
  findCaseTemplate,
  itemChanges,
  loadCaseTemplates,
  replaceItems,
  templateUsage,
  templateValues,
  type CaseTemplate,
  type CaseTemplateBody,
} from './caseTemplateStore.js';
import { defineStore } from '../resources/store.js';
import type { ApiRecord } from '../../resources/declaration.js';
import { changedOrders, numbered, swapKeys } from './ordering.js';

const T = ConfigurationTexts.caseTemplates;
const P = Permissions.CaseTemplates;
/** The delete refusal lists at most this many cases (ordered by number). */
const REFUSAL_CASE_LIMIT = 500;

const bodyOf = (values: ApiRecord) => values as unknown as CaseTemplateBody;

/**
 * Case templates (/case-templates, spec 002 §2.2), the `case-templates` declaration's store: what a new case of a
 * type contains and how its ROI looks. Labels are unique in any letter case; changing the items through an update
 * needs the add, remove and reorder item permissions; a template that cases or org case types use is not deleted.
 */
export const caseTemplatesStore = defineStore({
  responses: { record: caseTemplateResponse, list: { type: 'array', items: caseTemplateResponse } },
  audit: { entity: 'case_templates' },
  summaries: {
    list: 'Every case template with its contract type and items in order, sorted by label',
    one: 'One case template with its contract type and items in order',
    create: 'Create a case template with its items (ItemTypeIds)',
    update:
      'Update a case template; ItemTypeIds, when sent, replaces its items (adding items also needs Add Item To Case ' +
      'Template, removing needs Remove Item From Case Template, reordering kept items needs Reorder Case Template Items)',
    delete:
      'Delete a case template. Refused (400) while cases or org case types use it: the Message is JSON ' +
      '{ Cases: [{ Id, CaseNumber }], OrgCaseTypes: [{ Org_Id, Name }] }. Answers the deleted template.',
  },
  list: (context) => loadCaseTemplates(context.db),
  read: (context, key) => findCaseTemplate(context.db, Number(key)),
  async validate(context, values, existing) {
    const items = bodyOf(values).ItemTypeIds;
    if (existing && items) {
      const before = (existing as unknown as CaseTemplate).Items.map((i) => i.ItemType.Id);
      const { adds, removes, reorders } = itemChanges(before, items.map((i) => i.ItemType_Id));
      const { auth } = context;
      if (adds && !auth.can(P.ADD_ITEM_TO_CASE_TEMPLATE)) throw forbidden(T.noAddPermission);
      if (removes && !auth.can(P.REMOVE_ITEM_FROM_CASE_TEMPLATE)) throw forbidden(T.noRemovePermission);
      if (reorders && !auth.can(P.REORDER_CASE_TEMPLATE_ITEMS)) throw forbidden(T.noReorderPermission);
    }
    await checkCaseTemplate(context.db, bodyOf(values), existing ? Number(existing.Id) : undefined);
  },
  async insert(context, values) {
    const { Id } = await context.db.insertInto('case_templates').values(templateValues(bodyOf(values), true)).returning('Id').executeTakeFirstOrThrow();
    await replaceItems(context.db, Id, bodyOf(values).ItemTypeIds ?? []);
    return Id;
  },
  async change(context, key, values) {
    await context.db.updateTable('case_templates').set(templateValues(bodyOf(values), false)).where('Id', '=', Number(key)).execute();
    const items = bodyOf(values).ItemTypeIds;
    if (items) await replaceItems(context.db, Number(key), items);
  },
  async remove(context, key) {
    // The row lock keeps new cases and org case types from taking the template up while it is checked.
    const row = await context.db.selectFrom('case_templates').select('Id').where('Id', '=', Number(key)).forUpdate().executeTakeFirst();
    if (!row) throw notFound(T.unknownCaseTemplate);
    const usage = await templateUsage(context.db, Number(key), REFUSAL_CASE_LIMIT);
    if (usage.Cases.length || usage.OrgCaseTypes.length) throw badRequest(JSON.stringify(usage));
    await context.db.deleteFrom('case_templates').where('Id', '=', Number(key)).execute();
  },
});

/** The handler of the case templates contract's operation (resources/caseTemplates.ts): reordering the items. */
export const caseTemplatesArea: ApiArea = {
  name: 'case-templates',
  routes: operationRoutes(caseTemplateOperations, {
    async swapItems(request) {
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
        await audit(trx, { userId: authOf(request).userId, entity: 'case_templates', entityId: id, action: 'reorder-items', fields: ['DisplayOrder'] });
        return orders;
      });
    },
  }),
};
