import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Permissions } from '../../shared/permissions.js';
import { fakeServer, signedInAs } from './support/fakeServer.js';
import { renderAt, where } from './support/renderApp.js';

/**
 * The pencil of a row of the cases list (docs/decisions.md, "The cases list's pencil"): it opens the case's page, where
 * the case form reads the case and saves it with its subject — never a modal of blank fields that cannot save.
 */

const P = Permissions.Cases;
type Json = Record<string, unknown>;

const row = (Id: number): Json => ({
  Id,
  CaseNumber: `DOS-2026-${String(Id).padStart(6, '0')}`,
  CaseName: 'Whitfield, Jordan',
  Code: 'DOC',
  ReceivedDate: '2026-11-02',
  ScheduledDate: null,
  DueDate: null,
  CompletionDate: null,
  Reviewer: null,
  CaseType: 'T1',
  WorkflowState: 'AWAITING_DATA_ENTRY',
});

function casesList(roles: string[]) {
  const server = fakeServer(({ method, url }) => {
    if (method === 'POST' && url === '/api/cases/search') return { body: { cases: [row(113)], pageCount: 1, total: 1, totalIsExact: true, page: 0, Columns: { hidden: [], labels: { DueDate: 'CD' } } } };
    if (method === 'GET' && url.startsWith('/api/') && !url.startsWith('/api/live')) return { body: [] };
    return undefined;
  });
  signedInAs(roles);
  renderAt('/cases');
  return server;
}

const table = () => screen.findByRole('table', { name: 'Cases' }, { timeout: 15_000 });

afterEach(() => vi.restoreAllMocks());

describe("the cases list's pencil", () => {
  it('opens the case page of its row, not a form of its own', async () => {
    const { calls } = casesList([P.VIEW_CASES, P.CREATE_CASE, P.EDIT_CASES, P.DELETE_CASES, P.ASSIGN_REVIEWER]);
    const cases = await table();
    const pencil = await within(cases).findByRole('link', { name: 'Edit DOS-2026-000113' });
    expect(pencil).toHaveAttribute('href', '/cases/113');
    await userEvent.click(pencil);
    await waitFor(() => expect(where()).toHaveTextContent('/cases/113'));
    // The case page reads the case; no modal of blank fields opened on the list.
    await waitFor(() => expect(calls.some((c) => c.method === 'GET' && c.url.startsWith('/api/cases/113'))).toBe(true));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is not offered to a user who may not edit cases; the row still opens the case', async () => {
    casesList([P.VIEW_CASES]);
    const cases = await table();
    await within(cases).findByText('DOS-2026-000113');
    expect(within(cases).queryByRole('link', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(within(cases).queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
    await userEvent.click(within(cases).getByText('DOS-2026-000113'));
    await waitFor(() => expect(where()).toHaveTextContent('/cases/113'));
  });
});
