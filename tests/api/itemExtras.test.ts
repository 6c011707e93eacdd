import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoDay } from '../../shared/format.js';
import { Limits } from '../../shared/constants.js';
import { Texts } from '../../shared/texts/index.js';
import expenseSchema from '../../schemas/itemExpense.json' with { type: 'json' };
import { startTestApp, type TestApp } from '../support/testApp.js';
import { caseAwaitingAssignment } from '../support/readyCase.js';

/**
 * An item's issue codes and expenses (spec 001 §2 "Item page", §3 "Issue code", "Expense", §5, §7; docs/decisions.md
 * "Item expenses"): add, list and remove issue codes; add, change and delete expenses priced by the case org's expense
 * rules (own or inherited, active today), who may incur them, the override and the total; the item's locks, an
 * investigator's scope and the permissions.
 */
const T = Texts.items;
const IC = T.issueCodes.server;
const EX = T.expenses.server;
let t: TestApp;
const tokens: Record<string, string> = {};
const user = new Map<string, number>();
const org = new Map<string, number>();
const expenseType = new Map<string, number>();
const db = () => t.database.db;

type Json = Record<string, unknown>;
type Who = 'caseadmin' | 'dataentry' | 'reviewer' | 'manager' | 'investigator' | 'contractor' | 'client';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const call = (who: Who, method: Method, url: string, payload?: object) => t.call(tokens[who], { method, url, payload });
/** The day `n` days from today by the server's clock, YYYY-MM-DD. */
const day = (n: number) => isoDay(new Date(t.clock.now().getTime() + n * 86_400_000));

beforeAll(async () => {
  t = await startTestApp();
  for (const name of ['caseadmin', 'dataentry', 'reviewer', 'manager', 'investigator', 'contractor', 'client'] as Who[]) tokens[name] = await t.signIn(name);
  for (const row of await db().selectFrom('users').select(['Id', 'UserName']).execute()) user.set(row.UserName, row.Id);
  for (const row of await db().selectFrom('orgs').select(['Id', 'Code']).execute()) if (row.Code) org.set(row.Code, row.Id);
  for (const row of await db().selectFrom('expense_types').select(['Id', 'Short']).execute()) expenseType.set(row.Short, row.Id);
});
afterAll(() => t.close());

let cases = 0;

/** A Tier 3 case of `orgCode` with its Auto Add items, data entry complete; the first item assigned to `investigator`. */
async function readyItem(investigator: Who = 'investigator', orgCode = 'DOC'): Promise<{ caseId: number; itemId: number }> {
  cases += 1;
  // A requesting official of the org itself (the demo's client users are spread over the client orgs).
  const official = await db().selectFrom('users').select('Id').where('Org_Id', '=', org.get(orgCode)!).orderBy('Id').executeTakeFirstOrThrow();
  const { caseId, items } = await caseAwaitingAssignment(t, tokens, { firstName: 'Extra', lastName: `Extracase${cases}`, ssn: `66${cases}`, org: orgCode, requestingOfficialId: official.Id });
  const first = { Id: items[0] };
  const assigned = await call('manager', 'POST', `/api/cases/${caseId}/items/assign`, { Investigator_Id: user.get(investigator), ItemIds: [first.Id] });
  expect(assigned.statusCode, assigned.body).toBe(200);
  return { caseId, itemId: first.Id };
}

const codesUrl = (caseId: number, itemId: number) => `/api/cases/${caseId}/items/${itemId}/issue-codes`;
const expensesUrl = (caseId: number, itemId: number) => `/api/cases/${caseId}/items/${itemId}/expenses`;
const auditActions = async (itemId: number) =>
  (await db().selectFrom('audit_log').select('Action').where('Entity', '=', 'items').where('Entity_Id', '=', String(itemId)).orderBy('Id').execute()).map((a) => a.Action);

describe('issue codes', () => {
  it('adds codes of the IssueCodeType list (the caller entered them, now), lists them newest first and removes them', async () => {
    const { caseId, itemId } = await readyItem();
    const url = codesUrl(caseId, itemId);
    expect((await call('investigator', 'GET', url)).json()).toEqual([]);

    const added = await call('investigator', 'POST', url, { IssueCodeType_Id: t.lookup('IssueCodeType', 'F') });
    expect(added.statusCode, added.body).toBe(200);
    const financial = added.json() as Json;
    expect(financial).toMatchObject({
      Case_Id: caseId,
      Item_Id: itemId,
      IssueCodeType_Id: t.lookup('IssueCodeType', 'F'),
      Code: { Id: t.lookup('IssueCodeType', 'F'), Short: 'F', Description: 'Financial Considerations' },
      EnteredBy: { Id: user.get('investigator'), FirstName: 'Ian', LastName: 'Vance' },
    });
    expect(Math.abs(new Date(String(financial.EnteredDate)).getTime() - t.clock.now().getTime())).toBeLessThan(5000);

    t.clock.advance(60_000);
    const criminal = (await call('reviewer', 'POST', url, { IssueCodeType_Id: t.lookup('IssueCodeType', 'J') })).json() as Json;
    expect(criminal.EnteredBy).toMatchObject({ Id: user.get('reviewer') });
    const listed = (await call('manager', 'GET', url)).json() as Json[];
    expect(listed.map((c) => (c.Code as Json).Short)).toEqual(['J', 'F']);

    const removed = await call('investigator', 'DELETE', `${url}/${String(financial.Id)}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ Id: financial.Id, Code: { Short: 'F' } });
    expect(((await call('investigator', 'GET', url)).json() as Json[]).map((c) => c.Id)).toEqual([criminal.Id]);
    expect((await call('investigator', 'DELETE', `${url}/${String(financial.Id)}`)).statusCode).toBe(404);
    // Audited as changes of the item; the item's updated date moved.
    expect(await auditActions(itemId)).toEqual(expect.arrayContaining(['add-issue-code', 'remove-issue-code']));
  });

  it('refuses no type, a type of another list, a hidden one and a code the item has already (ModelState IssueCodeType_Id)', async () => {
    const { caseId, itemId } = await readyItem();
    const url = codesUrl(caseId, itemId);
    const none = await call('investigator', 'POST', url, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().ModelState).toEqual({ IssueCodeType_Id: ['Issue Code Type is required.'] });
    const region = await call('investigator', 'POST', url, { IssueCodeType_Id: t.lookup('RegionType', 'SC') });
    expect(region.statusCode).toBe(400);
    expect(region.json().ModelState).toEqual({ IssueCodeType_Id: [IC.notOffered] });
    const { Id: hidden } = await db().insertInto('type_items').values({ TableName: 'IssueCodeType', Short: 'Z', Description: 'Retired code', Hidden: true }).returning('Id').executeTakeFirstOrThrow();
    expect((await call('investigator', 'POST', url, { IssueCodeType_Id: hidden })).json().ModelState).toEqual({ IssueCodeType_Id: [IC.notOffered] });
    expect((await call('investigator', 'POST', url, { IssueCodeType_Id: t.lookup('IssueCodeType', 'E') })).statusCode).toBe(200);
    const twice = await call('reviewer', 'POST', url, { IssueCodeType_Id: t.lookup('IssueCodeType', 'E') });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().ModelState).toEqual({ IssueCodeType_Id: [IC.duplicate] });
  });

  it('lists with View Items and writes with Edit Case Items (403 otherwise)', async () => {
    const { caseId, itemId } = await readyItem();
    const url = codesUrl(caseId, itemId);
    const code = (await call('investigator', 'POST', url, { IssueCodeType_Id: t.lookup('IssueCodeType', 'A') })).json() as Json;
    expect((await call('manager', 'GET', url)).statusCode).toBe(200);
    expect((await call('manager', 'POST', url, { IssueCodeType_Id: t.lookup('IssueCodeType', 'B') })).statusCode).toBe(403);
    expect((await call('manager', 'DELETE', `${url}/${String(code.Id)}`)).statusCode).toBe(403);
    expect((await call('client', 'GET', url)).statusCode).toBe(403);
    expect((await t.call(null, { method: 'GET', url })).statusCode).toBe(401);
    // Data entry holds Edit Case Items.
    expect((await call('dataentry', 'POST', url, { IssueCodeType_Id: t.lookup('IssueCodeType', 'B') })).statusCode).toBe(200);
  });

  it('refuses changes of a locked item with 409 and the reason; reading goes on', async () => {
    const { caseId, itemId } = await readyItem();
    const url = codesUrl(caseId, itemId);
    const code = (await call('investigator', 'POST', url, { IssueCodeType_Id: t.lookup('IssueCodeType', 'C') })).json() as Json;
    await db().updateTable('items').set({ ItemStatus: 'IN_REVIEW' }).where('Id', '=', itemId).execute();
    for (const [method, target, payload] of [
      ['POST', url, { IssueCodeType_Id: t.lookup('IssueCodeType', 'D') }],
      ['DELETE', `${url}/${String(code.Id)}`, undefined],
    ] as const) {
      const refused = await call('investigator', method, target, payload);
      expect(refused.statusCode, `${method} ${target}`).toBe(409);
      expect(refused.json().Message).toBe(T.server.inReview);
    }
    expect((await call('investigator', 'GET', url)).statusCode).toBe(200);
    // The reviewer may change an item in review (Edit Items In Review).
    expect((await call('reviewer', 'POST', url, { IssueCodeType_Id: t.lookup('IssueCodeType', 'D') })).statusCode).toBe(200);

    expect((await call('caseadmin', 'PUT', `/api/cases/${caseId}/toggle-on-hold`)).statusCode).toBe(200);
    const held = await call('reviewer', 'DELETE', `${url}/${String(code.Id)}`);
    expect(held.statusCode).toBe(409);
    expect(held.json().Message).toBe(Texts.cases.server.inactive);
    expect((await call('caseadmin', 'DELETE', `${url}/${String(code.Id)}`)).statusCode).toBe(200);
  });

  it("an investigator reaches only the issue codes of items assigned to them (404 for others' and unknown ones)", async () => {
    const { caseId, itemId } = await readyItem('contractor');
    const url = codesUrl(caseId, itemId);
    const code = (await call('contractor', 'POST', url, { IssueCodeType_Id: t.lookup('IssueCodeType', 'G') })).json() as Json;
    for (const [method, target, payload] of [
      ['GET', url, undefined],
      ['POST', url, { IssueCodeType_Id: t.lookup('IssueCodeType', 'H') }],
      ['DELETE', `${url}/${String(code.Id)}`, undefined],
    ] as const) {
      expect((await call('investigator', method, target, payload)).statusCode, `${method} ${target}`).toBe(404);
    }
    expect((await call('contractor', 'GET', codesUrl(caseId, 999_999))).statusCode).toBe(404);
    expect((await call('contractor', 'GET', codesUrl(999_999, itemId))).statusCode).toBe(404);
    expect((await call('contractor', 'GET', `/api/cases/abc/items/${itemId}/issue-codes`)).statusCode).toBe(404);
  });
});

describe('expenses', () => {
  const expense = (type: string, fields: Json = {}) => ({
    ExpenseType_Id: expenseType.get(type),
    Units: 1,
    IncurredBy_Id: user.get('investigator'),
    Note: null,
    Reimbursable: false,
    Override: null,
    ...fields,
  });

  it("copies the cost per unit and passthrough flag of the org's own rule, or the inherited one, and totals Cost × Units", async () => {
    const { caseId, itemId } = await readyItem();
    const url = expensesUrl(caseId, itemId);
    // Commerce pays its own mileage rate (0.60); the rest it inherits from the provider.
    const mileage = await call('investigator', 'POST', url, expense('Mileage', { Units: 37.5, Note: ' Round trip ', Reimbursable: true }));
    expect(mileage.statusCode, mileage.body).toBe(200);
    expect(mileage.json()).toMatchObject({
      Case_Id: caseId,
      Item_Id: itemId,
      ExpenseType_Id: expenseType.get('Mileage'),
      ExpenseType: { Id: expenseType.get('Mileage'), Short: 'Mileage', Description: 'Mileage' },
      Units: 37.5,
      IncurredBy_Id: user.get('investigator'),
      IncurredBy: { Id: user.get('investigator'), FirstName: 'Ian', LastName: 'Vance' },
      Note: 'Round trip',
      Reimbursable: true,
      Override: null,
      Cost: 0.6,
      Passthrough: false,
      TotalAmount: 22.5,
    });
    const fee = (await call('investigator', 'POST', url, expense('Court Record Fee'))).json() as Json;
    expect(fee).toMatchObject({ Cost: 15, Passthrough: true, TotalAmount: 15 });
    const copies = (await call('investigator', 'POST', url, expense('Copy Fees', { Units: 13 }))).json() as Json;
    expect(copies).toMatchObject({ Cost: 0.25, Passthrough: true, TotalAmount: 3.25 });
    // The Atlanta field office, two levels further down, pays its own parking and Commerce's mileage.
    const atlanta = await readyItem('investigator', 'DOC-ATL');
    const parking = (await call('investigator', 'POST', expensesUrl(atlanta.caseId, atlanta.itemId), expense('Parking'))).json() as Json;
    expect(parking).toMatchObject({ Cost: 15, Passthrough: true, TotalAmount: 15 });
    const miles = (await call('investigator', 'POST', expensesUrl(atlanta.caseId, atlanta.itemId), expense('Mileage', { Units: 10 }))).json() as Json;
    expect(miles).toMatchObject({ Cost: 0.6, TotalAmount: 6 });

    const stored = await db().selectFrom('item_expenses').select(['Cost', 'Passthrough', 'Units']).where('Id', '=', Number((mileage.json() as Json).Id)).executeTakeFirstOrThrow();
    expect(stored).toEqual({ Cost: 0.6, Passthrough: false, Units: 37.5 });
    const listed = (await call('manager', 'GET', url)).json() as Json[];
    expect(listed.map((e) => (e.ExpenseType as Json).Short)).toEqual(['Copy Fees', 'Court Record Fee', 'Mileage']);
    expect(await auditActions(itemId)).toEqual(expect.arrayContaining(['add-expense']));
    // The expense form reads its expense types from the org's expense rules: Manage Item Expenses may call it.
    expect((await call('investigator', 'GET', `/api/orgs/${org.get('DOC')!}/expense-rules`)).statusCode).toBe(200);
  });

  it('refuses an expense type without a rule of the org active today (its own rules win even when ended)', async () => {
    const { caseId, itemId } = await readyItem('investigator', 'OPR');
    const url = expensesUrl(caseId, itemId);
    const fax = await call('investigator', 'POST', url, expense('Fax Charges'));
    expect(fax.statusCode).toBe(400);
    expect(fax.json().ModelState).toEqual({ ExpenseType_Id: [EX.noRule] });
    // The Office of Personnel Review's own translator rate ended yesterday; the next starts tomorrow. Neither applies
    // today, and the provider's rate is not inherited over them.
    await db()
      .insertInto('org_expense_rules')
      .values([
        { Org_Id: org.get('OPR')!, ExpenseType_Id: expenseType.get('Translator')!, CPU: 70, IsPassthrough: true, ActiveFrom: day(-30), ActiveTo: day(-1) },
        { Org_Id: org.get('OPR')!, ExpenseType_Id: expenseType.get('Translator')!, CPU: 75, IsPassthrough: true, ActiveFrom: day(1), ActiveTo: null },
      ])
      .execute();
    const translator = await call('investigator', 'POST', url, expense('Translator'));
    expect(translator.statusCode).toBe(400);
    expect(translator.json().ModelState).toEqual({ ExpenseType_Id: [EX.noRule] });
    await db().insertInto('org_expense_rules').values({ Org_Id: org.get('OPR')!, ExpenseType_Id: expenseType.get('Translator')!, CPU: 72.5, IsPassthrough: false, ActiveFrom: day(0), ActiveTo: day(0) }).execute();
    expect((await call('investigator', 'POST', url, expense('Translator', { Units: 2 }))).json()).toMatchObject({ Cost: 72.5, Passthrough: false, TotalAmount: 145 });
  });

  it('takes 1 unit of a type without multiple units, and more than 0 of any (ModelState Units)', async () => {
    const { caseId, itemId } = await readyItem();
    const url = expensesUrl(caseId, itemId);
    const two = await call('investigator', 'POST', url, expense('Court Record Fee', { Units: 2 }));
    expect(two.statusCode).toBe(400);
    expect(two.json().ModelState).toEqual({ Units: [EX.singleUnit('Court Record Fee')] });
    const zero = await call('investigator', 'POST', url, expense('Mileage', { Units: 0 }));
    expect(zero.json().ModelState).toEqual({ Units: ['Units must be more than 0.'] });
    const empty = await call('investigator', 'POST', url, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().ModelState).toEqual({
      ExpenseType_Id: ['Expense Type is required.'],
      Units: ['Units is required.'],
      IncurredBy_Id: ['Incurred By is required.'],
    });
    expect(expenseSchema.properties.Units.maximum).toBe(Limits.EXPENSE_UNITS_MAX);
    expect(expenseSchema.properties.Override.maximum).toBe(Limits.EXPENSE_OVERRIDE_MAX);
    expect(expenseSchema.properties.Note.maxLength).toBe(Limits.EXPENSE_NOTE_MAX_LENGTH);
  });

  it("offers the provider's staff as Incurred By, the item's investigator first and the caller next, and refuses others", async () => {
    const { caseId, itemId } = await readyItem('contractor');
    const url = expensesUrl(caseId, itemId);
    const offered = await call('reviewer', 'GET', `${url}/incurred-by`);
    expect(offered.statusCode, offered.body).toBe(200);
    const people = offered.json() as Json[];
    expect(people.slice(0, 2).map((p) => p.Id)).toEqual([user.get('contractor'), user.get('reviewer')]);
    expect(people.map((p) => p.DisplayOrder)).toEqual(people.map((_p, i) => i + 1));
    const ids = people.map((p) => p.Id);
    expect(ids).toEqual(expect.arrayContaining([user.get('investigator'), user.get('caseadmin'), user.get('manager')]));
    expect(ids).not.toContain(user.get('client'));

    const client = await call('reviewer', 'POST', url, expense('Mileage', { IncurredBy_Id: user.get('client') }));
    expect(client.statusCode).toBe(400);
    expect(client.json().ModelState).toEqual({ IncurredBy_Id: [EX.notIncurrer] });
    expect((await call('reviewer', 'POST', url, expense('Mileage', { IncurredBy_Id: 999_999 }))).json().ModelState).toEqual({ IncurredBy_Id: [EX.notIncurrer] });
    // A locked-out member of staff incurs nothing new (one of the demo staff nobody signs in as here).
    const { Id: lockedId } = await db()
      .selectFrom('users')
      .select('Id')
      .where('Org_Id', '=', org.get('DI')!)
      .where('UserName', 'not in', ['sysadmin', 'caseadmin', 'manager', 'dataentry', 'reviewer', 'investigator', 'contractor'])
      .orderBy('Id')
      .executeTakeFirstOrThrow();
    const kept = (await call('reviewer', 'POST', url, expense('Mileage', { IncurredBy_Id: lockedId, Units: 3 }))).json() as Json;
    await db().updateTable('users').set({ LockoutEndDateUtc: new Date(t.clock.now().getTime() + 86_400_000) }).where('Id', '=', lockedId).execute();
    try {
      expect((await call('reviewer', 'POST', url, expense('Mileage', { IncurredBy_Id: lockedId }))).json().ModelState).toEqual({ IncurredBy_Id: [EX.notIncurrer] });
      expect(((await call('reviewer', 'GET', `${url}/incurred-by`)).json() as Json[]).map((p) => p.Id)).not.toContain(lockedId);
      // An expense they incurred before keeps them when it changes.
      const changed = await call('reviewer', 'PUT', `${url}/${String(kept.Id)}`, expense('Mileage', { IncurredBy_Id: lockedId, Units: 4 }));
      expect(changed.statusCode, changed.body).toBe(200);
    } finally {
      await db().updateTable('users').set({ LockoutEndDateUtc: null }).where('Id', '=', lockedId).execute();
    }
  });

  it('stores an override of 0 as none, shows a set one beside the total, and keeps the total Cost × Units', async () => {
    const { caseId, itemId } = await readyItem();
    const url = expensesUrl(caseId, itemId);
    const zero = (await call('investigator', 'POST', url, expense('Parking', { Override: 0 }))).json() as Json;
    expect(zero).toMatchObject({ Override: null, TotalAmount: 12 });
    const set = (await call('investigator', 'POST', url, expense('Overnight Lodging', { Units: 2, Override: 199.99 }))).json() as Json;
    expect(set).toMatchObject({ Cost: 145, TotalAmount: 290, Override: 199.99 });
    const cleared = (await call('investigator', 'PUT', `${url}/${String(set.Id)}`, expense('Overnight Lodging', { Units: 2, Override: 0 }))).json() as Json;
    expect(cleared.Override).toBeNull();
    const negative = await call('investigator', 'POST', url, expense('Parking', { Override: -5 }));
    expect(negative.json().ModelState).toEqual({ Override: ['Override cannot be negative.'] });
  });

  it('changes an expense: the cost stays unless the type changes, when the new rule prices it', async () => {
    const { caseId, itemId } = await readyItem();
    const url = expensesUrl(caseId, itemId);
    const created = (await call('investigator', 'POST', url, expense('Mileage', { Units: 10 }))).json() as Json;
    // The org's rate changes after the expense was added: the expense keeps the cost it was added with.
    await db().updateTable('org_expense_rules').set({ CPU: 0.65 }).where('Org_Id', '=', org.get('DOC')!).where('ExpenseType_Id', '=', expenseType.get('Mileage')!).execute();
    try {
      const more = await call('investigator', 'PUT', `${url}/${String(created.Id)}`, expense('Mileage', { Units: 20, Note: 'Two trips', Reimbursable: true }));
      expect(more.statusCode, more.body).toBe(200);
      expect(more.json()).toMatchObject({ Id: created.Id, Units: 20, Note: 'Two trips', Reimbursable: true, Cost: 0.6, TotalAmount: 12 });
      const parking = (await call('investigator', 'PUT', `${url}/${String(created.Id)}`, expense('Parking'))).json() as Json;
      expect(parking).toMatchObject({ ExpenseType: { Short: 'Parking' }, Units: 1, Cost: 12, Passthrough: false, TotalAmount: 12, Note: null, Reimbursable: false });
      const fax = await call('investigator', 'PUT', `${url}/${String(created.Id)}`, expense('Fax Charges'));
      expect(fax.json().ModelState).toEqual({ ExpenseType_Id: [EX.noRule] });
      expect(await auditActions(itemId)).toEqual(expect.arrayContaining(['add-expense', 'update-expense']));
    } finally {
      await db().updateTable('org_expense_rules').set({ CPU: 0.6 }).where('Org_Id', '=', org.get('DOC')!).where('ExpenseType_Id', '=', expenseType.get('Mileage')!).execute();
    }
  });

  it('deletes an expense', async () => {
    const { caseId, itemId } = await readyItem();
    const url = expensesUrl(caseId, itemId);
    const created = (await call('investigator', 'POST', url, expense('Parking'))).json() as Json;
    const deleted = await call('investigator', 'DELETE', `${url}/${String(created.Id)}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toMatchObject({ Id: created.Id, ExpenseType: { Short: 'Parking' } });
    expect((await call('investigator', 'GET', url)).json()).toEqual([]);
    expect((await call('investigator', 'DELETE', `${url}/${String(created.Id)}`)).statusCode).toBe(404);
    expect(await auditActions(itemId)).toEqual(expect.arrayContaining(['delete-expense']));
  });

  it('lists with View Items and writes with Manage Item Expenses (403 otherwise)', async () => {
    const { caseId, itemId } = await readyItem();
    const url = expensesUrl(caseId, itemId);
    const created = (await call('investigator', 'POST', url, expense('Parking'))).json() as Json;
    expect((await call('manager', 'GET', url)).statusCode).toBe(200);
    for (const who of ['manager', 'dataentry'] as const) {
      expect((await call(who, 'POST', url, expense('Parking'))).statusCode, who).toBe(403);
      expect((await call(who, 'PUT', `${url}/${String(created.Id)}`, expense('Parking', { Units: 1 }))).statusCode, who).toBe(403);
      expect((await call(who, 'DELETE', `${url}/${String(created.Id)}`)).statusCode, who).toBe(403);
      expect((await call(who, 'GET', `${url}/incurred-by`)).statusCode, who).toBe(403);
    }
    expect((await call('client', 'GET', url)).statusCode).toBe(403);
  });

  it('refuses changes of a locked item with 409 and the reason', async () => {
    const { caseId, itemId } = await readyItem();
    const url = expensesUrl(caseId, itemId);
    const created = (await call('investigator', 'POST', url, expense('Parking'))).json() as Json;
    await db().updateTable('items').set({ ItemStatus: 'ACCEPTED' }).where('Id', '=', itemId).execute();
    for (const [method, target, payload] of [
      ['POST', url, expense('Parking')],
      ['PUT', `${url}/${String(created.Id)}`, expense('Parking', { Note: 'late' })],
      ['DELETE', `${url}/${String(created.Id)}`, undefined],
    ] as const) {
      const refused = await call('reviewer', method, target, payload);
      expect(refused.statusCode, `${method} ${target}`).toBe(409);
      expect(refused.json().Message).toBe(T.server.accepted);
    }
    expect((await call('investigator', 'GET', url)).statusCode).toBe(200);
    // Edit Inactive Cases lifts the lock of an accepted item.
    expect((await call('caseadmin', 'PUT', `${url}/${String(created.Id)}`, expense('Parking', { Note: 'late' }))).statusCode).toBe(200);
  });

  it("an investigator reaches only the expenses of items assigned to them (404 for others')", async () => {
    const { caseId, itemId } = await readyItem('contractor');
    const url = expensesUrl(caseId, itemId);
    const created = (await call('contractor', 'POST', url, expense('Parking', { IncurredBy_Id: user.get('contractor') }))).json() as Json;
    for (const [method, target, payload] of [
      ['GET', url, undefined],
      ['GET', `${url}/incurred-by`, undefined],
      ['POST', url, expense('Parking')],
      ['PUT', `${url}/${String(created.Id)}`, expense('Parking')],
      ['DELETE', `${url}/${String(created.Id)}`, undefined],
    ] as const) {
      expect((await call('investigator', method, target, payload)).statusCode, `${method} ${target}`).toBe(404);
    }
    // An expense of another item is not found under this one.
    const other = await readyItem('contractor');
    expect((await call('contractor', 'DELETE', `${expensesUrl(other.caseId, other.itemId)}/${String(created.Id)}`)).statusCode).toBe(404);
  });
});
