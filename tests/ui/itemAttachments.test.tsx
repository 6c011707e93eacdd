import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataTableClasses } from 'react-admin';
import { alpha, createTheme } from '@mui/material/styles';
import { Permissions } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import { ResourceListOf } from '../../src/resources/SchemaList.js';
import { theme } from '../../src/theme.js';
import { fakeServer, signedInAs } from './support/fakeServer.js';
import { renderWithAdmin } from './support/renderWithAdmin.js';

/**
 * An item's Attachments panel (spec 001 §2 "Item page", §7, §8) as the item page shows it: the generic list of the
 * `item-attachments` declaration under the item record, with its slots — the name that downloads (and marks a
 * corrupt PDF), move up and down, the drop zone — over the real data provider and a fake HTTP layer.
 */

const P = Permissions.ItemAttachments;
const T = Texts.items.attachments;
const ITEM = { Id: 7, id: 7, Case_Id: 42, DisplayId: 3, LockedReason: null };
const BASE = '/api/cases/42/items/7/attachments';

// Local times, so the dates read the same in every time zone.
const at = (day: number) => new Date(2026, 2, day, 10, 30).toISOString();
const attachment = (Id: number, Name: string, DisplayOrder: number, CorruptPDF = false) => ({ Id, Name, CreatedDate: at(DisplayOrder + 1), Goal_Id: 7, CorruptPDF, DisplayOrder });

const ATTACHMENTS = [attachment(31, 'interview.pdf', 1), attachment(32, 'statement.pdf', 2, true), attachment(33, 'photo.jpg', 3)];

type Handler = Parameters<typeof fakeServer>[0];

function attachmentsPanel(roles: string[], override?: Handler) {
  let rows = [...ATTACHMENTS];
  const server = fakeServer((request) => {
    const answer = override?.(request);
    if (answer) return answer;
    const { method, url, body } = request;
    if (method === 'GET' && url === BASE) return { body: rows };
    if (method === 'POST' && url === BASE) {
      const files = (body as FormData).getAll('file') as File[];
      rows = [...rows, ...files.map((f, i) => attachment(100 + i, f.name, rows.length + i + 1))];
      return { body: rows };
    }
    if (method === 'PUT' && url === `${BASE}/swap`) {
      const { SwapFrom_Id, SwapTo_Id } = body as { SwapFrom_Id: number; SwapTo_Id: number };
      const order = rows.map((r) => r.Id);
      const [a, b] = [order.indexOf(SwapFrom_Id), order.indexOf(SwapTo_Id)];
      [order[a], order[b]] = [order[b], order[a]];
      rows = order.map((id, index) => ({ ...rows.find((r) => r.Id === id)!, DisplayOrder: index + 1 }));
      return { body: Object.fromEntries(rows.map((r) => [r.Id, r.DisplayOrder])) };
    }
    if (method === 'GET' && url === `${BASE}/33/file`) return { body: { jpeg: true } };
    if (method === 'DELETE' && url === `${BASE}/33`) {
      rows = rows.filter((r) => r.Id !== 33);
      return { body: ATTACHMENTS[2] };
    }
    return undefined;
  });
  signedInAs(roles);
  renderWithAdmin(<ResourceListOf resource="item-attachments" parent={ITEM} />);
  return server;
}

const table = () => screen.findByRole('table', { name: T.label('003') });
const bodyRows = (t: HTMLElement) =>
  within(t)
    .getAllByRole('row')
    .slice(1)
    .filter((row) => !row.classList.contains(DataTableClasses.expandRow));
const rowOf = async (name: string) => (await within(await table()).findByText(name)).closest('tr')!;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the attachments of an item', () => {
  it('shows every attachment in the item\'s order with its created date as MM/DD/YYYY', async () => {
    attachmentsPanel([P.VIEW]);
    const list = await table();
    await within(list).findByText('interview.pdf');
    const rows = bodyRows(list);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent(/interview\.pdf.*03\/02\/2026/);
    expect(rows[1]).toHaveTextContent(/statement\.pdf/);
    expect(rows[2]).toHaveTextContent(/photo\.jpg.*03\/04\/2026/);
  });

  it('marks a corrupt PDF\'s row red with the words Corrupt PDF, and no other row', async () => {
    attachmentsPanel([P.VIEW]);
    const corrupt = await rowOf('statement.pdf');
    expect(within(corrupt).getByText(T.corrupt)).toBeInTheDocument();
    const sound = await rowOf('interview.pdf');
    expect(within(sound).queryByText(T.corrupt)).not.toBeInTheDocument();
    expect(screen.getAllByText(T.corrupt)).toHaveLength(1);
    // The row's cells are tinted with the theme's error colour (the declaration's rowTone), a layer over the cell's own
    // background (the sticky row actions' cell is opaque); the others are not.
    const tint = (row: HTMLElement) => getComputedStyle(row.querySelector('td')!).backgroundImage;
    const errorTint = alpha(createTheme(theme).palette.error.main, 0.1);
    expect(tint(corrupt)).toContain(errorTint);
    expect(tint(sound)).not.toContain(errorTint);
  });

  it('says so when the item has no attachments', async () => {
    attachmentsPanel([P.VIEW], ({ method, url }) => (method === 'GET' && url === BASE ? { body: [] } : undefined));
    expect(await screen.findByText(T.empty)).toBeInTheDocument();
  });

  it("says 'Unable to get attachments.' when the list cannot be read, not that there are none", async () => {
    attachmentsPanel([P.VIEW], ({ method, url }) => (method === 'GET' && url === BASE ? { status: 500, body: {} } : undefined));
    expect(await screen.findByText(T.loadFailed)).toBeInTheDocument();
    expect(screen.queryByText(T.empty)).not.toBeInTheDocument();
  });

  it('downloads an attachment under its name', async () => {
    const { calls } = attachmentsPanel([P.VIEW]);
    const createObjectURL = vi.fn(() => 'blob:attachment');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    await userEvent.click(await screen.findByRole('button', { name: 'photo.jpg' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0].download).toBe('photo.jpg');
    expect(calls.some((c) => c.method === 'GET' && c.url === `${BASE}/33/file`)).toBe(true);
  });

  it("says 'Unable to retrieve file.' when a download fails", async () => {
    attachmentsPanel([P.VIEW], ({ url }) => (url.endsWith('/file') ? { status: 404, body: { Message: 'No such file.' } } : undefined));
    await userEvent.click(await screen.findByRole('button', { name: 'photo.jpg' }));
    expect(await screen.findByText(T.retrieveFailed)).toBeInTheDocument();
  });

  it('moves an attachment up or down by swapping it with its neighbour, then says so and reads them again', async () => {
    const { calls } = attachmentsPanel([P.VIEW, P.ADD]);
    const first = await rowOf('interview.pdf');
    expect(within(first).getByRole('button', { name: 'Move up interview.pdf' })).toBeDisabled();
    expect(within(await rowOf('photo.jpg')).getByRole('button', { name: 'Move down photo.jpg' })).toBeDisabled();
    await userEvent.click(within(first).getByRole('button', { name: 'Move down interview.pdf' }));
    expect(await screen.findByText(T.reordered)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([{ method: 'PUT', url: `${BASE}/swap`, body: { SwapFrom_Id: 31, SwapTo_Id: 32 } }]);
    await waitFor(() => expect(bodyRows(screen.getByRole('table', { name: T.label('003') }))[0]).toHaveTextContent('statement.pdf'));
  });

  it('shows the server\'s reason when a move is refused (a locked item)', async () => {
    const reason = Texts.items.server.inReview;
    attachmentsPanel([P.VIEW, P.ADD], ({ method }) => (method === 'PUT' ? { status: 409, body: { Message: reason } } : undefined));
    await userEvent.click(within(await rowOf('photo.jpg')).getByRole('button', { name: 'Move up photo.jpg' }));
    expect(await screen.findByText(reason)).toBeInTheDocument();
  });

  it('uploads several files at once as multipart, says so and loads the attachments again', async () => {
    const { calls } = attachmentsPanel([P.VIEW, P.ADD]);
    await table();
    const input = await screen.findByLabelText(T.uploadLabel('003'));
    await userEvent.upload(input, [new File(['a'], 'report.pdf', { type: 'application/pdf' }), new File(['PK'], 'photos.zip', { type: 'application/zip' })]);
    expect(await screen.findByText(T.uploaded)).toBeInTheDocument();
    const sent = calls.find((c) => c.method === 'POST')!;
    expect(sent.url).toBe(BASE);
    expect(((sent.body as FormData).getAll('file') as File[]).map((f) => f.name)).toEqual(['report.pdf', 'photos.zip']);
    expect(await within(await table()).findByText('photos.zip')).toBeInTheDocument();
  });

  it('accepts files dropped on the zone, and shows the server message when an upload is refused', async () => {
    const refusal = T.server.fileTooLarge('huge.pdf', 50);
    attachmentsPanel([P.VIEW, P.ADD], ({ method }) => (method === 'POST' ? { status: 400, body: { Message: refusal } } : undefined));
    const zone = await screen.findByTestId('item-attachment-drop-zone');
    const file = new File(['x'], 'huge.pdf', { type: 'application/pdf' });
    fireEvent.drop(zone, { dataTransfer: { files: [file] } });
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.queryByText(T.uploaded)).not.toBeInTheDocument();
  });

  it('offers no upload, moves or delete to a user who may only view attachments', async () => {
    attachmentsPanel([P.VIEW]);
    await within(await table()).findByText('photo.jpg');
    expect(screen.queryByTestId('item-attachment-drop-zone')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Move / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete / })).not.toBeInTheDocument();
  });

  it('offers delete alone to a user who may delete but not add', async () => {
    attachmentsPanel([P.VIEW, P.DELETE]);
    await within(await table()).findByText('photo.jpg');
    expect(screen.queryByTestId('item-attachment-drop-zone')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Move / })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete photo.jpg' })).toBeInTheDocument();
  });

  it('removes an attachment after confirmation', async () => {
    const { calls } = attachmentsPanel([P.VIEW, P.ADD, P.DELETE]);
    const list = await table();
    await userEvent.click(await within(list).findByRole('button', { name: 'Delete photo.jpg' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText(T.removeBody('photo.jpg'))).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(T.removed)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.url === `${BASE}/33`)).toBe(true);
    await waitFor(() => expect(within(list).queryByText('photo.jpg')).not.toBeInTheDocument());
  });

  it("says 'Unable to remove attachment.' when a delete is refused without a reason", async () => {
    attachmentsPanel([P.VIEW, P.DELETE], ({ method }) => (method === 'DELETE' ? { status: 500, body: {} } : undefined));
    await userEvent.click(await within(await table()).findByRole('button', { name: 'Delete photo.jpg' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(T.removeFailed)).toBeInTheDocument();
  });

  it('draws nothing that changes the item when the list is read only (a locked item)', async () => {
    fakeServer(({ method, url }) => (method === 'GET' && url === BASE ? { body: ATTACHMENTS } : undefined));
    signedInAs([P.VIEW, P.ADD, P.DELETE]);
    renderWithAdmin(<ResourceListOf resource="item-attachments" parent={ITEM} readOnly />);
    await within(await table()).findByText('photo.jpg');
    expect(screen.getByRole('button', { name: 'photo.jpg' })).toBeInTheDocument();
    expect(screen.queryByTestId('item-attachment-drop-zone')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Move|Delete) / })).not.toBeInTheDocument();
  });
});
