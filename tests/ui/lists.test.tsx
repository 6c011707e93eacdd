import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Permissions } from '../../shared/permissions.js';
import lists from '../../resources/lists.js';
import { ResourceScreen } from '../../src/resources/ResourceScreen.js';
import { fakeServer, signedInAs } from './support/fakeServer.js';
import { renderWithAdmin } from './support/renderWithAdmin.js';

const items = Array.from({ length: 12 }, (_, i) => ({ Id: 100 + i, Short: `S${String(i + 1).padStart(2, '0')}`, Description: `Source ${i + 1}`, Hidden: i === 11 }));
const LISTS = [
  { TableName: 'SourceType', FormattedTableName: 'Source Type', IsDynamic: true, Types: items },
  { TableName: 'RegionType', FormattedTableName: 'Region Type', IsDynamic: false, Types: [] },
];

function setup(roles: string[]) {
  const server = fakeServer(({ method, url, body }) => {
    if (method === 'GET' && url === '/api/types') return { body: LISTS };
    const one = LISTS.find((l) => url === `/api/types/${l.TableName}`);
    if (method === 'GET' && one) return { body: one };
    if (method === 'POST' && url === '/api/types/SourceType/items') {
      const { Short } = body as { Short: string };
      return Short === 'S01' ? { status: 400, body: { Message: 'The request is invalid.', ModelState: { Short: ['An item with this Short already exists in this list.'] } } } : { body: { Id: 200, Short, Description: null, Hidden: false } };
    }
    return undefined;
  });
  signedInAs(roles, {}, [], LISTS);
  renderWithAdmin(<ResourceScreen declaration={lists} />);
  return server;
}

describe('the lists screen', () => {
  it('shows static and dynamic lists, with rename and delete only on dynamic ones', async () => {
    setup([Permissions.General.SYSTEM_ADMINISTRATOR]);
    const table = await screen.findByRole('table', { name: 'Lists' });
    expect(within(table).getByRole('button', { name: 'Rename Source Type' })).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Rename Region Type' })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('combobox', { name: /List Type/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Static' }));
    await waitFor(() => expect(within(table).queryByText('Source Type')).not.toBeInTheDocument());
  });

  it('expands a list: 10 enabled items per page sorted by Short, pager above 10, the empty text', async () => {
    setup([Permissions.Types.VIEW_TYPE]);
    await userEvent.click(await screen.findByText('Source Type'));
    const itemsTable = await screen.findByRole('table', { name: 'Source Type items' });
    const rows = within(itemsTable).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(10);
    expect(rows[0]).toHaveTextContent('S01');
    expect(screen.getByText('1–10 of 11')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Source Type' })).not.toBeInTheDocument();
    expect(within(itemsTable).queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByText('Region Type'));
    expect(await screen.findByText('There are no items in this list.')).toBeInTheDocument();
  });

  it('adds an item, showing the server ModelState under the field and keeping the dialog open', async () => {
    setup([Permissions.Types.VIEW_TYPE, Permissions.Types.CREATE_TYPE]);
    await userEvent.click(await screen.findByText('Source Type'));
    await userEvent.click(await screen.findByRole('button', { name: 'Add Source Type' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Source Type' }));
    expect(within(dialog).getByText('Short is required.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Short/ }), 'S01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Source Type' }));
    expect(await within(dialog).findByText('An item with this Short already exists in this list.')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByRole('textbox', { name: /Short/ }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Short/ }), 'TEACHER');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Source Type' }));
    expect(await screen.findByText('TEACHER was added to Source Type.')).toBeInTheDocument();
  });
});
