import { sql } from 'kysely';
import type { ApiRecord } from '../../resources/declaration.js';
import { activeRule } from '../../shared/deadlines.js';
import { isoDay } from '../../shared/format.js';
import { Texts } from '../../shared/texts/index.js';
import type { Database } from '../db/database.js';
import { ValidationError, notFound } from '../http/errors.js';
import { appliedExpenseRules } from '../orgs/expenseRules.js';
import { orgChain } from '../orgs/inheritance.js';
import { defineStore, type StoreContext, type WriteAction } from '../resources/store.js';
import { itemOfCall, itemTouched } from './issueCodes.js';
import { assertItemEditable, type ItemRow } from './itemLocks.js';

const T = Texts.items.expenses.server;
const TYPE = 'ExpenseType_Id';
const UNITS = 'Units';
const INCURRED_BY = 'IncurredBy_Id';
/** An expense change is a change of its item, audited under the item with these words. */
const AUDIT_ACTIONS: Record<WriteAction, string> = { create: 'add-expense', update: 'update-expense', delete: 'delete-expense' };

const cents = (value: number) => Math.round((value + Number.EPSILON) * 100) / 100;
/** The stored override: an amount in cents, or null for none (0 or blank, spec 001 §5). */
const overrideOf = (value: unknown): number | null => {
  const amount = value === null || value === undefined || value === '' ? 0 : Number(value);
  return Number.isFinite(amount) && amount !== 0 ? cents(amount) : null;
};

/**
 * The expense rule of the org that prices an expense type today (spec 002 §3 "Expense rule"): among the org's rules —
 * its own for the type, or else the nearest ancestor's (server/orgs/expenseRules.ts) — the one active on the day;
 * null when none is.
 */
export async function expenseRuleToday(db: Database, orgId: number, expenseTypeId: number, now: Date) {
  const applied = await appliedExpenseRules(db, await orgChain(db, orgId));
  return activeRule(
    applied.filter((rule) => rule.ExpenseType_Id === expenseTypeId),
    isoDay(now),
  );
}

/**
 * Who may incur an item's expense (docs/decisions.md "Item expenses"): the provider's staff — the users of the top
 * org (the org without a parent) who are not locked out — and the item's investigator, whatever their org. The
 * investigator first, then the caller, then the others by name, numbered in `DisplayOrder`. `onlyId` narrows to one
 * user (may they?).
 */
export async function expenseIncurrers(db: Database, item: Pick<ItemRow, 'AssignedTo_Id'>, callerId: number, now: Date, onlyId?: number) {
  let query = db
    .selectFrom('users as u')
    .select(['u.Id', 'u.FirstName', 'u.LastName'])
    .where((eb) =>
      eb.or([
        eb.and([
          eb('u.Org_Id', 'in', eb.selectFrom('orgs').select('Id').where('ParentOrg_Id', 'is', null)),
          eb.or([eb('u.LockoutEndDateUtc', 'is', null), eb('u.LockoutEndDateUtc', '<', now)]),
        ]),
        ...(item.AssignedTo_Id !== null ? [eb('u.Id', '=', item.AssignedTo_Id)] : []),
      ]),
    );
  if (onlyId !== undefined) query = query.where('u.Id', '=', onlyId);
  const people = await query.orderBy('u.LastName').orderBy('u.FirstName').orderBy('u.Id').execute();
  const rank = (id: number) => (id === item.AssignedTo_Id ? 0 : id === callerId ? 1 : 2);
  return people
    .map((person, index) => ({ person, index }))
    .sort((a, b) => rank(a.person.Id) - rank(b.person.Id) || a.index - b.index)
    .map(({ person }, index) => ({ ...person, DisplayOrder: index + 1 }));
}

/** An item's expenses as the API answers them (spec 001 §3 "Expense"), newest first; `onlyId` narrows to one. */
async function expensesOf(db: Database, caseId: number, itemId: number, onlyId?: number) {
  let query = db
    .selectFrom('item_expenses as e')
    .innerJoin('expense_types as t', 't.Id', 'e.ExpenseType_Id')
    .leftJoin('users as u', 'u.Id', 'e.IncurredBy_Id')
    .select([
      'e.Id', 'e.Item_Id', 'e.ExpenseType_Id', 't.Short', 't.Description', 'e.Units', 'e.Cost', 'e.Passthrough', 'e.IncurredBy_Id',
      'u.FirstName', 'u.LastName', 'e.Note', 'e.Reimbursable', 'e.Override', 'e.CreatedDate',
      // Cost × Units in the database's exact numbers, to the cent.
      sql<number>`round(e."Cost" * e."Units", 2)`.as('TotalAmount'),
    ])
    .where('e.Item_Id', '=', itemId);
  if (onlyId !== undefined) query = query.where('e.Id', '=', onlyId);
  const rows = await query.orderBy('e.CreatedDate', 'desc').orderBy('e.Id', 'desc').execute();
  return rows.map((row) => ({
    Id: row.Id,
    Case_Id: caseId,
    Item_Id: row.Item_Id,
    ExpenseType_Id: row.ExpenseType_Id,
    ExpenseType: { Id: row.ExpenseType_Id, Short: row.Short, Description: row.Description ?? row.Short },
    Units: Number(row.Units),
    IncurredBy_Id: row.IncurredBy_Id,
    IncurredBy: row.FirstName === null ? null : { Id: row.IncurredBy_Id, FirstName: row.FirstName, LastName: row.LastName },
    Note: row.Note,
    Reimbursable: row.Reimbursable,
    Override: row.Override === null ? null : Number(row.Override),
    Cost: Number(row.Cost),
    Passthrough: row.Passthrough,
    TotalAmount: Number(row.TotalAmount),
    CreatedDate: row.CreatedDate,
  }));
}

async function expenseOf(db: Database, caseId: number, itemId: number, expenseId: number) {
  const [expense] = await expensesOf(db, caseId, itemId, expenseId);
  if (!expense) throw notFound(T.notFound);
  return expense;
}

/** The rule pricing the expense type for the case's org today, under the write's transaction, or a 400 under ExpenseType_Id. */
async function pricingRule(context: StoreContext, clientId: number, expenseTypeId: number) {
  const rule = await expenseRuleToday(context.db, clientId, expenseTypeId, context.now);
  if (!rule) throw ValidationError.field(TYPE, T.noRule);
  return rule;
}

/** The columns a body sets (the fields it holds; an update without a field keeps it). */
function written(values: ApiRecord) {
  return {
    ...(values[TYPE] !== undefined && { ExpenseType_Id: Number(values[TYPE]) }),
    ...(values[UNITS] !== undefined && { Units: Number(values[UNITS]) }),
    ...(values[INCURRED_BY] !== undefined && { IncurredBy_Id: Number(values[INCURRED_BY]) }),
    ...(values.Note !== undefined && { Note: typeof values.Note === 'string' && values.Note !== '' ? values.Note : null }),
    ...(values.Reimbursable !== undefined && { Reimbursable: Boolean(values.Reimbursable) }),
    ...(values.Override !== undefined && { Override: overrideOf(values.Override) }),
  };
}

/**
 * The expenses of an item, the `item-expenses` declaration's store (spec 001 §2 "Item page", §3 "Expense", §5 "Expense
 * form", §7; docs/decisions.md "Item expenses"): the list, newest first, each with its TotalAmount (Cost × Units, to the
 * cent); add, change and delete. The expense type needs an expense rule of the case's org, its own or inherited, active
 * today (400 ModelState ExpenseType_Id); the rule's cost per unit and passthrough flag are copied into the expense when
 * it is added or its type changes. A type that does not allow multiple units takes 1 unit. Incurred By is one of the
 * provider's staff or the item's investigator. An Override of 0 or blank is none (null). Every call reads the case in
 * the caller's scope and an item the caller may see (404 otherwise); writes lock the item and obey its locks (409 with
 * the reason), are audited as changes of the item and tell its viewers.
 */
export const itemExpensesStore = defineStore({
  audit: { entity: 'items', entityId: (context) => context.parentKey, action: (action) => AUDIT_ACTIONS[action] },
  summaries: {
    list:
      'The expenses of an item, newest first: Id, ExpenseType (Id, Short, Description), ExpenseType_Id, Units, IncurredBy (Id, FirstName, LastName), ' +
      'IncurredBy_Id, Note, Reimbursable, Override, Cost (per unit), Passthrough, TotalAmount (Cost × Units), CreatedDate',
    create:
      'Add an expense to an item (ExpenseType_Id, Units, IncurredBy_Id, Note, Reimbursable, Override): the expense type needs an expense rule of the ' +
      "case's org (its own or inherited) active today, whose CPU and passthrough flag are copied; IncurredBy_Id is one of the provider's staff or the " +
      "item's investigator; an Override of 0 is none; 400 ModelState otherwise, 409 while the item is locked for the caller; answers the expense",
    update:
      'Change an expense (the same body); a new expense type is priced by its rule active today, an unchanged one keeps its cost; 409 while the ' +
      'item is locked for the caller; answers the expense',
    delete: 'Delete an expense of an item (409 while the item is locked for the caller); answers the expense',
  },
  async list(context) {
    const { caseRow, item } = await itemOfCall(context);
    return expensesOf(context.db, caseRow.Id, item.Id);
  },
  async read(context, key, purpose) {
    const { caseRow, item } = await itemOfCall(context);
    if (purpose !== 'read') await assertItemEditable(context.db, context.auth, caseRow, item);
    return expenseOf(context.db, caseRow.Id, item.Id, Number(key));
  },
  async validate(context, values, existing, errors) {
    const { db } = context;
    const { caseRow, item } = await itemOfCall(context);
    await assertItemEditable(db, context.auth, caseRow, item);
    const typeId = Number(values[TYPE] ?? existing?.[TYPE]);
    const typeChanged = !existing || Number(existing[TYPE]) !== typeId;
    if (typeChanged && !(await expenseRuleToday(db, caseRow.Client_Id, typeId, context.now))) errors.add(TYPE, T.noRule);
    const units = Number(values[UNITS] ?? existing?.[UNITS]);
    if (typeChanged || Number(existing?.[UNITS]) !== units) {
      const type = await db.selectFrom('expense_types').select(['Short', 'Description', 'MultipleUnitsAllowed']).where('Id', '=', typeId).executeTakeFirst();
      if (type && !type.MultipleUnitsAllowed && units !== 1) errors.add(UNITS, T.singleUnit(type.Description ?? type.Short));
    }
    const incurredBy = Number(values[INCURRED_BY] ?? existing?.[INCURRED_BY]);
    if (!existing || Number(existing[INCURRED_BY]) !== incurredBy) {
      const [allowed] = await expenseIncurrers(db, item, context.auth.userId, context.now, incurredBy);
      if (!allowed) errors.add(INCURRED_BY, T.notIncurrer);
    }
  },
  async insert(context, values) {
    const { caseRow, item } = await itemOfCall(context, true);
    const columns = written(values);
    const rule = await pricingRule(context, caseRow.Client_Id, Number(values[TYPE]));
    const { Id } = await context.db
      .insertInto('item_expenses')
      .values({
        Item_Id: item.Id,
        ExpenseType_Id: Number(values[TYPE]),
        Units: Number(values[UNITS]),
        IncurredBy_Id: Number(values[INCURRED_BY]),
        Note: columns.Note ?? null,
        Reimbursable: columns.Reimbursable ?? false,
        Override: columns.Override ?? null,
        Cost: rule.CPU,
        Passthrough: rule.IsPassthrough,
        CreatedDate: context.now,
      })
      .returning('Id')
      .executeTakeFirstOrThrow();
    await itemTouched(context, caseRow, item);
    return Id;
  },
  async change(context, key, values, existing) {
    const { caseRow, item } = await itemOfCall(context, true);
    const columns = written(values);
    const typeChanged = columns.ExpenseType_Id !== undefined && columns.ExpenseType_Id !== Number(existing[TYPE]);
    const priced = typeChanged ? await pricingRule(context, caseRow.Client_Id, columns.ExpenseType_Id!) : null;
    await context.db
      .updateTable('item_expenses')
      .set({ ...columns, ...(priced && { Cost: priced.CPU, Passthrough: priced.IsPassthrough }) })
      .where('Id', '=', Number(key))
      .where('Item_Id', '=', item.Id)
      .execute();
    await itemTouched(context, caseRow, item);
  },
  async remove(context, key) {
    const { caseRow, item } = await itemOfCall(context, true);
    await context.db.deleteFrom('item_expenses').where('Id', '=', Number(key)).where('Item_Id', '=', item.Id).execute();
    await itemTouched(context, caseRow, item);
  },
});

const personResponse = {
  type: 'array',
  items: {
    type: 'object',
    properties: { Id: { type: 'integer' }, FirstName: { type: 'string' }, LastName: { type: 'string' }, DisplayOrder: { type: 'integer' } },
  },
} as const;

/** The `item-expense-incurrers` declaration's store: who may incur the item's expenses, for the expense form's Incurred By. */
export const itemExpenseIncurrersStore = defineStore({
  responses: { list: personResponse },
  summaries: {
    list: "Who may incur an expense of the item (the expense form's Incurred By): the provider's staff and the item's investigator, the investigator first, then the caller; Id, FirstName, LastName, DisplayOrder",
  },
  async list(context) {
    const { item } = await itemOfCall(context);
    return expenseIncurrers(context.db, item, context.auth.userId, context.now);
  },
});
