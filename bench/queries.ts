/**
 * `npm run bench:queries`: measures the queries behind the busiest screens on a large database, in-process (no HTTP).
 *
 * PostgreSQL at BENCH_DATABASE_URL (or TEST_DATABASE_URL) in a schema of its own, or the embedded PGlite when
 * neither is set. BENCH_USERS (default 200000) and BENCH_CASES (default 300000) set the volume. Each measurement
 * is the median of repeated runs after a warm-up; the plan line shows whether an index served the query.
 * The whole app through its HTTP stack is `npm run bench` (bench/run.ts); the cases search under concurrent load at
 * 1,000,000 cases is `npm run bench:cases` (bench/cases.ts).
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { createPGlite, embeddedDatabase, migrate, openDatabase, type Database } from '../server/db/database.js';
import { seedDatabase } from '../server/db/seed/index.js';
import { SecuritySettingsService } from '../server/security/settingsService.js';
import { SessionService } from '../server/auth/sessions.js';
import type { UsersQuery } from '../shared/api/identity.js';
import { searchUsers } from '../server/identity/userList.js';
import { loadLookupLists } from '../server/types/lookups.js';
import { orgSubtreeIds } from '../server/orgs/scope.js';
import { countRequest } from '../server/http/rateLimitStore.js';
import { BENCH_VAULT } from './benchVault.js';
import { percentile } from './percentiles.js';
import { auditLogStore } from '../server/audit/auditLogStore.js';
import type { StoreContext } from '../server/resources/store.js';
import type { TableQuery } from '../resources/declaration.js';
import { keyringOf, newSecretText, parseSecret } from '../server/security/keyring.js';
import { resealSsns } from '../server/security/keyRotation.js';

const USERS = Number(process.env.BENCH_USERS ?? 200_000);
const CASES = Number(process.env.BENCH_CASES ?? 300_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const AUDIT_ENTRIES = Number(process.env.BENCH_AUDIT ?? 1_000_000);
/** SSNs sealed, opened and re-sealed under a new key in the key measurements. */
const SSNS = 10_000;

async function open(): Promise<{ db: Database; kind: string; drop: () => Promise<void> }> {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (url) {
    const schema = `bench_${randomBytes(4).toString('hex')}`;
    const db = await openDatabase({ url, schema });
    return {
      db,
      kind: `PostgreSQL (schema ${schema})`,
      drop: async () => {
        await sql.raw(`DROP SCHEMA "${schema}" CASCADE`).execute(db);
        await db.destroy();
      },
    };
  }
  const db = embeddedDatabase(await createPGlite({}));
  return { db, kind: 'PGlite (in memory)', drop: () => db.destroy() };
}

/** Bulk rows straight in SQL: users spread over the orgs, cases with subjects and three items each. */
async function fill(db: Database) {
  await sql`
    INSERT INTO users ("UserName", "FirstName", "LastName", "Email", "Org_Id", "WorkStatusType_Id")
    SELECT 'bench' || g,
           (ARRAY['James','Mary','Robert','Patricia','John','Jennifer','Michael','Linda','Wei','Priya'])[1 + g % 10] || (g % 997),
           (ARRAY['Smith','Johnson','Williams','Brown','Jones','Garcia','Miller','Davis','Nguyen','Okafor'])[1 + (g / 10) % 10] || (g % 1009),
           'bench' || g || '@example.com',
           (SELECT "Id" FROM orgs ORDER BY "Id" OFFSET g % (SELECT count(*) FROM orgs) LIMIT 1),
           NULL
      FROM generate_series(1, ${USERS}) AS g`.execute(db);
  await sql`
    INSERT INTO cases ("CaseNumber", "Client_Id", "WorkflowState", "ReceivedDate", "CaseType_Id")
    SELECT 'B-' || lpad(g::text, 8, '0'),
           (SELECT "Id" FROM orgs ORDER BY "Id" OFFSET g % (SELECT count(*) FROM orgs) LIMIT 1),
           (ARRAY['AWAITING_CASE_PAPERS','AWAITING_DATA_ENTRY','IN_PROCESS','IN_REVIEW','COMPLETE'])[1 + g % 5],
           current_date - (g % 900),
           (SELECT "Id" FROM type_items WHERE "TableName" = 'CaseType' ORDER BY "Id" LIMIT 1)
      FROM generate_series(1, ${CASES}) AS g`.execute(db);
  await sql`
    INSERT INTO case_subjects ("Case_Id", "FirstName", "LastName")
    SELECT c."Id", 'Subject' || (c."Id" % 5000), 'Person' || (c."Id" % 7919) FROM cases c
     WHERE NOT EXISTS (SELECT 1 FROM case_subjects s WHERE s."Case_Id" = c."Id")`.execute(db);
  const itemType = await db.selectFrom('item_types').select('Id').orderBy('Id').executeTakeFirstOrThrow();
  await sql`
    INSERT INTO items ("Case_Id", "DisplayOrder", "ItemType_Id", "ItemStatus", "City")
    SELECT c."Id", n, ${itemType.Id}, (ARRAY['AWAITING_ASSIGNMENT','ASSIGNED','IN_REVIEW','ACCEPTED'])[1 + (c."Id" + n) % 4], 'City' || (c."Id" % 300)
      FROM cases c CROSS JOIN generate_series(1, 3) AS n
     WHERE c."CaseNumber" LIKE 'B-%'`.execute(db);
  // The audit log as years of use leave it: entries by a thousand users over two years, a dozen actions, cases and items.
  await sql`
    INSERT INTO audit_log ("User_Id", "UserName", "Entity", "Entity_Id", "Action", "Fields", "ClientAddress", "RequestId", "CreatedDate")
    SELECT 1 + g % 1000, 'bench' || (1 + g % 1000),
           (ARRAY['cases','items','users','orgs'])[1 + g % 4], (g % 300000)::text,
           (ARRAY['update','create','read-ssn','reveal-ssn','sign-in','sign-in-failed','download-report','add-papers','assign','accept','reject','delete'])[1 + g % 12],
           ARRAY['Notes'], '10.0.' || (g % 250) || '.' || (g % 200), md5(g::text),
           now() - make_interval(secs => (${AUDIT_ENTRIES} - g) * (63072000.0 / ${AUDIT_ENTRIES}))
      FROM generate_series(1, ${AUDIT_ENTRIES}) AS g`.execute(db);
  await sql`ANALYZE`.execute(db);
}

/** The Audit log screen's calls at AUDIT_ENTRIES entries, through its store (server/audit/auditLogStore.ts). */
async function auditMeasurements(db: Database) {
  const list = auditLogStore.list!;
  const context = { db } as StoreContext;
  const page = (filtered: { id: 'UserName' | 'Action' | 'Entity' | 'Entity_Id'; value: string }[] = [], additional: { From?: string; To?: string } = {}) =>
    list(context, { page: 0, pageSize: 25, sorted: [], filtered, additional } as unknown as TableQuery);
  const week = new Date(Date.now() - 7 * 86_400_000).toISOString();
  const day = new Date(Date.now() - 86_400_000).toISOString();
  return [
    await measure(`audit log (${AUDIT_ENTRIES.toLocaleString()}): newest page`, () => page()),
    await measure('audit log: one user ("bench42")', () => page([{ id: 'UserName', value: 'bench42' }])),
    await measure('audit log: one case (entity and id)', () => page([{ id: 'Entity', value: 'cases' }, { id: 'Entity_Id', value: '1200' }])),
    await measure('audit log: one action ("reveal-ssn")', () => page([{ id: 'Action', value: 'reveal-ssn' }])),
    await measure('audit log: last week', () => page([], { From: week })),
    await measure('audit log: one user, last day', () => page([{ id: 'UserName', value: 'bench42' }], { From: day })),
  ];
}

/** Sealing and opening SSNs (every case answer opens one), and re-sealing them under a new key. */
async function ssnMeasurements(db: Database) {
  const ssns = Array.from({ length: SSNS }, (_, i) => String(900_000_000 + i));
  const sealed = ssns.map((ssn) => BENCH_VAULT.seal(ssn));
  const subjects = await db.selectFrom('case_subjects').select('Id').where('SSNCipher', 'is', null).orderBy('Id').limit(SSNS).execute();
  for (let i = 0; i < subjects.length; i += 1000) {
    const rows = subjects.slice(i, i + 1000).map((row, j) => ({ Id: row.Id, ...sealed[i + j] }));
    await sql`UPDATE case_subjects AS s SET "SSNCipher" = v.c, "SSNKeyId" = v.k, "SSNHash" = v.h
      FROM unnest(${rows.map((r) => r.Id)}::integer[], ${rows.map((r) => r.SSNCipher)}::text[], ${rows.map((r) => r.SSNKeyId)}::text[], ${rows.map((r) => r.SSNHash)}::text[]) AS v(id, c, k, h)
      WHERE s."Id" = v.id`.execute(db);
  }
  const rotated = keyringOf(parseSecret(newSecretText()), BENCH_VAULT.keyring.all);
  let resealed = 0;
  const results = [
    await measure(`seal ${SSNS.toLocaleString()} SSNs`, async () => ssns.map((ssn) => BENCH_VAULT.seal(ssn))),
    await measure(`open ${SSNS.toLocaleString()} SSNs`, async () => sealed.map((row) => BENCH_VAULT.open(row))),
  ];
  const start = performance.now();
  resealed = await resealSsns(db, rotated);
  const ms = performance.now() - start;
  results.push({ name: `rotate-key: re-seal ${resealed.toLocaleString()} SSNs (one run)`, median: ms, p90: ms });
  return results;
}

async function measure(name: string, run: () => Promise<unknown>): Promise<{ name: string; median: number; p90: number }> {
  await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { name, median: percentile(times, 0.5), p90: percentile(times, 0.9) };
}

async function planOf(db: Database, query: string): Promise<string> {
  const result = await sql.raw(`EXPLAIN ${query}`).execute(db);
  const lines = (result.rows as Record<string, string>[]).map((r) => Object.values(r)[0]);
  const scans = lines.filter((l) => /Scan/.test(l)).map((l) => l.trim().replace(/\s+\(cost.*$/, ''));
  return scans.slice(0, 3).join('; ');
}

async function main() {
  const { db, kind, drop } = await open();
  try {
    console.log(`Database: ${kind}; ${USERS.toLocaleString()} users, ${CASES.toLocaleString()} cases (3 items each)`);
    let start = performance.now();
    await migrate(db, BENCH_VAULT);
    await seedDatabase(db, { demo: true, vault: BENCH_VAULT });
    await fill(db);
    console.log(`Prepared in ${((performance.now() - start) / 1000).toFixed(1)} s\n`);

    const now = () => new Date();
    const sessions = new SessionService(db, new SecuritySettingsService(db), now);
    const admin = await db.selectFrom('users').select('Id').where('UserName', '=', 'sysadmin').executeTakeFirstOrThrow();
    const token = await sessions.open(admin.Id);
    const page = (overrides: Partial<UsersQuery> = {}): UsersQuery => ({
      pageSize: 20,
      page: 0,
      sorted: [],
      filtered: [],
      additional: { OrgIds: [], GroupIds: [], HideIDSUsers: false, Active: false, Inactive: false },
      ...overrides,
    });
    const all = { all: true } as const;
    start = performance.now();
    let client = 0;
    const results = [
      await measure('session lookup (every request)', () => sessions.resolve(token)),
      await measure('users: first page, default sort', () => searchUsers(db, all, page(), now())),
      await measure('users: last-name filter "Smith1"', () => searchUsers(db, all, page({ filtered: [{ id: 'LastName', value: 'Smith1' }] }), now())),
      await measure('users: page 500', () => searchUsers(db, all, page({ page: 500 }), now())),
      await measure('users: one org', () => searchUsers(db, all, page({ additional: { OrgIds: [3], GroupIds: [], HideIDSUsers: false, Active: true, Inactive: false } }), now())),
      await measure('lookup lists (sign-in)', () => loadLookupLists(db)),
      await measure('org subtree (scoping)', () => orgSubtreeIds(db, 1)),
      await measure('cases: newest 20 received', () =>
        db.selectFrom('cases').select(['Id', 'CaseNumber']).orderBy('ReceivedDate', 'desc').orderBy('Id', 'desc').limit(20).execute()),
      await measure('cases: number contains "0012345"', () =>
        db.selectFrom('cases').select(['Id', 'CaseNumber']).where('CaseNumber', 'ilike', '%0012345%').limit(20).execute()),
      await measure('rate limit count (anonymous request)', () => countRequest(db, `POST /oauth/token 198.51.100.${client++ % 250}`, 60_000, new Date())),
      await measure('items of one case', () => db.selectFrom('items').selectAll().where('Case_Id', '=', 5000).orderBy('DisplayOrder').execute()),
      ...(await auditMeasurements(db)),
      ...(await ssnMeasurements(db)),
    ];
    console.log('| query | median ms | p90 ms |');
    console.log('|---|---:|---:|');
    for (const r of results) console.log(`| ${r.name} | ${r.median.toFixed(2)} | ${r.p90.toFixed(2)} |`);
    console.log(`\nMeasured in ${((performance.now() - start) / 1000).toFixed(1)} s`);
    console.log('\nPlans:');
    console.log(`  users name filter: ${await planOf(db, `SELECT "Id" FROM users WHERE "LastName" ILIKE '%Smith1%' LIMIT 20`)}`);
    console.log(`  users rare name filter: ${await planOf(db, `SELECT "Id" FROM users WHERE "LastName" ILIKE '%Qzxw%' LIMIT 20`)}`);
    console.log(`  users default sort: ${await planOf(db, `SELECT "Id" FROM users ORDER BY "FirstName", "LastName", "Id" LIMIT 20`)}`);
    console.log(`  cases number search: ${await planOf(db, `SELECT "Id" FROM cases WHERE "CaseNumber" ILIKE '%0012345%' LIMIT 20`)}`);
    console.log(`  items of a case: ${await planOf(db, `SELECT * FROM items WHERE "Case_Id" = 5000 ORDER BY "DisplayOrder"`)}`);
    console.log(`  audit log, newest: ${await planOf(db, `SELECT * FROM audit_log ORDER BY "Id" DESC LIMIT 25`)}`);
    console.log(`  audit log, one user: ${await planOf(db, `SELECT * FROM audit_log WHERE lower("UserName") LIKE 'bench42%' ORDER BY "Id" DESC LIMIT 25`)}`);
    console.log(`  audit log, one case: ${await planOf(db, `SELECT * FROM audit_log WHERE "Entity" = 'cases' AND "Entity_Id" = '1200' ORDER BY "Id" DESC LIMIT 25`)}`);
    console.log('\nThe whole app through its HTTP stack: npm run bench; the cases search at 1,000,000 cases: npm run bench:cases (docs/performance.md)');
  } finally {
    await drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
