import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Permissions } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import { BASE, ITEMS, MANAGER, REGIONS, loadItemSlots } from './support/caseItemsList.js';
import { fakeServer, signedInAs } from './support/fakeServer.js';
import { renderAt } from './support/renderApp.js';

const P = Permissions;
type Json = Record<string, unknown>;

afterEach(() => vi.restoreAllMocks());

beforeAll(async () => {
  await loadItemSlots();
});

describe('the items on the case page and in the cases list', () => {
  const theCase = (overrides: Json = {}): Json => ({
    Id: 7,
    CaseNumber: 'DOS-2025-000007',
    Client_Id: 3,
    RequestingOfficial_Id: 5,
    CaseStatusType: 'NORMAL',
    WorkflowState: 'IN_PROCESS',
    ReceivedDate: '2025-03-03',
    ScheduledDate: '2025-03-10',
    DueDate: null,
    CompletionDate: null,
    CaseType_Id: 21,
    LockedTo_Id: null,
    CaseType: { Id: 21, Short: 'T1', Description: 'Tier 1 Background' },
    Org: { Id: 3, Name: 'Department of Commerce', Code: 'DOC' },
    Subject: { Id: 9, FirstName: 'Jordan', MiddleName: null, LastName: 'Whitfield', SSN: '*****4821' },
    Steps: [],
    LockedReason: null,
    ...overrides,
  });
  /** A case on hold, as the server answers it to a user who may not edit inactive cases: locked, with the reason. */
  const ON_HOLD = { WorkflowState: 'HOLD', CaseStatusType: 'HOLD', LockedReason: Texts.cases.server.inactive };

  /** The app at `path` against a server holding the case and its items. */
  function app(path: string, record: Json, roles: string[]) {
    const server = fakeServer(({ method, url }) => {
      if (method === 'GET' && url === '/api/cases/7?ssn=masked') return { body: record };
      if (method === 'GET' && url === '/api/workflows/cases/7') return { body: { ...record, LockedToName: null } };
      if (method === 'POST' && url === '/api/cases/search') {
        const listed = { Id: 7, CaseNumber: 'DOS-2025-000007', CaseName: 'Whitfield', Code: 'DOC', WorkflowState: record.WorkflowState, CaseStatusType: record.CaseStatusType, LockedReason: record.LockedReason };
        return { body: { cases: [listed], pageCount: 1, total: 1, totalIsExact: true, Columns: { hidden: [], labels: {} } } };
      }
      if (method === 'GET' && url === BASE) return { body: ITEMS };
      if (method === 'GET' && url.startsWith('/api/') && !url.startsWith('/api/live')) return { body: [] };
      return undefined;
    });
    signedInAs(roles, {}, [], [REGIONS]);
    renderAt(path);
    return server;
  }
  const CASES = [P.Cases.VIEW_CASES, P.Cases.EDIT_CASES];

  beforeAll(async () => {
    await Promise.all([import('../../src/cases/CasePage.js'), import('../../src/cases/CaseFilters.js'), import('../../src/cases/CaseBulkActions.js')]);
  });

  it('lists the items under the case, with their actions while the case is open', async () => {
    app('/cases/7', theCase(), [...CASES, ...MANAGER]);
    const items = await screen.findByRole('table', { name: 'Items of case DOS-2025-000007' }, { timeout: 15_000 });
    await within(items).findByText('Subject home');
    expect(await screen.findByRole('button', { name: 'Add Item' })).toBeInTheDocument();
    expect(within(within(items).getByText('Subject home').closest('tr')!).getByRole('checkbox')).toBeInTheDocument();
  });

  it('only shows the items of a case on hold to a user who may not edit inactive cases', async () => {
    app('/cases/7', theCase(ON_HOLD), [...CASES, ...MANAGER]);
    const items = await screen.findByRole('table', { name: 'Items of case DOS-2025-000007' }, { timeout: 15_000 });
    const row = (await within(items).findByText('Subject home')).closest('tr')!;
    await screen.findByRole('note');
    expect(within(row).queryByRole('checkbox')).toBeNull();
    expect(within(row).queryByRole('button', { name: /Delete|Move/ })).toBeNull();
    expect(within(row).getByRole('button', { name: 'View Item 001' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Item' })).toBeNull();
  });

  it('expands a row of the cases list into the case\'s items', async () => {
    const user = userEvent.setup();
    app('/cases', theCase(), [...CASES, ...MANAGER]);
    const cases = await screen.findByRole('table', { name: 'Cases' }, { timeout: 15_000 });
    await within(cases).findByText('DOS-2025-000007');
    // react-admin's expand button is hidden from assistive technology (the row itself opens the case).
    const expand = await waitFor(() => within(within(cases).getByText('DOS-2025-000007').closest('tr')!).getByLabelText('Expand'));
    await user.click(expand);
    const items = await screen.findByRole('table', { name: 'Items of case DOS-2025-000007' });
    expect(await within(items).findByText('Vance, Ian')).toBeInTheDocument();
  });

  it('expands a row of a case on hold into its items read only for a user who may not edit inactive cases', async () => {
    const user = userEvent.setup();
    const expandCase = async () => {
      const cases = await screen.findByRole('table', { name: 'Cases' }, { timeout: 15_000 });
      await within(cases).findByText('DOS-2025-000007');
      await user.click(await waitFor(() => within(within(cases).getByText('DOS-2025-000007').closest('tr')!).getByLabelText('Expand')));
      const items = await screen.findByRole('table', { name: 'Items of case DOS-2025-000007' });
      return (await within(items).findByText('Subject home')).closest('tr')!;
    };
    app('/cases', theCase(ON_HOLD), [...CASES, ...MANAGER]);
    const row = await expandCase();
    // The server refuses item changes on an inactive case without Edit Inactive Cases: the row offers none.
    await waitFor(() => expect(within(row).getByRole('button', { name: 'View Item 001' })).toBeInTheDocument());
    expect(within(row).queryByRole('checkbox')).toBeNull();
    expect(within(row).queryByRole('button', { name: /Delete|Move/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Item' })).toBeNull();
  });

  it('expands a row of a case on hold into its items to change for a user who may edit inactive cases', async () => {
    const user = userEvent.setup();
    app('/cases', theCase({ WorkflowState: 'HOLD', CaseStatusType: 'HOLD' }), [...CASES, ...MANAGER, P.Cases.EDIT_INACTIVE_CASES]);
    const cases = await screen.findByRole('table', { name: 'Cases' }, { timeout: 15_000 });
    await within(cases).findByText('DOS-2025-000007');
    await user.click(await waitFor(() => within(within(cases).getByText('DOS-2025-000007').closest('tr')!).getByLabelText('Expand')));
    const items = await screen.findByRole('table', { name: 'Items of case DOS-2025-000007' });
    await within(items).findByText('Subject home');
    expect(await screen.findByRole('button', { name: 'Add Item' })).toBeInTheDocument();
  });
});
