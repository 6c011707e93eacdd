import { sql } from 'kysely';
import type { Database } from '../server/db/database.js';
import { editedDefinition, type CaseRef } from './pageCalls.js';
import { BENCH_VAULT } from './benchVault.js';

/** The case types the demo seed offers every org (T1 first), for the dedicated orgs' cases and a new case. */
async function caseTypeIds(db: Database): Promise<number[]> {
  return (await db.selectFrom('type_items').select('Id').where('TableName', '=', 'CaseType').orderBy('Id').execute()).map((t) => t.Id);
}

/** An org of the bench's own under COM (made once: a kept schema has it already). */
async function benchOrg(db: Database, code: string, name: string): Promise<{ id: number; made: boolean }> {
  const existing = await db.selectFrom('orgs').select('Id').where('Code', '=', code).executeTakeFirst();
  if (existing) return { id: existing.Id, made: false };
  const { rows } = await sql<{ Id: number }>`
    INSERT INTO orgs ("Name", "Code", "ParentOrg_Id", "ContractType_Id", "City", "RegionType_Id", "PostalCode")
    SELECT ${name}, ${code}, p."Id", p."ContractType_Id", p."City", p."RegionType_Id", p."PostalCode" FROM orgs p WHERE p."Code" = 'COM'
    RETURNING "Id"`.execute(db);
  return { id: rows[0].Id, made: true };
}

/**
 * `count` cases of one org, each with its subject, in one statement each: `open` ones past their critical date (the
 * "Cases past their critical date" report's rows), else completed and not invoiced (the invoicing list's rows).
 * Received 200–300 days ago, so the cases list's newest pages stay the bulk fill's.
 */
async function orgCases(db: Database, orgId: number, prefix: string, count: number, open: boolean): Promise<void> {
  const types = await caseTypeIds(db);
  const state = open ? 'IN_PROCESS' : 'COMPLETE';
  await sql`
    INSERT INTO cases ("CaseNumber", "Client_Id", "ContractType_Id", "WorkflowState", "CaseStatusType", "DataEntryComplete",
                       "ReceivedDate", "ScheduledDate", "DueDate", "CompletionDate", "CaseType_Id", "SubjectFirstName", "SubjectLastName")
    SELECT ${prefix} || lpad(g::text, 8, '0'), o."Id", o."ContractType_Id", ${state}, 'NORMAL', true,
           current_date - 200 - g % 100, current_date - 197 - g % 100, current_date - 170 - g % 100,
           CASE WHEN ${open}::boolean THEN NULL ELSE (current_date - 150 - g % 100)::timestamptz END,
           (${types}::int[])[1 + g % ${types.length}::int], 'Bench' || (g % 997), 'Subject' || (g % 7919)
      FROM generate_series(1, ${count}::int) AS g JOIN orgs o ON o."Id" = ${orgId}::int`.execute(db);
  await sql`
    INSERT INTO case_subjects ("Case_Id", "FirstName", "LastName")
    SELECT c."Id", c."SubjectFirstName", c."SubjectLastName" FROM cases c WHERE c."Client_Id" = ${orgId}::int`.execute(db);
}

/** The two orgs of the bench's own: one with `reportRows` open cases past their critical date, one with `uninvoiced` billable cases. */
export async function addBenchOrgs(db: Database, reportRows: number, uninvoiced: number): Promise<{ reportOrg: number; invoicingOrg: number }> {
  const report = await benchOrg(db, 'BREPORT', 'Bench Overdue Cases');
  if (report.made) await orgCases(db, report.id, 'R-', reportRows, true);
  const invoicing = await benchOrg(db, 'BINVOICE', 'Bench Uninvoiced Cases');
  if (invoicing.made) await orgCases(db, invoicing.id, 'V-', uninvoiced, false);
  if (report.made || invoicing.made) await sql`ANALYZE cases, case_subjects, orgs`.execute(db);
  return { reportOrg: report.id, invoicingOrg: invoicing.id };
}

/** `count` of the bulk fill's open cases, spread over its id range, with one of each one's items and a sealed SSN. */
export async function sampleCases(db: Database, count: number): Promise<{ cases: CaseRef[]; items: { caseId: number; itemId: number }[] }> {
  const { rows } = await sql<CaseRef & { Item_Id: number }>`
    WITH bulk AS (SELECT min("Id") AS lo, max("Id") AS hi FROM cases WHERE "CaseNumber" LIKE 'B-%'),
         picked AS (SELECT DISTINCT ON (k) c."Id", c."Client_Id"
                      FROM bulk, generate_series(0, ${count - 1}::int) AS k
                      JOIN LATERAL (SELECT "Id", "Client_Id" FROM cases
                                     WHERE "Id" >= bulk.lo + (bulk.hi - bulk.lo) * k / ${count}::int AND "WorkflowState" = 'IN_PROCESS'
                                     ORDER BY "Id" LIMIT 1) c ON true)
    SELECT p."Id", p."Client_Id", (SELECT min(i."Id") FROM items i WHERE i."Case_Id" = p."Id") AS "Item_Id" FROM picked p ORDER BY p."Id"`.execute(db);
  // The bulk fill's SSNs are random bytes the search never opens; a case read opens its subject's, so these get sealed ones.
  for (const [n, row] of rows.entries()) {
    const sealed = BENCH_VAULT.seal(String(700_000_000 + n));
    await db.updateTable('case_subjects').set(sealed).where('Case_Id', '=', row.Id).execute();
  }
  return {
    cases: rows.map((r) => ({ Id: r.Id, Client_Id: r.Client_Id })),
    items: rows.filter((r) => r.Item_Id !== null).map((r) => ({ caseId: r.Id, itemId: r.Item_Id })),
  };
}

/** A section the section modal saves: its place and a changed Definition with `{n}` (each save a new text). */
export interface SectionSave {
  caseId: number;
  itemId: number;
  sectionId: number;
  definition: string;
}

/**
 * Sections of the demo firm's items that `token`'s user may save (the item not locked, the case open), one per item,
 * up to `count`: read as the item page reads them.
 */
export async function savableSections(db: Database, port: number, token: string, count: number): Promise<SectionSave[]> {
  const candidates = await db
    .selectFrom('items as i')
    .innerJoin('cases as c', 'c.Id', 'i.Case_Id')
    .select(['i.Id as itemId', 'i.Case_Id as caseId'])
    .where('c.WorkflowState', 'in', ['IN_PROCESS', 'IN_REVIEW'])
    .where('c.CaseNumber', 'not like', 'B-%')
    .where(({ exists, selectFrom }) => exists(selectFrom('item_sections as s').select('s.Id').whereRef('s.Item_Id', '=', 'i.Id')))
    .orderBy('i.Id')
    .limit(50)
    .execute();
  const found: SectionSave[] = [];
  for (const { caseId, itemId } of candidates) {
    if (found.length >= count) break;
    const response = await fetch(`http://127.0.0.1:${port}/api/cases/${caseId}/items/${itemId}`, { headers: { authorization: `Bearer ${token}` } });
    if (response.status !== 200) continue;
    const item = (await response.json()) as { LockedReason?: string | null; Sections?: { Id: number; Definition: string }[] };
    const section = item.Sections?.[0];
    if (item.LockedReason || !section) continue;
    found.push({ caseId, itemId, sectionId: section.Id, definition: editedDefinition(section.Definition, 'bench{n}') });
  }
  return found;
}

/** How many cases earlier runs' case-create figures left (their subjects are 'Bench Created…'). */
export async function benchCreatedCases(db: Database): Promise<number> {
  const { n } = await db.selectFrom('cases').where('SubjectFirstName', '=', 'Bench').where('SubjectLastName', 'like', 'Created%').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
  return Number(n);
}

/** A new case as the create form sends it, for the DOC org: `{n}` makes each subject (name and SSN) one of its own. */
export async function newCaseBody(db: Database): Promise<Record<string, unknown>> {
  const org = await db.selectFrom('orgs').select('Id').where('Code', '=', 'DOC').executeTakeFirstOrThrow();
  const official = await db.selectFrom('users').select('Id').where('UserName', '=', 'client').executeTakeFirstOrThrow();
  const type = await db.selectFrom('type_items').select('Id').where('TableName', '=', 'CaseType').where('Short', '=', 'T1').executeTakeFirstOrThrow();
  return {
    RequestingOfficial_Id: official.Id,
    Client_Id: org.Id,
    CaseType_Id: type.Id,
    Notes: null,
    CaseSubject: { FirstName: 'Bench', MiddleName: null, LastName: 'Created{n}', SSN: '1{n}' },
  };
}
