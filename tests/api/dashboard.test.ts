import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Permissions } from '../../shared/permissions.js';
import { isoDay } from '../../shared/format.js';
import type { Dashboard } from '../../schemas/types.js';
import { startTestApp, type TestApp } from '../support/testApp.js';
import { orgId } from '../support/billing.js';

/**
 * The manager's dashboard (issue 26 §1): GET /api/dashboard — every figure on a small known data set (an org of the
 * test's own below the Department of Commerce, so the demo's cases do not count when it is picked), the org scope of a
 * client user, the org and date filters, permissions, and bad queries as 400 ModelState.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
type Who = 'manager' | 'investigator' | 'client';
const db = () => t.database.db;
let dash: number;
let doc: number;
let acme: number;
let investigatorId: number;
let reviewerId: number;
let today: string;
const day = (offset: number) => isoDay(new Date(t.clock.now().getTime() + offset * 86_400_000));
const noonUtc = (d: string) => `${d}T12:00:00Z`;

const get = (who: Who | null, query: Record<string, string | number> = {}) =>
  t.call(who ? tokens[who] : null, { method: 'GET', url: '/api/dashboard', query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) });
const figures = async (who: Who, query: Record<string, string | number> = {}) => {
  const answer = await get(who, query);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as Dashboard;
};

let made = 0;
async function addCase(spec: { state: string; received: string; due: string; completed?: string; reviewer?: boolean; items?: { status: string; acd: string; assigned: boolean }[] }) {
  made += 1;
  const { Id } = await db()
    .insertInto('cases')
    .values({
      CaseNumber: `DASH-${process.pid}-${made}`,
      Client_Id: dash,
      WorkflowState: spec.state as 'COMPLETE',
      DataEntryComplete: true,
      ReceivedDate: spec.received,
      ScheduledDate: spec.received,
      DueDate: spec.due,
      CompletionDate: spec.completed ? noonUtc(spec.completed) : null,
      CaseType_Id: t.lookup('CaseType', 'T3'),
      Reviewer_Id: spec.reviewer ? reviewerId : null,
    })
    .returning('Id')
    .executeTakeFirstOrThrow();
  const itemType = await db().selectFrom('item_types').select('Id').orderBy('Id').executeTakeFirstOrThrow();
  let order = 0;
  for (const item of spec.items ?? []) {
    order += 1;
    await db()
      .insertInto('items')
      .values({ Case_Id: Id, DisplayOrder: order, ItemType_Id: itemType.Id, ACD: item.acd, ItemStatus: item.status as 'ASSIGNED', AssignedTo_Id: item.assigned ? investigatorId : null })
      .execute();
  }
  return Id;
}

let completedEarly: number;
beforeAll(async () => {
  t = await startTestApp();
  today = day(0);
  doc = await orgId(db(), 'DOC');
  acme = await orgId(db(), 'ACME');
  dash = (await db().insertInto('orgs').values({ Name: 'Dashboard Test Org', Code: 'DASHT', ParentOrg_Id: doc }).returning('Id').executeTakeFirstOrThrow()).Id;
  investigatorId = (await db().selectFrom('users').select('Id').where('UserName', '=', 'investigator').executeTakeFirstOrThrow()).Id;
  reviewerId = (await db().selectFrom('users').select('Id').where('UserName', '=', 'reviewer').executeTakeFirstOrThrow()).Id;
  // The client user (Department of Commerce) gets the dashboard: its numbers are its org's subtree's only.
  const role = await db().selectFrom('roles').select('Id').where('Name', '=', Permissions.General.DASHBOARD).executeTakeFirstOrThrow();
  const group = await db().insertInto('groups').values({ Name: 'Client Dashboard', Description: null }).returning('Id').executeTakeFirstOrThrow();
  await db().insertInto('group_roles').values({ Group_Id: group.Id, Role_Id: role.Id }).execute();
  const client = await db().selectFrom('users').select('Id').where('UserName', '=', 'client').executeTakeFirstOrThrow();
  await db().insertInto('user_groups').values({ User_Id: client.Id, Group_Id: group.Id }).execute();
  for (const who of ['manager', 'investigator', 'client'] as Who[]) tokens[who] = await t.signIn(who);

  // Past its critical date, with one item past its ACD on the investigator's desk and one in review.
  await addCase({ state: 'IN_PROCESS', received: day(-30), due: day(-3), reviewer: true, items: [{ status: 'ASSIGNED', acd: day(-2), assigned: true }, { status: 'IN_REVIEW', acd: day(-2), assigned: true }] });
  await addCase({ state: 'IN_REVIEW', received: day(-14), due: day(10), reviewer: true });
  await addCase({ state: 'AWAITING_CASE_PAPERS', received: day(-1), due: day(20) });
  // Completed in 8 and in 19 days: median 13.5.
  completedEarly = await addCase({ state: 'COMPLETE', received: day(-10), due: day(5), completed: day(-2) });
  await addCase({ state: 'COMPLETE', received: day(-20), due: day(5), completed: day(-1) });
});
afterAll(() => t.close());

describe('the dashboard', () => {
  it('answers every figure of an org on a known data set, each with the cases list filter behind it', async () => {
    const d = await figures('manager', { Org_Id: dash });
    expect(d).toMatchObject({ Org_Id: dash, To: today, Today: today, OpenCases: 3, OverdueCases: 1, OverdueItems: 1 });
    const counts = Object.fromEntries(d.OpenByState.filter((r) => r.Count).map((r) => [r.State, r.Count]));
    expect(counts).toEqual({ AWAITING_CASE_PAPERS: 1, IN_PROCESS: 1, IN_REVIEW: 1 });
    expect(d.OpenByState.find((r) => r.State === 'IN_REVIEW')).toMatchObject({ Label: 'In Review', Filter: { OrgIds: [dash], CaseStateIDs: ['IN_REVIEW'] } });
    expect(d.OverdueByOrg).toEqual([expect.objectContaining({ Id: dash, Name: 'Dashboard Test Org', Cases: 1, Items: 1 })]);
    expect(d.OverdueByOrg[0].Filter.OrgIds).toEqual([dash]);
    expect(d.OverdueByInvestigator).toEqual([expect.objectContaining({ Id: investigatorId, Cases: 1, Items: 1 })]);
    const investigator = d.Workload.find((w) => w.Role === 'Investigator');
    expect(investigator).toMatchObject({ User_Id: investigatorId, Assigned: 1, InReview: 1, Overdue: 1 });
    const reviewer = d.Workload.find((w) => w.Role === 'Reviewer');
    expect(reviewer).toMatchObject({ User_Id: reviewerId, Assigned: 2, InReview: 1, Overdue: 1, Filter: { Reviewer_Id: reviewerId } });
    expect(d.Weekly).toHaveLength(12);
    expect(d.Weekly.reduce((s, w) => s + w.Received, 0)).toBe(5);
    expect(d.Weekly.reduce((s, w) => s + w.Completed, 0)).toBe(2);
    const last = d.Weekly[11];
    expect(last.WeekStart <= today && today <= last.Filter.EndDate!).toBe(true);
    expect(last.Filter).toMatchObject({ OrgIds: [dash], StartDate: last.WeekStart });
    expect(d.Turnaround).toEqual([expect.objectContaining({ CaseType_Id: t.lookup('CaseType', 'T3'), Cases: 2, MedianDays: 13.5 })]);
    expect(d.Revenue).toHaveLength(12);
    expect(d.Revenue[11].Month).toBe(today.slice(0, 7));
  });

  it('counts invoiced revenue by invoice month and the rest of the completed cases as uninvoiced', async () => {
    const before = await figures('manager', { Org_Id: dash });
    const uninvoicedBefore = before.Revenue.reduce((s, r) => s + r.Uninvoiced, 0);
    expect(uninvoicedBefore).toBeGreaterThan(0);
    const created = await t.call(tokens.manager, { method: 'POST', url: '/api/invoices/create-invoice', payload: { Case_Ids: [completedEarly], OrgName: 'Org', InvoiceDate: today } });
    expect(created.statusCode, created.body).toBe(200);
    const total = (created.json() as { Total: number }).Total;
    const after = await figures('manager', { Org_Id: dash });
    expect(after.Revenue[11].Invoiced).toBeCloseTo(total, 2);
    expect(after.Revenue.reduce((s, r) => s + r.Uninvoiced, 0)).toBeCloseTo(uninvoicedBefore - total, 2);
  });

  it('narrows the median and the windows to the days picked', async () => {
    const lastDay = await figures('manager', { Org_Id: dash, From: day(-1), To: today });
    expect(lastDay.Turnaround).toEqual([expect.objectContaining({ Cases: 1, MedianDays: 19 })]);
    const longAgo = await figures('manager', { Org_Id: dash, From: '2001-01-01', To: '2001-03-31' });
    expect(longAgo.Weekly.every((w) => w.Received === 0 && w.Completed === 0)).toBe(true);
    expect(longAgo.Turnaround).toEqual([]);
    expect(longAgo.Revenue[11].Month).toBe('2001-03');
    // Open work is as of today whatever the range.
    expect(longAgo.OpenCases).toBe(3);
  });

  it("shows a client user its org's subtree only", async () => {
    const own = await figures('client');
    const docByManager = await figures('manager', { Org_Id: doc });
    expect(own.OpenCases).toBe(docByManager.OpenCases);
    expect(own.OverdueByOrg.map((r) => r.Id).sort()).toEqual(docByManager.OverdueByOrg.map((r) => r.Id).sort());
    const all = await figures('manager');
    expect(all.OpenCases).toBeGreaterThanOrEqual(own.OpenCases);
    const stored = await db().selectFrom('cases').select((eb) => eb.fn.countAll<string>().as('n')).where('WorkflowState', 'not in', ['COMPLETE', 'DISCONTINUED']).executeTakeFirstOrThrow();
    expect(all.OpenCases).toBe(Number(stored.n));
    const acmeFigures = await figures('manager', { Org_Id: acme });
    expect(acmeFigures.OverdueByOrg.some((r) => r.Id === dash)).toBe(false);
    // An org outside the client's scope is refused like an unknown one.
    const outside = await get('client', { Org_Id: acme });
    expect(outside.statusCode).toBe(400);
    expect(outside.json()).toMatchObject({ ModelState: { Org_Id: ['Org must be an org.'] } });
  });

  it('needs the Dashboard permission and a session', async () => {
    expect((await get('investigator')).statusCode).toBe(403);
    expect((await get(null)).statusCode).toBe(401);
  });

  it('refuses a bad query with 400 ModelState', async () => {
    for (const [query, field] of [
      [{ From: '2026-02-30' }, 'From'],
      [{ To: 'yesterday' }, 'To'],
      [{ From: today, To: day(-5) }, 'From'],
      [{ Org_Id: 'acme' }, 'Org_Id'],
      [{ Org_Id: 999999 }, 'Org_Id'],
    ] as const) {
      const answer = await get('manager', query);
      expect(answer.statusCode, JSON.stringify(query)).toBe(400);
      expect(Object.keys((answer.json() as { ModelState: Record<string, string[]> }).ModelState), JSON.stringify(query)).toContain(field);
    }
  });
});
