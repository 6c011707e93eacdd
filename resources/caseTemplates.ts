import { Permissions } from '../shared/permissions.js';
import { PageSizes } from '../shared/constants.js';
import schema from '../schemas/caseTemplate.json' with { type: 'json' };
import type { ObjectSchema } from '../schemas/index.js';
import { defineResource, restOperations, type ApiRecord } from './declaration.js';
import { anyOf } from '../shared/access.js';
import { defineOperations } from './operation.js';


const P = Permissions.CaseTemplates;
const label = (r: ApiRecord) => String(r.Label ?? '');
const XSLT = ['ROICoversheetTemplate', 'ROIStylesheet', 'ROIHeader', 'ROIFooter'] as const;

interface EditorItem {
  ItemType: { Id: number };
  AutoAdd: boolean;
  ShowInReport: boolean;
  ShowTitle: boolean;
}

/** The case templates contract's named operation: the order of a template's items. Handler: server/configuration/caseTemplates.ts. */
export const caseTemplateOperations = defineOperations({
  swapItems: {
    method: 'PUT',
    path: '/api/case-templates/:id/items/swap',
    access: anyOf(P.REORDER_CASE_TEMPLATE_ITEMS),
    summary: 'Swap two items of a case template; answers item id → new display order for all its items',
    body: 'caseTemplateItemSwap.json',
    answer: 'displayOrders.json',
  },
});

/**
 * Case templates (/case-templates): spec 002 §2.2. What a new case of a contract type contains and how its report
 * looks. The record editor (items and report XSLT) and the refused delete's list of what still uses the
 * template are views (src/caseTemplates/caseTemplateViews.ts). Adding, removing and reordering items of a saved template are
 * actions of their own (`useCanAccess({ resource: 'case-templates', action: 'addItem' })`).
 */
export default defineResource({
  name: 'case-templates',
  key: 'Id',
  route: '/case-templates',
  schema: schema as ObjectSchema,
  title: 'Case Templates',
  menu: { group: 'admin', order: 2 },
  recordRepresentation: label,
  // The org Case Types tab picks a template from this list when adding a case type.
  operations: restOperations('/api/case-templates', { update: 'PATCH', listAccess: [Permissions.Cases.CREATE_CASE_TEMPLATE, Permissions.Orgs.ADD_CASE_TYPE_TO_ORG] }),
  named: caseTemplateOperations,
  paging: 'browser',
  permissions: {
    view: [Permissions.Cases.CREATE_CASE_TEMPLATE],
    create: [P.CREATE_CASE_TEMPLATE],
    edit: [P.UPDATE_CASE_TEMPLATE],
    delete: [P.DELETE_CASE_TEMPLATE],
    actions: { addItem: [P.ADD_ITEM_TO_CASE_TEMPLATE], removeItem: [P.REMOVE_ITEM_FROM_CASE_TEMPLATE], reorderItems: [P.REORDER_CASE_TEMPLATE_ITEMS] },
  },
  remove: { kind: 'delete' },
  list: {
    pageSize: PageSizes.DEFAULT,
    sort: { field: 'Label', order: 'ASC' },
  },
  // ItemTypeIds holds the editor's items; the body numbers them 1..n as DisplayOrder.
  form: { fields: ['Label', 'ContractType_Id', 'ShowCoverPage', ...XSLT, 'ItemTypeIds'] },
  callbacks: {
    beforeSave: (data) => ({
      ...data,
      Label: label(data).trim(),
      ...Object.fromEntries(XSLT.map((field) => [field, data[field] ?? ''])),
      ItemTypeIds: ((data.ItemTypeIds ?? []) as EditorItem[]).map((item, index) => ({
        ItemType_Id: item.ItemType.Id,
        AutoAdd: item.AutoAdd,
        ShowInReport: item.ShowInReport,
        ShowTitle: item.ShowTitle,
        DisplayOrder: index + 1,
      })),
    }),
  },
});
