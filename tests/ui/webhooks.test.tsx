import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Permissions } from '../../shared/permissions.js';
import { WebhookTexts } from '../../shared/texts/webhooks.js';
import { writeState, type OrgState } from '../../dataProvider/session.js';
import type { WebhookDelivery, WebhookEndpoint } from '../../schemas/types.js';
import { fakeServer, signedInAs } from './support/fakeServer.js';
import { renderAt } from './support/renderApp.js';

/**
 * Admin › Webhooks (issue 26 §3) as an administrator of security meets it at /webhooks: the endpoints with their
 * events and org, the add form (the secret write-only, the events as checkboxes), a row opening into its delivery log
 * with Redeliver, and a failed load said as such rather than an empty table.
 */
const T = WebhookTexts;
const WAIT = { timeout: 15_000 };

type Request = { method: string; url: string; body: unknown };
type Answer = { status?: number; body?: unknown } | undefined;

const org = (Id: number, Name: string, Code: string, ParentOrg_Id: number | null): OrgState => ({ Id, Name, Code, ParentOrg_Id, Hidden: false, ContractType_Id: null });
const ORGS = [org(1, 'Dossier Investigations', 'DI', null), org(2, 'Federal Clients', 'FED', 1)];
const ENDPOINTS: WebhookEndpoint[] = [
  { Id: 7, Url: 'https://hooks.example.com/dossier', Description: 'Ticketing', EventTypes: ['case.created', 'item.submitted'], Org_Id: 2, OrgName: 'Federal Clients', Active: true, Pending: 1, Failed: 1, CreatedDate: '2026-11-01T10:00:00.000Z', UpdatedDate: '2026-11-01T10:00:00.000Z' },
];
const DELIVERIES: WebhookDelivery[] = [
  { Id: 31, Endpoint_Id: 7, Event_Id: 90, EventType: 'item.submitted', Case_Id: 5, Status: 'failed', Attempts: 12, NextAttemptAt: null, LastAttemptDate: '2026-11-02T10:00:00.000Z', LastStatusCode: 503, ResponseMs: 87, LastError: 'The receiver answered 503. Maintenance', DeliveredDate: null, CreatedDate: '2026-11-01T10:00:00.000Z' },
  { Id: 30, Endpoint_Id: 7, Event_Id: 89, EventType: 'case.created', Case_Id: 5, Status: 'delivered', Attempts: 1, NextAttemptAt: null, LastAttemptDate: '2026-11-01T09:00:00.000Z', LastStatusCode: 204, ResponseMs: 42, LastError: null, DeliveredDate: '2026-11-01T09:00:00.000Z', CreatedDate: '2026-11-01T09:00:00.000Z' },
];

function setup(override?: (request: Request) => Answer) {
  const server = fakeServer((request) => {
    const answer = override?.(request);
    if (answer) return answer;
    const { method, url } = request;
    if (method === 'GET' && url === '/api/orgs?includeHidden=true') return { body: ORGS };
    if (method === 'GET' && url === '/api/webhooks') return { body: ENDPOINTS };
    if (method === 'GET' && url === '/api/webhooks/7/deliveries') return { body: DELIVERIES };
    if (method === 'POST' && url === '/api/webhooks') return { body: { ...ENDPOINTS[0], ...(request.body as object), Id: 8, OrgName: null, Pending: 0, Failed: 0 } };
    if (method === 'POST' && url === '/api/webhooks/7/deliveries/31/redeliver') return { body: { ...DELIVERIES[0], Status: 'pending' } };
    if (method === 'GET' && url.startsWith('/api/') && !url.startsWith('/api/live')) return { body: [] };
    return undefined;
  });
  signedInAs([Permissions.Admin.ADMIN_SECURITY]);
  writeState((s) => ({ ...s, orgs: { list: [], loadedAt: 0 } }));
  renderAt('/webhooks');
  return server;
}

const table = () => screen.findByRole('table', { name: T.title }, WAIT);

describe('the webhooks screen', () => {
  it('lists the webhooks with their events, org and active flag, never a secret', async () => {
    setup();
    const hooks = await table();
    const row = (await within(hooks).findByText('https://hooks.example.com/dossier', {}, WAIT)).closest('tr')!;
    expect(within(row).getByText('Case created, Item submitted')).toBeInTheDocument();
    expect(within(row).getByText('Federal Clients')).toBeInTheDocument();
  });

  it('adds a webhook: URL, a write-only secret and the events chosen as checkboxes', async () => {
    const user = userEvent.setup();
    const { calls } = setup();
    await table();
    await user.click(await screen.findByRole('button', { name: T.add }, WAIT));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    await user.type(within(dialog).getByRole('textbox', { name: /URL/ }), 'https://hooks.example.com/new');
    const secret = within(dialog).getByLabelText(/Secret/);
    expect(secret).toHaveAttribute('type', 'password');
    await user.type(secret, 'a-webhook-secret-of-32-characters');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Case created' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Invoice created' }));
    await user.click(within(dialog).getByRole('button', { name: T.createSubmit }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/webhooks')).toBe(true), WAIT);
    const sent = calls.find((c) => c.method === 'POST' && c.url === '/api/webhooks')!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ Url: 'https://hooks.example.com/new', Secret: 'a-webhook-secret-of-32-characters', EventTypes: ['case.created', 'invoice.created'] });
    expect(await screen.findByText(T.created, {}, WAIT)).toBeInTheDocument();
  });

  it('opens a webhook into its delivery log, and redelivers a failed delivery', async () => {
    const user = userEvent.setup();
    const { calls } = setup();
    const hooks = await table();
    await user.click(await within(hooks).findByText('https://hooks.example.com/dossier', {}, WAIT));
    const log = await screen.findByRole('table', { name: T.log.title }, WAIT);
    const failed = (await within(log).findByText('The receiver answered 503. Maintenance', {}, WAIT)).closest('tr')!;
    for (const text of ['Item submitted', 'Failed', '12', '503', '87 ms']) expect(within(failed).getByText(text)).toBeInTheDocument();
    const delivered = within(log).getByText('Case created').closest('tr')!;
    expect(within(delivered).getByText('Delivered')).toBeInTheDocument();
    await user.click(within(failed).getByRole('button', { name: /Redeliver/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/webhooks/7/deliveries/31/redeliver')).toBe(true), WAIT);
    expect(await screen.findByText(T.log.redelivered, {}, WAIT)).toBeInTheDocument();
  });

  it('says when the webhooks could not be read, not that there are none', async () => {
    setup((request) => (request.url === '/api/webhooks' ? { status: 500, body: { Message: 'Boom' } } : undefined));
    expect(await screen.findByText(T.loadFailed, {}, WAIT)).toBeInTheDocument();
    expect(screen.queryByText(T.empty)).not.toBeInTheDocument();
  });
});
