import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Texts } from '../../shared/texts/index.js';
import { Permissions } from '../../shared/permissions.js';
import type { InvoiceLine, InvoiceSummary } from '../../schemas/types.js';
import { startTestApp, type TestApp } from '../support/testApp.js';
import { acmeDiscontinued, billedCase, orgId } from '../support/billing.js';

/**
 * The invoice history (issue 22 §2): invoices already created found again — POST /api/invoices/search, one page of
 * the invoices within the caller's org scope, newest invoice date first, filtered by an org (with the orgs below it) and
 * a range of invoice dates; GET /api/invoices/{id}/lines, an invoice's lines; permissions, bad input as 400 ModelState,
 * and the index its order reads.
 */
const H = Texts.invoices.history;
let t: TestApp;
const tokens: Record<string, string> = {};
type Who = 'manager' | 'caseadmin' | 'investigator' | 'client' | 'sysadmin';
const year = new Date().getUTCFullYear();
const db = () => t.database.db;

const call = (who: Who | null, method: 'GET' | 'POST', url: string, payload?: object) => t.call(who ? tokens[who] : null, { method, url, payload });
type Page = { Invoices: InvoiceSummary[]; total: number; totalIsExact: boolean; pageCount: number; page: number };
const search = (who: Who | null, additional: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) =>
  call(who, 'POST', '/api/invoices/search', { page: 0, pageSize: 20, sorted: [{ id: 'InvoiceDate', desc: true }], filtered: [], additional, ...extra });
const found = async (who: Who, additional: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => {
  const answer = await search(who, additional, extra);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as Page;
};
const invoice = async (caseIds: number[], date: string) => {
  const answer = await call('manager', 'POST', '/api/invoices/create-invoice', { Case_Ids: caseIds, OrgName: 'Org', InvoiceDate: date });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as { Id: number; Total: number; Lines: { Case_Id: number; Description: string; Amount: number }[] };
};
const docCase = (org = 'DOC') => billedCase(t, { org, caseType: 'T3', received: `${year}-01-15`, due: `${year}-02-14`, completed: new Date(Date.UTC(year, 1, 20, 15)).toISOString() });

/** Invoices of the tests, dated long before the demo's, so date filters find only them. */
let docInvoice: Awaited<ReturnType<typeof invoice>>;
let atlantaInvoice: Awaited<ReturnType<typeof invoice>>;
let acmeInvoice: Awaited<ReturnType<typeof invoice>>;
let docCases: { id: number; number: string }[];

beforeAll(async () => {
  t = await startTestApp();
  // The client user (Department of Commerce) may read invoices: a client org's own billing clerk.
  const role = await db().selectFrom('roles').select('Id').where('Name', '=', Permissions.Invoices.VIEW_INVOICE_DETAILS).executeTakeFirstOrThrow();
  const group = await db().insertInto('groups').values({ Name: 'Client Invoice Readers', Description: null }).returning('Id').executeTakeFirstOrThrow();
  await db().insertInto('group_roles').values({ Group_Id: group.Id, Role_Id: role.Id }).execute();
  const client = await db().selectFrom('users').select('Id').where('UserName', '=', 'client').executeTakeFirstOrThrow();
  await db().insertInto('user_groups').values({ User_Id: client.Id, Group_Id: group.Id }).execute();
  for (const who of ['manager', 'caseadmin', 'investigator', 'client', 'sysadmin'] as Who[]) tokens[who] = await t.signIn(who);
  docCases = [await docCase(), await docCase()];
  docInvoice = await invoice(docCases.map((c) => c.id), '2001-01-31');
  atlantaInvoice = await invoice([(await docCase('DOC-ATL')).id], '2001-02-01');
  acmeInvoice = await invoice([(await billedCase(t, acmeDiscontinued(year))).id], '2001-02-02');
});
afterAll(() => t.close());

describe('the invoice history', () => {
  it('lists the invoices newest first, each with its org, date, total, cases, accounting id and who created it', async () => {
    const page = await found('manager');
    expect(page.Invoices.length).toBeGreaterThan(3);
    const dates = page.Invoices.map((i) => i.InvoiceDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    const all = await found('manager', { From: '2001-01-01', To: '2001-12-31' });
    expect(all.Invoices.map((i) => i.Id)).toEqual([acmeInvoice.Id, atlantaInvoice.Id, docInvoice.Id]);
    expect(all.total).toBe(3);
    expect(all.totalIsExact).toBe(true);
    const doc = all.Invoices[2];
    expect(doc).toMatchObject({ Id: docInvoice.Id, OrgName: 'Department of Commerce', InvoiceDate: '2001-01-31', Total: docInvoice.Total, CaseCount: 2, QboInvoiceId: null });
    expect(doc.CreatedBy).toMatch(/\S+ \S+/);
    expect(new Date(doc.CreatedDate).getTime()).not.toBeNaN();
    // Oldest first when asked.
    const oldest = await found('manager', { From: '2001-01-01', To: '2001-12-31' }, { sorted: [{ id: 'InvoiceDate', desc: false }] });
    expect(oldest.Invoices.map((i) => i.Id)).toEqual([docInvoice.Id, atlantaInvoice.Id, acmeInvoice.Id]);
  });

  it('filters by an org with the orgs below it, and by invoice dates, both days included', async () => {
    const commerce = await found('manager', { Org_Id: await orgId(db(), 'DOC'), From: '2001-01-01', To: '2001-12-31' });
    expect(commerce.Invoices.map((i) => i.Id)).toEqual([atlantaInvoice.Id, docInvoice.Id]);
    const atlanta = await found('manager', { Org_Id: await orgId(db(), 'DOC-ATL'), From: '2001-01-01', To: '2001-12-31' });
    expect(atlanta.Invoices.map((i) => i.Id)).toEqual([atlantaInvoice.Id]);
    expect((await found('manager', { Org_Id: await orgId(db(), 'DOC-ATL') })).Invoices.every((i) => i.OrgName === 'DOC Atlanta Field Office')).toBe(true);
    const oneDay = await found('manager', { From: '2001-02-01', To: '2001-02-01' });
    expect(oneDay.Invoices.map((i) => i.Id)).toEqual([atlantaInvoice.Id]);
    const range = await found('manager', { From: '2001-01-31', To: '2001-02-01' });
    expect(range.Invoices.map((i) => i.Id)).toEqual([atlantaInvoice.Id, docInvoice.Id]);
  });

  it('pages on the server', async () => {
    const first = await found('manager', { From: '2001-01-01', To: '2001-12-31' }, { pageSize: 2, page: 0 });
    const second = await found('manager', { From: '2001-01-01', To: '2001-12-31' }, { pageSize: 2, page: 1 });
    expect([first.total, first.pageCount, second.page]).toEqual([3, 2, 1]);
    expect([...first.Invoices, ...second.Invoices].map((i) => i.Id)).toEqual([acmeInvoice.Id, atlantaInvoice.Id, docInvoice.Id]);
  });

  it('keeps a client user to its own orgs\' invoices', async () => {
    const own = await found('client', { From: '2001-01-01', To: '2001-12-31' });
    expect(own.Invoices.map((i) => i.Id)).toEqual([atlantaInvoice.Id, docInvoice.Id]);
    const everything = await found('client');
    const acme = await orgId(db(), 'ACME');
    expect(everything.Invoices.some((i) => i.Org_Id === acme)).toBe(false);
    // An org outside the scope finds nothing, and its invoice's lines are not there for the client.
    expect((await found('client', { Org_Id: acme })).Invoices).toEqual([]);
    const lines = await call('client', 'GET', `/api/invoices/${acmeInvoice.Id}/lines`);
    expect(lines.statusCode).toBe(404);
    expect(lines.json().Message).toBe(H.unknown(acmeInvoice.Id));
    expect((await call('client', 'GET', `/api/invoices/${docInvoice.Id}/lines`)).statusCode).toBe(200);
  });

  it('needs View Invoice Details or Create Invoices', async () => {
    expect((await search('caseadmin')).statusCode).toBe(200);
    expect((await search('sysadmin')).statusCode).toBe(200);
    expect((await search('investigator')).statusCode).toBe(403);
    expect((await call('investigator', 'GET', `/api/invoices/${docInvoice.Id}/lines`)).statusCode).toBe(403);
    expect((await search(null)).statusCode).toBe(401);
  });

  it('refuses bad filters with 400 ModelState, never a 500', async () => {
    const backwards = await search('manager', { From: '2001-02-01', To: '2001-01-31' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().ModelState).toEqual({ To: [H.toBeforeFrom] });
    for (const [additional, extra] of [
      [{ From: 'yesterday' }, {}],
      [{ Org_Id: 'Commerce' }, {}],
      [{ Org_Id: 0 }, {}],
      [{}, { sorted: [{ id: 'Total', desc: true }] }],
      [{}, { pageSize: 1000 }],
    ] as const) {
      const answer = await search('manager', additional, extra);
      expect(answer.statusCode, JSON.stringify([additional, extra])).toBe(400);
      expect(answer.json().ModelState, answer.body).toBeDefined();
    }
  });
});

describe('an invoice\'s lines', () => {
  it('are the lines it was billed with, in order, each with its case number', async () => {
    const answer = await call('manager', 'GET', `/api/invoices/${docInvoice.Id}/lines`);
    expect(answer.statusCode, answer.body).toBe(200);
    const lines = answer.json() as InvoiceLine[];
    expect(lines.map((l) => [l.Invoice_Id, l.LineNumber, l.Case_Id, l.Description, l.Amount])).toEqual(
      docInvoice.Lines.map((l, i) => [docInvoice.Id, i + 1, l.Case_Id, l.Description, l.Amount]),
    );
    const numbers = new Map(docCases.map((c) => [c.id, c.number]));
    expect(lines.every((l) => l.CaseNumber === numbers.get(l.Case_Id))).toBe(true);
  });

  it('answer 404 for an invoice that does not exist', async () => {
    const answer = await call('manager', 'GET', '/api/invoices/999999/lines');
    expect(answer.statusCode).toBe(404);
    expect(answer.json().Message).toBe(H.unknown(999999));
  });

  it('the demo\'s invoices have their lines too', async () => {
    const demo = (await found('manager')).Invoices.find((i) => i.InvoiceDate > '2001-12-31')!;
    const answer = await call('manager', 'GET', `/api/invoices/${demo.Id}/lines`);
    expect((answer.json() as InvoiceLine[]).length).toBe(demo.CaseCount);
  });
});

describe('its index', () => {
  it('reads one org\'s invoices in date order from invoices_org_date, which replaced invoices_org', async () => {
    const { rows } = await sql<{ indexname: string; indexdef: string }>`
      SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'invoices' ORDER BY indexname`.execute(db());
    const names = rows.map((r) => r.indexname);
    expect(names).toContain('invoices_org_date');
    expect(names).toContain('invoices_date');
    expect(names).not.toContain('invoices_org');
    expect(rows.find((r) => r.indexname === 'invoices_org_date')!.indexdef).toMatch(/\("Org_Id", "InvoiceDate" DESC, "Id" DESC\)/);
  });
});
