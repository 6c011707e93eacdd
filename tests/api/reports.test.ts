import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { XMLParser } from 'fast-xml-parser';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Limits } from '../../shared/constants.js';
import { Groups, Permissions } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import { reportCatalogue } from '../../server/reports/catalogue.js';
import { costCases, selectCostedCases } from '../../server/billing/caseCost.js';
import type { ReportDeclaration } from '../../server/reports/definition.js';
import { columnWidths, wrapped } from '../../server/reports/formats.js';
import { fontFiles, fontkit } from '../../server/pdf/fonts.js';
import { startTestApp, type TestApp } from '../support/testApp.js';
import { pdfPageTexts } from '../support/pdfText.js';

/**
 * The reports (spec 002 §2.9, §3 "Report", §5, §7 "Reports"; docs/decisions.md "Reports: the catalogue"): the
 * catalogue, each report's parameters, every report in every format (csv with its header, pdf that pdf-lib reads, xml
 * with rows and nested Details rows), parameter validation as 400 ModelState, instances fetched by Id, a client user's
 * org scope, and a large CSV streamed from a cursor (PostgreSQL) or in pages (PGlite).
 */
const T = Texts.reports.server;
let t: TestApp;
const tokens: Record<string, string> = {};
const org = new Map<string, number>();
const db = () => t.database.db;

type Json = Record<string, unknown>;
type Who = 'manager' | 'client' | 'investigator' | 'sysadmin';
type Pair = { Name: string; Value: string | number | boolean | null };

const call = (who: Who | null, method: 'GET' | 'POST', url: string, payload?: object) => t.call(who ? tokens[who] : null, { method, url, payload });
const reportUrl = (r: Pick<ReportDeclaration, 'group' | 'name'>) => `/api/reports/${encodeURIComponent(r.group)}/${encodeURIComponent(r.name)}`;
/** Wide-open parameters: every date range from 2000, nothing else narrowed. */
const wide = (r: ReportDeclaration): Pair[] => r.parameters.map((p) => ({ Name: p.name, Value: p.type === 'DateTime' ? (p.name.endsWith('To') ? null : '01/01/2000') : p.type === 'Boolean' ? true : null }));
const generate = (who: Who, r: ReportDeclaration, Format: string, Parameters: Pair[] = wide(r), extra: Json = {}) =>
  call(who, 'POST', reportUrl(r), { Group: r.group, Name: r.name, Parameters, Format, ...extra });

/** RFC 4180 CSV (quoted fields, doubled quotes) into rows of fields. */
function parseCsv(text: string): string[][] {
  const out: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') endField();
    else if (c === '\n') {
      endField();
      out.push(row);
      row = [];
    } else if (c !== '\r') field += c;
  }
  if (field || row.length) {
    endField();
    out.push(row);
  }
  return out;
}

const csvOf = (body: string) => parseCsv(body.replace(/^\uFEFF/, ''));
const xmlParser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (name) => ['Row', 'Column', 'Parameter'].includes(name), parseTagValue: false });
interface XmlRow { Details?: { Row?: Json[] } | string; [field: string]: unknown }
const xmlRows = (body: string) => {
  const doc = xmlParser.parse(body) as { Report: { '@Group': string; '@Name': string; Rows: { Row?: XmlRow[] } | string; Columns: { Column: Json[] } } };
  const rows = typeof doc.Report.Rows === 'string' ? [] : (doc.Report.Rows.Row ?? []);
  return { report: doc.Report, rows };
};

beforeAll(async () => {
  t = await startTestApp();
  // The demo's client group may not run reports; this file's client user may (its rows still only its own orgs').
  const clients = await db().selectFrom('groups').select('Id').where('Name', '=', Groups.CLIENT).executeTakeFirstOrThrow();
  const role = await db().selectFrom('roles').select('Id').where('Name', '=', Permissions.ReportData.VIEW_REPORT).executeTakeFirstOrThrow();
  await db().insertInto('group_roles').values({ Group_Id: clients.Id, Role_Id: role.Id }).execute();
  for (const who of ['manager', 'client', 'investigator', 'sysadmin'] as Who[]) tokens[who] = await t.signIn(who);
  for (const row of await db().selectFrom('orgs').select(['Id', 'Code']).execute()) if (row.Code) org.set(row.Code, row.Id);
});
afterAll(() => t.close());

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
