import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Permissions } from '../../shared/permissions.js';
import { CaseTexts } from '../../shared/texts/cases.js';
import { Texts } from '../../shared/texts/index.js';
import { resourceByName } from '../../resources/index.js';
import { ResourceForm } from '../../src/resources/ResourceForm.js';
import { CASE_FORM } from '../../src/cases/caseFormView.js';
import { fakeServer, signedInAs } from './support/fakeServer.js';
import { renderAt } from './support/renderApp.js';
import { renderWithAdmin } from './support/renderWithAdmin.js';
import { caseFixture } from './support/caseFixtures.js';

const P = Permissions.Cases;
const T = CaseTexts;
const ADMIN = [P.VIEW_CASES, P.CREATE_CASE, P.EDIT_CASES, P.DELETE_CASES, P.ASSIGN_REVIEWER];
type Json = Record<string, unknown>;
type Request = { method: string; url: string; body: unknown };

const row = (Id: number, overrides: Json = {}): Json => ({
  Id,
  CaseNumber: `DOS-2026-${String(Id).padStart(6, '0')}`,
  CaseName: `Jordan Case${Id}`,
  Code: 'DOC',
  ReceivedDate: '2026-11-02',
  ScheduledDate: '2026-11-04',
  DueDate: '2026-12-02',
  CompletionDate: null,
  Reviewer: 'Riley Chen',
  CaseType: 'T1',
  WorkflowState: 'IN_PROCESS',
  ...overrides,
});

const REVIEWERS = [
  { Id: 31, FirstName: 'Riley', LastName: 'Chen' },
  { Id: 32, FirstName: 'Jessica', LastName: 'Lee' },
];
const STATES = [
  { Id: 'AWAITING_CASE_PAPERS', Description: 'Awaiting Case Papers' },
  { Id: 'IN_PROCESS', Description: 'In Process' },
  { Id: 'HOLD', Description: 'Hold' },
];

/** The app at /cases against a server answering `cases` and the lookups; `override` answers first. */
function setup(roles: string[], cases: Json[], options: { override?: (request: Request) => { status?: number; body?: unknown } | undefined; columns?: Json } = {}) {
  const server = fakeServer((request) => {
    const answer = options.override?.(request);
    if (answer) return answer;
    const { method, url } = request;
    if (method === 'POST' && url === '/api/cases/search') {
      return { body: { cases, pageCount: 1, total: cases.length, totalIsExact: true, page: 0, Columns: options.columns ?? { hidden: [], labels: { DueDate: 'CD' } } } };
    }
    if (method === 'GET' && url === '/api/reviewers') return { body: REVIEWERS };
    if (method === 'GET' && url === '/api/workflows/case-states') return { body: STATES };
    if (method === 'GET' && url === '/api/workflows/item-states') return { body: [{ Id: 'ASSIGNED', Description: 'Assigned' }] };
    if (method === 'PUT' && /^\/api\/cases\/\d+\/reviewer\/\d+$/.test(url)) return { body: { Id: 1, Reviewer_Id: 31 } };
    // One case, as the server answers it to this user: with why they may not change it (null when they may).
    const one = /^\/api\/cases\/(\d+)\?ssn=masked$/.exec(url);
    const found = one && cases.find((c) => String(c.Id) === one[1]);
    if (method === 'GET' && found) return { body: { ...found, LockedReason: found.LockedReason ?? null } };
    if (method === 'GET' && url.startsWith('/api/') && !url.startsWith('/api/live')) return { body: [] };
    return undefined;
  });
  signedInAs(roles);
  renderAt('/cases');
  return server;
}

const searches = (calls: Request[]) => calls.filter((c) => c.method === 'POST' && c.url === '/api/cases/search').map((c) => c.body as Json);
const table = () => screen.findByRole('table', { name: 'Cases' }, { timeout: 15_000 });

afterEach(() => vi.restoreAllMocks());

describe('the cases list', () => {
  it('asks the server for page 0 of 20 newest first, shows the placeholder for a case awaiting papers, and the server\'s columns and header', async () => {
    const server = setup(ADMIN, [row(1), row(2, { DueDate: null, WorkflowState: 'AWAITING_CASE_PAPERS' })], { columns: { hidden: ['Code', 'Reviewer'], labels: { DueDate: 'ACD' } } });
    const cases = await table();
    await within(cases).findByText('DOS-2026-000002');
    expect(searches(server.calls)[0]).toMatchObject({ page: 0, pageSize: 20, sorted: [{ id: 'ReceivedDate', desc: true }], filtered: [] });
    // The critical date's placeholder, and the state's name.
    expect(within(within(cases).getByText('DOS-2026-000002').closest('tr')!).getAllByText(T.awaitingCasePapers)).toHaveLength(2);
    expect(within(cases).getByText('12/02/26')).toBeTruthy();
    const headers = within(cases).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toContain('ACD');
    expect(headers).not.toContain('CD');
    expect(headers).not.toContain('Org');
    expect(headers).not.toContain('Reviewer');
    expect(within(cases).getAllByText('In Process').length).toBe(1);
  });

  it('sends the searches as column filters and the reviewer, dates and "assigned to me" as panel filters', async () => {
    const user = userEvent.setup();
    const server = setup(ADMIN, [row(1)]);
    await table();
    // The box says how a name is looked up: by how it starts, last name first.
    expect(await screen.findByRole('textbox', { name: 'Search Name' })).toHaveAttribute('placeholder', 'Last name, first name');
    await user.type(screen.getByRole('textbox', { name: 'Search Name' }), 'whit');
    await waitFor(() => expect(searches(server.calls).at(-1)?.filtered).toEqual([{ id: 'CaseName', value: 'whit' }]));
    await user.click(screen.getByRole('checkbox', { name: 'Only show cases assigned to me' }));
    await waitFor(() => expect(searches(server.calls).at(-1)?.additional).toMatchObject({ OnlyShowCasesAssignedToMe: true }));
    await user.click(screen.getByRole('combobox', { name: 'Reviewer' }));
    await user.click(await screen.findByRole('option', { name: 'Jessica Lee' }));
    await waitFor(() => expect(searches(server.calls).at(-1)?.additional).toMatchObject({ Reviewer_Id: 32, OnlyShowCasesAssignedToMe: true }));
    await user.click(screen.getByRole('checkbox', { name: 'Only show cases assigned to me' }));
    await waitFor(() => expect(searches(server.calls).at(-1)?.additional).not.toHaveProperty('OnlyShowCasesAssignedToMe'));
  });

  it('applies the left panel\'s case states only on Apply Filters, and Clear Filters empties every filter', async () => {
    const user = userEvent.setup();
    const server = setup(ADMIN, [row(1)]);
    await table();
    const panel = await screen.findByRole('region', { name: 'Case filters' });
    await user.click(await within(panel).findByRole('checkbox', { name: 'Hold' }));
    const before = searches(server.calls).length;
    expect(searches(server.calls).at(-1)?.additional).not.toHaveProperty('CaseStateIDs');
    await user.click(within(panel).getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() => expect(searches(server.calls).at(-1)?.additional).toMatchObject({ CaseStateIDs: ['HOLD'] }));
    expect(searches(server.calls).length).toBeGreaterThan(before);
    await user.type(screen.getByRole('textbox', { name: 'Search Case' }), '0001');
    await waitFor(() => expect(searches(server.calls).at(-1)?.filtered).toEqual([{ id: 'CaseNumber', value: '0001' }]));
    await user.click(within(panel).getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect(searches(server.calls).at(-1)).toMatchObject({ filtered: [], additional: {} }));
    expect((within(panel).getByRole('checkbox', { name: 'Hold' }) as HTMLInputElement).checked).toBe(false);
  });

  it('assigns a reviewer to the checked cases (a reviewer is required), then says so', async () => {
    const user = userEvent.setup();
    const server = setup(ADMIN, [row(1), row(2), row(3)]);
    const cases = await table();
    await within(cases).findByText('DOS-2026-000003');
    await user.click(within(within(cases).getByText('DOS-2026-000001').closest('tr')!).getByRole('checkbox'));
    await user.click(within(within(cases).getByText('DOS-2026-000003').closest('tr')!).getByRole('checkbox'));
    await user.click(await screen.findByRole('button', { name: 'Assign Reviewer' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign Reviewer' });
    // The checked cases are read again for what the server says of them; then Assign is offered.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Assign' })).toBeEnabled());
    expect(within(dialog).queryByRole('status', { name: 'Left out' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await within(dialog).findByText('Reviewer is required.')).toBeTruthy();
    await user.click(within(dialog).getByRole('combobox', { name: /Reviewer/ }));
    await user.click(await screen.findByRole('option', { name: 'Riley Chen' }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText(T.toasts.updated)).toBeTruthy();
    const puts = server.calls.filter((c) => c.method === 'PUT').map((c) => c.url).sort();
    expect(puts).toEqual(['/api/cases/1/reviewer/31', '/api/cases/3/reviewer/31']);
  });

  it('leaves out of Assign Reviewer the checked cases the user may not change, saying why, and assigns the others', async () => {
    const user = userEvent.setup();
    const locked = row(2, { WorkflowState: 'HOLD', CaseStatusType: 'HOLD', LockedReason: T.server.inactive });
    const server = setup(ADMIN, [row(1), locked]);
    const cases = await table();
    await within(cases).findByText('DOS-2026-000002');
    for (const number of ['DOS-2026-000001', 'DOS-2026-000002']) await user.click(within(within(cases).getByText(number).closest('tr')!).getByRole('checkbox'));
    await user.click(await screen.findByRole('button', { name: 'Assign Reviewer' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign Reviewer' });
    const leftOut = await within(dialog).findByRole('status', { name: 'Left out' });
    expect(leftOut).toHaveTextContent(T.bulk.leftOut(1));
    expect(within(leftOut).getByText(`Case DOS-2026-000002: ${T.server.inactive}`)).toBeTruthy();
    expect(within(dialog).getByText(T.bulk.eligibleOf(1, 2))).toBeTruthy();
    await user.click(within(dialog).getByRole('combobox', { name: /Reviewer/ }));
    await user.click(await screen.findByRole('option', { name: 'Riley Chen' }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText(T.toasts.updated)).toBeTruthy();
    expect(server.calls.filter((c) => c.method === 'PUT').map((c) => c.url)).toEqual(['/api/cases/1/reviewer/31']);
  });

  it('offers no Assign when none of the checked cases may be changed', async () => {
    const user = userEvent.setup();
    setup(ADMIN, [row(1, { LockedReason: T.server.lockedToOther('Dana Ellis') })]);
    const cases = await table();
    await user.click(within((await within(cases).findByText('DOS-2026-000001')).closest('tr')!).getByRole('checkbox'));
    await user.click(await screen.findByRole('button', { name: 'Assign Reviewer' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign Reviewer' });
    expect(await within(dialog).findByText(T.bulk.noneEligible)).toBeTruthy();
    expect(within(dialog).getByText(`Case DOS-2026-000001: ${T.server.lockedToOther('Dana Ellis')}`)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Assign' })).toBeDisabled();
  });

  it('offers neither Add Case nor Assign Reviewer to a user who may only view cases', async () => {
    setup([P.VIEW_CASES], [row(1)]);
    const cases = await table();
    await within(cases).findByText('DOS-2026-000001');
    expect(screen.queryByRole('button', { name: 'Add Case' })).toBeNull();
    // No selection checkboxes: there is no bulk action for this user.
    expect(within(within(cases).getByText('DOS-2026-000001').closest('tr')!).queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Assign Reviewer' })).toBeNull();
  });

  it('asks the server again on Refresh', async () => {
    const server = setup(ADMIN, [row(1)]);
    await within(await table()).findByText('DOS-2026-000001');
    const before = searches(server.calls).length;
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(searches(server.calls).length).toBe(before + 1));
    expect(searches(server.calls).at(-1)).toEqual(searches(server.calls)[before - 1]);
  });

  it('cancels a search still under way when a newer one starts', async () => {
    const user = userEvent.setup();
    const answered = vi.fn();
    fakeServer((request) =>
      request.url === '/api/cases/search'
        ? { body: { cases: [row(1)], pageCount: 1, total: 1, totalIsExact: true, page: 0, Columns: { hidden: [], labels: { DueDate: 'CD' } } } }
        : request.method === 'GET' && request.url.startsWith('/api/') && !request.url.startsWith('/api/live')
          ? { body: [] }
          : undefined,
    );
    // The first search gets no answer until it is aborted; the later ones are answered.
    const network = globalThis.fetch;
    const signals: AbortSignal[] = [];
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) !== '/api/cases/search') return network(input, init);
      signals.push(init!.signal!);
      if (signals.length > 1) return network(input, init).then((response) => (answered(), response));
      return new Promise<Response>((_resolve, reject) => init!.signal!.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))));
    });
    signedInAs(ADMIN);
    renderAt('/cases');
    await waitFor(() => expect(signals).toHaveLength(1), { timeout: 15_000 });
    await user.type(await screen.findByRole('textbox', { name: 'Search Name' }, { timeout: 15_000 }), 'whit');
    await waitFor(() => expect(answered).toHaveBeenCalled(), { timeout: 5_000 });
    expect(signals[0].aborted).toBe(true);
    expect(signals.at(-1)!.aborted).toBe(false);
    expect(await within(await table()).findByText('DOS-2026-000001')).toBeTruthy();
  });

  it('says the list failed when the search fails, never an empty list', async () => {
    setup(ADMIN, [], { override: (r) => (r.url === '/api/cases/search' ? { status: 500, body: { Message: 'Boom' } } : undefined) });
    expect(await screen.findByRole('alert', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByText('There are no cases.')).toBeNull();
  });
});

describe('the case form', () => {
  const cases = resourceByName('cases')!;
  const SUBJECT = { FirstName: 'Jordan', MiddleName: '', LastName: 'Whitfield', SSN: '4821' };
  /** The Add Case form of a user who may create cases, filled in; `answerCreate` answers its POST /api/cases. */
  const renderNewCase = (answerCreate: (body: Json) => { status?: number; body?: unknown }) => {
    const server = fakeServer(({ method, url, body }) => {
      if (method === 'POST' && url === '/api/cases?ssn=masked') return answerCreate(body as Json);
      if (method === 'GET' && url.startsWith('/api/')) return { body: [] };
      return undefined;
    });
    signedInAs([P.VIEW_CASES, P.CREATE_CASE]);
    renderWithAdmin(
      <ResourceForm {...CASE_FORM} declaration={cases} initial={{ Client_Id: 3, RequestingOfficial_Id: 5, CaseType_Id: 21, CaseSubject: SUBJECT }} label="Add Case" submitLabel="Add Case" />,
    );
    return server;
  };

  it('turns Save into Continue when the server flags a duplicate, confirms with CreateDuplicate, and asks afresh when a name changes', async () => {
    const user = userEvent.setup();
    const created: Json[] = [];
    const server = renderNewCase((body) => {
      if (body.CreateDuplicate !== true) return { status: 409, body: { Message: T.server.duplicate, IsDuplicate: true, Duplicates: [{ Id: 4 }] } };
      created.push(body);
      return { body: { Id: 9, CaseNumber: 'DOS-2026-000009' } };
    });
    await user.click(await screen.findByRole('button', { name: 'Add Case' }));
    expect(await screen.findByText(T.server.duplicate)).toBeTruthy();
    expect(screen.queryByText(T.errors.createFailed)).toBeNull();
    const last = screen.getByRole('textbox', { name: /Last Name/ });
    await user.type(last, 's');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Add Case' }));
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(T.toasts.created('DOS-2026-000009'))).toBeTruthy();
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ CreateDuplicate: true, CaseSubject: { LastName: 'Whitfields' } });
    expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(3);
  });

  it("says 'Unable to create case.' when the server fails, and the server's reason when it gives one", async () => {
    const user = userEvent.setup();
    let answer = { status: 500, body: { Message: Texts.global.unexpected } as Json };
    renderNewCase(() => answer);
    await user.click(await screen.findByRole('button', { name: 'Add Case' }));
    expect(await screen.findByText(T.errors.createFailed)).toBeTruthy();
    expect(screen.queryByText(Texts.global.unexpected)).toBeNull();
    answer = { status: 403, body: { Message: 'You may not create cases for this org.' } };
    await user.click(screen.getByRole('button', { name: 'Add Case' }));
    expect(await screen.findByText('You may not create cases for this org.')).toBeTruthy();
  });

  it('keeps the reviewer and critical date read only, and out of the save, for a user without their permissions', async () => {
    const user = userEvent.setup();
    const record = caseFixture({ Reviewer_Id: 31, Reviewer: { Id: 31, FirstName: 'Riley', LastName: 'Chen' }, DueDate: '2026-12-01', CaseSubject: { Id: 1, ...SUBJECT } });
    const server = fakeServer(({ method, url, body }) => {
      if (method === 'PUT' && url === '/api/cases/7?ssn=masked') return { body: { ...record, ...(body as Json) } };
      if (method === 'GET' && url === '/api/cases/requesting-official/3') return { body: [{ Id: 5, FirstName: 'Claire', LastName: 'Donovan' }] };
      if (method === 'GET' && url.startsWith('/api/orgs/3/case-types')) return { body: [{ Id: 40, Org_Id: 3, CaseType_Id: 21, CaseType: { Id: 21, Short: 'T1', Description: 'Tier 1 Investigation' } }] };
      if (method === 'GET' && url.startsWith('/api/')) return { body: [] };
      return undefined;
    });
    signedInAs([P.VIEW_CASES, P.EDIT_CASES, P.CHANGE_REQUESTING_OFFICIAL, P.CHANGE_CASE_TYPE]);
    renderWithAdmin(<ResourceForm {...CASE_FORM} declaration={cases} record={record} label="Case" submitLabel="Save" />);
    // Once the permissions are known, the fields the user may change are selects; the reviewer stays read only.
    await screen.findByRole('combobox', { name: /Requesting Official/ }, { timeout: 10_000 });
    const reviewer = await screen.findByRole('textbox', { name: 'Reviewer' });
    expect((reviewer as HTMLInputElement).value).toBe('Riley Chen');
    expect(reviewer.hasAttribute('disabled')).toBe(true);
    await user.type(screen.getByRole('textbox', { name: 'Case Notes' }), ' and second');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = server.calls.find((c) => c.method === 'PUT')!.body as Json;
    expect(put.Notes).toBe('first and second');
    expect(put).not.toHaveProperty('Reviewer_Id');
    expect(put).not.toHaveProperty('DueDate');
    expect(put.CaseSubject).toMatchObject({ LastName: 'Whitfield' });
  });
});
