import { sql } from 'kysely';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { reportCatalogue } from '../../server/reports/catalogue.js';
import { costCases, selectCostedCases } from '../../server/billing/caseCost.js';
import { csvOf, reportsApp, reportUrl, wide, xmlRows, type Json } from '../support/reportsApp.js';

/**
 * The reports (spec 002 §2.9, §3 "Report", §5, §7 "Reports"; docs/decisions.md "Reports: the catalogue"): the
 * catalogue, each report's parameters, every report in every format (csv with its header, pdf that pdf-lib reads, xml
 * with rows and nested Details rows), the revenue it counts, and a client user's org scope.
 */
const { org, db, call, generate } = reportsApp();

describe('the catalogue', () => {
  it('lists every report with its folder, name and description, for View Report Data only', async () => {
    const answer = await call('manager', 'GET', '/api/reports');
    expect(answer.statusCode, answer.body).toBe(200);
    const list = answer.json() as Json[];
    expect(list.map((r) => `${r.Group}/${r.Name}`)).toEqual(reportCatalogue.map((r) => `${r.group}/${r.name}`));
    expect(list.map((r) => r.Name)).toEqual(
      expect.arrayContaining([
        'Open cases by org',
        'Cases past their critical date',
        'Items past their ACD by investigator',
        'Investigator workload',
        'Completed cases and revenue by org and month',
        'Expenses by type',
        'Invoices by date',
      ]),
    );
    expect(new Set(list.map((r) => r.Id)).size).toBe(list.length);
    expect((await call('investigator', 'GET', '/api/reports')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/api/reports')).statusCode).toBe(401);
  });

  it('answers each report\'s parameters: prompt, type, nullable, valid values for the caller and defaults', async () => {
    for (const report of reportCatalogue) {
      const answer = await call('manager', 'GET', `${reportUrl(report)}/parameters`);
      expect(answer.statusCode, answer.body).toBe(200);
      const body = answer.json() as { Group: string; Name: string; Parameters: Json[] };
      expect(body.Group).toBe(report.group);
      expect(body.Parameters.map((p) => p.Name)).toEqual(report.parameters.map((p) => p.name));
      for (const p of body.Parameters) expect(['Boolean', 'DateTime', 'Integer', 'String']).toContain(p.Type);
    }
    const expenses = reportCatalogue.find((r) => r.name === 'Expenses by type')!;
    const params = ((await call('manager', 'GET', `${reportUrl(expenses)}/parameters`)).json() as { Parameters: Json[] }).Parameters;
    const from = params.find((p) => p.Name === 'From')!;
    expect(from).toMatchObject({ Type: 'DateTime', Nullable: true, ValidValues: null });
    expect((from.DefaultValues as string[])[0]).toMatch(/^\d{2}\/01\/\d{4}$/);
    const orgs = params.find((p) => p.Name === 'Org')!;
    expect((orgs.ValidValues as Json[]).length).toBeGreaterThan(5);

    // A client user is offered only its own org and the orgs below it.
    const mine = ((await call('client', 'GET', `${reportUrl(expenses)}/parameters`)).json() as { Parameters: Json[] }).Parameters;
    const offered = (mine.find((p) => p.Name === 'Org')!.ValidValues as Json[]).map((v) => v.Value);
    expect(offered.sort()).toEqual([org.get('DOC'), org.get('DOC-ATL')].sort());

    expect((await call('manager', 'GET', '/api/reports/Cases/No%20such%20report/parameters')).statusCode).toBe(404);
    expect((await call('investigator', 'GET', `${reportUrl(expenses)}/parameters`)).statusCode).toBe(403);
  });
});

describe('every report in every format', () => {
  it.each(reportCatalogue.map((r) => [r.name, r] as const))('%s: csv with its header, pdf that parses, xml with rows', async (_name, report) => {
    const csv = await generate('manager', report, 'csv');
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toContain(`${report.name}.csv`);
    const lines = csvOf(csv.body);
    expect(lines[0]).toEqual(report.columns.map((c) => c.label));
    expect(lines.length, `${report.name} has rows in the demo data`).toBeGreaterThan(1);
    for (const line of lines) expect(line).toHaveLength(report.columns.length);

    const pdf = await generate('manager', report, 'pdf');
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const document = await PDFDocument.load(pdf.rawPayload);
    expect(document.getPageCount()).toBeGreaterThan(0);
    expect(document.getTitle()).toBe(`${report.group} - ${report.name}`);

    const xml = await generate('manager', report, 'xml');
    expect(xml.statusCode, xml.body).toBe(200);
    expect(xml.headers['content-type']).toMatch(/^application\/xml/);
    const { report: parsed, rows } = xmlRows(xml.body);
    expect(parsed['@Name']).toBe(report.name);
    expect(parsed.Columns.Column.map((c) => c['@Label'])).toEqual(report.columns.map((c) => c.label));
    expect(rows.length).toBe(lines.length - 1);
    if (report.details) {
      const nested = rows.flatMap((r) => (r.Details && typeof r.Details === 'object' ? (r.Details.Row ?? []) : []));
      expect(nested.length, `${report.name} has nested Details rows`).toBeGreaterThan(0);
      expect(rows.every((r) => r.Details !== undefined)).toBe(true);
    }
  });

  it('counts what the database holds: open cases per org add up to the open cases', async () => {
    const report = reportCatalogue.find((r) => r.name === 'Open cases by org')!;
    const rows = csvOf((await generate('manager', report, 'csv')).body).slice(1);
    const total = rows.reduce((sum, r) => sum + Number(r[2]), 0);
    const { n } = await db().selectFrom('cases').select(sql<number>`count(*)`.as('n')).where('WorkflowState', 'not in', ['COMPLETE', 'DISCONTINUED']).executeTakeFirstOrThrow();
    expect(total).toBe(Number(n));
    // Without the cases on hold: fewer, or as many when none are on hold.
    const parameters = wide(report).map((p) => (p.Name === 'IncludeOnHold' ? { ...p, Value: false } : p));
    const without = csvOf((await generate('manager', report, 'csv', parameters)).body).slice(1);
    expect(without.every((r) => r[3] === '0')).toBe(true);
  });
});

describe('revenue', () => {
  it('is what the invoices billed plus what the uninvoiced cases will bill by the billing rules', async () => {
    const report = reportCatalogue.find((r) => r.name === 'Completed cases and revenue by org and month')!;
    const lines = csvOf((await generate('manager', report, 'csv')).body);
    const at = (label: string) => report.columns.findIndex((c) => c.label === label);
    const sum = (label: string) => lines.slice(1).reduce((total, line) => total + Math.round(Number(line[at(label)]) * 100), 0) / 100;
    const finished = await db().selectFrom('cases').select(['Id', 'Invoice_Id']).where('WorkflowState', 'in', ['COMPLETE', 'DISCONTINUED']).where('CompletionDate', '>=', new Date('2000-01-01T00:00:00Z')).execute();
    const invoiced = await db().selectFrom('invoice_cases').select(sql<number>`coalesce(sum("Amount"), 0)`.as('total')).where('Case_Id', 'in', [...finished.map((c) => c.Id), 0]).executeTakeFirstOrThrow();
    const open = await costCases(db(), await selectCostedCases(db(), finished.filter((c) => c.Invoice_Id === null).map((c) => c.Id)));
    const expected = Math.round(open.reduce((total, c) => total + c.cost.Total, 0) * 100) / 100;
    expect(sum('Invoiced Revenue')).toBeCloseTo(Number(invoiced.total), 2);
    expect(sum('Uninvoiced Revenue')).toBeCloseTo(expected, 2);
    expect(expected).toBeGreaterThan(0);
    expect(sum('Revenue')).toBeCloseTo(Number(invoiced.total) + expected, 2);
    expect(sum('Completed') + sum('Discontinued')).toBe(finished.length);
  });
});

describe('org scope', () => {
  it('gives a client user only rows of its own orgs, in every report', async () => {
    const mine = new Set(['Department of Commerce', 'DOC Atlanta Field Office']);
    const codes = await db().selectFrom('cases').select('CaseNumber').where('Client_Id', 'in', [org.get('DOC')!, org.get('DOC-ATL')!]).execute();
    const myCases = new Set(codes.map((c) => c.CaseNumber));
    let seen = 0;
    for (const report of reportCatalogue) {
      const answer = await generate('client', report, 'xml');
      expect(answer.statusCode, answer.body).toBe(200);
      const { rows } = xmlRows(answer.body);
      for (const row of rows) {
        if (row.Org !== undefined) expect(mine, `${report.name}: ${String(row.Org)}`).toContain(row.Org);
        if (row.CaseNumber !== undefined) expect(myCases).toContain(row.CaseNumber);
        const details = row.Details && typeof row.Details === 'object' ? (row.Details.Row ?? []) : [];
        for (const detail of details) {
          if (detail.CaseNumber === undefined) continue;
          expect(myCases).toContain(detail.CaseNumber);
          seen += 1;
        }
      }
    }
    expect(seen).toBeGreaterThan(0);

    // The manager (the provider's staff) sees other orgs too.
    const open = reportCatalogue.find((r) => r.name === 'Open cases by org')!;
    const orgs = xmlRows((await generate('manager', open, 'xml')).body).rows.map((r) => r.Org);
    expect(orgs.some((name) => !mine.has(String(name)))).toBe(true);
    // An org outside the client's scope is not a value it may pick.
    const outside = await generate('client', open, 'csv', [{ Name: 'Org', Value: org.get('ACME')! }]);
    expect(outside.statusCode).toBe(400);
  });
});
