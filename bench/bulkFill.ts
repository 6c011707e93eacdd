import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { migrate, type Database } from '../server/db/database.js';
import type { SsnVault } from '../server/security/ssnVault.js';
import { seedDatabase } from '../server/db/seed/index.js';
import { CITIES, FIRST_NAMES, LAST_NAMES } from '../server/db/seed/random.js';

/** How many rows the bulk fill makes. */
export interface FillVolume {
  /** Cases, each with one subject. */
  cases: number;
  itemsPerCase: number;
  /** Client orgs generated under the demo seed's parents. */
  orgs: number;
}

/** Received dates span this many days before today, oldest case first (case ids follow the received date). */
const DAYS = 5 * 365;
const CHUNK = 200_000;

/** Prints a step of a bench's preparation with the seconds since `since`. */
export const step = (label: string, since: number) => console.log(`  ${label} (${((performance.now() - since) / 1000).toFixed(1)} s)`);

/**
 * The bulk rows, on one connection (its own maintenance_work_mem for the index builds). Orgs: `orgs` client orgs
 * under FED, STATE and COM, every 25th under DOC. Cases: spread evenly over the client orgs (not the root or the
 * parents), received over DAYS days in id order; cases older than 120 days are mostly COMPLETE, newer ones spread
 * over the open states. Subjects: the seed's first and last names, chosen with the case and written on it too (the
 * copy migration 013's triggers keep), so the subjects' insert finds nothing to copy and the cases are written once.
 * Items: `itemsPerCase` per case, their status following the case's.
 */
export async function fillCases(db: Database, { cases: CASES, itemsPerCase: ITEMS_PER_CASE, orgs: ORGS }: FillVolume) {
  await db.connection().execute(async (conn) => {
    const started = performance.now();
    await sql`SET maintenance_work_mem = '1GB'`.execute(conn);
    await sql`SELECT setseed(0.2026)`.execute(conn);
    const codes = new Map((await conn.selectFrom('orgs').select(['Id', 'Code']).execute()).map((o) => [o.Code, o.Id]));
    const org = (code: string) => {
      const id = codes.get(code);
      if (id === undefined) throw new Error(`The demo seed has no org ${code}`);
      return id;
    };
    await sql`
      INSERT INTO orgs ("Name", "Code", "ParentOrg_Id", "ContractType_Id", "City", "RegionType_Id", "PostalCode")
      SELECT 'Bench Client ' || g, 'BC' || lpad(g::text, 4, '0'), p."Id", p."ContractType_Id", p."City", p."RegionType_Id", p."PostalCode"
        FROM generate_series(1, ${ORGS}::int) AS g
        JOIN orgs p ON p."Id" = CASE WHEN g % 25 = 0 THEN ${org('DOC')}::int ELSE (${[org('FED'), org('STATE'), org('COM')]}::int[])[1 + g % 3] END`.execute(conn);
    const parents = [org('DI'), org('FED'), org('STATE'), org('COM'), org('INACTIVE')];
    const caseOrgs = (await conn.selectFrom('orgs').select('Id').where('Id', 'not in', parents).orderBy('Id').execute()).map((o) => o.Id);
    const staff = async (...groups: string[]) =>
      (await conn.selectFrom('user_groups').innerJoin('groups', 'groups.Id', 'user_groups.Group_Id').select('user_groups.User_Id').where('groups.Name', 'in', groups).orderBy('user_groups.User_Id').execute()).map((r) => r.User_Id);
    const reviewers = await staff('Reviewers', 'Case Admins');
    const clerks = await staff('Data Entry');
    const investigators = await staff('Investigator', 'Independent Contractor');
    const caseTypes = (await conn.selectFrom('type_items').select('Id').where('TableName', '=', 'CaseType').orderBy('Id').execute()).map((t) => t.Id);
    const itemTypes = (await conn.selectFrom('item_types').select('Id').orderBy('Id').execute()).map((t) => t.Id);
    const cities = CITIES.map((c) => c.city);
    step(`${caseOrgs.length} client orgs (${ORGS} generated), ${reviewers.length} reviewers, ${investigators.length} investigators`, started);

    // The secondary indexes of the big tables, as their migrations made them: dropped for the load, built after.
    const indexes = (
      await sql<{ indexname: string; indexdef: string }>`
        SELECT i.indexname, i.indexdef FROM pg_indexes i
         WHERE i.schemaname = current_schema() AND i.tablename IN ('cases', 'case_subjects', 'items')
           AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conname = i.indexname AND k.connamespace = current_schema()::regnamespace)`.execute(conn)
    ).rows;
    for (const index of indexes) await sql`DROP INDEX ${sql.id(index.indexname)}`.execute(conn);

    for (let lo = 1; lo <= CASES; lo += CHUNK) {
      const hi = Math.min(CASES, lo + CHUNK - 1);
      const { before } = (await sql<{ before: number }>`SELECT coalesce(max("Id"), 0) AS before FROM cases`.execute(conn)).rows[0];
      await sql`
        WITH r AS MATERIALIZED (
          SELECT g, random() AS u1, random() AS u2, random() AS u3, random() AS u4, random() AS u5,
                 (${FIRST_NAMES}::text[])[1 + floor(random() * ${FIRST_NAMES.length}::int)::int] AS first_name,
                 (${LAST_NAMES}::text[])[1 + floor(random() * ${LAST_NAMES.length}::int)::int] AS last_name,
                 greatest(0, ${DAYS - 1}::int - ((g - 1)::bigint * ${DAYS}::int / ${CASES}::int)::int + floor(random() * 5)::int - 2) AS age
            FROM generate_series(${lo}::int, ${hi}::int) AS g
        ), s AS (
          SELECT r.*, CASE
              WHEN age > 120 THEN CASE WHEN u2 < 0.93 THEN 'COMPLETE' ELSE 'DISCONTINUED' END
              WHEN u2 < 0.35 THEN 'COMPLETE'
              WHEN u2 < 0.40 THEN 'AWAITING_CASE_PAPERS'
              WHEN u2 < 0.45 THEN 'AWAITING_DATA_ENTRY'
              WHEN u2 < 0.48 THEN 'DATA_ENTRY_IN_PROCESS'
              WHEN u2 < 0.55 THEN 'AWAITING_ASSIGNMENT'
              WHEN u2 < 0.80 THEN 'IN_PROCESS'
              WHEN u2 < 0.92 THEN 'IN_REVIEW'
              WHEN u2 < 0.96 THEN 'HOLD'
              ELSE 'DISCONTINUED' END AS state
            FROM r
        )
        INSERT INTO cases ("CaseNumber", "Client_Id", "ContractType_Id", "Reviewer_Id", "DataEntryClerk_Id", "WorkflowState",
                           "CaseStatusType", "ResumeState", "DataEntryComplete", "ReceivedDate", "ScheduledDate", "DueDate",
                           "CompletionDate", "CaseType_Id", "CreatedDate", "UpdatedDate", "SubjectFirstName", "SubjectLastName")
        SELECT 'B-' || lpad(s.g::text, 8, '0'), o."Id", o."ContractType_Id",
               CASE WHEN s.state IN ('AWAITING_CASE_PAPERS', 'AWAITING_DATA_ENTRY', 'DATA_ENTRY_IN_PROCESS') THEN NULL
                    ELSE (${reviewers}::int[])[1 + floor(s.u3 * ${reviewers.length}::int)::int] END,
               (${clerks}::int[])[1 + floor(s.u4 * ${clerks.length}::int)::int],
               s.state, CASE WHEN s.state = 'HOLD' THEN 'HOLD' ELSE 'NORMAL' END,
               CASE WHEN s.state IN ('HOLD', 'DISCONTINUED') THEN 'IN_PROCESS' END,
               s.state NOT IN ('AWAITING_CASE_PAPERS', 'AWAITING_DATA_ENTRY', 'DATA_ENTRY_IN_PROCESS'),
               current_date - s.age, current_date - s.age + 3, current_date - s.age + 30,
               CASE WHEN s.state IN ('COMPLETE', 'DISCONTINUED') THEN least(current_date, current_date - s.age + 10 + floor(s.u5 * 40)::int)::timestamptz END,
               (${caseTypes}::int[])[1 + floor(s.u5 * ${caseTypes.length}::int)::int],
               now() - make_interval(days => s.age), now() - make_interval(days => s.age), s.first_name, s.last_name
          FROM s JOIN orgs o ON o."Id" = (${caseOrgs}::int[])[1 + floor(s.u1 * ${caseOrgs.length}::int)::int]`.execute(conn);
      await sql`
        INSERT INTO case_subjects ("Case_Id", "FirstName", "MiddleName", "LastName", "SSNCipher", "SSNKeyId", "SSNHash")
        SELECT c."Id", c."SubjectFirstName",
               CASE WHEN random() < 0.3 THEN (${FIRST_NAMES}::text[])[1 + floor(random() * ${FIRST_NAMES.length}::int)::int] END,
               c."SubjectLastName",
               -- As wide as a sealed SSN and its hash; the search never opens them.
               substr(md5(random()::text) || md5(random()::text), 1, 50), 'bench', substr(md5(random()::text) || md5(random()::text), 1, 43)
          FROM cases c WHERE c."Id" > ${before}::int`.execute(conn);
      await sql`
        INSERT INTO items ("Case_Id", "DisplayOrder", "ItemType_Id", "ItemStatus", "AssignedTo_Id", "City", "ACD", "CompletedDate", "CreatedDate", "UpdatedDate")
        SELECT x."Id", x.n, (${itemTypes}::int[])[1 + (x."Id" + x.n) % ${itemTypes.length}::int], x.st,
               CASE WHEN x.st <> 'AWAITING_ASSIGNMENT' THEN (${investigators}::int[])[1 + (x."Id" * 7 + x.n) % ${investigators.length}::int] END,
               (${cities}::text[])[1 + (x."Id" * 3 + x.n) % ${cities.length}::int],
               x."ReceivedDate" + 14,
               CASE WHEN x.st = 'ACCEPTED' THEN least(current_date, x."ReceivedDate" + 12)::timestamptz END,
               x."CreatedDate", x."CreatedDate"
          FROM (SELECT c."Id", c."ReceivedDate", c."CreatedDate", n, CASE
                  WHEN c."WorkflowState" = 'COMPLETE' THEN 'ACCEPTED'
                  WHEN c."WorkflowState" IN ('AWAITING_CASE_PAPERS', 'AWAITING_DATA_ENTRY', 'DATA_ENTRY_IN_PROCESS', 'AWAITING_ASSIGNMENT', 'DISCONTINUED') THEN 'AWAITING_ASSIGNMENT'
                  ELSE (ARRAY['ASSIGNED', 'IN_REVIEW', 'ACCEPTED', 'ASSIGNED'])[1 + (c."Id" + n) % 4] END AS st
                  FROM cases c CROSS JOIN generate_series(1, ${ITEMS_PER_CASE}::int) AS n
                 WHERE c."Id" > ${before}::int) AS x`.execute(conn);
      step(`cases ${lo.toLocaleString()}–${hi.toLocaleString()} with subjects and items`, started);
    }
    for (const index of indexes) {
      await sql.raw(index.indexdef).execute(conn);
      step(`index ${index.indexname}`, started);
    }
    await sql`VACUUM (ANALYZE) cases, case_subjects, items, orgs, users`.execute(conn);
    step('VACUUM ANALYZE', started);
  });
}

/**
 * Brings a bench database to the latest migration and fills it: the demo seed and `fillCases`, unless a kept schema
 * (BENCH_SCHEMA, BENCH_KEEP=1) holds the bulk cases already, which are then only analysed again. Prints the volume.
 */
export async function prepareBenchData(db: Database, volume: FillVolume, vault: SsnVault): Promise<void> {
  const started = performance.now();
  await migrate(db, vault);
  const loaded = await db.selectFrom('cases').select('Id').where('CaseNumber', 'like', 'B-%').limit(1).executeTakeFirst();
  if (loaded) {
    console.log('Reusing the loaded schema; pending migrations applied.');
    await sql`ANALYZE cases, case_subjects, items, orgs, users`.execute(db);
  } else {
    console.log(`Loading ${volume.cases.toLocaleString()} cases, ${(volume.cases * volume.itemsPerCase).toLocaleString()} items, ${volume.orgs} generated orgs…`);
    await seedDatabase(db, { demo: true, vault });
    step('migrations and demo seed', started);
    await fillCases(db, volume);
  }
  const sizes = (await sql<{ table: string; rows: number; size: string }>`
    SELECT c.relname AS table, c.reltuples::bigint AS rows, pg_size_pretty(pg_total_relation_size(c.oid)) AS size
      FROM pg_class c WHERE c.relnamespace = current_schema()::regnamespace AND c.relname IN ('cases', 'case_subjects', 'items', 'orgs', 'users')
     ORDER BY c.relname`.execute(db)).rows;
  console.log(`Prepared in ${((performance.now() - started) / 1000).toFixed(1)} s: ${sizes.map((v) => `${v.table} ${Number(v.rows).toLocaleString()} rows (${v.size} with indexes)`).join('; ')}`);
}
