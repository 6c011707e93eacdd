import { PageSizes } from '../shared/constants.js';
import { activeRule } from '../shared/deadlines.js';
import { formatPersonName, isoDay } from '../shared/format.js';
import { Permissions } from '../shared/permissions.js';
import schema from '../schemas/itemExpense.json' with { type: 'json' };
import expenseTypeSchema from '../schemas/expenseType.json' with { type: 'json' };
import personSchema from '../schemas/person.json' with { type: 'json' };
import type { ObjectSchema } from '../schemas/index.js';
import { defineResource, type ApiRecord } from './declaration.js';

const P = Permissions;
const BASE = '/api/cases/:Case_Id/items/:Item_Id/expenses';

export const typeName = (r: ApiRecord) => {
  const type = r.ExpenseType as { Description?: string | null; Short?: string | null } | null | undefined;
  return String(type?.Description ?? type?.Short ?? '');
};
const personName = formatPersonName;

/**
 * The expenses of an item (spec 001 §2 "Item page", §3 "Expense", §5 "Expense form", §7, §9): a sub-resource of
 * `case-items`, newest first, 5 a page. Expense type (one with an expense rule of the case's org active today), units,
 * who incurred it (the provider's staff, the item's investigator first), a note, reimbursable and an override; the
 * amount is the total (Cost × Units), or the override in its place with the total struck through. The item's `Case`
 * travels with the records (`parent.with`) so the expense type choices follow the case's org
 * (`item-expense-types`). Listing needs View Items; adding, changing and deleting Manage Item Expenses, and they obey
 * the item's locks (server/items/expenses.ts).
 */
export default defineResource({
  name: 'item-expenses',
  key: 'Id',
  schema: schema as ObjectSchema,
  title: 'Expenses',
  menu: { group: 'none', order: 0 },
  recordRepresentation: typeName,
  parent: { resource: 'case-items', field: 'Item_Id', with: ['Case_Id', 'Case'] },
  operations: {
    list: { method: 'GET', path: BASE },
    create: { method: 'POST', path: BASE },
    update: { method: 'PUT', path: `${BASE}/:id` },
    delete: { method: 'DELETE', path: `${BASE}/:id` },
  },
  paging: 'browser',
  permissions: {
    view: [P.Items.VIEW_ITEMS],
    create: [P.ItemExpenses.MANAGE],
    edit: [P.ItemExpenses.MANAGE],
    delete: [P.ItemExpenses.MANAGE],
  },
  remove: { kind: 'delete' },
  list: {
    pageSize: PageSizes.ITEM_EXPENSES,
    sort: { field: 'CreatedDate', order: 'DESC' },
  },
  form: { fields: ['ExpenseType_Id', 'Units', 'IncurredBy_Id', 'Override', 'Reimbursable', 'Note'] },
});

interface RuleRecord {
  ExpenseType_Id?: unknown;
  ExpenseType?: { Id?: unknown; Description?: unknown } | null;
  ActiveFrom?: string | null;
  ActiveTo?: string | null;
}

/**
 * The expense types an item's expense may have (spec 001 §7 "orgs/{clientId}/expense-rules (expense type
 * options)"): read through the org's expense rules — its own or inherited, the `org-expense-rules` call — and kept to
 * the types whose rule is active today, one option each (Id, Short, Description). The server refuses the others. A
 * lookup of the expense form; the call's route is `org-expense-rules`'s.
 */
export const itemExpenseTypes = defineResource({
  name: 'item-expense-types',
  key: 'Id',
  schema: expenseTypeSchema as ObjectSchema,
  title: 'Expense Types',
  menu: { group: 'none', order: 0 },
  recordRepresentation: typeName,
  operations: {
    list: { method: 'GET', path: '/api/orgs/:Org_Id/expense-rules', access: [P.Orgs.GET_ORG_EXPENSE_RULES, P.ItemExpenses.MANAGE] },
  },
  paging: 'browser',
  permissions: { view: [P.ItemExpenses.MANAGE, P.Orgs.GET_ORG_EXPENSE_RULES] },
  remove: { kind: 'none' },
  list: { pageSize: PageSizes.UNPAGED, sort: { field: 'Description', order: 'ASC' } },
  form: { fields: [] },
  callbacks: {
    afterReadList(records) {
      const today = isoDay(new Date());
      const byType = new Map<string, RuleRecord[]>();
      for (const rule of records as RuleRecord[]) {
        const key = String(rule.ExpenseType_Id ?? rule.ExpenseType?.Id ?? '');
        if (key) byType.set(key, [...(byType.get(key) ?? []), rule]);
      }
      return [...byType.values()].flatMap((rules) => {
        const rule = activeRule(rules, today);
        if (!rule) return [];
        const Id = Number(rule.ExpenseType_Id ?? rule.ExpenseType?.Id);
        const name = String(rule.ExpenseType?.Description ?? '');
        return [{ Id, Short: name, Description: name }];
      });
    },
  },
  store: { routes: [] },
});

/**
 * Who may incur an item's expense (docs/decisions.md "Item expenses"): the provider's staff — the users of the top
 * org who are not locked out — and the item's investigator, who comes first, then the caller, then the others by
 * name (`DisplayOrder`). A lookup of the expense form, served by server/items/expenses.ts; the server refuses others.
 */
export const itemExpenseIncurrers = defineResource({
  name: 'item-expense-incurrers',
  key: 'Id',
  schema: personSchema as ObjectSchema,
  title: 'Incurred By',
  menu: { group: 'none', order: 0 },
  recordRepresentation: personName,
  operations: { list: { method: 'GET', path: `${BASE}/incurred-by` } },
  paging: 'browser',
  permissions: { view: [P.ItemExpenses.MANAGE] },
  remove: { kind: 'none' },
  list: { pageSize: PageSizes.UNPAGED, sort: { field: 'DisplayOrder', order: 'ASC' } },
  form: { fields: [] },
});
