import type { CaseRow as CaseRowSchema } from '../../schemas/types.js';
import type { Answered } from '../http/operationRoutes.js';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { AuthContext } from '../auth/sessions.js';
import type { Database } from '../db/database.js';
import { countedPage, estimatedRows } from '../db/boundedCount.js';
import { executeNamed } from '../db/namedStatements.js';
import { rowFields } from '../db/rowFields.js';
import type { DB } from '../db/schema.js';
import { orgSubtreeIds, type OrgScope } from '../orgs/scope.js';
import { Limits } from '../../shared/constants.js';
import { Permissions } from '../../shared/permissions.js';
import { isInvestigator } from '../items/itemAccess.js';
import { subjectNameMatches } from './subjectNameSearch.js';
import type { CasesQuery as CasesFilter } from '../../schemas/types.js';
import { containing } from '../db/likePatterns.js';
import { caseLockReasons, type CaseRow } from './caseAccess.js';

type Tables = DB & { c: DB['cases']; o: DB['orgs']; r: DB['users']; ct: DB['type_items'] };
/** The filtered cases alone: what is counted. The page joins org, reviewer and case type afterwards. */
export type Base = SelectQueryBuilder<Tables, 'c', object>;
export type CasesQuery = Required<Pick<CasesFilter, 'page' | 'pageSize'>> & CasesFilter;
type Column = NonNullable<CasesFilter['sorted']>[number]['id'];

/** The columns a case column permission governs (spec 001 §6 CaseColumns): not sent, sorted or filtered without it. */
const GOVERNED: Partial<Record<Column, string>> = {
  Code: Permissions.CaseColumns.ORG,
  Reviewer: Permissions.CaseColumns.REVIEWER,
  CompletionDate: Permissions.CaseColumns.COMPLETION_DATE,
  ReceivedDate: Permissions.CaseColumns.RECEIVED_DATE,
};

/** The row fields of each governed column. */
const FIELDS_OF: Partial<Record<Column, readonly string[]>> = { Code: ['Code'], Reviewer: ['Reviewer', 'Reviewer_Id'], CompletionDate: ['CompletionDate'], ReceivedDate: ['ReceivedDate'] };

/** The columns the caller may not see: none for a case or system admin (spec 001 §2: "see all columns"). */
export function hiddenColumns(auth: AuthContext): Column[] {
  if (auth.isCaseAdmin) return [];
  return (Object.entries(GOVERNED) as [Column, string][]).filter(([, permission]) => !auth.can(permission)).map(([column]) => column);
}

const SORTS: Record<Column, readonly (keyof Tables[keyof Tables] | string)[]> = {
  CaseNumber: ['c.CaseNumber'],
  CaseName: ['c.SubjectLastName', 'c.SubjectFirstName'],
  Code: ['o.Code'],
  ReceivedDate: ['c.ReceivedDate'],
  ScheduledDate: ['c.ScheduledDate'],
  DueDate: ['c.DueDate'],
  CompletionDate: ['c.CompletionDate'],
  Reviewer: ['r.LastName', 'r.FirstName'],
  CaseType: ['ct.Short'],
  WorkflowState: ['c.WorkflowState'],
};

/** The filtered cases, and whether nothing but the caller's org scope narrows them. */
interface Filtered {
  base: Base;
  scopeOnly: boolean;
}

/**
 * The filtered cases (not yet sorted or paged), read from `cases` alone: the caller's org scope, the text searches
 * (case number; the subject's names as they start, copied onto the case by migration 013 — `subjectNameMatches`,
 * answered by the last name and received date index of migration 017), the left panel (orgs with the orgs below
 * them, case states, item states), the received-date range, the reviewer, and "assigned to me": the caller (with
 * IncludePeopleWhoWorkForMe, also the users whose manager the caller is) as reviewer, data-entry clerk or an item's
 * investigator.
 */
async function filteredCases(db: Database, auth: AuthContext, scope: OrgScope, query: CasesQuery, hidden: readonly Column[]): Promise<Filtered | null> {
  const scoped = db.selectFrom('cases as c') as unknown as Base;
  let base = scope.all ? scoped : scoped.where('c.Client_Id', 'in', [...scope.ids]);
  const inScope = base;
  for (const filter of query.filtered ?? []) {
    const text = filter.value.trim();
    if (!text) continue;
    if (filter.id === 'CaseNumber') base = base.where('c.CaseNumber', 'ilike', containing(text));
    else {
      // The subject's names as they start, last name first: the copy on the case, kept in step by triggers.
      base = base.where((eb) => subjectNameMatches(eb, text) ?? eb.lit(true));
    }
  }
  const extra = query.additional ?? {};
  if (extra.OrgIds?.length) {
    const ids = new Set<number>();
    for (const id of extra.OrgIds) for (const below of await orgSubtreeIds(db, id)) ids.add(below);
    if (ids.size === 0) return null;
    base = base.where('c.Client_Id', 'in', [...ids]);
  }
  if (extra.CaseStateIDs?.length) base = base.where('c.WorkflowState', 'in', extra.CaseStateIDs);
  if (extra.ItemStateIDS?.length) {
    const states = extra.ItemStateIDS;
    base = base.where((eb) => eb.exists(eb.selectFrom('items as i').select('i.Id').whereRef('i.Case_Id', '=', 'c.Id').where('i.ItemStatus', 'in', states)));
  }
  if (!hidden.includes('ReceivedDate')) {
    if (extra.StartDate) base = base.where('c.ReceivedDate', '>=', extra.StartDate);
    if (extra.EndDate) base = base.where('c.ReceivedDate', '<=', extra.EndDate);
  }
  if (extra.Reviewer_Id && !hidden.includes('Reviewer')) base = base.where('c.Reviewer_Id', '=', extra.Reviewer_Id);
  if (extra.OnlyShowCasesAssignedToMe) {
    const people = [auth.userId];
    if (extra.IncludePeopleWhoWorkForMe) people.push(...(await db.selectFrom('users').select('Id').where('Manager_Id', '=', auth.userId).execute()).map((u) => u.Id));
    base = base.where((eb) =>
      eb.or([
        eb('c.Reviewer_Id', 'in', people),
        eb('c.DataEntryClerk_Id', 'in', people),
        eb.exists(eb.selectFrom('items as i').select('i.Id').whereRef('i.Case_Id', '=', 'c.Id').where('i.AssignedTo_Id', 'in', people)),
      ]),
    );
  }
  return { base, scopeOnly: base === inScope };
}

/** One row of the cases list (spec 001 §3 "Case row", schemas/caseRow.json), without the columns the caller may not see. */
export type CaseRowAnswer = Answered<CaseRowSchema>;

/**
 * How the caller sees the list's columns (spec 001 §2): the governed columns left out, and the critical date's header —
 * ACD for an investigator (a member of the Investigator or Independent Contractor group who is no case admin), CD
 * for everyone else.
 */
export function columnView(auth: AuthContext): { hidden: Column[]; labels: Record<string, string> } {
  return { hidden: hiddenColumns(auth), labels: { DueDate: isInvestigator(auth) ? 'ACD' : 'CD' } };
}

/** The case's own columns a row answers; the page joins the org's code, the reviewer's names and the case type to them. */
const ANSWERED_COLUMNS = [
  'c.Id', 'c.CaseNumber', 'c.ReceivedDate', 'c.ScheduledDate', 'c.DueDate', 'c.CompletionDate', 'c.WorkflowState',
  'c.CaseStatusType', 'c.Reviewer_Id', 'c.Client_Id', 'c.SubjectFirstName', 'c.SubjectLastName', 'c.LockedTo_Id',
] as const;

/** The page's order: the asked sorts the caller may see, then received date newest first, then the case id. */
export function orderOf(query: Pick<CasesQuery, 'sorted'>, hidden: readonly Column[]): { column: string; desc: boolean }[] {
  const asked = (query.sorted ?? []).filter((sort) => !hidden.includes(sort.id)).flatMap((sort) => SORTS[sort.id].map((column) => ({ column, desc: Boolean(sort.desc) })));
  return [...asked, { column: 'c.ReceivedDate', desc: true }, { column: 'c.Id', desc: true }];
}

/** Rows of `c` (the filtered cases, or a page of them) with the org, reviewer and case type joined, in the page's order. */
function joinedRows(from: Base, order: readonly { column: string; desc: boolean }[]) {
  let rows = from
    .innerJoin('orgs as o', 'o.Id', 'c.Client_Id')
    .leftJoin('users as r', 'r.Id', 'c.Reviewer_Id')
    .leftJoin('type_items as ct', 'ct.Id', 'c.CaseType_Id')
    .select([...ANSWERED_COLUMNS, 'o.Code', 'r.FirstName as ReviewerFirst', 'r.LastName as ReviewerLast', 'ct.Short as CaseType']);
  for (const { column, desc } of order) rows = rows.orderBy(column as 'c.Id', desc ? 'desc' : 'asc');
  return rows;
}
type JoinedRow = Awaited<ReturnType<ReturnType<typeof joinedRows>['execute']>>[number];

/**
 * One page of the filtered cases, joined. A page narrowed by the org scope alone — the list as everyone first opens
 * it — is a named statement (executeNamed) with its page's bounds written into it: its text is then the same for
 * every caller of a scope (no parameter at all for the provider's staff), and PostgreSQL plans it once a connection
 * instead of on every request. Other pages are sent as usual: their texts vary with the filters.
 */
async function pageRows(db: Database, base: Base, order: readonly { column: string; desc: boolean }[], page: number, pageSize: number, scopeOnly: boolean): Promise<JoinedRow[]> {
  const rows = joinedRows(base, order);
  if (!scopeOnly) return rows.offset(page * pageSize).limit(pageSize).execute();
  return executeNamed(db, rows.offset(sql.lit(Math.trunc(page * pageSize))).limit(sql.lit(Math.trunc(pageSize))).compile());
}

/** The fields of a row answered as they are read; the subject's and the reviewer's names are answered joined. */
const ROW_FIELDS = [
  ...ANSWERED_COLUMNS.map((column) => column.slice('c.'.length)).filter((field) => field !== 'SubjectFirstName' && field !== 'SubjectLastName'),
  'Code',
  'CaseType',
] as (keyof JoinedRow & keyof CaseRowAnswer)[];

/**
 * A row as the list answers it: the fields the caller may see (`rowFields`: an object spread of the row with three
 * fields added was the search's largest function of its own in the profile), the names joined, the row's
 * LockedReason; the reviewer only where the caller may see that column.
 */
function shapeRow(row: JoinedRow, fields: readonly (keyof JoinedRow & keyof CaseRowAnswer)[], lockedReason: CaseRowAnswer['LockedReason']): CaseRowAnswer {
  const shaped: Record<string, unknown> = rowFields(row, fields);
  shaped.CaseName = `${row.SubjectFirstName ?? ''} ${row.SubjectLastName ?? ''}`;
  if (fields.includes('Reviewer_Id')) shaped.Reviewer = row.ReviewerLast ? `${row.ReviewerFirst ?? ''} ${row.ReviewerLast}`.trim() : null;
  shaped.LockedReason = lockedReason;
  return shaped as CaseRowAnswer;
}

/**
 * The page and the count of a filtered search from one statement, while the matches are few (docs/performance.md,
 * change 5): the filtered cases, at most `bound` + 1, are counted by a window over them, sorted and paged, and
 * only the page's rows are joined. Used when the order is the case's own columns. Null when it cannot answer:
 * more matches than the bound (the rows read are then not the first ones in order) or a page past the last (nothing
 * came back to count) — the caller then counts and pages apart.
 */
export async function pageWithCount(db: Database, base: Base, query: CasesQuery, order: readonly { column: string; desc: boolean }[], bound: number = Limits.COUNT_BOUND): Promise<{ rows: JoinedRow[]; matched: number } | null> {
  // The matches are read by the order's columns alone, which an index can hold (an index-only scan of the name
  // index, migration 017); the page's 20 rows are then read whole and joined.
  const keys = [...new Set(['c.Id', ...order.map(({ column }) => column)])] as 'c.Id'[];
  const matching = base.select(keys).limit(bound + 1).as('m');
  let counted = db.selectFrom(matching).select(['m.Id', sql<string>`count(*) over ()`.as('Matched')]);
  for (const { column, desc } of order) counted = counted.orderBy(column.replace(/^c\./, 'm.') as 'm.Id', desc ? 'desc' : 'asc');
  const page = counted.offset(query.page * query.pageSize).limit(query.pageSize).as('p');
  const pageCases = db.selectFrom(page).innerJoin('cases as c', 'c.Id', 'p.Id') as unknown as Base;
  const found = await joinedRows(pageCases, order).select(sql<string>`p."Matched"`.as('Matched')).execute();
  if (found.length === 0) return query.page === 0 ? { rows: [], matched: 0 } : null;
  const matched = Number(found[0].Matched);
  return matched > bound ? null : { rows: found.map(({ Matched: _count, ...row }) => row), matched };
}

/**
 * One page of the cases list: the filtered cases, counted (exact up to Limits.COUNT_BOUND, an estimate beyond:
 * `totalIsExact` false), and the page of them with org, reviewer and case type joined (the subject's names are on
 * the case). A filtered search ordered by the case's own columns that the planner expects to match at most
 * Limits.COUNT_WITH_PAGE_MAX cases asks both at once (`pageWithCount`); otherwise, or when that cannot answer, a
 * bounded count of the cases alone comes first, then the page (the estimate asked is reused beyond the bound). The page is clamped to the
 * last one. Default order: received date, newest first, then the case id.
 */
export async function searchCases(db: Database, auth: AuthContext, scope: OrgScope, query: CasesQuery) {
  const Columns = columnView(auth);
  const empty = { cases: [], pageCount: 0, total: 0, totalIsExact: true, Columns };
  if (!scope.all && scope.ids.size === 0) return empty;
  const hidden = hiddenColumns(auth);
  const filtered = await filteredCases(db, auth, scope, query, hidden);
  if (!filtered) return empty;
  const { base } = filtered;
  const order = orderOf(query, hidden);

  let answer: { rows: JoinedRow[]; total: number; exact: boolean; page: number; pageCount: number } | null = null;
  let estimate: number | undefined;
  // A filtered search the planner expects to match few cases, in the case's own order, asks page and count at once.
  if (!filtered.scopeOnly && order.every(({ column }) => column.startsWith('c.'))) {
    estimate = await estimatedRows(base.select('c.Id'));
    const together = estimate <= Limits.COUNT_WITH_PAGE_MAX ? await pageWithCount(db, base, query, order) : null;
    if (together) answer = { rows: together.rows, total: together.matched, exact: true, page: query.page, pageCount: Math.ceil(together.matched / query.pageSize) };
  }
  if (!answer) {
    // Narrowed by the org scope alone, the planner's estimate is reliable: a large one is answered without counting.
    const count = await countedPage(db, base.select('c.Id'), Limits.COUNT_BOUND, query, { estimateFirst: filtered.scopeOnly, estimate });
    // The joins serve the page only: the count above reads the cases alone (docs/performance.md).
    const rows = await pageRows(db, base, order, count.page, query.pageSize, filtered.scopeOnly);
    answer = { rows, total: count.total, exact: count.exact, page: count.page, pageCount: count.pageCount };
  }

  const leaveOut = new Set(hidden.flatMap((column) => FIELDS_OF[column] ?? []));
  // Why the caller may not change each case (the case's own LockedReason): its expanded row lists its items read only.
  const locks = await caseLockReasons(db, auth, answer.rows as Pick<CaseRow, 'LockedTo_Id' | 'WorkflowState'>[]);
  const fields = ROW_FIELDS.filter((field) => !leaveOut.has(field));
  const cases = answer.rows.map((row, i) => shapeRow(row, fields, locks[i]));
  return { cases, pageCount: answer.pageCount, total: answer.total, totalIsExact: answer.exact, page: answer.page, Columns };
}
