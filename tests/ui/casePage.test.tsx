import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Timing } from '../../shared/constants.js';
import { Permissions } from '../../shared/permissions.js';
import { CaseTexts } from '../../shared/texts/cases.js';
import { Texts } from '../../shared/texts/index.js';
import { caseReads, heading, setup } from './support/casePageApp.js';
import { ALL, buttonsOf, currentStep, theCase, workflow } from './support/caseWorkflow.js';
import { where } from './support/renderApp.js';

const P = Permissions.Cases;
const T = CaseTexts;
const L = T.page.lock;

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the case page', () => {
  // The page loads lazily; load its modules first so the timeouts measure the page, not the transform.
  beforeAll(async () => {
    await Promise.all([import('../../src/cases/CasePage.js'), import('../../src/resources/ResourceList.js')]);
  });

  it('shows the case number, subject, org and case type, its step, its buttons and the panels', async () => {
    const record = theCase(101);
    const { calls } = setup(record);
    await heading(record);
    expect(screen.getByText('Whitfield, Jordan · Department of Commerce · Tier 1 Background')).toBeInTheDocument();
    expect(currentStep()).toHaveTextContent('Awaiting Data Entry');
    await waitFor(() => expect(buttonsOf(workflow())).toEqual(['Start Data Entry', 'Hold', 'Discontinue']));
    for (const title of ['Case Details', 'Items', 'Papers', 'Messages', 'Additional Settings']) expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    // Download Report: this user may download incomplete reports (docs/decisions.md "Report of investigation").
    await waitFor(() => expect(within(screen.getByRole('group', { name: 'Downloads' })).getAllByRole('button').map((b) => b.textContent)).toEqual(['Download Report', 'Case XML', 'Case XSLT']));
    expect(screen.queryByRole('note')).not.toBeInTheDocument();

    const reads = caseReads(calls, 101);
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(caseReads(calls, 101)).toBeGreaterThan(reads));

    await userEvent.click(screen.getByRole('link', { name: 'Back' }));
    await waitFor(() => expect(where()).toHaveTextContent(/^\/cases$/));
  });

  it('shows the case template, read only, to a system administrator only', async () => {
    const admin = theCase(131, { CaseTemplate_Id: 31, CaseTemplate: { Id: 31, Label: 'Tier 1 Standard' } });
    setup(admin, [...ALL, Permissions.General.SYSTEM_ADMINISTRATOR]);
    await heading(admin);
    const template = await screen.findByRole('heading', { name: 'Template' });
    expect(template).toBeInTheDocument();
    expect(await screen.findByDisplayValue('Tier 1 Standard')).toBeInTheDocument();
    cleanup();
    const other = theCase(132, { CaseTemplate_Id: 31, CaseTemplate: { Id: 31, Label: 'Tier 1 Standard' } });
    setup(other, ALL);
    await heading(other);
    expect(screen.getByRole('heading', { name: 'Subject' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Template' })).not.toBeInTheDocument();
  });

  it('leaves out the panels, buttons and downloads a user may not use, and says why the form is read only', async () => {
    const record = theCase(102, { WorkflowState: 'IN_PROCESS' });
    setup(record, [P.VIEW_CASES]);
    await heading(record);
    expect(await screen.findByRole('note')).toHaveTextContent(L.noEdit);
    expect(workflow()).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Downloads' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Items' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Papers' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Case Details' })).toBeInTheDocument();
  });

  it('reads the case again when the polled workflow state changed elsewhere', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const record = theCase(111, { WorkflowState: 'IN_PROCESS' });
    const { calls } = setup(record);
    await heading(record);
    const polls = () => calls.filter((c) => c.url === '/api/workflows/cases/111').length;
    // The page's read of the case carries its workflow state: the first poll waits for the interval.
    await screen.findByRole('heading', { name: 'Case Details' });
    expect(polls()).toBe(0);
    const readsBefore = caseReads(calls, 111);
    // Nothing changed: the poll reads nothing more.
    vi.advanceTimersByTime(Timing.CASE_WORKFLOW_POLL_MS);
    await waitFor(() => expect(polls()).toBe(1));
    expect(caseReads(calls, 111)).toBe(readsBefore);
    // A reviewer's last acceptance moved the case on.
    Object.assign(record, { WorkflowState: 'COMPLETE', CompletionDate: '2025-03-21T09:00:00.000Z' });
    vi.advanceTimersByTime(Timing.CASE_WORKFLOW_POLL_MS);
    await waitFor(() => expect(polls()).toBe(2));
    await waitFor(() => expect(caseReads(calls, 111)).toBe(readsBefore + 1));
    await waitFor(() => expect(currentStep()).toHaveTextContent('Complete'));
  });

  it('stops polling and shows the not-found view when the case is gone', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let gone = false;
    const record = theCase(115, { WorkflowState: 'IN_PROCESS' });
    const { calls } = setup(record, ALL, { override: ({ url }) => (gone && /\/115(\?ssn=masked)?$/.test(url) ? { status: 404, body: { Message: T.server.notFound } } : undefined) });
    await heading(record);
    const polls = () => calls.filter((c) => c.url === '/api/workflows/cases/115').length;
    vi.advanceTimersByTime(Timing.CASE_WORKFLOW_POLL_MS);
    await waitFor(() => expect(polls()).toBe(1));
    gone = true;
    vi.advanceTimersByTime(Timing.CASE_WORKFLOW_POLL_MS);
    expect(await screen.findByText(Texts.global.notFound)).toBeInTheDocument();
    vi.advanceTimersByTime(3 * Timing.CASE_WORKFLOW_POLL_MS);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(polls()).toBe(2);
  });

  it('downloads the case XML and XSLT under the case number, and says so when it cannot', async () => {
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:case'), revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const record = theCase(112, { WorkflowState: 'IN_PROCESS' });
    const { calls } = setup(record, ALL, {
      override: ({ url }) => (url === '/api/cases/112/xml' ? { body: '<case/>' } : url === '/api/cases/112/xslt' ? { status: 500, body: { Message: 'Boom' } } : undefined),
    });
    await heading(record);
    await userEvent.click(screen.getByRole('button', { name: 'Case XML' }));
    await waitFor(() => expect(saved).toEqual(['DOS-2025-000112.xml']));
    expect(calls.filter((c) => c.url === '/api/cases/112/xml')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Case XSLT' }));
    expect(await screen.findByText(T.errors.xmlFailed)).toBeInTheDocument();
    expect(saved).toEqual(['DOS-2025-000112.xml']);
  });

  it('shows the not-found view for an unknown case', async () => {
    setup(theCase(113), ALL, { override: ({ url }) => (url === '/api/cases/113?ssn=masked' ? { status: 404, body: { Message: T.server.notFound } } : undefined) });
    expect(await screen.findByText(Texts.global.notFound, undefined, { timeout: 15_000 })).toBeInTheDocument();
  });

  it('shows a failure with a retry when the case cannot be read', async () => {
    let fail = true;
    const record = theCase(114);
    setup(record, ALL, { override: ({ url }) => (url === '/api/cases/114?ssn=masked' && fail ? { status: 500, body: { Message: 'The database is unavailable.' } } : undefined) });
    expect(await screen.findByText(T.page.loadFailed, undefined, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('The database is unavailable.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await heading(record);
  });
});
