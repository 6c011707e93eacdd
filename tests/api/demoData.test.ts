import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.js';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase.js';

/**
 * The demo firm is a picture of one moment, the seed's "now" (issue 22 §4: a discontinued case completed in the future
 * showed in next month's revenue). The seeded database is read as it is: every date and timestamp column of every table
 * holds nothing after that moment, except the columns that are deadlines or ends of a period, which look ahead by nature.
 * The seed's now is read from the database itself: the demo users' passwords are set at that moment.
 */

/** Columns that may lie ahead of the seed's now: deadlines, expiries and ends of a period, by `table.column`. */
const AHEAD_BY_NATURE = new Set([
  'cases.DueDate', // the case's critical date (CD)
  'items.ACD', // the item's assigned completion date
  'org_case_types.ActiveTo', // a price's last day
  'org_deadlines.ActiveTo',
  'org_expense_rules.ActiveTo',
  'user_credentials.Expiration', // a licence's expiry
  'users.LockoutEndDateUtc', // when a locked account opens again
  'one_time_codes.ExpiresDate',
  'qbo_connections.ExpiresDate',
]);

/** How long after its own now the seed may still be writing (database defaults take the transaction's time). */
const SEED_RUN_MS = 10 * 60_000;

let database: TestDatabase;
const db = (): Database => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.drop());

/** The seed's now: when the demo users' passwords were set. */
async function seedNow(): Promise<Date> {
  const row = await db().selectFrom('users').select((eb) => eb.fn.max('PasswordChangedDate').as('now')).executeTakeFirstOrThrow();
  return new Date(row.now as unknown as string);
}

describe('the demo data', () => {
  it('holds no date after the seed\'s now, but for deadlines', async () => {
    const now = await seedNow();
    const today = now.toISOString().slice(0, 10);
    const latest = new Date(now.getTime() + SEED_RUN_MS);
    const { rows: columns } = await sql<{ table_name: string; column_name: string; data_type: string }>`
      SELECT table_name, column_name, data_type FROM information_schema.columns
      WHERE table_schema = current_schema() AND data_type IN ('date', 'timestamp with time zone', 'timestamp without time zone')
      ORDER BY table_name, column_name`.execute(db());
    expect(columns.length).toBeGreaterThan(30);
    const checked: string[] = [];
    const ahead: string[] = [];
    for (const { table_name: table, column_name: column, data_type: type } of columns) {
      const name = `${table}.${column}`;
      if (AHEAD_BY_NATURE.has(name)) continue;
      checked.push(name);
      const bound = type === 'date' ? sql`${today}::date` : sql`${latest.toISOString()}::timestamptz`;
      const { rows } = await sql<{ count: string; first: unknown }>`
        SELECT count(*) AS count, min(${sql.ref(column)})::text AS first FROM ${sql.table(table)} WHERE ${sql.ref(column)} > ${bound}`.execute(db());
      if (Number(rows[0].count) > 0) ahead.push(`${name}: ${rows[0].count} after ${type === 'date' ? today : latest.toISOString()} (first ${String(rows[0].first)})`);
    }
    expect(checked).toEqual(expect.arrayContaining(['cases.CompletionDate', 'cases.ReceivedDate', 'items.CompletedDate', 'item_history.CreatedDate', 'invoices.InvoiceDate']));
    expect(ahead).toEqual([]);
  });

  it('holds no section date after the seed\'s day', async () => {
    const today = (await seedNow()).toISOString().slice(0, 10);
    const rows = await db().selectFrom('item_sections').select(['Id', 'Definition']).execute();
    const days: string[] = [];
    const visit = (fields: unknown) => {
      for (const field of Array.isArray(fields) ? (fields as Record<string, unknown>[]) : []) {
        if (field['@type'] === 'date' && typeof field['#text'] === 'string' && /^\d{4}-\d{2}-\d{2}/.test(field['#text'])) days.push(field['#text'].slice(0, 10));
        for (const entry of (field.entries as { fields?: { field?: unknown } }[] | undefined) ?? []) visit(entry.fields?.field);
      }
    };
    for (const row of rows) {
      const definition = (typeof row.Definition === 'string' ? JSON.parse(row.Definition) : row.Definition) as { fields?: { field?: unknown } };
      visit(definition.fields?.field);
    }
    expect(days.length).toBeGreaterThan(10);
    expect(days.filter((day) => day > today)).toEqual([]);
  });

  it('tells one story: a case completes after it is received, its items before it, and is invoiced after it completes', async () => {
    const { rows: early } = await sql<{ CaseNumber: string }>`
      SELECT "CaseNumber" FROM cases WHERE "CompletionDate" IS NOT NULL AND "CompletionDate"::date < "ReceivedDate"`.execute(db());
    expect(early).toEqual([]);
    const { rows: items } = await sql<{ Id: number }>`
      SELECT i."Id" FROM items i JOIN cases c ON c."Id" = i."Case_Id"
      WHERE i."CompletedDate" IS NOT NULL AND (i."CompletedDate"::date < c."ReceivedDate" OR i."CompletedDate" > c."CompletionDate")`.execute(db());
    expect(items).toEqual([]);
    const { rows: invoiced } = await sql<{ CaseNumber: string }>`
      SELECT c."CaseNumber" FROM cases c JOIN invoices v ON v."Id" = c."Invoice_Id" WHERE v."InvoiceDate" < c."CompletionDate"::date`.execute(db());
    expect(invoiced).toEqual([]);
    const { rows: lines } = await sql<{ Id: number }>`
      SELECT v."Id" FROM invoices v WHERE NOT EXISTS (SELECT 1 FROM invoice_lines l WHERE l."Invoice_Id" = v."Id")`.execute(db());
    expect(lines, 'every seeded invoice keeps its lines').toEqual([]);
  });
});
