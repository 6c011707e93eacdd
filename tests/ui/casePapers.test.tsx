import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataTableClasses } from 'react-admin';
import { Permissions } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import { ResourceListOf } from '../../src/resources/SchemaList.js';
import { trackingLink } from '../../src/cases/papers/carriers.js';
import { fakeServer, signedInAs } from './support/fakeServer.js';
import { renderWithAdmin } from './support/renderWithAdmin.js';

/**
 * A case's Papers (spec 001 §2 "Papers", §5, §7, §8), as the case page shows them: the generic list of the
 * `case-papers` declaration under the case, with its slots — the name that downloads, the tracking link, the drop
 * zone and Add Tracking Info — over the real data provider and a fake HTTP layer.
 */

const P = Permissions.CaseAttachments;
const T = Texts.cases;
const CASE = { Id: 42, id: 42, CaseNumber: 'C-000042' };
const ALL = [P.VIEW_ATTACHMENTS, P.CREATE_ATTACHMENTS, P.DELETE_ATTACHMENTS];

// Local times, so the dates read the same in every time zone.
const at = (day: number) => new Date(2026, 2, day, 10, 30).toISOString();
const paper = (Id: number, Name: string, day: number, FedExTracking: string | null = null, HasFile = true) => ({ Id, Case_Id: 42, Name, FedExTracking, HasFile, CreatedDate: at(day) });

const PAPERS = [
  paper(7, 'authorization.pdf', 9),
  paper(6, 'FedEx overnight', 8, '123456789012', false),
  paper(5, 'UPS ground', 7, '1Z999AA10123456784', false),
  paper(4, 'USPS priority', 6, '9400 1000 0000 0000 0000 00', false),
  paper(3, 'Hand delivered', 5, 'by courier', false),
  paper(2, 'release.pdf', 4),
  paper(1, 'fingerprints.zip', 3),
];

type Handler = Parameters<typeof fakeServer>[0];

function papersScreen(roles: string[], override?: Handler) {
  let papers = [...PAPERS];
  const server = fakeServer((request) => {
    const answer = override?.(request);
    if (answer) return answer;
    const { method, url, body } = request;
    if (method === 'GET' && url === '/api/cases/42/attachments') return { body: papers };
    if (method === 'POST' && url === '/api/cases/42/attachments') {
      const files = (body as FormData).getAll('file') as File[];
      papers = [...files.map((f, i) => paper(100 + i, f.name, 10)), ...papers];
      return { body: papers };
    }
    if (method === 'POST' && url === '/api/cases/42/tracking') {
      const { Name, FedExTracking } = body as { Name: string; FedExTracking: string };
      papers = [paper(200, Name, 11, FedExTracking, false), ...papers];
      return { body: papers };
    }
    if (method === 'GET' && url === '/api/cases/42/attachments/2/file') return { body: { pdf: true } };
    if (method === 'DELETE' && url === '/api/cases/42/attachments/2') {
      papers = papers.filter((p) => p.Id !== 2);
      return { body: PAPERS[5] };
    }
    return undefined;
  });
  signedInAs(roles);
  renderWithAdmin(<ResourceListOf resource="case-papers" parent={CASE} />);
  return server;
}

const table = () => screen.findByRole('table', { name: 'Papers' });
const bodyRows = (t: HTMLElement) =>
  within(t)
    .getAllByRole('row')
    .slice(1)
    .filter((row) => !row.classList.contains(DataTableClasses.expandRow));
const listCalls = (calls: { method: string; url: string }[]) => calls.filter((c) => c.method === 'GET' && c.url === '/api/cases/42/attachments');

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the papers of a case', () => {
  it('shows every paper, newest first, with its created date as MM/DD/YYYY and no pager', async () => {
    papersScreen([P.VIEW_ATTACHMENTS]);
    const list = await table();
    await within(list).findByText('authorization.pdf');
    const rows = bodyRows(list);
    expect(rows).toHaveLength(7);
    expect(rows[0]).toHaveTextContent(/authorization\.pdf.*03\/09\/2026/);
    expect(rows[6]).toHaveTextContent(/fingerprints\.zip.*03\/03\/2026/);
    // Seven papers, more than the spec's 5 a page: all on one page, without a pager.
    expect(screen.queryByRole('button', { name: 'Go to next page' })).not.toBeInTheDocument();
  });

  it("links a tracking number to its carrier's tracking page, and shows an unknown one as text", async () => {
    papersScreen([P.VIEW_ATTACHMENTS]);
    const list = await table();
    const fedex = await within(list).findByRole('link', { name: '123456789012' });
    expect(fedex).toHaveAttribute('href', 'https://www.fedex.com/fedextrack/?trknbr=123456789012');
    expect(fedex).toHaveAttribute('target', '_blank');
    expect(fedex).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(list).getByRole('link', { name: '1Z999AA10123456784' })).toHaveAttribute('href', 'https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(within(list).getByRole('link', { name: '9400 1000 0000 0000 0000 00' })).toHaveAttribute(
      'href',
      'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000',
    );
    expect(within(list).getByText('by courier')).toBeInTheDocument();
    expect(within(list).queryByRole('link', { name: 'by courier' })).not.toBeInTheDocument();
    // A tracking-only entry has no file to download: its name is text.
    expect(within(list).queryByRole('button', { name: 'UPS ground' })).not.toBeInTheDocument();
  });

  it('tells carriers apart by the number format', () => {
    expect(trackingLink('1z 999 aa1 01 2345 6784')?.carrier).toBe('UPS');
    expect(trackingLink('EC123456789US')?.carrier).toBe('USPS');
    expect(trackingLink('420 90210 9205 5000 0000 0000 0000 00')?.carrier).toBe('USPS');
    expect(trackingLink('92055901755477000271990251')).toBeNull();
    expect(trackingLink('123456789012345')?.carrier).toBe('FedEx');
    expect(trackingLink('9612019059990111234567')?.carrier).toBe('FedEx');
    expect(trackingLink('12345')).toBeNull();
    expect(trackingLink('')).toBeNull();
    expect(trackingLink(null)).toBeNull();
  });

  it('downloads a paper under its name', async () => {
    const { calls } = papersScreen([P.VIEW_ATTACHMENTS]);
    const createObjectURL = vi.fn(() => 'blob:paper');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    await userEvent.click(await screen.findByRole('button', { name: 'release.pdf' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0].download).toBe('release.pdf');
    expect(clicked[0].href).toBe('blob:paper');
    expect(calls.some((c) => c.method === 'GET' && c.url === '/api/cases/42/attachments/2/file')).toBe(true);
  });

  it('says when a download fails', async () => {
    papersScreen([P.VIEW_ATTACHMENTS], ({ url }) => (url.endsWith('/file') ? { status: 404, body: { Message: 'No such file.' } } : undefined));
    await userEvent.click(await screen.findByRole('button', { name: 'release.pdf' }));
    expect(await screen.findByText(T.errors.retrieveFailed)).toBeInTheDocument();
  });

  it('uploads several files at once as multipart, says so and loads the papers again', async () => {
    const { calls } = papersScreen(ALL);
    await table();
    const input = await screen.findByLabelText('Upload papers to case C-000042');
    await userEvent.upload(input, [new File(['a'], 'subject.pdf', { type: 'application/pdf' }), new File(['PK'], 'papers.zip', { type: 'application/zip' })]);
    expect(await screen.findByText(T.toasts.filesUploaded)).toBeInTheDocument();
    const sent = calls.find((c) => c.method === 'POST')!.body as FormData;
    expect(sent).toBeInstanceOf(FormData);
    expect(sent.getAll('file').map((f) => (f as File).name)).toEqual(['subject.pdf', 'papers.zip']);
    expect(await within(await table()).findByText('papers.zip')).toBeInTheDocument();
    expect(listCalls(calls).length).toBeGreaterThanOrEqual(2);
  });

  it('shows the server message when an upload is refused', async () => {
    const refusal = T.server.fileTooLarge('huge.pdf', 25);
    papersScreen(ALL, ({ method, url }) => (method === 'POST' && url === '/api/cases/42/attachments' ? { status: 400, body: { Message: refusal } } : undefined));
    await userEvent.upload(await screen.findByLabelText('Upload papers to case C-000042'), [new File(['x'], 'huge.pdf')]);
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.queryByText(T.toasts.filesUploaded)).not.toBeInTheDocument();
  });

  it('accepts files dropped on the zone', async () => {
    const { calls } = papersScreen(ALL);
    const zone = await screen.findByTestId('case-paper-drop-zone');
    const file = new File(['a'], 'dropped.pdf', { type: 'application/pdf' });
    fireEvent.dragOver(zone, { dataTransfer: { files: [file] } });
    fireEvent.drop(zone, { dataTransfer: { files: [file] } });
    expect(await screen.findByText(T.toasts.filesUploaded)).toBeInTheDocument();
    expect(((calls.find((c) => c.method === 'POST')!.body as FormData).get('file') as File).name).toBe('dropped.pdf');
  });

  it('offers no upload, tracking or delete to a user who may only view papers', async () => {
    papersScreen([P.VIEW_ATTACHMENTS]);
    await within(await table()).findByText('release.pdf');
    expect(screen.queryByTestId('case-paper-drop-zone')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Tracking Info' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete / })).not.toBeInTheDocument();
  });

  it('marks a required field by a red asterisk', async () => {
    papersScreen(ALL);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Tracking Info' }));
    const dialog = await screen.findByRole('dialog');
    for (const name of ['Name', 'Tracking Number']) {
      const input = within(dialog).getByRole('textbox', { name });
      expect(dialog.querySelector(`label[for="${input.id}"] span[aria-hidden="true"]`)).toHaveStyle({ color: '#c62828' });
    }
  });

  it('adds tracking info: Name and Tracking Number required, then posted with the case', async () => {
    const { calls } = papersScreen(ALL);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Tracking Info' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Tracking Info' }));
    expect(await within(dialog).findByText('Name is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('Tracking Number is required.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Signed release');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Tracking Number' }), '123456789012');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Tracking Info' }));
    expect(await screen.findByText(T.toasts.trackingAdded('Signed release'))).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ url: '/api/cases/42/tracking', body: { Case_Id: 42, Name: 'Signed release', FedExTracking: '123456789012' } });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(await table()).findByText('Signed release')).toBeInTheDocument();
  });

  it("says 'Unable to add tracking info.' when the server refuses without a reason, and keeps the modal open", async () => {
    papersScreen(ALL, ({ method, url }) => (method === 'POST' && url.endsWith('/tracking') ? { status: 500, body: {} } : undefined));
    await userEvent.click(await screen.findByRole('button', { name: 'Add Tracking Info' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Box 2');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Tracking Number' }), '1Z999AA10123456784');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Tracking Info' }));
    expect(await screen.findByText(T.errors.trackingFailed)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('removes a paper after confirmation', async () => {
    const { calls } = papersScreen(ALL);
    const list = await table();
    await userEvent.click(await within(list).findByRole('button', { name: 'Delete release.pdf' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText(/Remove release\.pdf from the case\?/)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(T.toasts.fileRemoved)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/cases/42/attachments/2')).toBe(true);
    await waitFor(() => expect(within(list).queryByText('release.pdf')).not.toBeInTheDocument());
  });

  it("says 'Unable to remove file.' when a delete is refused without a reason", async () => {
    papersScreen(ALL, ({ method }) => (method === 'DELETE' ? { status: 500, body: {} } : undefined));
    await userEvent.click(await within(await table()).findByRole('button', { name: 'Delete release.pdf' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(T.errors.removeFileFailed)).toBeInTheDocument();
  });

  it("says 'Unable to get papers.' when they cannot be read, not that there are none", async () => {
    papersScreen(ALL, ({ method, url }) => (method === 'GET' && url === '/api/cases/42/attachments' ? { status: 500, body: {} } : undefined));
    expect(await screen.findByText(T.errors.papersFailed)).toBeInTheDocument();
    expect(screen.queryByText(T.noPapers)).not.toBeInTheDocument();
  });
});
