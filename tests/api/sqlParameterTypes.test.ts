import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { originOf, type Database } from '../../server/db/database.js';
import { countRequest } from '../../server/http/rateLimitStore.js';
import { reportCatalogue } from '../../server/reports/catalogue.js';
import { startTestApp, type TestApp } from '../support/testApp.js';

/**
 * Bind parameters and time zones (issue 21 §1). The server's days are UTC days and its moments exact instants
 * (docs/decisions.md: report months are UTC months, ranges whole UTC days), whatever the database session's TimeZone —
 * the server's setting on PostgreSQL (our pool sets none), UTC on PGlite. A day compared with a timestamptz column, a
 * moment cast to `date` or formatted without `at time zone 'UTC'` would move with the session's zone; so every answer
 * here is asked again with the session — and the server process, whose zone node-postgres writes a JS Date in — in
 * Los Angeles (UTC−7/−8) and on Kiritimati (UTC+14), and must not change.
 *
 * The fixtures sit at 23:30 UTC on the last day of a month: already the next day (and month) on Kiritimati.
 */
let t: TestApp;
let token: string;
const db = () => t.database.db;

const ZONES = ['UTC', 'America/Los_Angeles', 'Pacific/Kiritimati'] as const;
/** 23:30 UTC on 31 March 2019: 16:30 on the 31st in Los Angeles, 13:30 on 1 April on Kiritimati. */
const LATE_ON_THE_31ST = '2019-03-31T23:30:00.000Z';
/** The report's moment (the test clock): the same late evening in 2026, so "today" is 31 March 2026 (UTC). */
const NOW = new Date('2026-03-31T23:30:00.000Z');

/** Every connection of the database speaks in `zone` from now on: PGlite's one, and each of a pool's (new ones too). */
async function useSessionTimeZone(database: Database, zone: string): Promise<void> {
  const set = `SET TIME ZONE '${zone}'`;
  const origin = originOf(database);
  if (origin?.kind === 'postgres') {
    const { pool } = origin;
    pool.removeAllListeners('connect');
    pool.on('connect', (client) => void client.query(set).catch(() => undefined));
    const clients = await Promise.all(Array.from({ length: pool.options.max }, () => pool.connect()));
    try {
      await Promise.all(clients.map((client) => client.query(set)));
    } finally {
      for (const client of clients) client.release();
    }
  } else {
    await sql.raw(set).execute(database);
  }
  const { rows } = await sql<{ zone: string }>`SELECT current_setting('TimeZone') AS zone`.execute(database);
  expect(rows[0].zone).toBe(zone);
}

type Pair = { Name: string; Value: string | number | boolean | null };
const report = (name: string) => reportCatalogue.find((r) => r.name === name)!;
/** A CSV line's fields (quoted fields may hold commas and doubled quotes). */
const fieldsOf = (line: string) => [...line.matchAll(/(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g)].map((m) => (m[1] !== undefined ? m[1].replace(/""/g, '"') : m[2]));
/** The report's CSV rows (header dropped) for the parameters given, as arrays of fields (no field here holds a line break). */
async function csvRows(name: string, Parameters: Pair[]): Promise<string[][]> {
  const r = report(name);
  const response = await t.call(token, { method: 'POST', url: `/api/reports/${encodeURIComponent(r.group)}/${encodeURIComponent(r.name)}`, payload: { Group: r.group, Name: r.name, Parameters, Format: 'csv' } });
  expect(response.statusCode, response.body).toBe(200);
  return response.body.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean).slice(1).map(fieldsOf);
}
const column = (name: string, label: string) => report(name).columns.findIndex((c) => c.label === label);
const range = (from: string, to: string): Pair[] => [{ Name: 'From', Value: from }, { Name: 'To', Value: to }, { Name: 'Org', Value: null }];

let completed: { CaseNumber: string; Client_Id: number };
let invoiceId: number;
let overdue: string;

beforeAll(async () => {
  t = await startTestApp();
  t.clock.advance(NOW.getTime() - Date.now());
  token = await t.signIn('sysadmin');
  // One uninvoiced finished case completed late on 31 March 2019 (and received on 15 March 2019).
  completed = await db()
    .selectFrom('cases')
    .select(['Id', 'CaseNumber', 'Client_Id'])
    .where('WorkflowState', '=', 'COMPLETE')
    .where('Invoice_Id', 'is', null)
    .orderBy('Id')
    .limit(1)
    .executeTakeFirstOrThrow();
  await db().updateTable('cases').set({ CompletionDate: LATE_ON_THE_31ST, ReceivedDate: '2019-03-15' }).where('CaseNumber', '=', completed.CaseNumber).execute();
  // One expense entered then, one invoice dated that day.
  const expense = await db().selectFrom('item_expenses').select('Id').orderBy('Id').limit(1).executeTakeFirstOrThrow();
  await db().updateTable('item_expenses').set({ CreatedDate: LATE_ON_THE_31ST }).where('Id', '=', expense.Id).execute();
  const invoice = await db().selectFrom('invoices').select('Id').orderBy('Id').limit(1).executeTakeFirstOrThrow();
  invoiceId = invoice.Id;
  await db().updateTable('invoices').set({ InvoiceDate: '2019-03-31' }).where('Id', '=', invoiceId).execute();
  // One open case whose critical date was ten days before the report's today.
  const open = await db().selectFrom('cases').select('CaseNumber').where('WorkflowState', '=', 'IN_PROCESS').orderBy('Id').limit(1).executeTakeFirstOrThrow();
  overdue = open.CaseNumber;
  await db().updateTable('cases').set({ DueDate: '2026-03-21' }).where('CaseNumber', '=', overdue).execute();
});
afterAll(() => t.close());

describe.each(ZONES)('with the database session and the server process in %s', (zone) => {
  const processZone = process.env.TZ;
  beforeAll(async () => {
    await useSessionTimeZone(db(), zone);
    // node-postgres writes a JS Date in the process's zone (PGlite in UTC): a Date bound to a `date` would shift with it.
    process.env.TZ = zone;
  });
  afterAll(() => {
    if (processZone === undefined) delete process.env.TZ;
    else process.env.TZ = processZone;
  });

  it('reports a case completed at 23:30 UTC on 31 March in March, and in a range ending on the 31st only', async () => {
    const name = 'Completed cases and revenue by org and month';
    const month = column(name, 'Month');
    const finished = (rows: string[][]) => rows.reduce((n, row) => n + Number(row[column(name, 'Completed')]) + Number(row[column(name, 'Discontinued')]), 0);
    const onThe31st = await csvRows(name, range('03/31/2019', '03/31/2019'));
    expect(onThe31st.map((row) => row[month])).toEqual(['2019-03']);
    expect(finished(onThe31st)).toBe(1);
    // Its uninvoiced revenue is found under the same org and month key as SQL's month.
    expect(Number(onThe31st[0][column(name, 'Uninvoiced Revenue')])).toBeGreaterThan(0);
    expect(await csvRows(name, range('04/01/2019', '04/01/2019'))).toEqual([]);
    expect(await csvRows(name, range('03/01/2019', '03/30/2019'))).toEqual([]);
  });

  it('counts an expense entered at 23:30 UTC on 31 March on the 31st, not on 1 April', async () => {
    const name = 'Expenses by type';
    const onThe31st = await csvRows(name, range('03/31/2019', '03/31/2019'));
    expect(onThe31st.reduce((n, row) => n + Number(row[column(name, 'Expenses')]), 0)).toBe(1);
    expect(await csvRows(name, range('04/01/2019', '04/01/2019'))).toEqual([]);
  });

  it('lists an invoice dated 31 March in a range of that day, under that date', async () => {
    const name = 'Invoices by date';
    const rows = await csvRows(name, range('03/31/2019', '03/31/2019'));
    expect(rows.map((row) => [row[column(name, 'Invoice')], row[column(name, 'Invoice Date')]])).toEqual([[String(invoiceId), '03/31/2019']]);
    expect(await csvRows(name, range('04/01/2019', '04/01/2019'))).toEqual([]);
  });

  it('counts the days past a critical date from the report\'s UTC today', async () => {
    const name = 'Cases past their critical date';
    const rows = await csvRows(name, [{ Name: 'CaseNumber', Value: overdue }]);
    expect(rows.map((row) => [row[column(name, 'Case Number')], row[column(name, 'Critical Date')], row[column(name, 'Days Past')]])).toEqual([[overdue, '03/21/2026', '10']]);
  });

  it('finds a case by its received date in the cases list', async () => {
    const search = (StartDate: string, EndDate: string) =>
      t.call(token, { method: 'POST', url: '/api/cases/search', payload: { page: 0, pageSize: 20, sorted: [], filtered: [], additional: { StartDate, EndDate } } });
    const found = await search('2019-03-15', '2019-03-15');
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().cases.map((c: { CaseNumber: string }) => c.CaseNumber)).toEqual([completed.CaseNumber]);
    expect((await search('2019-03-16', '2019-03-16')).json().cases).toEqual([]);
  });

  it('keeps a rate-limit window to its milliseconds', async () => {
    const key = `time zone ${zone}`;
    const start = new Date('2026-03-31T23:59:30.000Z');
    const later = (ms: number) => new Date(start.getTime() + ms);
    expect(await countRequest(db(), key, 60_000, start)).toEqual({ current: 1, ttl: 60_000 });
    expect(await countRequest(db(), key, 60_000, later(59_999))).toEqual({ current: 2, ttl: 1 });
    expect(await countRequest(db(), key, 60_000, later(60_000))).toEqual({ current: 1, ttl: 60_000 });
  });
});
