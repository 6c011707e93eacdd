import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { Limits } from '../../shared/constants.js';
import { Texts } from '../../shared/texts/index.js';
import { reportCatalogue } from '../../server/reports/catalogue.js';
import type { ReportDeclaration } from '../../server/reports/definition.js';
import { columnWidths, wrapped } from '../../server/reports/formats.js';
import { fontFiles, fontkit } from '../../server/pdf/fonts.js';
import type { TestApp } from '../support/testApp.js';
import { pdfPageTexts } from '../support/pdfText.js';
import { csvOf, reportsApp, reportUrl, wide, xmlRows, type Pair } from '../support/reportsApp.js';

/**
 * The reports (spec 002 §2.9, §3 "Report", §5, §7 "Reports"): the PDF (its parameters, headers and names as
 * entered), parameter validation as 400 ModelState, instances fetched by Id, and a large CSV streamed from a cursor
 * (PostgreSQL) or in pages (PGlite).
 */
const T = Texts.reports.server;
let t: TestApp;
const { tokens, org, db, call, generate } = reportsApp((app) => (t = app));

describe('the PDF', () => {
  it('holds the report\'s name, its parameters (an org by name) and its rows', async () => {
    const report = reportCatalogue.find((r) => r.name === 'Open cases by org')!;
    const pdf = await generate('manager', report, 'pdf', [{ Name: 'Org', Value: org.get('DOC')! }]);
    const text = (await pdfPageTexts(pdf.rawPayload)).join('\n');
    expect(text).toContain('Cases - Open cases by org');
    expect(text).toContain('Org: Department of Commerce');
    expect(text).toContain('Open Cases');
    expect(text).toContain('DOC Atlanta Field Office');
    expect(text).not.toContain('Acme Logistics');
  });

  it.each(reportCatalogue.map((r) => [r.name, r] as const))('%s: every column header whole, wrapped within its column', async (_name, report) => {
    const pdf = await generate('manager', report, 'pdf');
    expect(pdf.statusCode, pdf.body).toBe(200);
    const [first] = await pdfPageTexts(pdf.rawPayload);
    const words = first.split(/\s+/);
    for (const column of report.columns) for (const word of column.label.split(/\s+/)) expect(words, column.label).toContain(word);
  });

  it('wraps a header wider than its column onto lines that each fit, breaking only a word that cannot fit', async () => {
    const doc = await PDFDocument.create();
    doc.registerFontkit(fontkit);
    const bold = await doc.embedFont(fontFiles().bold, { subset: true });
    const width = bold.widthOfTextAtSize('Uninvoiced', 8) + 1;
    expect(wrapped(bold, 'Uninvoiced Revenue', width)).toEqual(['Uninvoiced', 'Revenue']);
    expect(wrapped(bold, 'Discontinued', width * 2)).toEqual(['Discontinued']);
    // A column is at least as wide as its header's longest word; the others give way by weight.
    const widths = columnWidths(300, [3, 1, 1], [10, 120, 20]);
    expect(widths[1]).toBe(120);
    expect(widths[0]).toBeCloseTo(3 * widths[2]);
    expect(widths.reduce((a, b) => a + b, 0)).toBeCloseTo(300);
    const narrow = wrapped(bold, 'Discontinued', bold.widthOfTextAtSize('Discon', 8));
    expect(narrow.join('')).toBe('Discontinued');
    expect(narrow.every((line) => bold.widthOfTextAtSize(line, 8) <= bold.widthOfTextAtSize('Discon', 8))).toBe(true);
  });

  it('prints names as entered: Central European, Greek and Cyrillic letters, and \'?\' for a character the typeface lacks', async () => {
    const report = reportCatalogue.find((r) => r.name === 'Open cases by org')!;
    const renamed = 'Łódź Žižkov Σοφία Жуков 漢';
    const before = await db().selectFrom('orgs').select('Name').where('Id', '=', org.get('DOC-ATL')!).executeTakeFirstOrThrow();
    await db().updateTable('orgs').set({ Name: renamed }).where('Id', '=', org.get('DOC-ATL')!).execute();
    try {
      const pdf = await generate('manager', report, 'pdf', [{ Name: 'Org', Value: org.get('DOC')! }]);
      const text = (await pdfPageTexts(pdf.rawPayload)).join('\n').replace(/\s+/g, ' ');
      expect(text).toContain('Łódź Žižkov Σοφία Жуков ?');
    } finally {
      await db().updateTable('orgs').set({ Name: before.Name }).where('Id', '=', org.get('DOC-ATL')!).execute();
    }
  });
});

describe('parameters', () => {
  const expenses = () => reportCatalogue.find((r) => r.name === 'Expenses by type')!;
  const open = () => reportCatalogue.find((r) => r.name === 'Open cases by org')!;

  it('refuses a bad value with a 400 ModelState keyed by the parameter, never a 500', async () => {
    const bad = async (report: ReportDeclaration, pairs: Pair[], field: string, message: string) => {
      const answer = await generate('manager', report, 'csv', pairs);
      expect(answer.statusCode, answer.body).toBe(400);
      expect((answer.json() as { ModelState: Record<string, string[]> }).ModelState[field]).toEqual([message]);
    };
    await bad(expenses(), [{ Name: 'From', Value: '13/45/2026' }], 'From', T.notDate('From'));
    await bad(expenses(), [{ Name: 'From', Value: 'yesterday' }], 'From', T.notDate('From'));
    await bad(expenses(), [{ Name: 'Org', Value: 'DOC' }], 'Org', T.notInteger('Org'));
    await bad(expenses(), [{ Name: 'Org', Value: 999_999 }], 'Org', T.notValid('Org'));
    await bad(expenses(), [{ Name: 'Colour', Value: 'red' }], 'Colour', T.unknownParameter('Colour'));
    await bad(open(), [{ Name: 'IncludeOnHold', Value: null }], 'IncludeOnHold', T.required('Include cases on hold'));
    await bad(open(), [{ Name: 'IncludeOnHold', Value: 'maybe' }], 'IncludeOnHold', T.notBoolean('Include cases on hold'));
    // The format and the body's shape are checked by the request's schema.
    const format = await call('manager', 'POST', reportUrl(expenses()), { Parameters: [], Format: 'docx' });
    expect(format.statusCode).toBe(400);
    expect(format.json()).toHaveProperty('ModelState');
    expect((await call('manager', 'POST', '/api/reports/Cases/Nothing', { Parameters: [], Format: 'csv' })).statusCode).toBe(404);
  });

  it('takes dates as MM/DD/YYYY, an empty nullable parameter as null, and a parameter not sent as its default', async () => {
    const report = reportCatalogue.find((r) => r.name === 'Invoices by date')!;
    const all = csvOf((await generate('manager', report, 'csv', [{ Name: 'From', Value: null }, { Name: 'To', Value: '' }])).body).slice(1);
    const { n } = await db().selectFrom('invoices').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    expect(all.length).toBe(Number(n));
    const none = csvOf((await generate('manager', report, 'csv', [{ Name: 'From', Value: '01/01/1990' }, { Name: 'To', Value: '12/31/1990' }])).body);
    expect(none).toHaveLength(1);
    // A String parameter: the case number contains the text (a % typed is itself).
    const past = reportCatalogue.find((r) => r.name === 'Cases past their critical date')!;
    const every = csvOf((await generate('manager', past, 'csv', [])).body).slice(1);
    const one = every[0][0];
    const found = csvOf((await generate('manager', past, 'csv', [{ Name: 'CaseNumber', Value: one.slice(-6) }])).body).slice(1);
    expect(found.map((line) => line[0])).toContain(one);
    expect(found.every((line) => line[0].includes(one.slice(-6)))).toBe(true);
    expect(csvOf((await generate('manager', past, 'csv', [{ Name: 'CaseNumber', Value: '%' }])).body)).toHaveLength(1);
    // Not sent: From defaults to the first of this month; the demo's invoices are a week old.
    expect((await generate('manager', report, 'csv', [])).statusCode).toBe(200);
  });
});

describe('instances', () => {
  it('generates an instance and answers it by Id in every format, to its creator only', async () => {
    const report = reportCatalogue.find((r) => r.name === 'Investigator workload')!;
    const created = await generate('manager', report, 'xml', wide(report), { Instance: true });
    expect(created.statusCode, created.body).toBe(200);
    const { Id } = created.json() as { Id: string };
    expect(Id).toMatch(/^[A-Za-z0-9_-]{10,}$/);
    const stored = await db().selectFrom('report_instances').selectAll().where('Id', '=', Id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ Group: report.group, Name: report.name });

    const xml = await call('manager', 'GET', `/api/reports/instance/${Id}/xml`);
    expect(xml.statusCode, xml.body).toBe(200);
    expect(xmlRows(xml.body).rows.length).toBeGreaterThan(0);
    const csv = await call('manager', 'GET', `/api/reports/instance/${Id}/csv`);
    expect(csvOf(csv.body)[0]).toEqual(report.columns.map((c) => c.label));
    expect(csvOf(csv.body).length - 1).toBe(xmlRows(xml.body).rows.length);
    const pdf = await call('manager', 'GET', `/api/reports/instance/${Id}/pdf`);
    expect((await PDFDocument.load(pdf.rawPayload)).getPageCount()).toBeGreaterThan(0);

    expect((await call('sysadmin', 'GET', `/api/reports/instance/${Id}/csv`)).statusCode).toBe(404);
    expect((await call('manager', 'GET', '/api/reports/instance/abcdefghijklmnop/csv')).statusCode).toBe(404);
    expect((await call('manager', 'GET', `/api/reports/instance/${Id}/docx`)).statusCode).toBe(400);
    expect((await call('investigator', 'GET', `/api/reports/instance/${Id}/csv`)).statusCode).toBe(403);
  });
});

describe('a large report', () => {
  it(`streams its CSV: ${(20_000).toLocaleString('en-US')} rows read a batch at a time and sent chunked`, async () => {
    const doc = org.get('DOC-ATL')!;
    const caseType = t.lookup('CaseType', 'T1');
    // 20,000 open cases past their critical date, in one statement.
    await sql`
      INSERT INTO cases ("CaseNumber", "Client_Id", "WorkflowState", "CaseType_Id", "ReceivedDate", "DueDate", "SubjectLastName", "SubjectFirstName")
      SELECT 'BULK-' || lpad(n::text, 6, '0'), ${doc}, 'IN_PROCESS', ${caseType}, DATE '2020-01-01', DATE '2020-02-01' + (n % 300), 'Bulk', 'Row ' || n
      FROM generate_series(1, 20000) AS n`.execute(db());
    const report = reportCatalogue.find((r) => r.name === 'Cases past their critical date')!;

    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const body = JSON.stringify({ Group: report.group, Name: report.name, Parameters: [{ Name: 'Org', Value: doc }], Format: 'csv' });
    const heapBefore = process.memoryUsage().heapUsed;
    const { headers, chunks, text } = await new Promise<{ headers: Record<string, unknown>; chunks: number; text: string }>((resolve, reject) => {
      const req = httpRequest(
        { port, host: '127.0.0.1', method: 'POST', path: reportUrl(report), headers: { authorization: `Bearer ${tokens.manager}`, 'content-type': 'application/json' } },
        (res) => {
          let count = 0;
          const parts: Buffer[] = [];
          res.on('data', (chunk: Buffer) => {
            count += 1;
            parts.push(chunk);
          });
          res.on('end', () => resolve({ headers: res.headers, chunks: count, text: Buffer.concat(parts).toString('utf8') }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    expect(headers['transfer-encoding']).toBe('chunked');
    expect(headers['content-length']).toBeUndefined();
    const lines = csvOf(text);
    expect(lines[0]).toEqual(report.columns.map((c) => c.label));
    expect(lines.filter((line) => line[0].startsWith('BULK-'))).toHaveLength(20_000);
    expect(lines[1][0]).toBe('BULK-000300');
    // One write per batch of rows at least: many chunks, never one body built whole.
    expect(chunks).toBeGreaterThanOrEqual(20_000 / Limits.REPORT_BATCH_ROWS);
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(200 * 1024 * 1024);
  });
});
