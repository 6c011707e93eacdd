import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Texts } from '../../shared/texts/index.js';
import { Permissions } from '../../shared/permissions.js';
import { isoDay } from '../../shared/format.js';
import { UnconfiguredAccounting } from '../../server/billing/accounting.js';
import { QuickBooksAccounting } from '../../server/billing/qbo/quickBooksAccounting.js';
import type { InvoiceableOrg } from '../../schemas/types.js';
import { startTestApp, type TestApp } from '../support/testApp.js';
import { acmeDiscontinued, billedCase, orgId } from '../support/billing.js';
import { connectQbo, FakeQbo } from '../support/fakeQbo.js';

/**
 * Invoicing (spec 002 §2.7, §7; issue 13 item 3): the orgs with billable cases, the uninvoiced cases of orgs with
 * their cost, Create Invoice recorded locally and sent to a connected accounting service, a case never invoiced twice
 * (also with two creates at once), permissions and org scoping.
 */
const T = Texts.invoices.server;
let t: TestApp;
const tokens: Record<string, string> = {};
type Who = 'manager' | 'caseadmin' | 'investigator' | 'client' | 'sysadmin';
const year = new Date().getUTCFullYear();
const db = () => t.database.db;

const call = (who: Who | null, method: 'GET' | 'POST', url: string, payload?: object) => t.call(who ? tokens[who] : null, { method, url, payload });
const getCases = async (who: Who, orgIds: number[]) => call(who, 'POST', '/api/invoices/get-cases', { Org_Ids: orgIds });
const create = (who: Who, caseIds: number[], invoiceDate?: string | null) => call(who, 'POST', '/api/invoices/create-invoice', { Case_Ids: caseIds, OrgName: 'Org', ...(invoiceDate !== undefined && { InvoiceDate: invoiceDate }) });

beforeAll(async () => {
  t = await startTestApp();
  // A client org's own billing clerk: the client user (Department of Commerce) gets both invoice permissions.
  const roles = await db().selectFrom('roles').select('Id').where('Name', 'in', [Permissions.Invoices.VIEW_INVOICE_DETAILS, Permissions.Invoices.CREATE_INVOICES]).execute();
  const group = await db().insertInto('groups').values({ Name: 'Client Billing', Description: null }).returning('Id').executeTakeFirstOrThrow();
  await db().insertInto('group_roles').values(roles.map((r) => ({ Group_Id: group.Id, Role_Id: r.Id }))).execute();
  const client = await db().selectFrom('users').select('Id').where('UserName', '=', 'client').executeTakeFirstOrThrow();
  await db().insertInto('user_groups').values({ User_Id: client.Id, Group_Id: group.Id }).execute();
  for (const who of ['manager', 'caseadmin', 'investigator', 'client', 'sysadmin'] as Who[]) tokens[who] = await t.signIn(who);
});
let qbo: FakeQbo;
beforeAll(async () => {
  qbo = await new FakeQbo().start();
});
afterEach(async () => {
  t.app.services.accounting = new UnconfiguredAccounting();
  await db().deleteFrom('qbo_connections').execute();
});
afterAll(async () => {
  await t.close();
  await qbo.stop();
});

const docCase = (days = 12) =>
  billedCase(t, { org: 'DOC', caseType: 'T3', received: `${year}-01-15`, due: `${year}-02-14`, completed: new Date(Date.UTC(year, 1, 14 + days, 15)).toISOString() });
const acmeCase = () => billedCase(t, acmeDiscontinued(year));

describe('the uninvoiced cases', () => {
  it('lists the orgs with billable cases, within the caller\'s scope', async () => {
    await docCase();
    await acmeCase();
    const all = await call('manager', 'GET', '/api/orgs/invoiced');
    expect(all.statusCode, all.body).toBe(200);
    const names = (all.json() as { Name: string }[]).map((o) => o.Name);
    expect(names).toEqual(expect.arrayContaining(['Department of Commerce', 'Acme Logistics']));
    const own = await call('client', 'GET', '/api/orgs/invoiced');
    expect(own.statusCode).toBe(200);
    const ownNames = (own.json() as { Name: string }[]).map((o) => o.Name);
    expect(ownNames).toContain('Department of Commerce');
    expect(ownNames).not.toContain('Acme Logistics');
  });

  it("answers each org's cases with their cost and expense lines, newest completion first", async () => {
    const late = await docCase(12);
    const acme = await acmeCase();
    const [doc, acmeOrg] = [await orgId(db(), 'DOC'), await orgId(db(), 'ACME')];
    const answer = await getCases('manager', [doc, acmeOrg]);
    expect(answer.statusCode, answer.body).toBe(200);
    const groups = answer.json() as InvoiceableOrg[];
    expect(groups.map((g) => [g.Org_Id, g.OrgName, g.QboId, g.CanInvoice])).toEqual([
      [doc, 'Department of Commerce', '58', true],
      [acmeOrg, 'Acme Logistics', null, true],
    ]);
    const mine = groups[0].Cases.find((c) => c.Id === late.id)!;
    expect(mine).toMatchObject({ CaseNumber: late.number, Discontinued: false, BaseCost: 1175, FeeAmount: -176.25, ExpensesTotal: 0, TotalCost: 998.75, QboId: '58' });
    expect(mine.CompletionDate).toBe(`${year}-02-26T15:00:00.000Z`);
    const discontinued = groups[1].Cases.find((c) => c.Id === acme.id)!;
    expect(discontinued).toMatchObject({ Discontinued: true, BaseCost: 1250, FeeAmount: -625, ExpensesTotal: 42.34, TotalCost: 667.34 });
    expect(discontinued.Expenses.map((e) => [e.ExpenseType.Description, e.Cost, e.Units, e.Override, e.Passthrough, e.Total])).toEqual([
      ['Court Record Fee', 15, 2, null, true, 30],
      ['Copy Fees', 0.25, 40, 12.34, true, 12.34],
      ['Mileage', 0.67, 100, null, false, 67],
    ]);
    for (const group of groups) {
      const dates = group.Cases.map((c) => c.CompletionDate);
      expect(dates).toEqual([...dates].sort().reverse());
      // Only billable cases: none invoiced (the demo invoiced half of the completed ones), none open.
      const states = await db().selectFrom('cases').select(['WorkflowState', 'Invoice_Id']).where('Id', 'in', group.Cases.map((c) => c.Id)).execute();
      expect(states.every((s) => s.Invoice_Id === null && ['COMPLETE', 'DISCONTINUED'].includes(s.WorkflowState))).toBe(true);
    }
  });

  it('refuses orgs outside a client user\'s scope, and users without the permission', async () => {
    const [doc, acme] = [await orgId(db(), 'DOC'), await orgId(db(), 'ACME')];
    expect((await getCases('client', [doc])).statusCode).toBe(200);
    const outside = await getCases('client', [doc, acme]);
    expect(outside.statusCode).toBe(404);
    expect(outside.json().Message).toBe(T.unknownOrg(acme));
    expect((await getCases('investigator', [doc])).statusCode).toBe(403);
    expect((await call('investigator', 'GET', '/api/orgs/invoiced')).statusCode).toBe(403);
    expect((await call(null, 'POST', '/api/invoices/get-cases', { Org_Ids: [doc] })).statusCode).toBe(401);
    expect((await getCases('manager', [999_999])).statusCode).toBe(404);
  });
});

describe('Create Invoice', () => {
  it('records the invoice with each case\'s amount and the total, dated today by default, and takes the cases off the list', async () => {
    const a = await docCase(12);
    const b = await docCase(2);
    const answer = await create('manager', [a.id, b.id]);
    expect(answer.statusCode, answer.body).toBe(200);
    const invoice = answer.json();
    // 998.75 (12 days late, 15% off) + 1,175 (2 days late, no fee of Commerce's own range).
    expect(invoice).toMatchObject({ OrgName: 'Department of Commerce', Total: 2173.75, QboInvoiceId: null, InvoiceDate: isoDay(t.clock.now()) });
    expect(invoice.Cases).toEqual(expect.arrayContaining([{ Case_Id: a.id, CaseNumber: a.number, Amount: 998.75 }, { Case_Id: b.id, CaseNumber: b.number, Amount: 1175 }]));
    const stored = await db().selectFrom('invoices').selectAll().where('Id', '=', invoice.Id).executeTakeFirstOrThrow();
    expect(Number(stored.Total)).toBe(2173.75);
    const lines = await db().selectFrom('invoice_cases').select(['Case_Id', 'Amount']).where('Invoice_Id', '=', invoice.Id).orderBy('Case_Id').execute();
    expect(lines.map((l) => [l.Case_Id, Number(l.Amount)])).toEqual([[a.id, 998.75], [b.id, 1175]]);
    const cases = await db().selectFrom('cases').select('Invoice_Id').where('Id', 'in', [a.id, b.id]).execute();
    expect(cases.every((c) => c.Invoice_Id === invoice.Id)).toBe(true);
    const left = (await getCases('manager', [await orgId(db(), 'DOC')])).json() as InvoiceableOrg[];
    expect(left[0].Cases.some((c) => c.Id === a.id || c.Id === b.id)).toBe(false);
    const audit = await db().selectFrom('audit_log').select('Action').where('Entity', '=', 'invoices').where('Entity_Id', '=', String(invoice.Id)).execute();
    expect(audit.map((e) => e.Action)).toEqual(['create']);
  });

  it('takes the date given', async () => {
    const a = await docCase();
    const answer = await create('manager', [a.id], `${year}-01-31`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().InvoiceDate).toBe(`${year}-01-31`);
    expect((await create('manager', [(await docCase()).id], `${year}-02-30`)).statusCode).toBe(400);
  });

  it('never invoices a case twice: a second create is refused with 409 and says which case', async () => {
    const a = await docCase();
    const b = await docCase();
    expect((await create('manager', [a.id])).statusCode).toBe(200);
    const again = await create('manager', [b.id, a.id]);
    expect(again.statusCode).toBe(409);
    expect(again.json().Message).toBe(T.alreadyInvoiced([a.number]));
    // Nothing of the refused invoice was kept: b is still uninvoiced.
    expect((await db().selectFrom('cases').select('Invoice_Id').where('Id', '=', b.id).executeTakeFirstOrThrow()).Invoice_Id).toBeNull();
  });

  it('gives exactly one invoice when two creates of the same cases arrive at once', async () => {
    for (let round = 0; round < 3; round += 1) {
      const a = await docCase();
      const b = await docCase();
      const requests = [[a.id, b.id], [b.id, a.id], [a.id]];
      const answers = await Promise.all([create('manager', requests[0]), create('sysadmin', requests[1]), create('manager', requests[2])]);
      const statuses = answers.map((r) => r.statusCode).sort();
      expect(statuses, answers.map((r) => r.body).join('\n')).toEqual([200, 409, 409]);
      // The one that won holds exactly its own cases (the lone [a] may win: then b stays uninvoiced); the others none.
      const won = requests[answers.findIndex((r) => r.statusCode === 200)];
      const invoiced = await db().selectFrom('invoice_cases').select(['Invoice_Id', 'Case_Id']).where('Case_Id', 'in', [a.id, b.id]).execute();
      expect(invoiced.map((i) => i.Case_Id).sort()).toEqual([...won].sort());
      expect(new Set(invoiced.map((i) => i.Invoice_Id)).size).toBe(1);
    }
  });

  it('refuses cases of two orgs, cases not billable, and unknown cases', async () => {
    const doc = await docCase();
    const acme = await acmeCase();
    const twoOrgs = await create('manager', [doc.id, acme.id]);
    expect(twoOrgs.statusCode).toBe(400);
    expect(twoOrgs.json().Message).toBe(T.oneOrg);
    const open = await db().selectFrom('cases').select(['Id', 'CaseNumber']).where('WorkflowState', '=', 'IN_PROCESS').executeTakeFirstOrThrow();
    const notBillable = await create('manager', [open.Id]);
    expect(notBillable.statusCode).toBe(400);
    expect(notBillable.json().Message).toBe(T.notBillable([open.CaseNumber]));
    expect((await create('manager', [999_999])).statusCode).toBe(404);
    expect((await call('manager', 'POST', '/api/invoices/create-invoice', { Case_Ids: [] })).statusCode).toBe(400);
  });

  it('needs Create Invoices, and keeps a client user to its own orgs', async () => {
    const doc = await docCase();
    const acme = await acmeCase();
    expect((await create('caseadmin', [doc.id])).statusCode).toBe(403);
    expect((await create('investigator', [doc.id])).statusCode).toBe(403);
    const outside = await create('client', [acme.id]);
    expect(outside.statusCode).toBe(404);
    expect((await db().selectFrom('cases').select('Invoice_Id').where('Id', '=', acme.id).executeTakeFirstOrThrow()).Invoice_Id).toBeNull();
    expect((await create('client', [doc.id])).statusCode).toBe(200);
  });
});

describe('with QuickBooks connected (the adapter against a local QuickBooks)', () => {
  it('sends the invoice to the org\'s company with a line per case and per passthrough expense, and keeps its id and lines', async () => {
    await connectQbo(t, qbo, tokens.manager);
    const before = qbo.invoices.length;
    const a = await docCase(12);
    const answer = await create('manager', [a.id], `${year}-05-01`);
    expect(answer.statusCode, answer.body).toBe(200);
    const invoice = answer.json();
    expect(qbo.invoices).toHaveLength(before + 1);
    const sent = qbo.invoices.at(-1)!;
    expect(invoice).toMatchObject({ QboInvoiceId: sent.Id, Total: 998.75 });
    expect(sent.body).toMatchObject({ CustomerRef: { value: '58' }, TxnDate: `${year}-05-01`, DocNumber: String(invoice.Id) });
    expect(sent.body.Line.reduce((sum, l) => sum + l.Amount, 0)).toBeCloseTo(998.75, 2);
    expect(sent.body.Line[0]).toMatchObject({ LineNum: 1, DetailType: 'SalesItemLineDetail', SalesItemLineDetail: { ItemRef: { value: '1' }, Qty: 1 } });
    expect(sent.body.Line[0].Description).toContain(a.number);
    // The lines recorded locally are the lines QuickBooks received.
    expect(invoice.Lines.map((l: { Description: string; Amount: number }) => [l.Description, l.Amount])).toEqual(sent.body.Line.map((l) => [l.Description, l.Amount]));
    const stored = await db().selectFrom('invoices').select('QboInvoiceId').where('Id', '=', invoice.Id).executeTakeFirstOrThrow();
    expect(stored.QboInvoiceId).toBe(sent.Id);
    const storedLines = await db().selectFrom('invoice_lines').select(['LineNumber', 'Description', 'Amount']).where('Invoice_Id', '=', invoice.Id).orderBy('LineNumber').execute();
    expect(storedLines.map((l) => [l.Description, Number(l.Amount)])).toEqual(sent.body.Line.map((l) => [l.Description, l.Amount]));
  });

  it('offers no invoice for an org without a company, and refuses one', async () => {
    await connectQbo(t, qbo, tokens.manager);
    const acme = await acmeCase();
    const groups = (await getCases('manager', [await orgId(db(), 'ACME'), await orgId(db(), 'DOC')])).json() as InvoiceableOrg[];
    expect(groups.map((g) => g.CanInvoice)).toEqual([false, true]);
    const refused = await create('manager', [acme.id]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().Message).toBe(T.noCompany);
  });

  it('undoes the local invoice and answers 502 when QuickBooks fails, so the cases can be invoiced again', async () => {
    await connectQbo(t, qbo, tokens.manager);
    qbo.failInvoices = 1;
    const a = await docCase();
    const refused = await create('manager', [a.id]);
    expect(refused.statusCode).toBe(502);
    expect(refused.json().Message).toBe(T.accountingFailed);
    expect((await db().selectFrom('cases').select('Invoice_Id').where('Id', '=', a.id).executeTakeFirstOrThrow()).Invoice_Id).toBeNull();
    expect(await db().selectFrom('invoice_cases').select('Case_Id').where('Case_Id', '=', a.id).execute()).toHaveLength(0);
    expect(await db().selectFrom('invoice_lines').select('Case_Id').where('Case_Id', '=', a.id).execute()).toHaveLength(0);
    expect((await create('manager', [a.id])).statusCode).toBe(200);
  });

  it('refuses while QuickBooks is configured but not authorised, and records nothing', async () => {
    t.app.services.accounting = new QuickBooksAccounting(qbo.config(), t.clock.now);
    const a = await docCase();
    const refused = await create('manager', [a.id]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().Message).toBe(T.notConnected);
    expect((await db().selectFrom('cases').select('Invoice_Id').where('Id', '=', a.id).executeTakeFirstOrThrow()).Invoice_Id).toBeNull();
  });
});
