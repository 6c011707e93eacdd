import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Permissions } from '../../shared/permissions.js';
import { Timing } from '../../shared/constants.js';
import { ItemTexts } from '../../shared/texts/items.js';
import type { FieldList, SectionField } from '../../shared/sections.js';
import { ItemSections } from '../../src/items/sections/ItemSections.js';
import type { ItemDetail, ItemDetailSection } from '../../schemas/types.js';
import { fakeServer, signedInAs } from './support/fakeServer.js';
import { renderWithAdmin } from './support/renderWithAdmin.js';
import { field } from './support/sectionFields.js';

const P = Permissions;
const T = ItemTexts.sectionEditor;
type Request = { method: string; url: string; body: unknown };
type Answer = { status?: number; body?: unknown } | undefined;

/** Edits items and their sections, adds and deletes stock phrases. */
const EDITOR = [P.Items.VIEW_ITEMS, P.CaseItems.EDIT_CASE_ITEMS, P.StockPhrases.ADD, P.StockPhrases.DELETE];


/** A section of every field type; Interview Location (required) has no value, so the section is not finished. */
const everyType: FieldList = {
  fields: {
    field: [
      field('text', 'Interview Location', { '@required': true }),
      field('textarea', 'Summary', { '@allowStockPhrases': true }),
      field('textarea', 'Notes'),
      field('checkbox', 'Subject Cooperative', { '#text': 'true' }),
      field('phoneNumber', 'Contact Phone'),
      field('date', 'Interview Date', { '@allowCurrent': true, '@disableDatesAfterToday': true }),
      field('date', 'Follow Up', { '@disableDatesBeforeToday': true }),
      field('address', 'Residence'),
      field('list', 'Source Type', { '@listType': 'SourceType' }),
      field('list', 'Issue Areas', { '@listType': 'SourceType', '@allowMultiple': true }),
      field('template', 'References', {
        Template: { fields: { field: [field('text', 'Reference Name', { '@required': true }), field('checkbox', 'Verified')] } },
        entries: [{ fields: { field: [field('text', 'Reference Name', { '@required': true, '#text': 'Ann Lee' }), field('checkbox', 'Verified', { '#text': 'false' })] } }],
      }),
      field('rating', 'Stars'),
    ],
  },
};

const finished: FieldList = { fields: { field: [field('text', 'Landlord', { '@required': true, '#text': 'Pat Doe' })] } };

const section = (Id: number, Section_Id: number, SectionName: string, definition: FieldList, DisplayOrder: number): ItemDetailSection => ({
  Id,
  Section_Id,
  Section: { Id: Section_Id, SectionName },
  Definition: JSON.stringify(definition),
  DisplayOrder,
});

const ITEM: ItemDetail = {
  Id: 101,
  Case_Id: 7,
  DisplayId: 4,
  ItemType_Id: 5,
  ItemType: { Id: 5, Description: 'Personal Subject Interview', Assets: [] },
  ACD: null,
  Label: null,
  Address1: null,
  Address2: null,
  City: null,
  RegionType_Id: null,
  PostalCode: null,
  Location: { Label: null, Address1: null, Address2: null, City: null, Region: null, PostalCode: null },
  ShowInReport: true,
  ItemStatus: 'ASSIGNED',
  AssignedTo_Id: null,
  AssignedTo: null,
  CompletedDate: null,
  RejectionReason: null,
  HasAttachments: false,
  Case: {
    Id: 7,
    CaseNumber: 'DOS-2025-000007',
    WorkflowState: 'IN_PROCESS',
    Client_Id: 1,
    Subject: { LastName: 'Smith' },
    Org: { Code: 'ACME' },
    CaseType: { Short: 'BI' },
    Reviewer: null,
  },
  // Listed out of order: the panel shows them by DisplayOrder.
  Sections: [section(502, 12, 'Residence Check', finished, 2), section(501, 11, 'Subject Interview', everyType, 1)],
  AvailableSections: [
    { Id: 11, SectionName: 'Subject Interview', Required: true, Enabled: true },
    { Id: 12, SectionName: 'Residence Check', Required: false, Enabled: true },
    { Id: 13, SectionName: 'Neighbor Interview', Required: true, Enabled: true },
    { Id: 14, SectionName: 'Retired Section', Required: false, Enabled: false },
    { Id: 15, SectionName: 'Employment Check', Required: false, Enabled: true },
    // An older version of a section on the item (same name, other id) is on the item too.
    { Id: 16, SectionName: 'residence check', Required: false, Enabled: true },
  ],
  LockedReason: null,
};

const LISTS = [
  {
    TableName: 'SourceType',
    FormattedTableName: 'Source Type',
    IsDynamic: true,
    Types: [
      { Id: 21, Short: 'NEIGHBOR', Description: 'Neighbor', Hidden: false },
      { Id: 22, Short: 'FRIEND', Description: 'Friend', Hidden: false },
    ],
  },
  {
    TableName: 'RegionType',
    FormattedTableName: 'Region Type',
    IsDynamic: false,
    Types: [{ Id: 41, Short: 'SC', Description: 'South Carolina', Hidden: false }],
  },
];

const SECTIONS = '/api/cases/7/items/101/sections';
const PHRASES_OF_SUMMARY = `/api/stock-phrases/${encodeURIComponent('Subject Interview.Summary')}`;
const PHRASES = [
  { Id: 31, FieldKey: 'Subject Interview.Summary', Phrase: 'Met at home.' },
  { Id: 32, FieldKey: 'Subject Interview.Summary', Phrase: 'Subject was cooperative.' },
];

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function setup(roles: string[], { item = ITEM, readOnly = false, answer }: { item?: ItemDetail; readOnly?: boolean; answer?: (r: Request) => Answer } = {}) {
  signedInAs(roles, {}, [], LISTS);
  const server = fakeServer((request) => {
    const own = answer?.(request);
    if (own) return own;
    const { method, url, body } = request;
    if (method === 'POST' && url === SECTIONS) return { body: { Id: 503, Section_Id: (body as { Section_Id: number }).Section_Id, Definition: '{"fields":{"field":[]}}' } };
    if (method === 'PUT' && url.startsWith(`${SECTIONS}/`)) return { body: { Id: Number(url.split('/').pop()), ...(body as object) } };
    if (method === 'DELETE' && url.startsWith(`${SECTIONS}/`)) return { body: { Id: Number(url.split('/').pop()) } };
    if (method === 'GET' && url === PHRASES_OF_SUMMARY) return { body: PHRASES };
    if (method === 'POST' && url === PHRASES_OF_SUMMARY) return { body: { Id: 33, FieldKey: 'Subject Interview.Summary', ...(body as object) } };
    if (method === 'DELETE' && url.startsWith(`${PHRASES_OF_SUMMARY}/`)) return { body: { Id: Number(url.split('/').pop()) } };
    return undefined;
  });
  const onChanged = vi.fn();
  renderWithAdmin(<ItemSections item={item} readOnly={readOnly} onChanged={onChanged} />);
  return { server, onChanged };
}

const sent = (server: { calls: Request[] }, method: string, prefix: string) => server.calls.filter((c) => c.method === method && c.url.startsWith(prefix));

/** The Definition a section update sent, by field name. */
function savedFields(server: { calls: Request[] }): Record<string, SectionField> {
  const puts = sent(server, 'PUT', SECTIONS);
  const body = puts.at(-1)!.body as { Definition: string };
  expect(Object.keys(body)).toEqual(['Definition']);
  const definition = JSON.parse(body.Definition) as FieldList;
  return Object.fromEntries(definition.fields.field.map((f) => [f['@name'], f]));
}

async function openEditor(user: ReturnType<typeof userEvent.setup>, name = 'Subject Interview', verb = 'Edit') {
  await user.click(await screen.findByRole('button', { name: `${verb} ${name}` }));
  return screen.findByRole('dialog', { name });
}

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
