import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Permissions } from '../../shared/permissions.js';
import { ItemTexts } from '../../shared/texts/items.js';
import { itemProgressStep } from '../../src/items/page/ItemProgress.js';
import { fakeServer, signedInAs } from './support/fakeServer.js';
import { renderAt } from './support/renderApp.js';

/** The item page (spec 001 §2 "Item page", §4, §5): its header, progress, panels by permission, and the workflow buttons. */
const T = ItemTexts;
const P = Permissions;
type Json = Record<string, unknown>;
type Request = { method: string; url: string; body: unknown };

const REASONS = {
  TableName: 'RejectionReasonType',
  FormattedTableName: 'Rejection Reason Type',
  IsDynamic: false,
  Types: [
    { Id: 301, Short: 'INCOMPLETE', Description: 'Required information is missing', Hidden: false },
    { Id: 302, Short: 'SOURCE', Description: 'Source could not be verified', Hidden: false },
  ],
};

const field = (name: string, value?: string) => ({ '@id': name, '@type': 'text', '@name': name, '@label': name, '@required': true, ...(value ? { '#text': value } : {}) });
const definition = (value?: string) => JSON.stringify({ fields: { field: [field('Agency', value)] } });

// The app's query cache outlives a test, so each test reads an item of its own.
let nextId = 100;
const theItem = (overrides: Json = {}): Json => ({
  Id: ++nextId,
  Case_Id: 7,
  DisplayId: 2,
  ItemType_Id: 5,
  ItemType: { Id: 5, Description: 'Local Law Enforcement Agency Check', Assets: [{ Id: 9, Name: 'Release form.pdf' }] },
  ACD: '2026-12-05',
  Label: 'County records',
  Address1: '100 Main St',
  Address2: null,
  City: 'Columbia',
  RegionType_Id: 4,
  PostalCode: '29201',
  Location: { Label: 'County records', City: 'Columbia', Region: { Id: 4, Short: 'SC' } },
  ShowInReport: true,
  ItemStatus: 'ASSIGNED',
  AssignedTo_Id: 61,
  AssignedTo: { Id: 61, FirstName: 'Ian', LastName: 'Vance' },
  CompletedDate: null,
  RejectionReason: null,
  HasAttachments: false,
  Case: { Id: 7, CaseNumber: 'DOS-2026-000007', WorkflowState: 'IN_PROCESS', Client_Id: 3, Subject: { LastName: 'Whitfield' }, Org: { Code: 'DOC' }, CaseType: { Short: 'T1' }, Reviewer: { Id: 70, Name: 'Riley Chen' } },
  Sections: [{ Id: 501, Section_Id: 40, Section: { Id: 40, SectionName: 'Law Enforcement Record Check' }, Definition: definition('Metro PD'), DisplayOrder: 1 }],
  AvailableSections: [{ Id: 40, SectionName: 'Law Enforcement Record Check', Required: true, Enabled: true }],
  LockedReason: null,
  ...overrides,
});

function setup(roles: string[], item: Json = theItem()) {
  const base = `/api/cases/7/items/${String(item.Id)}`;
  const server = fakeServer((request: Request) => {
    const { method, url } = request;
    if (method === 'GET' && url === base) return { body: item };
    if (method === 'PUT' && [`${base}/submit`, `${base}/accept`, `${base}/reject`].includes(url)) return { body: { ...item, ItemStatus: url.endsWith('reject') ? 'REJECTED' : url.endsWith('accept') ? 'ACCEPTED' : 'IN_REVIEW' } };
    if (method === 'GET' && url.startsWith('/api/') && !url.startsWith('/api/live')) return { body: [] };
    return undefined;
  });
  signedInAs(roles, {}, [], [REASONS]);
  renderAt(`/cases/7/items/${String(item.Id)}`);
  return server;
}

const INVESTIGATOR = [P.Items.VIEW_ITEMS, P.CaseItems.EDIT_CASE_ITEMS, P.CaseItems.UPDATE_CASE_ITEM_STATUS, P.ItemExpenses.MANAGE, P.ItemAttachments.VIEW];
const REVIEWER = [P.Items.VIEW_ITEMS, P.CaseItems.REVIEW_CASE_ITEMS, P.CaseMessages.VIEW_MESSAGES];
const heading = () => screen.findByRole('heading', { name: 'Item', level: 1 }, { timeout: 15_000 });
const calls = (server: { calls: Request[] }, suffix: string) => server.calls.filter((c) => c.method === 'PUT' && c.url.endsWith(suffix));

afterEach(() => vi.restoreAllMocks());
beforeAll(async () => {
  await import('../../src/items/page/ItemPage.js');
});

describe('the item page', () => {
  it('places each status on the four steps (in progress and rejected share one)', () => {
    expect(['AWAITING_ASSIGNMENT', 'ASSIGNED', 'REJECTED', 'IN_REVIEW', 'ACCEPTED'].map((s) => itemProgressStep(s as never))).toEqual([0, 1, 1, 2, 3]);
  });

  it('shows the item with its case line, summary, downloads and sections, and the panels the user may see', async () => {
    setup(INVESTIGATOR);
    await heading();
    expect(screen.getByText('Case #DOS-2026-000007 - Item #002')).toBeTruthy();
    const summary = screen.getByRole('region', { name: 'Item' });
    for (const text of ['Local Law Enforcement Agency Check', 'Vance, Ian', 'Riley Chen', 'County records', '12/05/2026', 'Whitfield']) expect(within(summary).getByText(text)).toBeTruthy();
    // An assigned item reads In Progress on its page (spec 001 §4), as its progress step does.
    expect(within(summary).getByText('In Progress')).toBeTruthy();
    expect(within(summary).queryByText('Assigned')).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Downloads' })).getByText('Release form.pdf')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Sections' })).getByText('Law Enforcement Record Check')).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Expenses' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Attachments' })).toBeTruthy();
    // Without the messages permission the case's messages are not shown; accept and reject are reviewers'.
    expect(screen.queryByRole('region', { name: 'Messages' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(await screen.findByRole('button', { name: 'Submit for Review' })).toBeTruthy();
  });

  it('lists the missing required sections instead of submitting', async () => {
    const user = userEvent.setup();
    const server = setup(INVESTIGATOR, theItem({ Sections: [] }));
    await heading();
    await user.click(await screen.findByRole('button', { name: 'Submit for Review' }));
    expect(await screen.findByText(T.submit.missingSections)).toBeTruthy();
    expect(screen.getByText(T.submit.missingSectionsList)).toBeTruthy();
    expect(calls(server, '/submit')).toHaveLength(0);
  });

  it('refuses to submit a section with an empty required field', async () => {
    const user = userEvent.setup();
    const server = setup(INVESTIGATOR, theItem({ Sections: [{ Id: 501, Section_Id: 40, Section: { Id: 40, SectionName: 'Law Enforcement Record Check' }, Definition: definition(), DisplayOrder: 1 }] }));
    await heading();
    await user.click(await screen.findByRole('button', { name: 'Submit for Review' }));
    expect(await screen.findByText(T.submit.unfinishedSections)).toBeTruthy();
    expect(calls(server, '/submit')).toHaveLength(0);
  });

  it('submits a finished item and says so', async () => {
    const user = userEvent.setup();
    const server = setup(INVESTIGATOR);
    await heading();
    await user.click(await screen.findByRole('button', { name: 'Submit for Review' }));
    expect(await screen.findByText('Item 002 was submitted for review successfully.')).toBeTruthy();
    expect(calls(server, '/submit')).toHaveLength(1);
  });

  it('shows a rejected item\'s reason and offers Resubmit', async () => {
    setup(INVESTIGATOR, theItem({ ItemStatus: 'REJECTED', RejectionReason: 'Source could not be verified' }));
    await heading();
    const banner = screen.getByText('Source could not be verified').closest('[role="status"]') as HTMLElement;
    expect(within(banner).getByText('Rejected')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Resubmit' })).toBeTruthy();
  });

  it('lets a reviewer reject with a reason from the list (required), sending its description', async () => {
    const user = userEvent.setup();
    const server = setup(REVIEWER, theItem({ ItemStatus: 'IN_REVIEW' }));
    await heading();
    expect(screen.queryByRole('button', { name: 'Submit for Review' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Item' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText(T.page.rejectReasonRequired)).toBeTruthy();
    expect(calls(server, '/reject')).toHaveLength(0);
    await user.click(within(dialog).getByRole('combobox', { name: /Rejection Reason/ }));
    await user.click(await screen.findByRole('option', { name: 'Source could not be verified' }));
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Item 002 was rejected successfully.')).toBeTruthy();
    expect(calls(server, '/reject').map((c) => c.body)).toEqual([{ Reason: 'Source could not be verified' }]);
    expect(await screen.findByRole('region', { name: 'Messages' })).toBeTruthy();
  });

  it('says why a locked item cannot be changed', async () => {
    setup(INVESTIGATOR, theItem({ ItemStatus: 'IN_REVIEW', LockedReason: 'The item is in review: it cannot be changed without Edit Items In Review.' }));
    await heading();
    expect(screen.getByRole('note').textContent).toContain('The item is in review');
  });

  it('leads back to the case for users who may view cases, and to item search for an investigator, who may not', async () => {
    setup([...REVIEWER, P.Cases.VIEW_CASES]);
    await heading();
    expect((await screen.findByRole('link', { name: T.page.backToCase })).getAttribute('href')).toBe('/cases/7');
    cleanup();
    setup([...INVESTIGATOR, P.Items.SEARCH_ITEMS]);
    await heading();
    expect((await screen.findByRole('link', { name: T.page.backToItems })).getAttribute('href')).toBe('/items');
    expect(screen.queryByRole('link', { name: T.page.backToCase })).toBeNull();
  });

  it('says the item could not be read, not that it is empty, when the server fails', async () => {
    fakeServer((request: Request) => (request.url === '/api/cases/7/items/999' ? { status: 500, body: { Message: 'boom' } } : request.method === 'GET' ? { body: [] } : undefined));
    signedInAs(INVESTIGATOR);
    renderAt('/cases/7/items/999');
    expect(await screen.findByText(T.page.loadFailed, {}, { timeout: 15_000 })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Item', level: 1 })).toBeNull());
  });

  it('is not found for a user who may not view items', async () => {
    setup([P.Cases.VIEW_CASES]);
    expect(await screen.findByText(/not found/i, {}, { timeout: 15_000 })).toBeTruthy();
  });
});
