import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Permissions } from '../../shared/permissions.js';
import { PageSizes, Timing } from '../../shared/constants.js';
import { ReportTexts } from '../../shared/texts/reports.js';
import { Texts } from '../../shared/texts/index.js';
import reports from '../../resources/reports.js';
import { ResourceScreen } from '../../src/resources/ResourceScreen.js';
import { fakeServer, signedInAs } from './support/fakeServer.js';
import { renderWithAdmin } from './support/renderWithAdmin.js';

/**
 * The reports page (spec 002 §2.9, §5, §7): folders of reports, the parameter form generated from the parameter types,
 * the format and its Download Report, View with the results table (15 a page, filterable) and nested Details rows (10 a
 * page), the empty text, the ModelState under a parameter, and the 30-second hint.
 */
const T = ReportTexts;
const CATALOGUE = [
  { Id: 'Cases/Open cases by org', Group: 'Cases', Name: 'Open cases by org', Description: 'Cases still being worked, per org.' },
  { Id: 'Cases/Cases past their critical date', Group: 'Cases', Name: 'Cases past their critical date', Description: 'Overdue cases.' },
  { Id: 'Billing/Invoices by date', Group: 'Billing', Name: 'Invoices by date', Description: 'Invoices in a range.' },
];
const PARAMETERS = {
  Group: 'Cases',
  Name: 'Open cases by org',
  Parameters: [
    { Name: 'Org', Prompt: 'Org', Type: 'Integer', Nullable: true, ValidValues: [{ Value: 7, Label: 'Department of Commerce' }, { Value: 8, Label: 'DOC Atlanta Field Office' }], DefaultValues: [] },
    { Name: 'ReceivedFrom', Prompt: 'Received From', Type: 'DateTime', Nullable: true, ValidValues: null, DefaultValues: ['03/01/2026'] },
    { Name: 'Code', Prompt: 'Code', Type: 'String', Nullable: false, ValidValues: null, DefaultValues: [] },
    { Name: 'IncludeOnHold', Prompt: 'Include cases on hold', Type: 'Boolean', Nullable: false, ValidValues: null, DefaultValues: [true] },
  ],
};

/** The preview of 20 orgs; the first has 12 cases under it. */
function previewXml(): string {
  const details = Array.from({ length: 12 }, (_, i) => `<Row><CaseNumber>DOS-2026-${String(i + 1).padStart(6, '0')}</CaseNumber><ReceivedDate>2026-03-${String(i + 1).padStart(2, '0')}</ReceivedDate></Row>`).join('');
  const rows = Array.from({ length: 20 }, (_, i) => {
    const name = i === 0 ? 'Acme Logistics' : `Org ${String(i + 1).padStart(2, '0')}`;
    return `<Row><Org>${name}</Org><OpenCases>${i + 1}</OpenCases><Revenue>${1234.5 * (i + 1)}</Revenue><Details>${i === 0 ? details : ''}</Details></Row>`;
  }).join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?><Report Group="Cases" Name="Open cases by org"><Parameters/>' +
    '<Columns><Column Name="Org" Label="Org" Type="text"/><Column Name="OpenCases" Label="Open Cases" Type="integer"/><Column Name="Revenue" Label="Revenue" Type="money"/></Columns>' +
    '<DetailColumns><Column Name="CaseNumber" Label="Case Number" Type="text"/><Column Name="ReceivedDate" Label="Received" Type="date"/></DetailColumns>' +
    `<Rows>${rows}</Rows></Report>`
  );
}

type Answer = { status?: number; body?: unknown };

/** The fake server, plus raw answers (xml, csv, pdf) for the file calls, which fakeServer would send as JSON. */
function setup({ generate, hang = false }: { generate?: (body: Record<string, unknown>) => Answer; hang?: boolean } = {}) {
  const server = fakeServer(({ method, url, body }) => {
    if (method === 'GET' && url === '/api/reports') return { body: CATALOGUE };
    if (method === 'GET' && url === '/api/reports/Cases/Open%20cases%20by%20org/parameters') return { body: PARAMETERS };
    if (method === 'GET' && url.endsWith('/parameters')) return { body: { ...PARAMETERS, Parameters: [] } };
    if (method === 'POST' && url === '/api/reports/Cases/Open%20cases%20by%20org') return generate?.(body as Record<string, unknown>) ?? { body: { Id: 'instance-0001' } };
    return undefined;
  });
  const json = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === '/api/reports/instance/instance-0001/xml') {
      server.calls.push({ method: 'GET', url, body: undefined });
      if (hang) return new Promise<Response>(() => undefined);
      return new Response(previewXml(), { status: 200, headers: { 'content-type': 'application/xml' } });
    }
    const sent = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    if (init?.method === 'POST' && url.startsWith('/api/reports/') && sent.Instance === false) {
      server.calls.push({ method: 'POST', url, body: sent });
      return new Response('Org\r\nAcme\r\n', { status: 200, headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="Open cases by org.csv"' } });
    }
    return json(input, init);
  });
  signedInAs([Permissions.ReportData.VIEW_REPORT]);
  renderWithAdmin(<ResourceScreen declaration={reports} />, { path: '/reports' });
  return server;
}

async function openReport() {
  const folders = await screen.findByRole('navigation', { name: 'Report folders' });
  await userEvent.click(await within(folders).findByText('Open cases by org'));
  return screen.findByRole('region', { name: 'Open cases by org' });
}

/** The rows of a table's own body that show a record (not its header, nor rows of a table nested in it). */
const dataRows = (table: HTMLElement) => Array.from(table.querySelectorAll(':scope > tbody > tr')).filter((row) => row.querySelectorAll(':scope > td').length > 1);

afterEach(() => {
  vi.useRealTimers();
});

describe('the reports page', () => {
  it('lists the reports in their folders and generates the form from the parameter types', async () => {
    setup();
    const folders = await screen.findByRole('navigation', { name: 'Report folders' });
    expect(await within(folders).findByRole('list', { name: 'Cases' })).toHaveTextContent('Open cases by orgCases past their critical date');
    expect(within(folders).getByRole('list', { name: 'Billing' })).toHaveTextContent('Invoices by date');
    expect(screen.getByText(T.empty)).toBeInTheDocument();

    const panel = await openReport();
    expect(await within(panel).findByRole('combobox', { name: 'Org' })).toBeInTheDocument();
    expect(within(panel).getByLabelText('Received From')).toHaveValue('2026-03-01');
    expect(within(panel).getByRole('textbox', { name: /Code/ })).toBeRequired();
    expect(within(panel).getByRole('checkbox', { name: 'Include cases on hold' })).toBeChecked();
    // Download waits for a format; View does not.
    expect(within(panel).getByRole('button', { name: T.download })).toBeDisabled();
    expect(within(panel).getByRole('button', { name: T.view })).toBeEnabled();
    expect(screen.getByText(T.empty)).toBeInTheDocument();
  });

  it('checks required parameters, sends name/value pairs (null, MM/DD/YYYY, numbers) and shows a ModelState under its parameter', async () => {
    const server = setup({ generate: (body) => (body.Instance && (body.Parameters as { Name: string; Value: unknown }[]).find((p) => p.Name === 'Code')?.Value === 'BAD' ? { status: 400, body: { Message: 'The request is invalid.', ModelState: { Code: ['Code must be one of the offered values.'] } } } : { body: { Id: 'instance-0001' } }) });
    const panel = await openReport();
    await userEvent.click(await within(panel).findByRole('button', { name: T.view }));
    expect(await within(panel).findByText('Code is required.')).toBeInTheDocument();
    expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.type(within(panel).getByRole('textbox', { name: /Code/ }), 'BAD');
    await userEvent.click(within(panel).getByRole('combobox', { name: 'Org' }));
    await userEvent.click(await screen.findByRole('option', { name: 'DOC Atlanta Field Office' }));
    await userEvent.click(within(panel).getByRole('button', { name: T.view }));
    expect(await within(panel).findByText('Code must be one of the offered values.')).toBeInTheDocument();
    const [post] = server.calls.filter((c) => c.method === 'POST');
    expect(post.body).toEqual({
      Group: 'Cases',
      Name: 'Open cases by org',
      Format: 'xml',
      Instance: true,
      Parameters: [
        { Name: 'Org', Value: 8 },
        { Name: 'ReceivedFrom', Value: '03/01/2026' },
        { Name: 'Code', Value: 'BAD' },
        { Name: 'IncludeOnHold', Value: true },
      ],
    });
    await userEvent.clear(within(panel).getByLabelText('Received From'));
    await userEvent.clear(within(panel).getByRole('textbox', { name: /Code/ }));
    await userEvent.type(within(panel).getByRole('textbox', { name: /Code/ }), 'OK');
    await userEvent.click(within(panel).getByRole('button', { name: T.view }));
    await screen.findByRole('table', { name: 'Report results' });
    const last = server.calls.filter((c) => c.method === 'POST').at(-1)!;
    expect((last.body as { Parameters: unknown[] }).Parameters[1]).toEqual({ Name: 'ReceivedFrom', Value: null });
  });

  it('views the report: 15 rows a page, a filter, and rows that expand into their Details rows 10 a page', async () => {
    const server = setup();
    const panel = await openReport();
    await userEvent.type(await within(panel).findByRole('textbox', { name: /Code/ }), 'X');
    await userEvent.click(within(panel).getByRole('button', { name: T.view }));
    const table = await screen.findByRole('table', { name: 'Report results' });
    expect(server.calls.some((c) => c.url === '/api/reports/instance/instance-0001/xml')).toBe(true);
    expect(dataRows(table)).toHaveLength(PageSizes.REPORT_RESULTS);
    expect(within(table).getByText('$1,234.50')).toBeInTheDocument();
    expect(screen.getByText(`1–${PageSizes.REPORT_RESULTS} of 20`)).toBeInTheDocument();
    expect(screen.queryByText(T.empty)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /next page/i }));
    expect(await screen.findByText(`${PageSizes.REPORT_RESULTS + 1}–20 of 20`)).toBeInTheDocument();
    expect(dataRows(table)).toHaveLength(20 - PageSizes.REPORT_RESULTS);
    await userEvent.click(screen.getByRole('button', { name: /previous page/i }));

    // A row with Details rows expands when clicked.
    await userEvent.click(within(table).getByText('Acme Logistics'));
    const details = await screen.findByRole('table', { name: 'Details' });
    expect(dataRows(details)).toHaveLength(PageSizes.REPORT_NESTED);
    expect(within(details).getByText('DOS-2026-000001')).toBeInTheDocument();
    expect(within(details).getByText('03/01/2026')).toBeInTheDocument();
    expect(screen.getByText(`1–${PageSizes.REPORT_NESTED} of 12`)).toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: 'Filter' }), 'Org 1');
    await waitFor(() => expect(within(table).queryByText('Acme Logistics')).not.toBeInTheDocument());
    // Org 10 to Org 19.
    expect(dataRows(table)).toHaveLength(10);
  });

  it('downloads in the chosen format through Download Report', async () => {
    const createObjectURL = vi.fn(() => 'blob:report');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const server = setup();
    const panel = await openReport();
    await userEvent.type(await within(panel).findByRole('textbox', { name: /Code/ }), 'X');
    await userEvent.click(within(panel).getByRole('combobox', { name: T.format }));
    expect(screen.getByRole('option', { name: 'Excel/CSV' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('option', { name: 'PDF' }));
    await userEvent.click(within(panel).getByRole('combobox', { name: T.format }));
    await userEvent.click(screen.getByRole('option', { name: 'Excel/CSV' }));
    await userEvent.click(within(panel).getByRole('button', { name: T.download }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const post = server.calls.find((c) => c.method === 'POST')!;
    expect(post.body).toMatchObject({ Format: 'csv', Instance: false });
  });

  it('says after 30 seconds of waiting that parameters narrow the report', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setup({ hang: true });
    const panel = await openReport();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    await user.type(await within(panel).findByRole('textbox', { name: /Code/ }), 'X');
    await user.click(within(panel).getByRole('button', { name: T.view }));
    expect(screen.queryByText(T.slowHint)).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(Timing.REPORT_SLOW_HINT_MS - 1000));
    expect(screen.queryByText(T.slowHint)).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1000));
    expect(await screen.findByText(T.slowHint)).toBeInTheDocument();
  });

  it("says when the catalogue or a report's parameters could not be read, with Try again that asks again", async () => {
    let failCatalogue = true;
    let failParameters = true;
    const server = fakeServer(({ method, url }) => {
      if (method === 'GET' && url === '/api/reports') return failCatalogue ? { status: 500, body: { Message: 'The report server is down.' } } : { body: CATALOGUE };
      if (method === 'GET' && url.endsWith('/parameters')) return failParameters ? { status: 500, body: {} } : { body: PARAMETERS };
      return undefined;
    });
    signedInAs([Permissions.ReportData.VIEW_REPORT]);
    renderWithAdmin(<ResourceScreen declaration={reports} />, { path: '/reports' });
    const folders = await screen.findByRole('navigation', { name: 'Report folders' });
    const failed = (await within(folders).findByText(T.errors.list, { selector: '.MuiAlertTitle-root' })).closest('[role="alert"]') as HTMLElement;
    expect(failed).toHaveTextContent('The report server is down.');
    failCatalogue = false;
    await userEvent.click(within(failed).getByRole('button', { name: 'Try again' }));
    await userEvent.click(await within(folders).findByText('Open cases by org'));

    const panel = await screen.findByRole('region', { name: 'Open cases by org' });
    const notRead = (await within(panel).findByText(T.errors.one, { selector: '.MuiAlertTitle-root' })).closest('[role="alert"]') as HTMLElement;
    expect(notRead).toHaveTextContent(Texts.global.noResponse);
    const asked = () => server.calls.filter((c) => c.url.endsWith('/parameters')).length;
    const before = asked();
    failParameters = false;
    await userEvent.click(within(notRead).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByRole('combobox', { name: 'Org' })).toBeInTheDocument();
    expect(asked()).toBe(before + 1);
  });
});
