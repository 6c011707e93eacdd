import { sql } from 'kysely';
import { COSTED_CASE_COLUMNS, costCases, type CostedCaseRow } from '../../billing/caseCost.js';
import { CaseStates } from '../../../shared/workflow.js';
import { defineReport, type QueryInput } from '../definition.js';
import { firstOfMonth, firstOfYear } from '../parameters.js';
import { caseOrgs, caseState, count, dayStart, fromParameter, orgParameter, person, rows, subject, toParameter } from './common.js';

/** The Billing folder of the report catalogue: completed cases and revenue, expenses by type, invoices by date. */

const C = CaseStates;

const month = sql<string>`to_char(c."CompletionDate" at time zone 'UTC', 'YYYY-MM')`;

/** Cases completed or discontinued in the range (served by cases_completion, migration 014). */
async function finishedCases(input: QueryInput, orgIds?: readonly number[]) {
  const p = input.parameters;
  const from = p.day('From');
  const to = p.day('To');
  let query = input.context.db
    .selectFrom('cases as c')
    .leftJoin('invoice_cases as ic', 'ic.Case_Id', 'c.Id')
    .where('c.CompletionDate', 'is not', null)
    .where('c.WorkflowState', 'in', [C.COMPLETE, C.DISCONTINUED])
    .where(orgIds ? input.inScope('c.Client_Id', orgIds) : await caseOrgs(input));
  if (from) query = query.where('c.CompletionDate', '>=', dayStart(from));
  if (to) query = query.where('c.CompletionDate', '<', dayStart(input.dayAfter(to)));
  return query;
}

/**
 * What the uninvoiced cases of the batch's orgs (finished in the report's range) will cost by the billing rules
 * (server/billing/caseCost.ts), by case: cases_uninvoiced (org, completion date) serves the lookup, and the billing
 * module prices them in a fixed number of queries.
 */
async function uninvoicedCosts(input: QueryInput, where: { orgIds?: readonly number[]; caseIds?: readonly number[] }): Promise<Map<number, { key: string; cost: number }>> {
  const p = input.parameters;
  const from = p.day('From');
  const to = p.day('To');
  let query = input.context.db
    .selectFrom('cases')
    .select([...COSTED_CASE_COLUMNS])
    .where('Invoice_Id', 'is', null)
    .where('CompletionDate', 'is not', null)
    .where('WorkflowState', 'in', [C.COMPLETE, C.DISCONTINUED]);
  if (where.orgIds) query = query.where(input.inScope('Client_Id', where.orgIds));
  if (where.caseIds) query = query.where('Id', 'in', [...where.caseIds, 0]);
  if (from) query = query.where('CompletionDate', '>=', dayStart(from));
  if (to) query = query.where('CompletionDate', '<', dayStart(input.dayAfter(to)));
  const cases = (await query.execute()) as CostedCaseRow[];
  const costed = await costCases(input.context.db, cases);
  return new Map(costed.map(({ row, cost }) => [row.Id, { key: `${row.Client_Id}:${new Date(row.CompletionDate!).toISOString().slice(0, 7)}`, cost: cost.Total }]));
}

const cents = (amount: number) => Math.round(amount * 100);

const completedRevenue = defineReport({
  group: 'Billing',
  name: 'Completed cases and revenue by org and month',
  description:
    'Cases completed or discontinued per client org and month (UTC), and their revenue: what their invoices billed, and what the cases not yet invoiced will bill by the billing rules (base cost, fee, passthrough expenses).',
  parameters: [fromParameter('Completed From', firstOfYear), toParameter('Completed To'), orgParameter],
  columns: [
    { field: 'Org', label: 'Org', type: 'text' },
    { field: 'Month', label: 'Month', type: 'text' },
    { field: 'Completed', label: 'Completed', type: 'integer' },
    { field: 'Discontinued', label: 'Discontinued', type: 'integer' },
    { field: 'Invoiced', label: 'Invoiced', type: 'integer' },
    { field: 'InvoicedRevenue', label: 'Invoiced Revenue', type: 'money' },
    { field: 'UninvoicedRevenue', label: 'Uninvoiced Revenue', type: 'money' },
    { field: 'Revenue', label: 'Revenue', type: 'money' },
  ],
  async query(input) {
    const base = await finishedCases(input);
    return rows(
      base
        .innerJoin('orgs as o', 'o.Id', 'c.Client_Id')
        .select([
          sql<string>`concat(o."Id", ':', ${month})`.as('Key'),
          'o.Name as Org',
          month.as('Month'),
          count(sql`c."WorkflowState" = ${C.COMPLETE}`).as('Completed'),
          count(sql`c."WorkflowState" = ${C.DISCONTINUED}`).as('Discontinued'),
          count(sql`ic."Case_Id" is not null`).as('Invoiced'),
          sql<number>`coalesce(sum(ic."Amount"), 0)`.as('InvoicedRevenue'),
        ])
        .groupBy(['o.Id', 'o.Name', month])
        .orderBy('o.Name')
        .orderBy('o.Id')
        .orderBy(month),
    );
  },
  async finish(input, batch) {
    const orgIds = [...new Set(batch.map((r) => Number(String(r.Key).split(':')[0])))];
    const byKey = new Map<string, number>();
    for (const { key, cost } of (await uninvoicedCosts(input, { orgIds })).values()) byKey.set(key, (byKey.get(key) ?? 0) + cents(cost));
    return batch.map((row) => {
      const uninvoiced = byKey.get(String(row.Key)) ?? 0;
      return { ...row, UninvoicedRevenue: uninvoiced / 100, Revenue: (cents(Number(row.InvoicedRevenue)) + uninvoiced) / 100 };
    });
  },
  details: {
    key: 'Key',
    columns: [
      { field: 'CaseNumber', label: 'Case Number', type: 'text' },
      { field: 'Subject', label: 'Subject', type: 'text' },
      { field: 'WorkflowState', label: 'State', type: 'text' },
      { field: 'CompletionDate', label: 'Completed', type: 'dateTime' },
      { field: 'Invoice', label: 'Invoice', type: 'integer' },
      { field: 'Amount', label: 'Amount', type: 'money' },
    ],
    async query(input, parents) {
      const orgIds = [...new Set(parents.map((p) => Number(String(p.Key).split(':')[0])))];
      const base = await finishedCases(input, orgIds);
      return rows(
        base
          .select([
            sql<string>`concat(c."Client_Id", ':', ${month})`.as('ParentKey'),
            'c.Id as Case_Id',
            'c.CaseNumber',
            subject.as('Subject'),
            caseState,
            'c.CompletionDate',
            'ic.Invoice_Id as Invoice',
            'ic.Amount',
          ])
          .orderBy('c.CompletionDate')
          .orderBy('c.Id'),
      );
    },
    // A case not yet invoiced shows what it will bill by the billing rules.
    async finish(input, batch) {
      const open = batch.filter((r) => r.Invoice === null).map((r) => Number(r.Case_Id));
      if (!open.length) return batch;
      const costs = await uninvoicedCosts(input, { caseIds: open });
      return batch.map((row) => (row.Invoice === null ? { ...row, Amount: costs.get(Number(row.Case_Id))?.cost ?? null } : row));
    },
  },
});

/** Expenses entered in the range (served by item_expenses_created, migration 014). */
async function expensesInRange(input: QueryInput) {
  const p = input.parameters;
  const from = p.day('From');
  const to = p.day('To');
  let query = input.context.db
    .selectFrom('item_expenses as e')
    .innerJoin('items as i', 'i.Id', 'e.Item_Id')
    .innerJoin('cases as c', 'c.Id', 'i.Case_Id')
    .where(await caseOrgs(input));
  if (from) query = query.where('e.CreatedDate', '>=', dayStart(from));
  if (to) query = query.where('e.CreatedDate', '<', dayStart(input.dayAfter(to)));
  return query;
}

const expenseTotal = sql<number>`coalesce(e."Override", e."Cost" * e."Units")`;

const expensesByType = defineReport({
  group: 'Billing',
  name: 'Expenses by type',
  description: 'Item expenses entered in the range, per expense type: how many, the units, the total (overrides in place of cost times units) and the passthrough part.',
  parameters: [fromParameter('From', firstOfMonth), toParameter('To'), orgParameter],
  columns: [
    { field: 'ExpenseType', label: 'Expense Type', type: 'text' },
    { field: 'UOM', label: 'UOM', type: 'text' },
    { field: 'Expenses', label: 'Expenses', type: 'integer' },
    { field: 'Units', label: 'Units', type: 'integer' },
    { field: 'Total', label: 'Total', type: 'money' },
    { field: 'Passthrough', label: 'Passthrough', type: 'money' },
  ],
  async query(input) {
    const base = await expensesInRange(input);
    return rows(
      base
        .innerJoin('expense_types as t', 't.Id', 'e.ExpenseType_Id')
        .leftJoin('type_items as uom', 'uom.Id', 't.UOMType_Id')
        .select([
          't.Id as ExpenseType_Id',
          't.Short as ExpenseType',
          'uom.Description as UOM',
          count().as('Expenses'),
          sql<number>`sum(e."Units")`.as('Units'),
          sql<number>`sum(${expenseTotal})`.as('Total'),
          sql<number>`coalesce(sum(${expenseTotal}) filter (where e."Passthrough"), 0)`.as('Passthrough'),
        ])
        .groupBy(['t.Id', 't.Short', 'uom.Description'])
        .orderBy('t.Short')
        .orderBy('t.Id'),
    );
  },
  details: {
    key: 'ExpenseType_Id',
    columns: [
      { field: 'CaseNumber', label: 'Case Number', type: 'text' },
      { field: 'CreatedDate', label: 'Entered', type: 'dateTime' },
      { field: 'IncurredBy', label: 'Incurred By', type: 'text' },
      { field: 'Units', label: 'Units', type: 'integer' },
      { field: 'Cost', label: 'Cost', type: 'money' },
      { field: 'Override', label: 'Override', type: 'money' },
      { field: 'Total', label: 'Total', type: 'money' },
    ],
    async query(input, parents) {
      const base = await expensesInRange(input);
      return rows(
        base
          .innerJoin('users as u', 'u.Id', 'e.IncurredBy_Id')
          .where('e.ExpenseType_Id', 'in', [...parents.map((p) => Number(p.ExpenseType_Id)), 0])
          .select(['e.ExpenseType_Id as ParentKey', 'c.CaseNumber', 'e.CreatedDate', person('u').as('IncurredBy'), 'e.Units', 'e.Cost', 'e.Override', expenseTotal.as('Total')])
          .orderBy('e.CreatedDate')
          .orderBy('e.Id'),
      );
    },
  },
});

const invoicesByDate = defineReport({
  group: 'Billing',
  name: 'Invoices by date',
  description: 'Invoices dated in the range, newest first, with their cases and amounts.',
  parameters: [fromParameter('From', firstOfMonth), toParameter('To'), orgParameter],
  columns: [
    { field: 'InvoiceDate', label: 'Invoice Date', type: 'date' },
    { field: 'Invoice', label: 'Invoice', type: 'integer' },
    { field: 'Org', label: 'Org', type: 'text' },
    { field: 'Cases', label: 'Cases', type: 'integer' },
    { field: 'Total', label: 'Total', type: 'money' },
    { field: 'QboInvoiceId', label: 'Accounting Service Id', type: 'text' },
  ],
  async query(input) {
    const p = input.parameters;
    const from = p.day('From');
    const to = p.day('To');
    // Served by invoices_date (migration 014): the date range across orgs, newest first.
    let query = input.context.db
      .selectFrom('invoices as v')
      .innerJoin('orgs as o', 'o.Id', 'v.Org_Id')
      .where(await caseOrgs(input, 'v.Org_Id'));
    if (from) query = query.where('v.InvoiceDate', '>=', from);
    if (to) query = query.where('v.InvoiceDate', '<=', to);
    return rows(
      query
        .select((eb) => [
          'v.InvoiceDate',
          'v.Id as Invoice',
          'o.Name as Org',
          eb.selectFrom('invoice_cases as ic').select(sql<number>`count(*)`.as('n')).whereRef('ic.Invoice_Id', '=', 'v.Id').as('Cases'),
          'v.Total',
          'v.QboInvoiceId',
        ])
        .orderBy('v.InvoiceDate', 'desc')
        .orderBy('v.Id', 'desc'),
    );
  },
  details: {
    key: 'Invoice',
    columns: [
      { field: 'CaseNumber', label: 'Case Number', type: 'text' },
      { field: 'Subject', label: 'Subject', type: 'text' },
      { field: 'CompletionDate', label: 'Completed', type: 'dateTime' },
      { field: 'Amount', label: 'Amount', type: 'money' },
    ],
    query(input, parents) {
      return rows(
        input.context.db
          .selectFrom('invoice_cases as ic')
          .innerJoin('cases as c', 'c.Id', 'ic.Case_Id')
          .where('ic.Invoice_Id', 'in', [...parents.map((p) => Number(p.Invoice)), 0])
          .select(['ic.Invoice_Id as ParentKey', 'c.CaseNumber', subject.as('Subject'), 'c.CompletionDate', 'ic.Amount'])
          .orderBy('c.CaseNumber'),
      );
    },
  },
});


export const billingReports = [completedRevenue, expensesByType, invoicesByDate];
