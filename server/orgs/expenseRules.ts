import type { ApiRecord } from '../../resources/declaration.js';
import { Texts } from '../../shared/texts/index.js';
import type { Database } from '../db/database.js';
import { badRequest, notFound } from '../http/errors.js';
import { defineStore, type StoreContext } from '../resources/store.js';
import { applyInheritance, type Applied, type OrgChain } from './inheritance.js';
import { chainFilter, checkRange, copyRows, day, orgOfCall } from './orgRecords.js';

const T = Texts.orgs.expenseRules;

interface RuleRow {
  Id: number;
  Org_Id: number;
  ExpenseType_Id: number;
  CPU: number;
  IsPassthrough: boolean;
  ActiveFrom: string | null;
  ActiveTo: string | null;
}

/** Expense rules inherit per expense type. */
const byExpenseType = (row: RuleRow) => String(row.ExpenseType_Id);

/** The expense rules that apply to an org: its own per expense type, or the nearest ancestor's. */
export async function appliedExpenseRules(db: Database, chain: OrgChain): Promise<Applied<RuleRow>[]> {
  const rows = await db
    .selectFrom('org_expense_rules')
    .select(['Id', 'Org_Id', 'ExpenseType_Id', 'CPU', 'IsPassthrough', 'ActiveFrom', 'ActiveTo'])
    .where('Org_Id', 'in', chainFilter(chain))
    .execute();
  return applyInheritance(chain, rows as RuleRow[], byExpenseType);
}

/** Rules as answered: the expense type's name and its unit of measure. */
async function answered(db: Database, orgId: number, rules: readonly Applied<RuleRow>[]): Promise<ApiRecord[]> {
  const typeIds = [...new Set(rules.map((r) => r.ExpenseType_Id))];
  const types = typeIds.length
    ? await db
        .selectFrom('expense_types as e')
        .leftJoin('type_items as u', 'u.Id', 'e.UOMType_Id')
        .select(['e.Id', 'e.Short', 'u.Description as UOMDescription', 'u.Short as UOMShort'])
        .where('e.Id', 'in', typeIds)
        .execute()
    : [];
  const typeOf = new Map(types.map((t) => [t.Id, t]));
  return rules
    .map((rule) => {
      const type = typeOf.get(rule.ExpenseType_Id);
      return {
        ...rule,
        Org_Id: orgId,
        ExpenseType: { Id: rule.ExpenseType_Id, Description: type?.Short ?? null },
        UOM: { Description: type?.UOMDescription ?? type?.UOMShort ?? null },
      };
    })
    .sort((a, b) => String(a.ExpenseType.Description).localeCompare(String(b.ExpenseType.Description)) || String(b.ActiveFrom ?? '').localeCompare(String(a.ActiveFrom ?? '')));
}

async function appliedRule(context: StoreContext, id: number) {
  const { orgId, chain } = await orgOfCall(context);
  const applied = await appliedExpenseRules(context.db, chain);
  const rule = applied.find((r) => r.Id === id);
  if (!rule) throw notFound(T.unknown);
  return { orgId, applied, rule };
}

const ruleValues = (values: ApiRecord) => ({
  ExpenseType_Id: Number(values.ExpenseType_Id),
  CPU: Number(values.CPU),
  IsPassthrough: Boolean(values.IsPassthrough),
  ActiveFrom: day(values.ActiveFrom),
  ActiveTo: day(values.ActiveTo),
});

/**
 * The expense rules of an org (the Expenses tab), the `org-expense-rules` declaration's store: the cost per unit
 * of an expense type for the org, its own or the nearest ancestor's. Changing an inherited rule copies the
 * ancestor's rules of that expense type to the org first; inherited rules are not deleted.
 */
export const orgExpenseRulesStore = defineStore({
  audit: { entity: 'org_expense_rules' },
  summaries: {
    list: "The org's expense rules, its own or the nearest ancestor's per expense type (Inherited)",
    create: 'Add an expense rule to the org; answers it',
    update: 'Change an expense rule (an inherited one is copied to the org first); answers it',
    delete: 'Delete an expense rule of the org; answers it',
  },
  async list(context) {
    const { orgId, chain } = await orgOfCall(context);
    return answered(context.db, orgId, await appliedExpenseRules(context.db, chain));
  },
  async read(context, key, purpose) {
    const { orgId, rule } = await appliedRule(context, Number(key));
    if (purpose === 'delete' && rule.Inherited) throw badRequest(T.inheritedDelete);
    return (await answered(context.db, orgId, [rule]))[0];
  },
  async validate(context, values, _existing, errors) {
    checkRange(values, errors);
    const type = await context.db.selectFrom('expense_types').select('Id').where('Id', '=', Number(values.ExpenseType_Id)).executeTakeFirst();
    if (!type) errors.add('ExpenseType_Id', 'Expense Type is not a valid choice.');
  },
  async insert(context, values) {
    const { orgId } = await orgOfCall(context);
    const { Id } = await context.db.insertInto('org_expense_rules').values({ ...ruleValues(values), Org_Id: orgId }).returning('Id').executeTakeFirstOrThrow();
    return Id;
  },
  async change(context, key, values) {
    const { orgId, applied, rule } = await appliedRule(context, Number(key));
    let id = rule.Id;
    if (rule.Inherited) {
      const copies = await copyRows(
        applied.filter((r) => r.ExpenseType_Id === rule.ExpenseType_Id),
        async (row) =>
          (
            await context.db
              .insertInto('org_expense_rules')
              .values({ Org_Id: orgId, ExpenseType_Id: row.ExpenseType_Id, CPU: row.CPU, IsPassthrough: row.IsPassthrough, ActiveFrom: row.ActiveFrom, ActiveTo: row.ActiveTo })
              .returning('Id')
              .executeTakeFirstOrThrow()
          ).Id,
      );
      id = copies.get(rule.Id)!;
    }
    await context.db.updateTable('org_expense_rules').set(ruleValues(values)).where('Id', '=', id).execute();
    return id;
  },
  async remove(context, key) {
    await context.db.deleteFrom('org_expense_rules').where('Id', '=', Number(key)).execute();
  },
});
