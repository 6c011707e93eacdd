import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Timing } from '../../shared/constants.js';
import { ItemTexts } from '../../shared/texts/items.js';
import type { FieldList, SectionField } from '../../shared/sections.js';
import { EDITOR, SECTIONS, openEditor, sent, setup } from './support/itemSections.js';

const T = ItemTexts.sectionEditor;
type Request = { method: string; url: string; body: unknown };

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** The Definition a section update sent, by field name. */
function savedFields(server: { calls: Request[] }): Record<string, SectionField> {
  const puts = sent(server, 'PUT', SECTIONS);
  const body = puts.at(-1)!.body as { Definition: string };
  expect(Object.keys(body)).toEqual(['Definition']);
  const definition = JSON.parse(body.Definition) as FieldList;
  return Object.fromEntries(definition.fields.field.map((f) => [f['@name'], f]));
}

describe('the section modal', () => {
  it('renders every field type beside a live preview of the values', async () => {
    const user = userEvent.setup();
    setup(EDITOR);
    const dialog = await openEditor(user);
    const preview = within(dialog).getByRole('region', { name: 'Preview' });
    expect(within(dialog).getByRole('textbox', { name: /Interview Location/ })).toBeRequired();
    expect(within(dialog).getByRole('textbox', { name: 'Summary' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Stock phrases for Summary' })).toBeInTheDocument();
    // A textarea without stock phrases has no picker.
    expect(within(dialog).getByRole('textbox', { name: 'Notes' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Stock phrases for Notes' })).toBeNull();
    expect(within(dialog).getByRole('checkbox', { name: 'Subject Cooperative' })).toBeChecked();
    expect(within(dialog).getByRole('textbox', { name: 'Contact Phone' })).toHaveAttribute('placeholder', '555-555-5555');
    expect(within(dialog).getAllByRole('checkbox', { name: 'Current' })).toHaveLength(1);
    for (const part of ['Address Line 1', 'Address Line 2', 'City', 'Postal Code']) expect(within(dialog).getByRole('textbox', { name: part })).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'State' })).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Source Type' })).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Issue Areas' })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Reference Name/ })).toHaveValue('Ann Lee');
    expect(within(dialog).getAllByText('Missing field for type rating')).toHaveLength(2);

    // The preview reads the same definition: label, then value.
    expect(within(preview).getByText('Subject Cooperative:').nextElementSibling).toHaveTextContent('Yes');
    expect(within(preview).getByRole('group', { name: 'References 1' })).toHaveTextContent('Reference Name:Ann Lee');
    expect(within(preview).getByRole('status')).toHaveTextContent(`${ItemTexts.requiredFieldsEmpty}Interview Location`);
  });

  it('keeps the preview in step with the form: text, checkbox, phone, current date', async () => {
    const user = userEvent.setup();
    setup(EDITOR);
    const dialog = await openEditor(user);
    const preview = within(dialog).getByRole('region', { name: 'Preview' });
    const valueOf = (label: string) => within(preview).getAllByText(`${label}:`)[0].nextElementSibling;

    await user.type(within(dialog).getByRole('textbox', { name: /Interview Location/ }), 'Columbia office');
    expect(valueOf('Interview Location')).toHaveTextContent('Columbia office');
    expect(within(preview).queryByRole('status')).toBeNull();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Subject Cooperative' }));
    expect(valueOf('Subject Cooperative')).toHaveTextContent('No');
    await user.type(within(dialog).getByRole('textbox', { name: 'Contact Phone' }), '8035551234');
    expect(valueOf('Contact Phone')).toHaveTextContent('803-555-1234');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Current' }));
    expect(valueOf('Interview Date')).toHaveTextContent('Current');
  });

  it('keeps the preview in step with the form: an address', async () => {
    const user = userEvent.setup();
    setup(EDITOR);
    const dialog = await openEditor(user);
    const preview = within(dialog).getByRole('region', { name: 'Preview' });
    const valueOf = (label: string) => within(preview).getAllByText(`${label}:`)[0].nextElementSibling;

    await user.type(within(dialog).getByRole('textbox', { name: 'Address Line 1' }), '1 Main St');
    await user.type(within(dialog).getByRole('textbox', { name: 'City' }), 'Columbia');
    await user.click(within(dialog).getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'South Carolina' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Postal Code' }), '29201');
    expect(valueOf('Residence')).toHaveTextContent('1 Main StColumbia, SC 29201');
  });

  it('keeps the preview in step with the form: lists and template entries', async () => {
    const user = userEvent.setup();
    setup(EDITOR);
    const dialog = await openEditor(user);
    const preview = within(dialog).getByRole('region', { name: 'Preview' });
    const valueOf = (label: string) => within(preview).getAllByText(`${label}:`)[0].nextElementSibling;

    await user.click(within(dialog).getByRole('combobox', { name: 'Source Type' }));
    await user.click(await screen.findByRole('option', { name: 'Friend' }));
    expect(valueOf('Source Type')).toHaveTextContent('Friend');
    await user.click(within(dialog).getByRole('combobox', { name: 'Issue Areas' }));
    await user.click(await screen.findByRole('option', { name: 'Neighbor' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Issue Areas' }));
    await user.click(await screen.findByRole('option', { name: 'Friend' }));
    expect(valueOf('Issue Areas')).toHaveTextContent('Neighbor, Friend');

    // A template field repeats its entries, each with its own fields.
    const add = within(dialog)
      .getAllByRole('button')
      .find((b) => /add/i.test(b.getAttribute('title') ?? b.textContent ?? ''))!;
    await user.click(add);
    const names = within(dialog).getAllByRole('textbox', { name: /Reference Name/ });
    expect(names).toHaveLength(2);
    await user.type(names[1], 'Bo Diaz');
    expect(within(preview).getByRole('group', { name: 'References 2' })).toHaveTextContent('Reference Name:Bo Diaz');
    expect(within(preview).getByRole('group', { name: 'References 2' })).toHaveTextContent('Verified:No');
  });

  it('limits the days of a date field as its settings say', async () => {
    const user = userEvent.setup();
    setup(EDITOR);
    const dialog = await openEditor(user);
    const today = new Date();
    const lastOfMonth = new Date(today.getFullYear(), today.getMonth() + 1, 0).getDate();
    const pickers = within(dialog).getAllByRole('button', { name: /Choose date/ });
    expect(pickers).toHaveLength(2);

    // Interview Date: nothing after today.
    await user.click(pickers[0]);
    let picker = await screen.findByRole('dialog', { name: /Select date/ });
    const day = (n: number) => within(picker).getAllByRole('gridcell').find((cell) => cell.textContent === String(n))!;
    expect(day(today.getDate())).toBeEnabled();
    if (today.getDate() < lastOfMonth) expect(day(today.getDate() + 1)).toBeDisabled();
    await user.click(within(picker).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Select date/ })).toBeNull());

    // Follow Up: nothing before today.
    await user.click(pickers[1]);
    picker = await screen.findByRole('dialog', { name: /Select date/ });
    expect(day(today.getDate())).toBeEnabled();
    if (today.getDate() > 1) expect(day(today.getDate() - 1)).toBeDisabled();
    await user.click(day(today.getDate()));
    await user.click(within(picker).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Select date/ })).toBeNull());
    const preview = within(dialog).getByRole('region', { name: 'Preview' });
    const mmddyyyy = `${String(today.getMonth() + 1).padStart(2, '0')}/${String(today.getDate()).padStart(2, '0')}/${today.getFullYear()}`;
    expect(within(preview).getByText('Follow Up:').nextElementSibling).toHaveTextContent(mmddyyyy);
  });

  it('Save and Update sends the Definition with the entered values and stays open', async () => {
    const user = userEvent.setup();
    const { server, onChanged } = setup(EDITOR);
    const dialog = await openEditor(user);
    await user.type(within(dialog).getByRole('textbox', { name: /Interview Location/ }), 'Columbia office');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Current' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save and Update' }));
    expect(await screen.findByText(T.updated('Subject Interview'))).toBeInTheDocument();
    expect(sent(server, 'PUT', SECTIONS).map((c) => c.url)).toEqual([`${SECTIONS}/501`]);
    const fields = savedFields(server);
    expect(fields.InterviewLocation['#text']).toBe('Columbia office');
    expect(fields.InterviewDate['#text']).toBe('current');
    expect(fields.SubjectCooperative['#text']).toBe('true');
    // The settings travel with the values.
    expect(fields.InterviewLocation['@required']).toBe(true);
    expect(fields.References.entries).toHaveLength(1);
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('dialog', { name: 'Subject Interview' })).toBeInTheDocument();
    // Saved: closing needs no second click.
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Subject Interview' })).toBeNull());
  });

  it('Save and Close saves and closes', async () => {
    const user = userEvent.setup();
    const { server, onChanged } = setup(EDITOR);
    const dialog = await openEditor(user, 'Residence Check');
    const landlord = within(dialog).getByRole('textbox', { name: /Landlord/ });
    await user.clear(landlord);
    await user.type(landlord, 'Lee Park');
    await user.click(within(dialog).getByRole('button', { name: 'Save and Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Residence Check' })).toBeNull());
    expect(screen.getByText(T.updated('Residence Check'))).toBeInTheDocument();
    expect(sent(server, 'PUT', SECTIONS).map((c) => c.url)).toEqual([`${SECTIONS}/502`]);
    expect(savedFields(server).Landlord['#text']).toBe('Lee Park');
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('shows the joined Definition errors of a refused save as an error toast and stays open', async () => {
    const user = userEvent.setup();
    const messages = ['Contact Phone must look like 555-555-5555.', 'Interview Date cannot be after today.'];
    const { onChanged } = setup(EDITOR, {
      answer: ({ method, url }) =>
        method === 'PUT' && url.startsWith(SECTIONS) ? { status: 400, body: { Message: 'The request is invalid.', ModelState: { Definition: [...messages, messages[0]] } } } : undefined,
    });
    const dialog = await openEditor(user);
    // A value the browser accepts that the server refuses (its clock, a list value hidden since) is the server's to say.
    await user.type(within(dialog).getByRole('textbox', { name: 'Contact Phone' }), '8035551212');
    await user.click(within(dialog).getByRole('button', { name: 'Save and Close' }));
    const toast = await screen.findByText(messages.join(' '));
    expect(toast.closest('.MuiAlert-root')).toHaveClass('MuiAlert-colorError');
    expect(screen.getByRole('dialog', { name: 'Subject Interview' })).toBeInTheDocument();
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('refuses a value by the server\'s own rules before sending it, in the server\'s words', async () => {
    const user = userEvent.setup();
    const { server, onChanged } = setup(EDITOR);
    const dialog = await openEditor(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Contact Phone' }), '803');
    await user.click(within(dialog).getByRole('button', { name: 'Save and Update' }));
    expect(await screen.findByText(/Contact Phone/, { selector: '.MuiAlert-message, .MuiAlert-message *' })).toBeInTheDocument();
    expect(server.calls.filter((c) => c.method === 'PUT' && c.url.startsWith(SECTIONS))).toHaveLength(0);
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('needs a second click on Close to lose unsaved changes', async () => {
    const user = userEvent.setup();
    const { server } = setup(EDITOR);
    const dialog = await openEditor(user);
    await user.type(within(dialog).getByRole('textbox', { name: /Interview Location/ }), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    const again = within(dialog).getByRole('button', { name: 'You have unsaved changes, click again to lose them.' });
    expect(screen.getByRole('dialog', { name: 'Subject Interview' })).toBeInTheDocument();
    await user.click(again);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Subject Interview' })).toBeNull());
    expect(await screen.findByText('Your changes have been discarded.')).toBeInTheDocument();
    expect(sent(server, 'PUT', SECTIONS)).toHaveLength(0);
  });

  it('warns on the first Escape with unsaved changes and discards them on the second', async () => {
    const user = userEvent.setup();
    const { server } = setup(EDITOR);
    const dialog = await openEditor(user);
    await user.type(within(dialog).getByRole('textbox', { name: /Interview Location/ }), 'x');
    await user.keyboard('{Escape}');
    expect(await screen.findByText('You have unsaved changes, hit escape again to discard them.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Subject Interview' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Subject Interview' })).toBeNull());
    expect(await screen.findByText('Your changes have been discarded.')).toBeInTheDocument();
    expect(sent(server, 'PUT', SECTIONS)).toHaveLength(0);
  });

  it('closes at once on Close or Escape when nothing changed', async () => {
    const user = userEvent.setup();
    setup(EDITOR);
    let dialog = await openEditor(user);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Subject Interview' })).toBeNull());
    dialog = await openEditor(user);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Subject Interview' })).toBeNull());
    expect(screen.queryByText('Your changes have been discarded.')).toBeNull();
  });

  it('saves on its own 30 seconds after the last change', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { server, onChanged } = setup(EDITOR);
    const dialog = await openEditor(user);
    const location = within(dialog).getByRole('textbox', { name: /Interview Location/ });
    await user.type(location, 'Col');
    await act(async () => {
      vi.advanceTimersByTime(Timing.SECTION_AUTOSAVE_MS - 5_000);
    });
    // Another change starts the wait again.
    await user.type(location, 'umbia');
    await act(async () => {
      vi.advanceTimersByTime(Timing.SECTION_AUTOSAVE_MS - 1_000);
    });
    expect(sent(server, 'PUT', SECTIONS)).toHaveLength(0);
    await act(async () => {
      vi.advanceTimersByTime(1_000);
    });
    await waitFor(() => expect(sent(server, 'PUT', SECTIONS)).toHaveLength(1));
    expect(savedFields(server).InterviewLocation['#text']).toBe('Columbia');
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    // Saved: nothing more to save, however long the modal stays open.
    await act(async () => {
      vi.advanceTimersByTime(Timing.SECTION_AUTOSAVE_MS * 2);
    });
    expect(sent(server, 'PUT', SECTIONS)).toHaveLength(1);
  });

  it('does not save on its own without a change, nor when read only', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { server } = setup(EDITOR, { readOnly: true });
    await openEditor(user, 'Subject Interview', 'View');
    await act(async () => {
      vi.advanceTimersByTime(Timing.SECTION_AUTOSAVE_MS * 2);
    });
    expect(sent(server, 'PUT', SECTIONS)).toHaveLength(0);
  });
});
