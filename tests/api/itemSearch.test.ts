import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Groups, Permissions } from '../../shared/permissions.js';
import { startTestApp, type TestApp } from '../support/testApp.js';

/**
 * Item search (spec 001 §2 "Item search (/items)", §7 `POST /api/items/search`): paging from 0 and clamped, each
 * search box, the status filter, the rows' case fields, a client user's org scope, an investigator's own items, 403.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const db = () => t.database.db;
type Json = Record<string, unknown>;
type Row = Json & { Id: number; ItemStatus: string; AssignedTo_Id: number | null; Case: { Id: number; CaseNumber: string; Client_Id: number; Subject: { LastName: string }; Org: { Code: string } } };

beforeAll(async () => {
  t = await startTestApp();
  // The demo's client group may not search items; grant it, so its org scope alone narrows its rows (a client is no
  // investigator: it sees every item of its cases, server/items/itemAccess.ts).
  const client = await db().selectFrom('groups').select('Id').where('Name', '=', Groups.CLIENT).executeTakeFirstOrThrow();
  const roles = await db().selectFrom('roles').select('Id').where('Name', 'in', [Permissions.Items.SEARCH_ITEMS]).execute();
  expect(roles.length).toBe(1);
  await db().insertInto('group_roles').values(roles.map((r) => ({ Group_Id: client.Id, Role_Id: r.Id }))).execute();
  for (const name of ['caseadmin', 'client', 'investigator', 'palmetto']) tokens[name] = await t.signIn(name);
});
afterAll(() => t.close());

const search = async (who: string, body: Json = {}) => {
  const response = await t.call(tokens[who], { method: 'POST', url: '/api/items/search', payload: { page: 0, pageSize: 20, sorted: [], filtered: [], additional: {}, ...body } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { items: Row[]; pageCount: number; total: number; totalIsExact: boolean; page: number };
};
const all = async (who: string, body: Json = {}) => (await search(who, { pageSize: 100, ...body })).items;

describe('item search', () => {
  it('answers a page of items from page 0 with their case, and clamps a page past the end', async () => {
    const first = await search('caseadmin', { pageSize: 5 });
    const total = await db().selectFrom('items').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(first.total).toBe(Number(total.n));
    expect(first.totalIsExact).toBe(true);
    expect(first.page).toBe(0);
    expect(first.pageCount).toBe(Math.ceil(Number(total.n) / 5));
    expect(first.items.length).toBe(Math.min(5, Number(total.n)));
    const row = first.items[0];
    expect(row).toMatchObject({ DisplayId: expect.any(Number), ItemType: { Description: expect.any(String) }, Location: expect.any(Object), HasAttachments: expect.any(Boolean) });
    const theCase = await db().selectFrom('cases as c').innerJoin('orgs as o', 'o.Id', 'c.Client_Id').select(['c.CaseNumber', 'c.SubjectLastName', 'o.Code', 'c.Client_Id']).where('c.Id', '=', row.Case.Id).executeTakeFirstOrThrow();
    expect(row.Case).toMatchObject({ CaseNumber: theCase.CaseNumber, Subject: { LastName: theCase.SubjectLastName }, Org: { Code: theCase.Code }, Client_Id: theCase.Client_Id });
    expect(row.Case).toHaveProperty('CaseType.Short');
    expect(row.Case).toHaveProperty('Reviewer.Name');
    expect(row.Case).toHaveProperty('WorkflowState');
    const second = await search('caseadmin', { pageSize: 5, page: 1 });
    expect(second.items.map((i) => i.Id).some((id) => first.items.some((i) => i.Id === id))).toBe(false);
    const past = await search('caseadmin', { pageSize: 5, page: 99999 });
    expect(past.page).toBe(past.pageCount - 1);
    expect(past.items.length).toBeGreaterThan(0);
    const bad = await t.call(tokens.caseadmin, { method: 'POST', url: '/api/items/search', payload: { page: 0, pageSize: 101 } });
    expect(bad.statusCode).toBe(400);
    const defaults = await search('caseadmin', { pageSize: undefined });
    expect(defaults.items.length).toBe(Math.min(20, Number(total.n)));
  });

  it('filters by case number, subject last name, location and item template', async () => {
    const [row] = (await search('caseadmin', { pageSize: 1 })).items;
    const byNumber = await all('caseadmin', { filtered: [{ id: 'CaseNumber', value: row.Case.CaseNumber.slice(-6) }] });
    expect(byNumber.length).toBeGreaterThan(0);
    expect(byNumber.every((i) => i.Case.CaseNumber.includes(row.Case.CaseNumber.slice(-6)))).toBe(true);
    const lastName = row.Case.Subject.LastName;
    const byName = await all('caseadmin', { filtered: [{ id: 'LastName', value: lastName.toLowerCase() }] });
    expect(byName.map((i) => i.Id)).toContain(row.Id);
    expect(byName.every((i) => i.Case.Subject.LastName.toLowerCase().startsWith(lastName.toLowerCase()))).toBe(true);
    // The box looks the last name up by how it starts (docs/decisions.md, "Search Name"): its first letters find it, a
    // part from its middle does not.
    expect((await all('caseadmin', { filtered: [{ id: 'LastName', value: lastName.slice(0, 3).toUpperCase() }] })).map((i) => i.Id)).toContain(row.Id);
    expect((await all('caseadmin', { filtered: [{ id: 'LastName', value: lastName.slice(1) }] })).map((i) => i.Id)).not.toContain(row.Id);

    await db().updateTable('items').set({ Label: 'Quixotic Annex', City: null }).where('Id', '=', row.Id).execute();
    expect((await all('caseadmin', { filtered: [{ id: 'Location', value: 'quixotic' }] })).map((i) => i.Id)).toEqual([row.Id]);
    await db().updateTable('items').set({ Label: null, City: 'Zzyzx Springs' }).where('Id', '=', row.Id).execute();
    expect((await all('caseadmin', { filtered: [{ id: 'Location', value: 'zzyzx' }] })).map((i) => i.Id)).toEqual([row.Id]);
    const region = await db().selectFrom('type_items').select(['Id', 'Short']).where('Short', '=', 'WY').executeTakeFirst();
    if (region) {
      await db().updateTable('items').set({ RegionType_Id: region.Id }).where('Id', '=', row.Id).execute();
      const byState = await all('caseadmin', { filtered: [{ id: 'Location', value: 'WY' }] });
      expect(byState.map((i) => i.Id)).toContain(row.Id);
    }

    const template = String((row.ItemType as { Description: string }).Description);
    const byTemplate = await all('caseadmin', { filtered: [{ id: 'ItemType', value: template.slice(0, 5) }] });
    expect(byTemplate.map((i) => i.Id)).toContain(row.Id);
    expect(byTemplate.every((i) => String((i.ItemType as { Description: string }).Description).toLowerCase().includes(template.slice(0, 5).toLowerCase()))).toBe(true);
    expect(await all('caseadmin', { filtered: [{ id: 'ItemType', value: 'no template is called this' }] })).toEqual([]);
  });

  it('filters by item status and sorts by a declared column', async () => {
    const statuses = (await db().selectFrom('items').select('ItemStatus').distinct().execute()).map((s) => s.ItemStatus);
    const status = statuses[0];
    const found = await all('caseadmin', { additional: { ItemStateIDS: [status] } });
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((i) => i.ItemStatus === status)).toBe(true);
    const counted = await db().selectFrom('items').select((eb) => eb.fn.countAll<number>().as('n')).where('ItemStatus', '=', status).executeTakeFirstOrThrow();
    expect((await search('caseadmin', { additional: { ItemStateIDS: [status] } })).total).toBe(Number(counted.n));
    const sorted = await all('caseadmin', { sorted: [{ id: 'Case.CaseNumber', desc: false }] });
    const numbers = sorted.map((i) => i.Case.CaseNumber);
    expect(numbers).toEqual([...numbers].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const refused = await t.call(tokens.caseadmin, { method: 'POST', url: '/api/items/search', payload: { page: 0, pageSize: 20, additional: { ItemStateIDS: ['LOST'] } } });
    expect(refused.statusCode).toBe(400);
  });

  it("pages in one order, by an item's own field or by its case's, without a row twice or missing", async () => {
    for (const sorted of [[], [{ id: 'ACD', desc: true }], [{ id: 'Case.CaseNumber', desc: false }]]) {
      const whole = (await all('caseadmin', { sorted })).map((i) => i.Id);
      const pages: number[] = [];
      for (let page = 0; page * 7 < Math.min(whole.length, 28); page++) pages.push(...(await search('caseadmin', { sorted, page, pageSize: 7 })).items.map((i) => i.Id));
      expect(pages, JSON.stringify(sorted)).toEqual(whole.slice(0, pages.length));
      expect(new Set(pages).size).toBe(pages.length);
    }
    const newest = (await search('caseadmin', { pageSize: 3 })).items;
    const caseIds = newest.map((i) => Number(i.Case_Id));
    expect(caseIds).toEqual([...caseIds].sort((a, b) => b - a));
  });

  it('keeps a client user to the items of its org and the orgs below it', async () => {
    const me = await db().selectFrom('users').select('Org_Id').where('UserName', '=', 'client').executeTakeFirstOrThrow();
    const below = (await db().selectFrom('orgs').select(['Id', 'ParentOrg_Id']).execute());
    const allowed = new Set<number>([Number(me.Org_Id)]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const o of below) if (o.ParentOrg_Id != null && allowed.has(o.ParentOrg_Id) && !allowed.has(o.Id)) { allowed.add(o.Id); grew = true; }
    }
    const mine = await search('client', { pageSize: 100 });
    const everyone = await search('caseadmin', { pageSize: 100 });
    expect(mine.items.every((i) => allowed.has(i.Case.Client_Id))).toBe(true);
    expect(mine.total).toBeLessThan(everyone.total);
    const counted = await db()
      .selectFrom('items as i')
      .innerJoin('cases as c', 'c.Id', 'i.Case_Id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('c.Client_Id', 'in', [...allowed])
      .executeTakeFirstOrThrow();
    expect(mine.total).toBe(Number(counted.n));
  });

  it('shows an investigator only the items assigned to them', async () => {
    const me = await db().selectFrom('users').select('Id').where('UserName', '=', 'investigator').executeTakeFirstOrThrow();
    const [other] = (await search('caseadmin', { pageSize: 1 })).items;
    await db().updateTable('items').set({ AssignedTo_Id: me.Id, ItemStatus: 'ASSIGNED' }).where('Id', '=', other.Id).execute();
    const mine = await all('investigator');
    expect(mine.map((i) => i.Id)).toContain(other.Id);
    expect(mine.every((i) => i.AssignedTo_Id === me.Id)).toBe(true);
    const assigned = await db().selectFrom('items').select((eb) => eb.fn.countAll<number>().as('n')).where('AssignedTo_Id', '=', me.Id).executeTakeFirstOrThrow();
    expect((await search('investigator')).total).toBe(Number(assigned.n));
  });

  it('needs Search Items', async () => {
    const refused = await t.call(tokens.palmetto, { method: 'POST', url: '/api/items/search', payload: { page: 0, pageSize: 20 } });
    expect(refused.statusCode).toBe(403);
    const anonymous = await t.call(null, { method: 'POST', url: '/api/items/search', payload: { page: 0, pageSize: 20 } });
    expect(anonymous.statusCode).toBe(401);
  });
});
