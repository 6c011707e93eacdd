import { sql } from 'kysely';
import type { Database } from '../server/db/database.js';
import type { CasesQuery } from '../server/cases/caseSearch.js';

/** A cases search measured under load: who searches, what, and the p95 the issue asks for. */
export interface Scenario {
  key: string;
  name: string;
  user: string;
  body: CasesQuery;
  /** The p95 the issue asks for, in ms; none for the informational scenarios. */
  target?: number;
}

export const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The number of orgs in an org's subtree (itself included). */
async function subtreeSize(db: Database, orgId: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    WITH RECURSIVE tree AS (SELECT "Id" FROM orgs WHERE "Id" = ${orgId} UNION ALL SELECT o."Id" FROM orgs o JOIN tree t ON o."ParentOrg_Id" = t."Id")
    SELECT count(*)::int AS n FROM tree`.execute(db);
  return rows[0].n;
}

/**
 * The cases searches of issue 11, on the demo firm with the bulk fill (bench/bulkFill.ts): (a) the default page as a
 * case admin, (b) a filtered search (the FED subtree, three states, a name, the last year), (c) a client user's
 * org-scoped default page — each with its p95 target — and two informational variants of (b).
 */
export async function searchScenarios(db: Database): Promise<Scenario[]> {
  const id = async (code: string) => (await db.selectFrom('orgs').select('Id').where('Code', '=', code).executeTakeFirstOrThrow()).Id;
  const fed = await id('FED');
  const doc = await id('DOC');
  const inDoc = await subtreeSize(db, doc);
  const inFed = await subtreeSize(db, fed);
  const today = new Date();
  const yearAgo = new Date(today.getTime() - 365 * 86_400_000);
  const newest = [{ id: 'ReceivedDate' as const, desc: true }];
  const filters: CasesQuery['additional'] = { OrgIds: [fed], CaseStateIDs: ['IN_PROCESS', 'IN_REVIEW', 'COMPLETE'], StartDate: isoDay(yearAgo), EndDate: isoDay(today) };
  return [
    { key: 'a', name: 'default page, case admin', user: 'caseadmin', target: 25, body: { page: 0, pageSize: 20, sorted: newest, filtered: [], additional: {} } },
    {
      key: 'b',
      name: `filtered: FED subtree (${inFed} orgs) + 3 states + name "smith" + last 365 days, case admin`,
      user: 'caseadmin',
      target: 50,
      body: { page: 0, pageSize: 20, sorted: newest, filtered: [{ id: 'CaseName', value: 'smith' }], additional: filters },
    },
    { key: 'c', name: `client user (org DOC, subtree of ${inDoc} orgs), default page`, user: 'client', target: 50, body: { page: 0, pageSize: 20, sorted: newest, filtered: [], additional: {} } },
    { key: 'b2', name: 'informational: (b) without the name filter', user: 'caseadmin', body: { page: 0, pageSize: 20, sorted: newest, filtered: [], additional: filters } },
    {
      // Two words may be first-last or last-first: an OR of two index ranges, read from the table (no index-only scan).
      key: 'b3',
      name: 'informational: (b) with the name "james smith" (first and last name, either order)',
      user: 'caseadmin',
      body: { page: 0, pageSize: 20, sorted: newest, filtered: [{ id: 'CaseName', value: 'james smith' }], additional: filters },
    },
  ];
}
