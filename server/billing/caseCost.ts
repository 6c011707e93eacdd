import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import { applyInheritance, type OrgChain } from '../orgs/inheritance.js';
import { caseCost, expenseAmount, type CaseCost, type CaseFee, type PriceRange } from '../../shared/billing.js';

/**
 * The loader of the billing rules (shared/billing.ts): what many cases cost, read in a fixed number of queries
 * whatever their number — the org chains of their orgs (one recursive query), the price ranges of those chains,
 * the ranges' fees, and the cases' expenses. Used by the invoicing screen's call, the invoice and the reports.
 */

/** The columns of a case its price reads, as `selectCostedCases` and callers select them. */
export interface CostedCaseRow {
  Id: number;
  CaseNumber: string;
  Client_Id: number;
  CaseType_Id: number;
  WorkflowState: string;
  ReceivedDate: string | null;
  CreatedDate: Date;
  DueDate: string | null;
  CompletionDate: Date | null;
  Invoice_Id: number | null;
  SubjectFirstName: string | null;
  SubjectLastName: string | null;
}

export const COSTED_CASE_COLUMNS = [
  'Id', 'CaseNumber', 'Client_Id', 'CaseType_Id', 'WorkflowState', 'ReceivedDate', 'CreatedDate', 'DueDate', 'CompletionDate',
  'Invoice_Id', 'SubjectFirstName', 'SubjectLastName',
] as const;

/** An expense of a case as the invoicing screen shows it under the case (spec 002 §3 "Expense line"). */
export interface CaseExpenseLine {
  Id: number;
  Item_Id: number;
  ExpenseType: { Id: number; Description: string; UOM: { Description: string } };
  Cost: number;
  Units: number;
  Override: number | null;
  Passthrough: boolean;
  /** The line's amount: Override when set, otherwise Cost × Units. */
  Total: number;
  /** Who incurred it. */
  Subject: { Id: number; FirstName: string; LastName: string };
}

export interface CostedCase {
  row: CostedCaseRow;
  cost: CaseCost;
  expenses: CaseExpenseLine[];
}

/** A case is billed as discontinued when its workflow ended there. */
export const isDiscontinued = (row: Pick<CostedCaseRow, 'WorkflowState'>) => row.WorkflowState === 'DISCONTINUED';

/** A moment's day in UTC (the invoicing screen's completion dates are UTC days, spec 002 §2.7, §9). */
export const utcDay = (moment: Date): string => moment.toISOString().slice(0, 10);

/** The chains of many orgs (one recursive query): each org, then its parent, …, the root. */
export async function orgChains(db: Database, orgIds: readonly number[]): Promise<Map<number, OrgChain>> {
  const chains = new Map<number, OrgChain>();
  if (orgIds.length === 0) return chains;
  const result = await sql<{ Start: number; Id: number; Name: string; Depth: number }>`
    WITH RECURSIVE chain AS (
      SELECT "Id" AS "Start", "Id", "Name", "ParentOrg_Id", 0 AS "Depth" FROM orgs WHERE "Id" IN (${sql.join([...orgIds])})
      UNION ALL
      SELECT c."Start", o."Id", o."Name", o."ParentOrg_Id", c."Depth" + 1 FROM orgs o JOIN chain c ON o."Id" = c."ParentOrg_Id"
      WHERE c."Depth" < 100
    ) SELECT "Start", "Id", "Name", "Depth" FROM chain ORDER BY "Start", "Depth"`.execute(db);
  for (const row of result.rows) {
    let chain = chains.get(row.Start);
    if (!chain) chains.set(row.Start, (chain = { ids: [], names: new Map() }));
    chain.ids.push(row.Id);
    chain.names.set(row.Id, row.Name);
  }
  return chains;
}

interface RangeRow {
  Id: number;
  Org_Id: number;
  CaseType_Id: number;
  BaseCost: number;
  ActiveFrom: string | null;
  ActiveTo: string | null;
}

/** The cases' rows by id (any state), with the columns their price reads. */
export async function selectCostedCases(db: Database, caseIds: readonly number[]): Promise<CostedCaseRow[]> {
  if (caseIds.length === 0) return [];
  return (await db.selectFrom('cases').select([...COSTED_CASE_COLUMNS]).where('Id', 'in', [...caseIds]).execute()) as CostedCaseRow[];
}

/**
 * A statement carries at most 65,535 parameters (PostgreSQL's protocol counts them in 16 bits): the expenses of more
 * cases than this are read this many cases at a time.
 */
const CASES_A_STATEMENT = 20_000;

/** The expense lines of the cases, by case, item order and line: one statement for every CASES_A_STATEMENT cases. */
async function expensesOf(db: Database, caseIds: readonly number[]) {
  const lines = [];
  for (let from = 0; from < caseIds.length; from += CASES_A_STATEMENT) {
    lines.push(
      ...(await db
        .selectFrom('item_expenses as e')
        .innerJoin('items as i', 'i.Id', 'e.Item_Id')
        .innerJoin('expense_types as t', 't.Id', 'e.ExpenseType_Id')
        .leftJoin('type_items as u', 'u.Id', 't.UOMType_Id')
        .innerJoin('users as p', 'p.Id', 'e.IncurredBy_Id')
        .select(['e.Id', 'e.Item_Id', 'i.Case_Id', 'e.ExpenseType_Id', 't.Short', 't.Description', 'u.Description as UOM', 'u.Short as UOMShort', 'e.Cost', 'e.Units', 'e.Override', 'e.Passthrough', 'p.Id as PersonId', 'p.FirstName', 'p.LastName'])
        .where('i.Case_Id', 'in', caseIds.slice(from, from + CASES_A_STATEMENT))
        .orderBy('i.Case_Id')
        .orderBy('i.DisplayOrder')
        .orderBy('e.Id')
        .execute()),
    );
  }
  return lines;
}

/**
 * What each case costs, with its expense lines, in four queries for any number of cases: the org chains, the price
 * ranges of every org of those chains for the cases' case types (inherited per case type, server/orgs/inheritance.ts),
 * their fees, the expenses. Answers in the order of `rows`.
 */
export async function costCases(db: Database, rows: readonly CostedCaseRow[]): Promise<CostedCase[]> {
  if (rows.length === 0) return [];
  const orgIds = [...new Set(rows.map((r) => r.Client_Id))];
  const caseTypeIds = [...new Set(rows.map((r) => r.CaseType_Id))];
  const chains = await orgChains(db, orgIds);
  const chainOrgIds = [...new Set([...chains.values()].flatMap((c) => c.ids))];
  const [ranges, expenses] = await Promise.all([
    db
      .selectFrom('org_case_types')
      .select(['Id', 'Org_Id', 'CaseType_Id', 'BaseCost', 'ActiveFrom', 'ActiveTo'])
      .where('Org_Id', 'in', chainOrgIds)
      .where('CaseType_Id', 'in', caseTypeIds)
      .execute() as Promise<RangeRow[]>,
    expensesOf(db, rows.map((r) => r.Id)),
  ]);
  const fees = ranges.length
    ? ((await db
        .selectFrom('case_fees')
        .select(['Id', 'OrgCaseType_Id', 'DaysAfter', 'PriceAdjustment', 'IsPercentage', 'ForDiscontinued'])
        .where('OrgCaseType_Id', 'in', ranges.map((r) => r.Id))
        .execute()) as (CaseFee & { OrgCaseType_Id: number })[])
    : [];
  const feesOf = new Map<number, CaseFee[]>();
  for (const fee of fees) {
    const list = feesOf.get(fee.OrgCaseType_Id) ?? [];
    list.push(fee);
    feesOf.set(fee.OrgCaseType_Id, list);
  }
  // The ranges that apply to each org, per case type: its own, or the nearest ancestor's (as the Case Types tab shows).
  const appliedOf = new Map<number, Map<number, PriceRange[]>>();
  for (const orgId of orgIds) {
    const chain = chains.get(orgId) ?? { ids: [orgId], names: new Map<number, string>() };
    const byType = new Map<number, PriceRange[]>();
    for (const range of applyInheritance(chain, ranges, (r) => String(r.CaseType_Id))) {
      const list = byType.get(range.CaseType_Id) ?? [];
      list.push({ Id: range.Id, BaseCost: Number(range.BaseCost), ActiveFrom: range.ActiveFrom, ActiveTo: range.ActiveTo, Fees: feesOf.get(range.Id) ?? [] });
      byType.set(range.CaseType_Id, list);
    }
    appliedOf.set(orgId, byType);
  }
  const linesOf = new Map<number, CaseExpenseLine[]>();
  for (const e of expenses) {
    const line: CaseExpenseLine = {
      Id: e.Id,
      Item_Id: e.Item_Id,
      ExpenseType: { Id: e.ExpenseType_Id, Description: e.Description ?? e.Short, UOM: { Description: e.UOM ?? e.UOMShort ?? '' } },
      Cost: Number(e.Cost),
      Units: Number(e.Units),
      Override: e.Override === null ? null : Number(e.Override),
      Passthrough: e.Passthrough,
      Total: 0,
      Subject: { Id: e.PersonId, FirstName: e.FirstName, LastName: e.LastName },
    };
    line.Total = expenseAmount(line);
    const list = linesOf.get(e.Case_Id) ?? [];
    list.push(line);
    linesOf.set(e.Case_Id, list);
  }
  return rows.map((row) => {
    const lines = linesOf.get(row.Id) ?? [];
    const cost = caseCost(
      {
        // A case without a received date is priced on the day it was made.
        PricedOn: row.ReceivedDate ?? utcDay(new Date(row.CreatedDate)),
        DueDate: row.DueDate,
        CompletedOn: row.CompletionDate ? utcDay(new Date(row.CompletionDate)) : null,
        Discontinued: isDiscontinued(row),
      },
      appliedOf.get(row.Client_Id)?.get(row.CaseType_Id) ?? [],
      lines,
    );
    return { row, cost, expenses: lines };
  });
}
