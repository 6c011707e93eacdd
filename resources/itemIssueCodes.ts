import { PageSizes } from '../shared/constants.js';
import { Permissions } from '../shared/permissions.js';
import schema from '../schemas/itemIssueCode.json' with { type: 'json' };
import type { ObjectSchema } from '../schemas/index.js';
import { defineResource, type ApiRecord } from './declaration.js';

const P = Permissions;
const BASE = '/api/cases/:Case_Id/items/:Item_Id/issue-codes';

/** An issue code's code (the IssueCodeType item's Short, 'F'). */
export const code = (r: ApiRecord) => String((r.Code as { Short?: unknown } | undefined)?.Short ?? '');

/**
 * The issue codes of an item (spec 001 §2 "Item page", §3 "Issue code", §5 "Issue code: type required", §7): a
 * sub-resource of `case-items`, newest first. Add chooses an issue code type (the IssueCodeType list; the caller is
 * EnteredBy, now the EnteredDate); remove deletes one after confirmation; there is no edit. Listing needs View Items,
 * adding and removing Edit Case Items, and both obey the item's locks (server/items/issueCodes.ts).
 */
export default defineResource({
  name: 'item-issue-codes',
  key: 'Id',
  schema: schema as ObjectSchema,
  title: 'Issue Codes',
  menu: { group: 'none', order: 0 },
  recordRepresentation: code,
  parent: { resource: 'case-items', field: 'Item_Id', with: ['Case_Id'] },
  operations: {
    list: { method: 'GET', path: BASE },
    create: { method: 'POST', path: BASE },
    delete: { method: 'DELETE', path: `${BASE}/:id` },
  },
  paging: 'browser',
  permissions: {
    view: [P.Items.VIEW_ITEMS],
    create: [P.CaseItems.EDIT_CASE_ITEMS],
    delete: [P.CaseItems.EDIT_CASE_ITEMS],
  },
  remove: { kind: 'delete' },
  list: {
    pageSize: PageSizes.ITEM_ISSUE_CODES,
    sort: { field: 'EnteredDate', order: 'DESC' },
  },
  form: { fields: ['IssueCodeType_Id'] },
});
