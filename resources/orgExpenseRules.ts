import { PageSizes } from '../shared/constants.js';
import { Permissions } from '../shared/permissions.js';
import schema from '../schemas/orgExpenseRule.json' with { type: 'json' };
import type { ObjectSchema } from '../schemas/index.js';
import { defineResource, type ApiRecord } from './declaration.js';
import { INHERITED_FILTER, ownRecord } from './orgCaseTypes.js';

const P = Permissions.Orgs;
/** An expense rule is named by its expense type. */
export const expenseTypeName = (r: ApiRecord) => String((r.ExpenseType as ApiRecord | undefined)?.Description ?? '');

/**
 * The expense rules of an org (the Expenses tab, spec 002 §2.1, §3): what it pays per unit of an expense type, its
 * own or the nearest ancestor's; a rule whose end date has passed has a grey edge, others green.
 */
export default defineResource({
  name: 'org-expense-rules',
  key: 'Id',
  schema: schema as ObjectSchema,
  title: 'Expense Rules',
  menu: { group: 'none', order: 0 },
  recordRepresentation: expenseTypeName,
  parent: { resource: 'orgs', field: 'Org_Id' },
  operations: {
    // The item expense form reads its expense type options here too (spec 001 §7; resources/itemExpenses.ts).
    list: { method: 'GET', path: '/api/orgs/:Org_Id/expense-rules', access: [P.GET_ORG_EXPENSE_RULES, Permissions.ItemExpenses.MANAGE] },
    create: { method: 'POST', path: '/api/orgs/:Org_Id/expense-rules' },
    update: { method: 'PUT', path: '/api/orgs/:Org_Id/expense-rules/:id' },
    delete: { method: 'DELETE', path: '/api/orgs/:Org_Id/expense-rules/:id' },
  },
  paging: 'browser',
  // The spec's Add Expense Rule button has no guard of its own; here it needs what saving needs.
  permissions: { view: [P.GET_ORG_EXPENSE_RULES], create: [P.UPDATE_ORG_EXPENSE_RULE], edit: [P.UPDATE_ORG_EXPENSE_RULE], delete: [P.DELETE_ORG_EXPENSE_RULE] },
  remove: { kind: 'delete', when: ownRecord },
  list: {
    filters: [INHERITED_FILTER],
    pageSize: PageSizes.ORG_EXPENSE_RULES,
    sort: { field: 'ExpenseType.Description', order: 'ASC' },
  },
  form: { fields: ['ExpenseType_Id', 'CPU', 'IsPassthrough', 'ActiveFrom', 'ActiveTo'] },
});
