import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Permissions } from '../../shared/permissions.js';
import { ItemTexts } from '../../shared/texts/items.js';
import { EDITOR, PHRASES_OF_SUMMARY, openEditor, sent, setup } from './support/itemSections.js';

const P = Permissions;
const T = ItemTexts.sectionEditor;

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('stock phrases', () => {
  it('appends a picked phrase with a space, the result trimmed', async () => {
    const user = userEvent.setup();
    setup(EDITOR);
    const dialog = await openEditor(user);
    const summary = within(dialog).getByRole('textbox', { name: 'Summary' });
    // Into an empty field: the phrase alone, no leading space.
    await user.click(within(dialog).getByRole('button', { name: 'Stock phrases for Summary' }));
    await user.click(await screen.findByRole('menuitem', { name: /Met at home\./ }));
    expect(summary).toHaveValue('Met at home.');
    await user.clear(summary);
    await user.type(summary, '  Interviewed.');
    // The menu has closed: the modal is in reach again.
    await user.click(await within(dialog).findByRole('button', { name: 'Stock phrases for Summary' }));
    await user.click(await screen.findByRole('menuitem', { name: /Subject was cooperative\./ }));
    expect(summary).toHaveValue('Interviewed. Subject was cooperative.');
  });

  /** Types 'Interviewed.' in Subject Interview's Summary, then adds `phrase` to it as a new stock phrase. */
  async function addNewPhrase(user: ReturnType<typeof userEvent.setup>, phrase: string) {
    const dialog = await openEditor(user);
    const summary = within(dialog).getByRole('textbox', { name: 'Summary' });
    await user.type(summary, 'Interviewed.');
    await user.click(within(dialog).getByRole('button', { name: 'Stock phrases for Summary' }));
    await user.click(await screen.findByRole('menuitem', { name: 'new phrase' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'New phrase' }), phrase);
    await user.click(within(dialog).getByRole('button', { name: 'Add Stock Phrase' }));
    return { dialog, summary };
  }

  it('adds a new phrase to the field and to the saved phrases', async () => {
    const user = userEvent.setup();
    const { server } = setup(EDITOR);
    const { dialog, summary } = await addNewPhrase(user, '  Lives alone.  ');
    expect(await screen.findByText(T.phraseAdded)).toBeInTheDocument();
    expect(summary).toHaveValue('Interviewed. Lives alone.');
    expect(sent(server, 'POST', '/api/stock-phrases').map((c) => [c.url, c.body])).toEqual([[PHRASES_OF_SUMMARY, { Phrase: 'Lives alone.' }]]);
    await waitFor(() => expect(within(dialog).queryByRole('textbox', { name: 'New phrase' })).toBeNull());
  });

  it('keeps a refused new phrase out of the text, so trying again does not append it twice', async () => {
    const user = userEvent.setup();
    const refusal = 'This phrase is saved for this field already.';
    let refuse = true;
    const { server } = setup(EDITOR, {
      answer: ({ method, url }) => (method === 'POST' && url === PHRASES_OF_SUMMARY && refuse ? { status: 400, body: { Message: 'The request is invalid.', ModelState: { Phrase: [refusal] } } } : undefined),
    });
    const { dialog, summary } = await addNewPhrase(user, 'Lives alone.');
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(summary).toHaveValue('Interviewed.');
    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Add Stock Phrase' }));
    expect(await screen.findByText(T.phraseAdded)).toBeInTheDocument();
    expect(summary).toHaveValue('Interviewed. Lives alone.');
    expect(sent(server, 'POST', '/api/stock-phrases')).toHaveLength(2);
  });

  it('deletes a saved phrase after a confirmation', async () => {
    const user = userEvent.setup();
    const { server } = setup(EDITOR);
    const dialog = await openEditor(user);
    const summary = within(dialog).getByRole('textbox', { name: 'Summary' });
    await user.click(within(dialog).getByRole('button', { name: 'Stock phrases for Summary' }));
    await user.click(await screen.findByRole('button', { name: 'Delete stock phrase Met at home.' }));
    const confirm = await screen.findByRole('dialog', { name: 'Do you really want to do this?' });
    expect(within(confirm).getByText(T.phraseRemoveBody('Met at home.'))).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(T.phraseRemoved)).toBeInTheDocument();
    expect(sent(server, 'DELETE', '/api/stock-phrases').map((c) => c.url)).toEqual([`${PHRASES_OF_SUMMARY}/31`]);
    // The phrase is no longer offered, and the text was left alone.
    await user.click(await within(dialog).findByRole('button', { name: 'Stock phrases for Summary' }));
    expect(await screen.findByRole('menuitem', { name: /Subject was cooperative\./ })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /Met at home\./ })).toBeNull();
    expect(summary).toHaveValue('');
  });

  it('offers no new phrase without Add Stock Phrases, and no delete without Delete Stock Phrases', async () => {
    const user = userEvent.setup();
    setup([P.Items.VIEW_ITEMS, P.CaseItems.EDIT_CASE_ITEMS]);
    const dialog = await openEditor(user);
    await user.click(within(dialog).getByRole('button', { name: 'Stock phrases for Summary' }));
    expect(await screen.findByRole('menuitem', { name: /Met at home\./ })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'new phrase' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete stock phrase/ })).toBeNull();
  });
});
