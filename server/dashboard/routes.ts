import type { ApiArea } from '../http/route.js';
import { operationRoutes } from '../http/operationRoutes.js';
import { authOf } from '../http/access.js';
import { ValidationError } from '../http/errors.js';
import type { Database } from '../db/database.js';
import { orgScopeOf, orgSubtreeIds, type OrgScope } from '../orgs/scope.js';
import { dashboardOperations } from '../../resources/dashboard.js';
import { isoDay } from '../../shared/format.js';
import { CASE_STATE_LABELS, CASE_PROGRESS, type CaseState } from '../../shared/workflow.js';
import type { Dashboard, DashboardFilter, DashboardOverdueRow } from '../../schemas/types.js';
import * as F from './figures.js';
import { addDays, months, weekStarts, windowOf } from './window.js';

/** The open states in the order of the case's progress, then Hold. */
const OPEN_STATES: readonly CaseState[] = [...CASE_PROGRESS, 'HOLD' as CaseState].filter((s) => !F.CLOSED_STATES.includes(s));

/**
 * The orgs the figures cover: the caller's scope, narrowed to the picked org and the orgs below it (null: every org).
 * A picked org that does not exist or lies outside the scope is a 400 on Org_Id (an org outside is not told apart).
 */
async function orgsOf(db: Database, scope: OrgScope, orgId: number | undefined): Promise<number[] | null> {
  if (orgId === undefined) return scope.all ? null : [...scope.ids];
  const subtree = await orgSubtreeIds(db, orgId);
  if (subtree.length === 0 || (!scope.all && !scope.ids.has(orgId))) throw ValidationError.field('Org_Id', 'Org must be an org.');
  return scope.all ? subtree : subtree.filter((id) => scope.ids.has(id));
}

const byOverdueThenName = (a: DashboardOverdueRow, b: DashboardOverdueRow) => b.Cases + b.Items - (a.Cases + a.Items) || a.Name.localeCompare(b.Name);

/** Every figure of the dashboard for the orgs and days given; the statements run one after the other on one connection's turn each. */
export async function dashboardFigures(db: Database, orgs: number[] | null, orgId: number | null, window: F.Window): Promise<Dashboard> {
  const base: DashboardFilter = orgId === null ? {} : { OrgIds: [orgId] };
  const open = { ...base, CaseStateIDs: [...OPEN_STATES] };
  const answer: Dashboard = {
    From: window.from, To: window.to, Today: window.today, Org_Id: orgId,
    OpenCases: 0, OverdueCases: 0, OverdueItems: 0,
    OpenByState: [], OverdueByOrg: [], OverdueByInvestigator: [], Workload: [], Weekly: [], Revenue: [], Turnaround: [],
  };
  if (orgs !== null && orgs.length === 0) orgs = [-1];

  const states = new Map((await F.openByState(db, orgs)).map((r) => [r.State, r.Count]));
  answer.OpenByState = OPEN_STATES.map((State) => ({ State, Label: CASE_STATE_LABELS[State], Count: states.get(State) ?? 0, Filter: { ...base, CaseStateIDs: [State] } }));
  answer.OpenCases = answer.OpenByState.reduce((sum, r) => sum + r.Count, 0);

  const byOrg = new Map<number, DashboardOverdueRow>();
  const orgRow = (Id: number, Name: string) => byOrg.get(Id) ?? byOrg.set(Id, { Id, Name, Cases: 0, Items: 0, Filter: { ...open, OrgIds: [Id] } }).get(Id)!;
  for (const r of await F.overdueCasesByOrg(db, orgs, window)) orgRow(r.Id, r.Name).Cases += r.Count;
  const byUser = new Map<number, DashboardOverdueRow>();
  for (const r of await F.overdueItems(db, orgs, window)) {
    orgRow(r.Org_Id, r.OrgName).Items += r.Items;
    answer.OverdueItems += r.Items;
    if (r.User_Id === null) continue;
    const user = byUser.get(r.User_Id) ?? byUser.set(r.User_Id, { Id: r.User_Id, Name: r.UserName ?? '', Cases: 0, Items: 0, Filter: { ...open, ItemStateIDS: [...F.ASSIGNED_ITEM_STATES] } }).get(r.User_Id)!;
    user.Items += r.Items;
    user.Cases += r.Cases;
  }
  answer.OverdueByOrg = [...byOrg.values()].sort(byOverdueThenName);
  answer.OverdueByInvestigator = [...byUser.values()].sort(byOverdueThenName);
  answer.OverdueCases = answer.OverdueByOrg.reduce((sum, r) => sum + r.Cases, 0);

  const investigators = (await F.investigatorWorkload(db, orgs, window)).map((r) => ({ ...r, Role: 'Investigator' as const, Filter: { ...open, ItemStateIDS: [...F.ASSIGNED_ITEM_STATES, 'IN_REVIEW'] } }));
  const reviewers = (await F.reviewerWorkload(db, orgs, window)).map((r) => ({ ...r, Role: 'Reviewer' as const, Filter: { ...open, Reviewer_Id: r.User_Id } }));
  answer.Workload = [...investigators, ...reviewers].sort((a, b) => b.Assigned + b.InReview - (a.Assigned + a.InReview) || a.Name.localeCompare(b.Name));

  const weeks = weekStarts(window.to);
  const weekOf = (day: string) => weeks.findLast((w) => w <= day);
  const received = new Map<string, number>();
  const completed = new Map<string, number>();
  for (const r of await F.receivedByDay(db, orgs, window)) received.set(weekOf(r.Day)!, (received.get(weekOf(r.Day)!) ?? 0) + r.Count);
  for (const r of await F.completedByDay(db, orgs, window)) completed.set(weekOf(r.Day)!, (completed.get(weekOf(r.Day)!) ?? 0) + r.Count);
  answer.Weekly = weeks.map((WeekStart) => ({
    WeekStart,
    Received: received.get(WeekStart) ?? 0,
    Completed: completed.get(WeekStart) ?? 0,
    Filter: { ...base, StartDate: WeekStart, EndDate: addDays(WeekStart, 6) },
  }));

  const invoiced = new Map((await F.invoicedByMonth(db, orgs, window)).map((r) => [r.Month, Number(r.Amount)]));
  const uninvoiced = await F.uninvoicedByMonth(db, orgs, window);
  answer.Revenue = months(window.to).map((Month) => ({ Month, Invoiced: invoiced.get(Month) ?? 0, Uninvoiced: uninvoiced.get(Month) ?? 0 }));

  answer.Turnaround = (await F.turnaround(db, orgs, window))
    .map((r) => ({ CaseType_Id: r.CaseType_Id, Name: r.Name, Cases: r.Cases, MedianDays: Number(r.MedianDays), Filter: { ...base, CaseStateIDs: ['COMPLETE'] } }))
    .sort((a, b) => a.Name.localeCompare(b.Name));
  return answer;
}

/** The handler of the dashboard contract (resources/dashboard.ts): the figures for the caller's org scope. */
export const dashboardArea: ApiArea = {
  name: 'dashboard',
  routes: operationRoutes(dashboardOperations, {
    async figures(request) {
      const { db, services } = request.server;
      const window = windowOf(request.query, isoDay(services.now()));
      const orgs = await orgsOf(db, await orgScopeOf(db, authOf(request)), request.query.Org_Id);
      return dashboardFigures(db, orgs, request.query.Org_Id ?? null, window);
    },
  }),
};
