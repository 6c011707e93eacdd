import { sql, type Compilable, type RawBuilder } from 'kysely';
import { Groups } from '../../shared/permissions.js';
import { COSTED_CASE_COLUMNS, costCases, type CostedCaseRow } from '../billing/caseCost.js';
import { CASE_STATE_LABELS, CaseStates, ITEM_STATUS_LABELS, ItemStatuses } from '../../shared/workflow.js';
import { defineReport, type ParameterDeclaration, type QueryInput, type ReportContext, type ReportDeclaration, type ReportRow, type ValidValue } from './definition.js';
import { firstOfMonth, firstOfYear } from './parameters.js';
import { containing } from '../db/likePatterns.js';

/**
 * The report catalogue (spec 002 §2.9; docs/decisions.md "Reports: the catalogue"): every report one declaration of
 * its folder, name, parameters, query, columns and nested Details rows. Each query keeps to the caller's org scope
 * (`input.inScope` on the org column: a client user only ever sees rows of its own orgs) and filters by conditions an
 * index serves (docs/data-model.md; migration 014 adds the date indexes the reports range over).
 */

const C = CaseStates;
const I = ItemStatuses;
/** Cases still being worked (neither complete nor discontinued). */
const OPEN_STATES = [C.AWAITING_CASE_PAPERS, C.AWAITING_DATA_ENTRY, C.DATA_ENTRY_IN_PROCESS, C.AWAITING_ASSIGNMENT, C.IN_PROCESS, C.IN_REVIEW, C.HOLD];
/** Items whose investigator has not yet handed them in (past the ACD while in one of these). */
const PENDING_ITEMS = [I.AWAITING_ASSIGNMENT, I.ASSIGNED, I.REJECTED];
/** Items on an investigator's desk or waiting on review. */
const WORKLOAD_ITEMS = [I.ASSIGNED, I.REJECTED, I.IN_REVIEW];

const rows = <T extends object>(query: Compilable<T>) => query as unknown as Compilable<ReportRow>;
const count = (condition?: RawBuilder<unknown>) => (condition ? sql<number>`count(*) filter (where ${condition})` : sql<number>`count(*)`);
/** A moment at the start of a UTC day. */
const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);
const subject = sql<string>`concat_ws(', ', c."SubjectLastName", c."SubjectFirstName")`;
const person = (alias: string) => sql<string>`concat_ws(', ', ${sql.ref(`${alias}.LastName`)}, ${sql.ref(`${alias}.FirstName`)})`;
/** A state or status as people read it ('In Review'), by the labels the screens use. */
const labelled = (column: string, labels: Readonly<Record<string, string>>) =>
  sql<string>`case ${sql.ref(column)} ${sql.join(Object.entries(labels).map(([value, label]) => sql`when ${value} then ${label}`), sql` `)} else ${sql.ref(column)} end`;
const caseState = labelled('c.WorkflowState', CASE_STATE_LABELS).as('WorkflowState');
const itemStatus = labelled('i.ItemStatus', ITEM_STATUS_LABELS).as('ItemStatus');
const daysPast = (input: QueryInput, column: string) => sql<number>`(${input.today}::date - ${sql.ref(column)})`;

// ---- parameters shared by several reports --------------------------------------------------------------------

/** The orgs the caller may see, by name (a client user: its own org and the orgs below it). */
async function scopedOrgs(context: ReportContext): Promise<ValidValue[]> {
  let query = context.db.selectFrom('orgs').select(['Id', 'Name']).orderBy('Name').orderBy('Id');
  if (!context.scope.all) query = query.where('Id', 'in', [...context.scope.ids, 0]);
  return (await query.execute()).map((o) => ({ value: o.Id, label: o.Name }));
}

/** The members of the field groups (Investigator, Independent Contractor), by last name. */
async function investigators(context: ReportContext): Promise<ValidValue[]> {
  const people = await context.db
    .selectFrom('users as u')
    .select(['u.Id', 'u.FirstName', 'u.LastName'])
    .where((eb) =>
      eb.exists(
        eb.selectFrom('user_groups as ug').innerJoin('groups as g', 'g.Id', 'ug.Group_Id').select(sql.lit(1).as('one')).whereRef('ug.User_Id', '=', 'u.Id').where('g.Name', 'in', [Groups.INVESTIGATOR, Groups.INDEPENDENT_CONTRACTOR]),
      ),
    )
    .orderBy('u.LastName')
    .orderBy('u.FirstName')
    .orderBy('u.Id')
    .execute();
  return people.map((u) => ({ value: u.Id, label: `${u.LastName}, ${u.FirstName}` }));
}

async function caseTypes(context: ReportContext): Promise<ValidValue[]> {
  const types = await context.db.selectFrom('type_items').select(['Id', 'Short', 'Description']).where('TableName', '=', 'CaseType').where('Hidden', '=', false).orderBy('Short').execute();
  return types.map((t) => ({ value: t.Id, label: t.Description ? `${t.Short} - ${t.Description}` : t.Short }));
}

const orgParameter: ParameterDeclaration = { name: 'Org', prompt: 'Org', type: 'Integer', nullable: true, validValues: scopedOrgs };
const investigatorParameter: ParameterDeclaration = { name: 'Investigator', prompt: 'Investigator', type: 'Integer', nullable: true, validValues: investigators };
const fromParameter = (prompt: string, fallback?: (now: Date) => string): ParameterDeclaration => ({ name: 'From', prompt, type: 'DateTime', nullable: true, default: fallback });
const toParameter = (prompt: string): ParameterDeclaration => ({ name: 'To', prompt, type: 'DateTime', nullable: true });

/** The cases of the report's Org parameter (with the orgs below it) within the caller's scope. */
const caseOrgs = async (input: QueryInput, column = 'c.Client_Id') => input.inScope(column, await input.orgSubtree(input.parameters.integer('Org')));

// ---- the reports ---------------------------------------------------------------------------------------------

const openCasesByOrg = defineReport({
  group: 'Cases',
  name: 'Open cases by org',
  description: 'Cases still being worked, counted per client org, with the cases under each org.',
  parameters: [
    orgParameter,
    { name: 'ReceivedFrom', prompt: 'Received From', type: 'DateTime', nullable: true },
    { name: 'ReceivedTo', prompt: 'Received To', type: 'DateTime', nullable: true },
    { name: 'IncludeOnHold', prompt: 'Include cases on hold', type: 'Boolean', default: true },
  ],
  columns: [
    { field: 'Org', label: 'Org', type: 'text' },
    { field: 'Code', label: 'Code', type: 'text' },
    { field: 'OpenCases', label: 'Open Cases', type: 'integer' },
    { field: 'OnHold', label: 'On Hold', type: 'integer' },
    { field: 'PastCriticalDate', label: 'Past Critical Date', type: 'integer' },
    { field: 'OldestReceived', label: 'Oldest Received', type: 'date' },
  ],
  async query(input) {
    const base = await openCases(input);
    return rows(
      base
        .innerJoin('orgs as o', 'o.Id', 'c.Client_Id')
        .select([
          'o.Id as Org_Id',
          'o.Name as Org',
          'o.Code',
          count().as('OpenCases'),
          count(sql`c."WorkflowState" = ${C.HOLD}`).as('OnHold'),
          count(sql`c."DueDate" < ${input.today}::date`).as('PastCriticalDate'),
          sql<string>`min(c."ReceivedDate")`.as('OldestReceived'),
        ])
        .groupBy(['o.Id', 'o.Name', 'o.Code'])
        .orderBy('o.Name')
        .orderBy('o.Id'),
    );
  },
  details: {
    key: 'Org_Id',
    columns: [
      { field: 'CaseNumber', label: 'Case Number', type: 'text' },
      { field: 'Subject', label: 'Subject', type: 'text' },
      { field: 'WorkflowState', label: 'State', type: 'text' },
      { field: 'ReceivedDate', label: 'Received', type: 'date' },
      { field: 'DueDate', label: 'Critical Date', type: 'date' },
    ],
    async query(input, parents) {
      const base = await openCases(input);
      return rows(
        base
          .where('c.Client_Id', 'in', parents.map((p) => Number(p.Org_Id)))
          .select(['c.Client_Id as ParentKey', 'c.CaseNumber', subject.as('Subject'), caseState, 'c.ReceivedDate', 'c.DueDate'])
          .orderBy('c.ReceivedDate')
          .orderBy('c.Id'),
      );
    },
  },
});

/** The open cases the "Open cases by org" parameters pick (served by cases_state: state, received date). */
async function openCases(input: QueryInput) {
  const p = input.parameters;
  const states = p.flag('IncludeOnHold') ? OPEN_STATES : OPEN_STATES.filter((s) => s !== C.HOLD);
  let query = input.context.db.selectFrom('cases as c').where('c.WorkflowState', 'in', states).where(await caseOrgs(input));
  const from = p.day('ReceivedFrom');
  const to = p.day('ReceivedTo');
  if (from) query = query.where('c.ReceivedDate', '>=', from);
  if (to) query = query.where('c.ReceivedDate', '<=', to);
  return query;
}

const casesPastCriticalDate = defineReport({
  group: 'Cases',
  name: 'Cases past their critical date',
  description: 'Open cases whose critical date has passed, the longest overdue first.',
  parameters: [
    orgParameter,
    { name: 'CaseType', prompt: 'Case Type', type: 'Integer', nullable: true, validValues: caseTypes },
    { name: 'CaseNumber', prompt: 'Case Number contains', type: 'String', nullable: true },
  ],
  columns: [
    { field: 'CaseNumber', label: 'Case Number', type: 'text' },
    { field: 'Org', label: 'Org', type: 'text' },
    { field: 'Subject', label: 'Subject', type: 'text' },
    { field: 'CaseType', label: 'Case Type', type: 'text' },
    { field: 'WorkflowState', label: 'State', type: 'text' },
    { field: 'DueDate', label: 'Critical Date', type: 'date' },
    { field: 'DaysPast', label: 'Days Past', type: 'integer' },
  ],
  async query(input) {
    const caseType = input.parameters.integer('CaseType');
    let query = input.context.db
      .selectFrom('cases as c')
      .innerJoin('orgs as o', 'o.Id', 'c.Client_Id')
      .innerJoin('type_items as ct', 'ct.Id', 'c.CaseType_Id')
      .where('c.DueDate', '<', input.today)
      .where('c.WorkflowState', 'in', OPEN_STATES)
      .where(await caseOrgs(input));
    if (caseType !== null) query = query.where('c.CaseType_Id', '=', caseType);
    // Served by the trigram index on the case number (cases_number_trgm), as the cases list's search is.
    const number = input.parameters.text('CaseNumber');
    if (number) query = query.where('c.CaseNumber', 'ilike', containing(number));
    return rows(
      query
        .select(['c.Id', 'c.CaseNumber', 'o.Name as Org', subject.as('Subject'), 'ct.Short as CaseType', caseState, 'c.DueDate', daysPast(input, 'c.DueDate').as('DaysPast')])
        .orderBy('c.DueDate')
        .orderBy('c.Id'),
    );
  },
});

/** Items past their ACD and not yet handed in (served by items_status: status, ACD). */
async function overdueItems(input: QueryInput) {
  const investigator = input.parameters.integer('Investigator');
  let query = input.context.db
    .selectFrom('items as i')
    .innerJoin('cases as c', 'c.Id', 'i.Case_Id')
    .where('i.ItemStatus', 'in', PENDING_ITEMS)
    .where('i.ACD', '<', input.today)
    .where(await caseOrgs(input));
  if (investigator !== null) query = query.where('i.AssignedTo_Id', '=', investigator);
  return query;
}

const itemsPastAcd = defineReport({
  group: 'Investigators',
  name: 'Items past their ACD by investigator',
  description: 'Items not yet handed in whose ACD has passed, counted per investigator (unassigned items together), with the items.',
  parameters: [investigatorParameter, orgParameter],
  columns: [
    { field: 'Investigator', label: 'Investigator', type: 'text' },
    { field: 'Items', label: 'Items', type: 'integer' },
    { field: 'OldestACD', label: 'Oldest ACD', type: 'date' },
    { field: 'MostDaysPast', label: 'Most Days Past', type: 'integer' },
  ],
  async query(input) {
    const base = await overdueItems(input);
    return rows(
      base
        .leftJoin('users as u', 'u.Id', 'i.AssignedTo_Id')
        .select([
          sql<number>`coalesce(i."AssignedTo_Id", 0)`.as('Investigator_Id'),
          sql<string>`coalesce(nullif(${person('u')}, ''), 'Unassigned')`.as('Investigator'),
          count().as('Items'),
          sql<string>`min(i."ACD")`.as('OldestACD'),
          sql<number>`max(${daysPast(input, 'i.ACD')})`.as('MostDaysPast'),
        ])
        .groupBy(['i.AssignedTo_Id', 'u.LastName', 'u.FirstName'])
        .orderBy(sql`2`)
        .orderBy(sql`1`),
    );
  },
  details: {
    key: 'Investigator_Id',
    columns: [
      { field: 'CaseNumber', label: 'Case Number', type: 'text' },
      { field: 'Item', label: 'Item', type: 'text' },
      { field: 'City', label: 'City', type: 'text' },
      { field: 'ItemStatus', label: 'Status', type: 'text' },
      { field: 'ACD', label: 'ACD', type: 'date' },
      { field: 'DaysPast', label: 'Days Past', type: 'integer' },
    ],
    async query(input, parents) {
      const keys = parents.map((p) => Number(p.Investigator_Id));
      const people = keys.filter((k) => k !== 0);
      const base = await overdueItems(input);
      return rows(
        base
          .innerJoin('item_types as it', 'it.Id', 'i.ItemType_Id')
          .where((eb) => eb.or([eb('i.AssignedTo_Id', 'in', [...people, 0]), ...(keys.includes(0) ? [eb('i.AssignedTo_Id', 'is', null)] : [])]))
          .select([sql<number>`coalesce(i."AssignedTo_Id", 0)`.as('ParentKey'), 'c.CaseNumber', 'it.Name as Item', 'i.City', itemStatus, 'i.ACD', daysPast(input, 'i.ACD').as('DaysPast')])
          .orderBy('i.ACD')
          .orderBy('i.Id'),
      );
    },
  },
});

/** Items on investigators' desks or in review (served by items_assignee: assignee, status). */
async function workloadItems(input: QueryInput) {
  const investigator = input.parameters.integer('Investigator');
  let query = input.context.db
    .selectFrom('items as i')
    .innerJoin('cases as c', 'c.Id', 'i.Case_Id')
    .where('i.AssignedTo_Id', 'is not', null)
    .where('i.ItemStatus', 'in', WORKLOAD_ITEMS)
    .where(input.inScope('c.Client_Id'));
  if (investigator !== null) query = query.where('i.AssignedTo_Id', '=', investigator);
  return query;
}

const investigatorWorkload = defineReport({
  group: 'Investigators',
  name: 'Investigator workload',
  description: 'Per investigator: items assigned, rejected (back for rework), in review, and past their ACD, with the items.',
  parameters: [investigatorParameter],
  columns: [
    { field: 'Investigator', label: 'Investigator', type: 'text' },
    { field: 'Assigned', label: 'Assigned', type: 'integer' },
    { field: 'Rejected', label: 'Rejected', type: 'integer' },
    { field: 'InReview', label: 'In Review', type: 'integer' },
    { field: 'PastACD', label: 'Past ACD', type: 'integer' },
    { field: 'OldestACD', label: 'Oldest ACD', type: 'date' },
  ],
  async query(input) {
    const base = await workloadItems(input);
    return rows(
      base
        .innerJoin('users as u', 'u.Id', 'i.AssignedTo_Id')
        .select([
          'u.Id as Investigator_Id',
          person('u').as('Investigator'),
          count(sql`i."ItemStatus" = ${I.ASSIGNED}`).as('Assigned'),
          count(sql`i."ItemStatus" = ${I.REJECTED}`).as('Rejected'),
          count(sql`i."ItemStatus" = ${I.IN_REVIEW}`).as('InReview'),
          count(sql`i."ItemStatus" <> ${I.IN_REVIEW} and i."ACD" < ${input.today}::date`).as('PastACD'),
          sql<string>`min(i."ACD") filter (where i."ItemStatus" <> ${I.IN_REVIEW})`.as('OldestACD'),
        ])
        .groupBy(['u.Id', 'u.LastName', 'u.FirstName'])
        .orderBy('u.LastName')
        .orderBy('u.FirstName')
        .orderBy('u.Id'),
    );
  },
  details: {
    key: 'Investigator_Id',
    columns: [
      { field: 'CaseNumber', label: 'Case Number', type: 'text' },
      { field: 'Item', label: 'Item', type: 'text' },
      { field: 'City', label: 'City', type: 'text' },
      { field: 'ItemStatus', label: 'Status', type: 'text' },
      { field: 'ACD', label: 'ACD', type: 'date' },
    ],
    async query(input, parents) {
      const base = await workloadItems(input);
      return rows(
        base
          .innerJoin('item_types as it', 'it.Id', 'i.ItemType_Id')
          .where('i.AssignedTo_Id', 'in', [...parents.map((p) => Number(p.Investigator_Id)), 0])
          .select(['i.AssignedTo_Id as ParentKey', 'c.CaseNumber', 'it.Name as Item', 'i.City', itemStatus, 'i.ACD'])
          .orderBy('i.ACD')
          .orderBy('i.Id'),
      );
    },
  },
});

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

/** Every report, in the order the folders list them. */
export const reportCatalogue: readonly ReportDeclaration[] = [
  openCasesByOrg,
  casesPastCriticalDate,
  itemsPastAcd,
  investigatorWorkload,
  completedRevenue,
  expensesByType,
  invoicesByDate,
];

/** A report by folder and name (exactly as listed), or undefined. */
export function findReport(group: string, name: string): ReportDeclaration | undefined {
  return reportCatalogue.find((r) => r.group === group && r.name === name);
}
