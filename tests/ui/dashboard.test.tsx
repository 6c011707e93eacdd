import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Permissions } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import type { Dashboard } from '../../schemas/types.js';
import { DashboardTexts as T } from '../../src/dashboard/dashboardTexts.js';
import { fakeServer, signedInAs } from './support/fakeServer.js';
import { renderAt, where } from './support/renderApp.js';

/**
 * The manager's dashboard (issue 26 §1) as a user meets it: the home page of holders of Dashboard, its headline
 * figures and each chart's numbers as a table with a caption (what a screen reader reads), links to the filtered
 * cases list, the org and days sent to the server, and a failed load said as such — never empty charts or zeros.
 */
const WAIT = { timeout: 15_000 };
const DASHBOARD = Permissions.General.DASHBOARD;
const VIEW_CASES = Permissions.Cases.VIEW_CASES;
const open = ['AWAITING_CASE_PAPERS', 'IN_PROCESS', 'IN_REVIEW'];
const weeks = Array.from({ length: 12 }, (_, i) => new Date(Date.UTC(2026, 0, 5 + 7 * i)).toISOString().slice(0, 10));

const ANSWER: Dashboard = {
  From: '2026-01-01', To: '2026-03-31', Today: '2026-03-31', Org_Id: null,
  OpenCases: 17, OverdueCases: 4, OverdueItems: 6,
  OpenByState: [
    { State: 'AWAITING_CASE_PAPERS', Label: 'Awaiting Case Papers', Count: 5, Filter: { CaseStateIDs: ['AWAITING_CASE_PAPERS'] } },
    { State: 'IN_PROCESS', Label: 'In Process', Count: 9, Filter: { CaseStateIDs: ['IN_PROCESS'] } },
    { State: 'IN_REVIEW', Label: 'In Review', Count: 3, Filter: { CaseStateIDs: ['IN_REVIEW'] } },
  ],
  OverdueByOrg: [{ Id: 3, Name: 'Department of Commerce', Cases: 4, Items: 6, Filter: { OrgIds: [3], CaseStateIDs: open } }],
  OverdueByInvestigator: [{ Id: 8, Name: 'Ivy Nolan', Cases: 2, Items: 5, Filter: { CaseStateIDs: open, ItemStateIDS: ['ASSIGNED', 'REJECTED'] } }],
  Workload: [
    { User_Id: 8, Name: 'Ivy Nolan', Role: 'Investigator', Assigned: 7, InReview: 2, Overdue: 5, Filter: { CaseStateIDs: open } },
    { User_Id: 9, Name: 'Riley Chen', Role: 'Reviewer', Assigned: 11, InReview: 3, Overdue: 4, Filter: { CaseStateIDs: open, Reviewer_Id: 9 } },
  ],
  Weekly: weeks.map((WeekStart, i) => ({ WeekStart, Received: 10 + i, Completed: 8 + i, Filter: { StartDate: WeekStart, EndDate: WeekStart } })),
  Revenue: Array.from({ length: 12 }, (_, i) => ({ Month: `2025-${String(i + 1).padStart(2, '0')}`, Invoiced: 1000 * i, Uninvoiced: i === 11 ? 2173.75 : 0 })),
  Turnaround: [{ CaseType_Id: 21, Name: 'Tier 3', Cases: 40, MedianDays: 13.5, Filter: { CaseStateIDs: ['COMPLETE'] } }],
};

type Request = { method: string; url: string; body: unknown };

function setup(roles: string[] = [DASHBOARD, VIEW_CASES], answer: (request: Request) => { status?: number; body?: unknown } = () => ({ body: ANSWER }), path = '/dashboard') {
  const server = fakeServer((request) => {
    if (request.method === 'GET' && request.url.startsWith('/api/dashboard')) return answer(request);
    if (request.method === 'GET' && request.url.startsWith('/api/') && !request.url.startsWith('/api/live')) return { body: [] };
    if (request.method === 'POST' && request.url.startsWith('/api/cases')) return { body: { Cases: [], total: 0, totalIsExact: true, pageCount: 0, page: 0 } };
    return undefined;
  });
  signedInAs(roles);
  renderAt(path);
  return server;
}

const numbers = (caption: string) => screen.findByRole('table', { name: caption }, WAIT);

describe('the dashboard', () => {
  it('is the home page of holders of Dashboard; others keep the cases list', async () => {
    setup([DASHBOARD, VIEW_CASES], undefined, '/');
    await waitFor(() => expect(where()).toHaveTextContent('/dashboard'), WAIT);
    expect(await screen.findByRole('heading', { name: T.title, level: 1 }, WAIT)).toBeInTheDocument();
  });

  it('sends a user without Dashboard home to the cases list', async () => {
    setup([VIEW_CASES], undefined, '/');
    await waitFor(() => expect(where()).toHaveTextContent('/cases'), WAIT);
  });

  it('shows the headline figures and every chart’s numbers as a table with a caption', async () => {
    setup();
    const openCard = (await screen.findByText(T.cards.open, {}, WAIT)).closest('a')!;
    expect(within(openCard).getByText('17')).toBeInTheDocument();
    expect(within((await screen.findByText(T.cards.overdueItems)).closest('a')!).getByText('6')).toBeInTheDocument();
    const states = await numbers(T.charts.openByState);
    expect(within(within(states).getByText('In Process').closest('tr')!).getByText('9')).toBeInTheDocument();
    const workload = await numbers(T.charts.workload);
    const riley = within(workload).getByText('Riley Chen').closest('tr')!;
    for (const text of ['Reviewer', '11', '3', '4']) expect(within(riley).getByText(text)).toBeInTheDocument();
    const revenue = await numbers(T.charts.revenue);
    expect(within(revenue).getByText('$2,173.75')).toBeInTheDocument();
    const turnaround = await numbers(T.charts.turnaround);
    expect(within(turnaround).getByText('13.5')).toBeInTheDocument();
    expect(await numbers(T.charts.weekly)).toBeInTheDocument();
    expect(await numbers(T.charts.overdueByOrg)).toBeInTheDocument();
    expect(await numbers(T.charts.overdueByInvestigator)).toBeInTheDocument();
    // Each row links to the cases list filtered as the figure counts.
    const link = within(states).getByRole('link', { name: 'In Review' });
    const href = new URL(link.getAttribute('href')!, 'http://x');
    expect(href.pathname).toBe('/cases');
    expect(JSON.parse(href.searchParams.get('filter')!)).toEqual({ CaseStateIDs: ['IN_REVIEW'] });
  });

  it('shows a table of numbers on demand and opens the cases list from a figure', async () => {
    const user = userEvent.setup();
    setup();
    const button = (await screen.findAllByRole('button', { name: T.showTable }, WAIT))[0];
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.click((await screen.findByText(T.cards.overdueCases)).closest('a')!);
    await waitFor(() => expect(where()).toHaveTextContent('/cases'), WAIT);
  });

  it('sends the picked days to the server', async () => {
    const { calls } = setup();
    await numbers(T.charts.openByState);
    const from = screen.getAllByLabelText(T.filters.from)[0];
    const user = userEvent.setup();
    await user.click(from);
    await user.keyboard('01022026');
    await waitFor(() => expect(calls.some((c) => c.url.startsWith('/api/dashboard') && c.url.includes('From=2026-01-02'))).toBe(true), WAIT);
  });

  it('says a failed load, never empty charts or zeros', async () => {
    setup(undefined, () => ({ status: 500 }));
    expect(await screen.findByText(Texts.global.noResponse, {}, WAIT)).toBeInTheDocument();
    expect(screen.getByText(T.loadFailed)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByText(T.cards.open)).not.toBeInTheDocument();
  });

  it('is not there without the permission', async () => {
    setup([VIEW_CASES]);
    await waitFor(() => expect(screen.queryByText(/not found/i) ?? screen.queryByText(/404/)).toBeInTheDocument(), WAIT);
    expect(screen.queryByText(T.cards.open)).not.toBeInTheDocument();
  });
});
