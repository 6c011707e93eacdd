import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Permissions } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import type { ItemType, ItemTypeAsset, SectionTemplate } from '../../dataProvider/configuration.js';
import itemTypes from '../../resources/itemTypes.js';
import { ResourceScreen } from '../../src/resources/ResourceScreen.js';
import { fakeServer, signedInAs } from './support/fakeServer.js';
import { renderWithAdmin } from './support/renderWithAdmin.js';

const T = Texts.configuration.itemTypeScreen;
const P = Permissions.ItemTypes;

const section = (Id: number, SectionName: string, Version: number, Enabled = true): SectionTemplate => ({
  Id,
  SectionName,
  Version,
  LatestVersion: Version,
  Enabled,
  CreatedDate: '2026-01-10T10:00:00Z',
  Template: '{"fields":{"field":[]}}',
  ROITemplate: null,
});
const SECTIONS = [
  section(1, 'Subject Interview', 1),
  section(2, 'Subject Interview', 2),
  section(3, 'Residence Verification', 1),
  section(4, 'Employment Verification', 1, false),
  section(5, 'Reference Interview', 1),
  section(6, 'Education Verification', 1),
];

const link = (s: SectionTemplate, Required: boolean, DisplayOrder: number) => ({
  Id: s.Id,
  SectionId: s.Id,
  SectionName: s.SectionName,
  Version: s.Version,
  Required,
  DisplayOrder,
});
const ASSETS: ItemTypeAsset[] = [{ Id: 100, Name: 'release-form.pdf', FileName: 'release-form.pdf', CreatedDate: '2026-03-05T10:00:00Z' }];
const ITEM_TYPES: ItemType[] = [
  { Id: 10, Name: 'Subject Interview', Description: 'Personal Subject Interview', Hidden: false, Sections: [link(SECTIONS[1], true, 1)], Assets: [] },
  {
    Id: 11,
    Name: 'Residence Check',
    Description: 'Verification of Residence',
    Hidden: false,
    // Sent out of order on purpose: the table shows DisplayOrder.
    Sections: [link(SECTIONS[4], false, 2), link(SECTIONS[2], true, 1)],
    Assets: ASSETS,
  },
  { Id: 12, Name: 'Credit Check', Description: 'Credit Bureau Review (retired)', Hidden: true, Sections: [], Assets: [] },
];

type Handler = Parameters<typeof fakeServer>[0];

function setup(roles: string[], override?: Handler) {
  const server = fakeServer((request) => {
    const answer = override?.(request);
    if (answer) return answer;
    const { method, url, body } = request;
    if (method === 'GET' && url === '/api/item-types') return { body: ITEM_TYPES };
    if (method === 'GET' && url === '/api/sections') return { body: SECTIONS };
    if (method === 'GET' && url === '/api/item-types/11/assets') return { body: ASSETS };
    if (method === 'GET' && /^\/api\/item-types\/\d+\/assets$/.test(url)) return { body: [] };
    if (method === 'PUT' && url === '/api/item-types/11/sections/swap') return { body: { 3: 2, 5: 1 } };
    if (method === 'PATCH' && url === '/api/item-types/11') return { body: { ...ITEM_TYPES[1], ...(body as object) } };
    if (method === 'DELETE' && url === '/api/item-types/10') return { body: { ...ITEM_TYPES[0], Hidden: true } };
    if (method === 'POST' && url === '/api/item-types/11/sections') {
      const { SectionId, Required } = body as { SectionId: number; Required: boolean };
      const added = SECTIONS.find((s) => s.Id === SectionId)!;
      return { body: { ...ITEM_TYPES[1], Sections: [...ITEM_TYPES[1].Sections, link(added, Required, 3)] } };
    }
    if (method === 'POST' && url === '/api/item-types') {
      const { Name, Description } = body as { Name: string; Description: string };
      return { body: { Id: 20, Name, Description, Hidden: false, Sections: [], Assets: [] } };
    }
    if (method === 'PUT' && url.startsWith('/api/item-types/11/assets/100/')) {
      return { body: { ...ASSETS[0], Name: decodeURIComponent(url.split('/').pop()!) } };
    }
    return undefined;
  });
  signedInAs(roles);
  renderWithAdmin(<ResourceScreen declaration={itemTypes} />);
  return server;
}

const ALL = Object.values(P);
const table = () => screen.findByRole('table', { name: 'Item Templates' });
// The rows with text (react-admin's DataTable keeps an empty row under each row for its expanded view).
const rowNames = (t: HTMLElement) =>
  within(t)
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.textContent)
    .filter(Boolean);

async function expand(name: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Edit ${name}` }));
}

describe('the item templates screen', () => {
  it('lists enabled item templates with their header in brackets, and filters by status', async () => {
    setup(ALL);
    const list = await table();
    expect(await within(list).findByText('Residence Check (Verification of Residence)')).toBeInTheDocument();
    expect(rowNames(list)).toEqual(['Residence Check (Verification of Residence)', 'Subject Interview (Personal Subject Interview)']);

    await userEvent.click(await screen.findByRole('combobox', { name: 'Status' }));
    // react-admin names its empty choice "Clear value" for screen readers; it reads Show All.
    await userEvent.click(within(await screen.findByRole('listbox')).getByText('Show All'));
    expect(await within(list).findByText(/^Credit Check/)).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Enable Credit Check' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Disabled' }));
    await waitFor(() => expect(rowNames(list)).toHaveLength(1));
    expect(rowNames(list)[0]).toMatch(/^Credit Check/);
  });

  it('hides every change control from a user who may only view', async () => {
    setup([P.VIEW_ITEM_TYPES]);
    await userEvent.click(await screen.findByRole('button', { name: 'View Residence Check' }));
    const sections = await screen.findByRole('table', { name: 'Sections of Residence Check' });
    expect(screen.queryByRole('button', { name: 'Add Item Template' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Disable / })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Item Template Name' })).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(within(sections).queryByRole('button', { name: /Move|Remove/ })).not.toBeInTheDocument();
    expect(within(sections).getByRole('checkbox', { name: 'Required Residence Verification' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Add Section' })).not.toBeInTheDocument();
    expect(await screen.findByText('release-form.pdf')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete release-form.pdf' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('asset-drop-zone')).not.toBeInTheDocument();
  });

  it('offers a viewer View, never Edit, and no wording of changes in an opened row', async () => {
    setup([P.VIEW_ITEM_TYPES]);
    await table();
    expect(screen.queryByRole('button', { name: /^Edit / })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'View Residence Check' }));
    await screen.findByRole('table', { name: 'Sections of Residence Check' });
    expect(await screen.findByText('release-form.pdf')).toBeInTheDocument();
    for (const word of [/^Save$/, /^Add Section$/, /^Choose Files$/, /^Add Item Template$/]) expect(screen.queryByText(word)).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Name of release-form.pdf' })).not.toBeInTheDocument();
    // The View button closes the row again.
    await userEvent.click(screen.getByRole('button', { name: 'View Residence Check' }));
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Sections of Residence Check' })).not.toBeInTheDocument());
  });

  it('shows sections in display order without an up arrow on the first row, and applies the swap answer', async () => {
    const { calls } = setup(ALL);
    await expand('Residence Check');
    const sections = await screen.findByRole('table', { name: 'Sections of Residence Check' });
    expect(rowNames(sections).map((t) => t?.replace(/v\d+$/, ''))).toEqual(['Residence Verification', 'Reference Interview']);
    expect(within(sections).queryByRole('button', { name: 'Move Residence Verification up' })).not.toBeInTheDocument();
    expect(within(sections).queryByRole('button', { name: 'Move Reference Interview down' })).not.toBeInTheDocument();

    await userEvent.click(within(sections).getByRole('button', { name: 'Move Residence Verification down' }));
    expect(await screen.findByText(T.sectionsReordered('Residence Check'))).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ SwapFromSection_Id: 3, SwapToSection_Id: 5 });
    await waitFor(() => expect(rowNames(sections).map((t) => t?.replace(/v\d+$/, ''))).toEqual(['Reference Interview', 'Residence Verification']));
    expect(within(sections).queryByRole('button', { name: 'Move Reference Interview up' })).not.toBeInTheDocument();
  });

  it('keeps Save disabled until the name or header changes, then saves them', async () => {
    const { calls } = setup(ALL);
    await expand('Residence Check');
    const save = await screen.findByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    const header = screen.getByRole('textbox', { name: 'Item Template Header' });
    await userEvent.clear(header);
    await userEvent.click(save);
    expect(await screen.findByText(T.headerRequired)).toBeInTheDocument();
    await userEvent.type(header, 'Residence and Neighbourhood Check');
    await userEvent.click(save);
    expect(await screen.findByText(T.updated('Residence Check'))).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ Name: 'Residence Check', Description: 'Residence and Neighbourhood Check' });
  });

  it('adds a section chosen from the enabled latest versions not yet added', async () => {
    const { calls } = setup(ALL);
    await expand('Residence Check');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Section' }));
    expect(await screen.findByText(T.sectionRequired)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: 'Section Template' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Select…', 'Education Verification (v1)', 'Subject Interview (v2)']);
    await userEvent.click(screen.getByRole('option', { name: 'Subject Interview (v2)' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Required' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add Section' }));
    expect(await screen.findByText(T.sectionAdded('Subject Interview', 'Residence Check'))).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ SectionId: 2, Required: true });
    const sections = screen.getByRole('table', { name: 'Sections of Residence Check' });
    expect(within(sections).getByRole('checkbox', { name: 'Required Subject Interview' })).toBeChecked();
  });

  it('creates an item template with required name and header and chosen sections', async () => {
    const { calls } = setup(ALL);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Item Template' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Item Template' }));
    expect(within(dialog).getByText(T.nameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(T.headerRequired)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Item Template Name' }), 'Neighbour Check');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Item Template Header' }), 'Neighbourhood Interviews');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Section Template' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Reference Interview (v1)' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Section' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Required Reference Interview' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Section Template' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).not.toContain('Reference Interview (v1)');
    await userEvent.keyboard('{Escape}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Item Template' }));
    expect(await screen.findByText(T.created('Neighbour Check'))).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/item-types')!.body).toEqual({
      Name: 'Neighbour Check',
      Description: 'Neighbourhood Interviews',
      Sections: [{ SectionId: 5, Required: true }],
    });
  });

  it('disables an item template from its row', async () => {
    const { calls } = setup(ALL);
    await userEvent.click(await screen.findByRole('button', { name: 'Disable Subject Interview' }));
    expect(await screen.findByText(T.disabled('Subject Interview'))).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/item-types/10')).toBe(true);
  });

  it('renames an asset after a pause and ignores an empty name', async () => {
    const { calls } = setup(ALL);
    await expand('Residence Check');
    const assets = await screen.findByRole('table', { name: 'Assets of Residence Check' });
    expect(within(assets).getByText('March 05, 2026')).toBeInTheDocument();
    const name = await within(assets).findByRole('textbox', { name: 'Name of release-form.pdf' });
    await userEvent.clear(name);
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await userEvent.type(name, 'Signed release.pdf');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    expect(await screen.findByText(T.filenameUpdated, undefined, { timeout: 2000 })).toBeInTheDocument();
    const renames = calls.filter((c) => c.method === 'PUT');
    expect(renames).toHaveLength(1);
    expect(renames[0].url).toBe(`/api/item-types/11/assets/100/${encodeURIComponent('Signed release.pdf')}`);
  });

  it('says when the assets could not be read, with Try again that asks again', async () => {
    let fail = true;
    const { calls } = setup(ALL, ({ method, url }) => (method === 'GET' && url === '/api/item-types/11/assets' && fail ? { status: 500, body: { Message: 'The file store is down.' } } : undefined));
    await expand('Residence Check');
    const failed = (await screen.findByText(T.assetsLoadFailed)).closest('[role="alert"]') as HTMLElement;
    expect(failed).toHaveTextContent('The file store is down.');
    expect(failed).toHaveTextContent(Texts.global.noResponse);
    const asked = () => calls.filter((c) => c.url === '/api/item-types/11/assets').length;
    const before = asked();
    fail = false;
    await userEvent.click(within(failed).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Assets of Residence Check' })).toBeInTheDocument();
    expect(asked()).toBe(before + 1);
  });

  it('says when renaming an asset fails', async () => {
    setup(ALL, ({ method, url }) => (method === 'PUT' && url.includes('/assets/') ? { status: 500, body: { Message: 'boom' } } : undefined));
    await expand('Residence Check');
    const name = await screen.findByRole('textbox', { name: 'Name of release-form.pdf' });
    await userEvent.type(name, 'x');
    expect(await screen.findByText(Texts.configuration.assets.renameFailed, undefined, { timeout: 2000 })).toBeInTheDocument();
    await waitFor(() => expect(name).toHaveValue('release-form.pdf'));
  });

  it('says when a download fails', async () => {
    setup(ALL, ({ method, url }) => (method === 'GET' && url === '/api/item-types/11/assets/100' ? { status: 404, body: { Message: 'There is no such asset.' } } : undefined));
    await expand('Residence Check');
    await userEvent.click(await screen.findByRole('button', { name: 'Download release-form.pdf' }));
    expect(await screen.findByText(Texts.configuration.assets.retrieveFailed)).toBeInTheDocument();
  });

  it('uploads several files at once, and shows the server message when an upload is refused', async () => {
    const refusal = Texts.configuration.assets.notAZip('bundle.zip');
    const { calls } = setup(ALL, ({ method, url }) => (method === 'POST' && url === '/api/item-types/11/assets' ? { status: 400, body: { Message: refusal } } : undefined));
    await expand('Residence Check');
    const input = await screen.findByLabelText('Upload assets to Residence Check');
    await userEvent.upload(input, [new File(['a'], 'notes.txt', { type: 'text/plain' }), new File(['PK'], 'bundle.zip', { type: 'application/zip' })]);
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    const sent = calls.find((c) => c.method === 'POST')!.body as FormData;
    expect(sent.getAll('file').map((f) => (f as File).name)).toEqual(['notes.txt', 'bundle.zip']);
  });

  it('asks before deleting an asset', async () => {
    const { calls } = setup(ALL, ({ method, url }) => (method === 'DELETE' && url === '/api/item-types/11/assets/100' ? { body: ASSETS[0] } : undefined));
    await expand('Residence Check');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete release-form.pdf' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('Do you really want to do this?')).toBeInTheDocument();
    expect(within(confirm).getByText(/This action cannot be undone\./)).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(T.assetDeleted('release-form.pdf'))).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
  });
});
