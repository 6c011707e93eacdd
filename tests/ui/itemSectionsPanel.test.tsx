import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Permissions } from '../../shared/permissions.js';
import { ItemTexts } from '../../shared/texts/items.js';
import type { ItemDetailSection } from '../../schemas/types.js';
import { EDITOR, ITEM, SECTIONS, finished, openEditor, section, sent, setup } from './support/itemSections.js';

const P = Permissions;
const T = ItemTexts.sectionEditor;

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the Sections panel', () => {
  it('lists the sections in order, the unfinished one red with "Required fields are empty!"', async () => {
    setup(EDITOR);
    const list = await screen.findByRole('list', { name: 'Sections of the item' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual(['Subject Interview', 'Residence Check']);
    expect(within(rows[0]).getByText(ItemTexts.requiredFieldsEmpty)).toBeInTheDocument();
    expect(rows[0].querySelector('[data-unfinished="true"]')).not.toBeNull();
    expect(within(rows[1]).queryByText(ItemTexts.requiredFieldsEmpty)).toBeNull();
    expect(rows[1].querySelector('[data-unfinished]')).toBeNull();
  });

  it('says "Unable to display section." for a section it cannot show, and keeps the others usable', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // A stored definition whose field list holds no field: reading it throws.
    const broken: ItemDetailSection = { ...section(503, 13, 'Neighbor Interview', finished, 3), Definition: '{"fields":{"field":[null]}}' };
    setup(EDITOR, { item: { ...ITEM, Sections: [...ITEM.Sections, broken] } });
    const list = await screen.findByRole('list', { name: 'Sections of the item' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual(['Subject Interview', 'Residence Check', 'Neighbor Interview']);
    expect(within(rows[2]).getByText(T.displayFailed)).toBeInTheDocument();
    expect(within(rows[2]).queryByRole('button')).toBeNull();
    expect(within(rows[0]).queryByText(T.displayFailed)).toBeNull();
    const dialog = await openEditor(user, 'Residence Check');
    expect(within(dialog).getByRole('textbox', { name: /Landlord/ })).toHaveValue('Pat Doe');
  });

  it('says when the item has no sections', async () => {
    setup(EDITOR, { item: { ...ITEM, Sections: [] } });
    expect(await screen.findByText('This item has no sections, please add some.')).toBeInTheDocument();
  });

  it('adds one of the enabled sections the item lacks, requiring a choice, and sends its Section_Id', async () => {
    const user = userEvent.setup();
    const { server, onChanged } = setup(EDITOR);
    await user.click(await screen.findByRole('button', { name: 'Add Section' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Section' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Section' }));
    expect(await within(dialog).findByText('Section is required.')).toBeInTheDocument();
    expect(sent(server, 'POST', SECTIONS)).toHaveLength(0);

    await user.click(within(dialog).getByRole('combobox', { name: /Section/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Neighbor Interview (required)', 'Employment Check']);
    await user.click(screen.getByRole('option', { name: 'Employment Check' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Section' }));
    expect(await screen.findByText(T.added('Employment Check', '004'))).toBeInTheDocument();
    expect(sent(server, 'POST', SECTIONS).map((c) => [c.url, c.body])).toEqual([[SECTIONS, { Section_Id: 15 }]]);
    expect(onChanged).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Section' })).toBeNull());
  });

  it('disables Add Section when every enabled section of the template is on the item', async () => {
    setup(EDITOR, { item: { ...ITEM, AvailableSections: ITEM.AvailableSections.filter((s) => s.Id !== 13 && s.Id !== 15) } });
    expect(await screen.findByRole('button', { name: 'Add Section' })).toBeDisabled();
  });

  it('keeps the Add Section dialog open with the server\'s reason under the field', async () => {
    const user = userEvent.setup();
    const { onChanged } = setup(EDITOR, {
      answer: ({ method, url }) =>
        method === 'POST' && url === SECTIONS ? { status: 400, body: { Message: 'The request is invalid.', ModelState: { Section_Id: ['The item has this section already.'] } } } : undefined,
    });
    await user.click(await screen.findByRole('button', { name: 'Add Section' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Section' });
    await user.click(within(dialog).getByRole('combobox', { name: /Section/ }));
    await user.click(await screen.findByRole('option', { name: 'Neighbor Interview (required)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Section' }));
    expect(await within(dialog).findByText('The item has this section already.')).toBeInTheDocument();
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('removes a section after the confirmation', async () => {
    const user = userEvent.setup();
    const { server, onChanged } = setup(EDITOR);
    await user.click(await screen.findByRole('button', { name: 'Remove Residence Check' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('All data for this section will be lost. This action cannot be undone.')).toBeInTheDocument();
    expect(sent(server, 'DELETE', SECTIONS)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(T.removed('Residence Check', '004'))).toBeInTheDocument();
    expect(sent(server, 'DELETE', SECTIONS).map((c) => c.url)).toEqual([`${SECTIONS}/502`]);
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('offers no add or remove on a read-only item, and opens sections read only with the saves disabled', async () => {
    const user = userEvent.setup();
    setup(EDITOR, { readOnly: true });
    await screen.findByRole('list', { name: 'Sections of the item' });
    expect(screen.queryByRole('button', { name: 'Add Section' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove / })).toBeNull();
    const dialog = await openEditor(user, 'Subject Interview', 'View');
    expect(within(dialog).getByRole('button', { name: 'Save and Update' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Save and Close' })).toBeDisabled();
    expect(within(dialog).getByRole('textbox', { name: /Interview Location/ })).toBeDisabled();
  });

  it('treats an item with a LockedReason as read only and says why in the modal', async () => {
    const user = userEvent.setup();
    const reason = 'The item is in review: it cannot be changed without Edit Items In Review.';
    setup(EDITOR, { item: { ...ITEM, LockedReason: reason } });
    await screen.findByRole('list', { name: 'Sections of the item' });
    expect(screen.queryByRole('button', { name: 'Add Section' })).toBeNull();
    const dialog = await openEditor(user, 'Residence Check', 'View');
    expect(within(dialog).getByText(reason)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save and Close' })).toBeDisabled();
  });

  it('gives a user without Edit Case Items a View button and no add or remove', async () => {
    setup([P.Items.VIEW_ITEMS]);
    expect(await screen.findByRole('button', { name: 'View Subject Interview' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Section' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove / })).toBeNull();
  });
});
