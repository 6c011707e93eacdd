import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PageSizes } from '../../shared/constants.js';
import { Permissions } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import { auditFilterOf, dayStartInstant } from '../../resources/auditLog.js';
import { adminEntries } from '../../src/layout/menus.js';
import { fakeServer, signedInAs } from './support/fakeServer.js';
import { renderAt } from './support/renderApp.js';

const T = Texts.audit;
const AUDITOR = [Permissions.Admin.VIEW_AUDIT_LOG];

type Json = Record<string, unknown>;
type Request = { method: string; url: string; body: unknown };
type Answer = { status?: number; body?: unknown } | undefined;

const entry = (Id: number, overrides: Json = {}): Json => ({
  Id,
  CreatedDate: new Date(2026, 2, 5, 15, 4, Id % 60).toISOString(),
  User_Id: 1,
  UserName: 'sysadmin',
  Action: 'update',
  Entity: 'cases',
  Entity_Id: String(100 + Id),
  Fields: ['Notes', 'CaseSubject.SSN'],
  ClientAddress: '10.0.0.7',
  UserAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140',
  RequestId: `req-${Id}`,
  Link: `/cases/${100 + Id}`,
  ...overrides,
});

const ENTRIES = [
  entry(3, { Action: 'reveal-ssn', Entity_Id: '12', Link: '/cases/12', Fields: ['Subject.SSN'] }),
  entry(2, { Action: 'export', Entity: 'audit_log', Entity_Id: '', Link: null, Fields: [] }),
  entry(1, { Action: 'delete', Entity: 'users', Entity_Id: '44', Link: null, Fields: [] }),
];

/** The app at /admin/audit-log against a server holding `entries`; `override` answers first. */
function setup(roles: string[] = AUDITOR, options: { entries?: Json[]; total?: number; override?: (request: Request) => Answer } = {}) {
  const entries = options.entries ?? ENTRIES;
  const server = fakeServer((request) => {
    const answer = options.override?.(request);
    if (answer) return answer;
    const { method, url } = request;
    if (method === 'POST' && url === '/api/audit-log') {
      const total = options.total ?? entries.length;
      return { body: { entries, total, totalIsExact: true, pageCount: Math.ceil(total / PageSizes.AUDIT_LOG), page: (request.body as { page: number }).page } };
    }
    if (method === 'GET' && url === '/api/audit-log/choices') return { body: { Actions: ['delete', 'export', 'reveal-ssn', 'update'], Entities: ['audit_log', 'cases', 'users'] } };
    if (method === 'GET' && url.startsWith('/api/audit-log/export')) return { body: 'When (UTC),User\r\n' };
    if (method === 'GET' && url.startsWith('/api/') && !url.startsWith('/api/live')) return { body: [] };
    return undefined;
  });
  signedInAs(roles);
  renderAt('/admin/audit-log');
  return server;
}

/** The table's entry rows (not the rows a row expands into). */
const dataRows = (table: HTMLElement) => Array.from(table.querySelectorAll<HTMLElement>(':scope > tbody > tr')).filter((row) => row.querySelectorAll(':scope > td').length > 1);
const table = () => screen.findByRole('table', { name: T.title }, { timeout: 15_000 });
const listCalls = (calls: Request[]) => calls.filter((c) => c.method === 'POST' && c.url === '/api/audit-log');
const lastQuery = (calls: Request[]) => listCalls(calls).at(-1)!.body as { page: number; pageSize: number; sorted: unknown[]; filtered: { id: string; value: string }[]; additional: Json };

beforeAll(async () => {
  await import('../../src/admin/AuditLogPage.js');
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the audit log', () => {
  it('is the last entry of the admin menu, for holders of View Audit Log', () => {
    expect(adminEntries([Permissions.General.SYSTEM_ADMINISTRATOR]).at(-1)).toEqual({ label: T.title, path: '/admin/audit-log', children: undefined });
    expect(adminEntries(AUDITOR)).toEqual([{ label: T.title, path: '/admin/audit-log', children: undefined }]);
    expect(adminEntries([Permissions.Cases.VIEW_CASES]).some((e) => e.label === T.title)).toBe(false);
  });

  it('lists the entries newest first, 25 a page, each record id a link to its page when it has one', async () => {
    const { calls } = setup();
    const rows = dataRows(await table());
    expect(rows).toHaveLength(3);
    expect(lastQuery(calls)).toEqual({ page: 0, pageSize: PageSizes.AUDIT_LOG, sorted: [{ id: 'CreatedDate', desc: true }], filtered: [], additional: {} });
    const [reveal, exported, deleted] = rows;
    expect(within(reveal).getByText('reveal-ssn')).toBeInTheDocument();
    expect(within(reveal).getByText('sysadmin')).toBeInTheDocument();
    expect(within(reveal).getByText('Subject.SSN')).toBeInTheDocument();
    expect(within(reveal).getByText('10.0.0.7')).toBeInTheDocument();
    expect(within(reveal).getByText('03/05/2026 3:04:03 PM')).toBeInTheDocument();
    expect(within(reveal).getByRole('link', { name: 'cases 12' })).toHaveAttribute('href', '/cases/12');
    // No page for the record: its id in plain text; no record at all: a dash.
    expect(within(deleted).queryByRole('link')).toBeNull();
    expect(within(deleted).getByText('44')).toBeInTheDocument();
    expect(within(exported).queryByRole('link')).toBeNull();
    expect(screen.queryByText(T.empty)).toBeNull();
    // A row expands into the user agent and the request id.
    await userEvent.click(within(reveal).getByText('sysadmin'));
    expect(await screen.findByText('req-3')).toBeInTheDocument();
    expect(screen.getByText('Mozilla/5.0 (X11; Linux x86_64) Chrome/140')).toBeInTheDocument();
  });

  it('sends the filters in the list call: user, action, record id and the days as instants of the browser', async () => {
    const { calls } = setup();
    await table();
    await userEvent.type(screen.getByRole('textbox', { name: 'User' }), 'sys');
    await waitFor(() => expect(lastQuery(calls).filtered).toEqual([{ id: 'UserName', value: 'sys' }]));
    await userEvent.click(screen.getByRole('combobox', { name: 'Action' }));
    await userEvent.click(await screen.findByRole('option', { name: 'reveal-ssn' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Record Id' }), '12');
    await waitFor(() =>
      expect(lastQuery(calls).filtered).toEqual([
        { id: 'UserName', value: 'sys' },
        { id: 'Action', value: 'reveal-ssn' },
        { id: 'Entity_Id', value: '12' },
      ]),
    );
    const from = screen.getByRole('group', { name: 'From' });
    await userEvent.click(within(from).getByRole('spinbutton', { name: 'Month' }));
    await userEvent.keyboard('03052026');
    const to = screen.getByRole('group', { name: 'To' });
    await userEvent.click(within(to).getByRole('spinbutton', { name: 'Month' }));
    await userEvent.keyboard('03062026');
    // From: the start of March 5; To: the start of the day after March 6 — both in the browser's time zone.
    await waitFor(() => expect(lastQuery(calls).additional).toEqual({ From: new Date(2026, 2, 5).toISOString(), To: new Date(2026, 2, 7).toISOString() }));
    expect(lastQuery(calls).page).toBe(0);
  });

  it('says a failed load is a failure, with Try again — never the empty log', async () => {
    let fail = true;
    setup(AUDITOR, { override: ({ method, url }) => (fail && method === 'POST' && url === '/api/audit-log' ? { status: 500, body: { Message: 'The database is unavailable.' } } : undefined) });
    expect(await screen.findByText(T.loadFailed, undefined, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('The database is unavailable.')).toBeInTheDocument();
    expect(screen.queryByText(T.empty)).toBeNull();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(dataRows(await table())).toHaveLength(3);
    await waitFor(() => expect(screen.queryByText(T.loadFailed)).toBeNull());
  });

  it('says so when no entry matches', async () => {
    setup(AUDITOR, { entries: [] });
    expect(await screen.findByText(T.empty, undefined, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByText(T.loadFailed)).toBeNull();
  });

  it('exports the log as CSV with the current filters, and says when the export fails', async () => {
    const createObjectURL = vi.fn(() => 'blob:audit');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    let fail = false;
    const { calls } = setup(AUDITOR, { override: ({ url }) => (fail && url.startsWith('/api/audit-log/export') ? { status: 500, body: {} } : undefined) });
    await table();
    await userEvent.type(screen.getByRole('textbox', { name: 'Record Id' }), '12');
    await waitFor(() => expect(lastQuery(calls).filtered).toEqual([{ id: 'Entity_Id', value: '12' }]));
    await userEvent.click(screen.getByRole('button', { name: T.exportCsv }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const exported = calls.find((c) => c.url.startsWith('/api/audit-log/export'))!;
    expect(exported.method).toBe('GET');
    expect(exported.url).toBe('/api/audit-log/export?Entity_Id=12');
    fail = true;
    await userEvent.click(screen.getByRole('button', { name: T.exportCsv }));
    expect(await screen.findByText(T.exportFailed)).toBeInTheDocument();
  });

  it('is not found for a user without View Audit Log', async () => {
    const { calls } = setup([Permissions.Cases.VIEW_CASES]);
    expect(await screen.findByText(/not found/i, undefined, { timeout: 15_000 })).toBeInTheDocument();
    expect(listCalls(calls)).toHaveLength(0);
  });
});

describe('the audit log filter values', () => {
  it('turns the chosen days into instants of the browser time zone (From inclusive, To the start of the next day)', () => {
    expect(dayStartInstant('2026-03-05')).toBe(new Date(2026, 2, 5).toISOString());
    expect(dayStartInstant('2026-03-31', 1)).toBe(new Date(2026, 3, 1).toISOString());
    expect(dayStartInstant('')).toBeNull();
    expect(dayStartInstant(null)).toBeNull();
    expect(auditFilterOf({ UserName: ' ad ', Action: '', Entity: null, Entity_Id: '7', From: '2026-03-05', To: '2026-03-05' })).toEqual({
      UserName: 'ad',
      Entity_Id: '7',
      From: new Date(2026, 2, 5).toISOString(),
      To: new Date(2026, 2, 6).toISOString(),
    });
  });
});
