import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../db/database.js';
import { costCases, utcDay, type CostedCaseRow } from '../billing/caseCost.js';
import { ItemStatuses, type CaseState } from '../../shared/workflow.js';

/**
 * The dashboard's statements (server/dashboard/routes.ts puts their rows together). Every statement is limited to
 * the orgs given (`orgs`: null for every org) and served by an index of migration 026 (open cases, open items,
 * completed cases) or of earlier ones (`cases_client`/`cases_received` for received days, `invoices_org_date`
 * and `invoices_date` for invoices, `cases_uninvoiced` for completed cases not yet invoiced).
 */

/** The states a case is no longer open in. */
export const CLOSED_STATES: readonly CaseState[] = ['COMPLETE', 'DISCONTINUED'];
/** An item someone still has to work (its ACD can pass). */
export const WORKED_ITEM_STATES = [ItemStatuses.AWAITING_ASSIGNMENT, ItemStatuses.ASSIGNED, ItemStatuses.REJECTED] as const;
/** An item on an investigator's desk: assigned to them and not yet submitted (or sent back). */
export const ASSIGNED_ITEM_STATES = [ItemStatuses.ASSIGNED, ItemStatuses.REJECTED] as const;

export interface Window {
  /** Today, YYYY-MM-DD. */
  today: string;
  from: string;
  to: string;
  /** The first day of the 12 weeks and of the 12 months that end at `to`. */
  weeksFrom: string;
  monthsFrom: string;
}

const list = (values: readonly (string | number)[]) => sql.join(values.map((v) => sql`${v}`));
const inOrgs = (orgs: readonly number[] | null, column: RawBuilder<unknown>): RawBuilder<unknown> => (orgs === null ? sql`TRUE` : sql`${column} IN (${list(orgs)})`);
const OPEN = sql`c."WorkflowState" NOT IN (${list(CLOSED_STATES)})`;

const rowsOf = async <R>(db: Database, query: RawBuilder<R>): Promise<R[]> => (await query.execute(db)).rows;

/** Open cases by workflow state. */
export const openByState = (db: Database, orgs: readonly number[] | null) =>
  rowsOf(db, sql<{ State: CaseState; Count: number }>`
    SELECT c."WorkflowState" AS "State", count(*)::int AS "Count" FROM cases c
    WHERE ${OPEN} AND ${inOrgs(orgs, sql`c."Client_Id"`)} GROUP BY 1`);

/** Open cases past their critical date, by org. */
export const overdueCasesByOrg = (db: Database, orgs: readonly number[] | null, w: Window) =>
  rowsOf(db, sql<{ Id: number; Name: string; Count: number }>`
    SELECT c."Client_Id" AS "Id", min(o."Name") AS "Name", count(*)::int AS "Count" FROM cases c JOIN orgs o ON o."Id" = c."Client_Id"
    WHERE ${OPEN} AND c."DueDate" < ${w.today} AND ${inOrgs(orgs, sql`c."Client_Id"`)} GROUP BY 1`);

/** Items still to be worked past their ACD on open cases, by org and by investigator (null: not assigned). */
export const overdueItems = (db: Database, orgs: readonly number[] | null, w: Window) =>
  rowsOf(db, sql<{ Org_Id: number; OrgName: string; User_Id: number | null; UserName: string | null; Items: number; Cases: number }>`
    SELECT c."Client_Id" AS "Org_Id", min(o."Name") AS "OrgName", i."AssignedTo_Id" AS "User_Id",
      min(concat_ws(' ', u."FirstName", u."LastName")) AS "UserName", count(*)::int AS "Items", count(DISTINCT c."Id")::int AS "Cases"
    FROM items i JOIN cases c ON c."Id" = i."Case_Id" JOIN orgs o ON o."Id" = c."Client_Id" LEFT JOIN users u ON u."Id" = i."AssignedTo_Id"
    WHERE i."ItemStatus" IN (${list(WORKED_ITEM_STATES)}) AND i."ACD" < ${w.today} AND ${OPEN} AND ${inOrgs(orgs, sql`c."Client_Id"`)}
    GROUP BY 1, 3`);

/** Each investigator's items on open cases: on their desk, submitted for review, on their desk past the ACD. */
export const investigatorWorkload = (db: Database, orgs: readonly number[] | null, w: Window) =>
  rowsOf(db, sql<{ User_Id: number; Name: string; Assigned: number; InReview: number; Overdue: number }>`
    SELECT i."AssignedTo_Id" AS "User_Id", min(concat_ws(' ', u."FirstName", u."LastName")) AS "Name",
      (count(*) FILTER (WHERE i."ItemStatus" IN (${list(ASSIGNED_ITEM_STATES)})))::int AS "Assigned",
      (count(*) FILTER (WHERE i."ItemStatus" = ${ItemStatuses.IN_REVIEW}))::int AS "InReview",
      (count(*) FILTER (WHERE i."ItemStatus" IN (${list(ASSIGNED_ITEM_STATES)}) AND i."ACD" < ${w.today}))::int AS "Overdue"
    FROM items i JOIN cases c ON c."Id" = i."Case_Id" JOIN users u ON u."Id" = i."AssignedTo_Id"
    WHERE i."AssignedTo_Id" IS NOT NULL AND i."ItemStatus" IN (${list([...ASSIGNED_ITEM_STATES, ItemStatuses.IN_REVIEW])}) AND ${OPEN}
      AND ${inOrgs(orgs, sql`c."Client_Id"`)}
    GROUP BY 1`);

/** Each reviewer's open cases: all of them, those in review, those past their critical date. */
export const reviewerWorkload = (db: Database, orgs: readonly number[] | null, w: Window) =>
  rowsOf(db, sql<{ User_Id: number; Name: string; Assigned: number; InReview: number; Overdue: number }>`
    SELECT c."Reviewer_Id" AS "User_Id", min(concat_ws(' ', u."FirstName", u."LastName")) AS "Name", count(*)::int AS "Assigned",
      (count(*) FILTER (WHERE c."WorkflowState" = 'IN_REVIEW'))::int AS "InReview",
      (count(*) FILTER (WHERE c."DueDate" < ${w.today}))::int AS "Overdue"
    FROM cases c JOIN users u ON u."Id" = c."Reviewer_Id"
    WHERE c."Reviewer_Id" IS NOT NULL AND ${OPEN} AND ${inOrgs(orgs, sql`c."Client_Id"`)}
    GROUP BY 1`);

/** Cases received per day from `weeksFrom` to `to`. */
export const receivedByDay = (db: Database, orgs: readonly number[] | null, w: Window) =>
  rowsOf(db, sql<{ Day: string; Count: number }>`
    SELECT c."ReceivedDate"::text AS "Day", count(*)::int AS "Count" FROM cases c
    WHERE c."ReceivedDate" BETWEEN ${w.weeksFrom} AND ${w.to} AND ${inOrgs(orgs, sql`c."Client_Id"`)} GROUP BY 1`);

/** The moment a day starts (UTC), and the moment the day after `day` starts: completion moments are bucketed by UTC day. */
const startOf = (day: string) => `${day}T00:00:00Z`;
const afterDay = (day: string) => new Date(Date.parse(startOf(day)) + 86_400_000).toISOString();

/** Cases completed per UTC day from `weeksFrom` to `to`. */
export const completedByDay = (db: Database, orgs: readonly number[] | null, w: Window) =>
  rowsOf(db, sql<{ Day: string; Count: number }>`
    SELECT to_char(c."CompletionDate" AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS "Day", count(*)::int AS "Count" FROM cases c
    WHERE c."WorkflowState" = 'COMPLETE' AND c."CompletionDate" >= ${startOf(w.weeksFrom)} AND c."CompletionDate" < ${afterDay(w.to)}
      AND ${inOrgs(orgs, sql`c."Client_Id"`)} GROUP BY 1`);

/** Invoiced amounts per month (YYYY-MM) of invoice date, from `monthsFrom` to `to`. */
export const invoicedByMonth = (db: Database, orgs: readonly number[] | null, w: Window) =>
  rowsOf(db, sql<{ Month: string; Amount: string }>`
    SELECT to_char(v."InvoiceDate", 'YYYY-MM') AS "Month", sum(v."Total")::text AS "Amount" FROM invoices v
    WHERE v."InvoiceDate" BETWEEN ${w.monthsFrom} AND ${w.to} AND ${inOrgs(orgs, sql`v."Org_Id"`)} GROUP BY 1`);

/**
 * The value of cases completed or discontinued and not yet invoiced, per month (YYYY-MM, UTC) of completion, from
 * `monthsFrom` to `to`: each priced by the billing rules (server/billing/caseCost.ts) as an invoice would price it.
 */
export async function uninvoicedByMonth(db: Database, orgs: readonly number[] | null, w: Window): Promise<Map<string, number>> {
  const rows = await rowsOf(db, sql<CostedCaseRow>`
    SELECT c."Id", c."CaseNumber", c."Client_Id", c."CaseType_Id", c."WorkflowState", c."ReceivedDate"::text AS "ReceivedDate", c."CreatedDate",
      c."DueDate"::text AS "DueDate", c."CompletionDate", c."Invoice_Id", c."SubjectFirstName", c."SubjectLastName"
    FROM cases c
    WHERE c."Invoice_Id" IS NULL AND c."CompletionDate" >= ${startOf(w.monthsFrom)} AND c."CompletionDate" < ${afterDay(w.to)}
      AND c."WorkflowState" IN (${list(CLOSED_STATES)}) AND ${inOrgs(orgs, sql`c."Client_Id"`)}`);
  const byMonth = new Map<string, number>();
  for (const { row, cost } of await costCases(db, rows.map((r) => ({ ...r, CompletionDate: r.CompletionDate && new Date(r.CompletionDate) })))) {
    const month = utcDay(row.CompletionDate!).slice(0, 7);
    byMonth.set(month, Math.round(((byMonth.get(month) ?? 0) + cost.Total) * 100) / 100);
  }
  return byMonth;
}

/** Median days from received to complete per case type, of the cases completed From–To (UTC days). */
export const turnaround = (db: Database, orgs: readonly number[] | null, w: Window) =>
  rowsOf(db, sql<{ CaseType_Id: number; Name: string; Cases: number; MedianDays: string }>`
    SELECT c."CaseType_Id", min(t."Description") AS "Name", count(*)::int AS "Cases",
      percentile_cont(0.5) WITHIN GROUP (ORDER BY (c."CompletionDate" AT TIME ZONE 'UTC')::date - c."ReceivedDate")::text AS "MedianDays"
    FROM cases c JOIN type_items t ON t."Id" = c."CaseType_Id"
    WHERE c."WorkflowState" = 'COMPLETE' AND c."CompletionDate" >= ${startOf(w.from)} AND c."CompletionDate" < ${afterDay(w.to)}
      AND ${inOrgs(orgs, sql`c."Client_Id"`)}
    GROUP BY 1`);
