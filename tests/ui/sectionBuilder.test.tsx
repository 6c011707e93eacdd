import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Permissions } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import sections from '../../resources/sections.js';
import { ResourceScreen } from '../../src/resources/ResourceScreen.js';
import { fakeServer, signedInAs } from './support/fakeServer.js';
import { renderWithAdmin } from './support/renderWithAdmin.js';

const saved = {
  Id: 5,
  SectionName: 'Subject Interview',
  Version: 1,
  LatestVersion: 1,
  Enabled: true,
  CreatedDate: '2026-03-05T10:00:00Z',
  Template: JSON.stringify({ fields: { field: [{ '@id': 'a1', '@type': 'text', '@name': 'Location', '@label': 'Location' }] } }),
  ROITemplate: null,
};

const older = { ...saved, Id: 4, Version: 0, Enabled: false, CreatedDate: '2026-01-10T10:00:00Z' };
const other = { ...saved, Id: 7, SectionName: 'Subject Interview Notes', CreatedDate: '2026-04-01T10:00:00Z' };

type Answer = { status?: number; body?: unknown } | undefined;

function setup(roles: string[], answer: (call: { method: string; url: string; body: unknown }) => Answer = () => undefined) {
  let enabled = true;
  const server = fakeServer((call) => {
    const { method, url, body } = call;
    const special = answer(call);
    if (special) return special;
    if (method === 'GET' && url === '/api/sections') return { body: [older, { ...saved, Enabled: enabled }, other] };
    if (method === 'DELETE' && url === '/api/sections/5') {
      enabled = !enabled;
      return { body: { ...saved, Enabled: enabled } };
    }
    if (method === 'POST' && url === '/api/sections') {
      const { SectionName, Template } = body as { SectionName: string; Template: string };
      // The server keeps an existing section's spelling and adds the next version.
      const existing = SectionName.toLowerCase() === saved.SectionName.toLowerCase();
      return { body: { ...saved, Id: 9, SectionName: existing ? saved.SectionName : SectionName, Template, Version: existing ? 2 : 1 } };
    }
    return undefined;
  });
  signedInAs(roles);
  renderWithAdmin(<ResourceScreen declaration={sections} />);
  return server;
}

// jsdom lays nothing out: CodeMirror measures text ranges, which jsdom's Range cannot.
if (!Range.prototype.getClientRects) {
  Range.prototype.getClientRects = () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
}

const builder = [Permissions.Sections.VIEW_SECTION_TEMPLATES, Permissions.Sections.CREATE_SECTION_TEMPLATES];

describe('the section template builder', () => {
  it('lists sections grouped by name with their versions and created date', async () => {
    setup(builder);
    const table = await screen.findByRole('table', { name: 'Section Templates' });
    // One row per name (any letter case), with its latest version.
    expect(within(table).getAllByText(/^Subject Interview/).map((cell) => cell.textContent)).toEqual(['Subject Interview', 'Subject Interview Notes']);
    await userEvent.click(await screen.findByText('Subject Interview'));
    const versions = await screen.findByRole('table', { name: 'Versions of Subject Interview' });
    expect(within(versions).getByText('March 05, 2026')).toBeInTheDocument();
    expect(within(versions).getByText('January 10, 2026')).toBeInTheDocument();
    // Only that section's versions, newest first.
    expect(within(versions).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[0].textContent)).toEqual(['v1', 'v0']);
  });

  it('says when there are no sections', async () => {
    setup(builder, ({ method, url }) => (method === 'GET' && url === '/api/sections' ? { body: [] } : undefined));
    expect(await screen.findByText(Texts.configuration.sectionScreen.empty)).toBeInTheDocument();
  });

  it('disables and enables a version with the spec toasts', async () => {
    const { calls } = setup([...builder, Permissions.Sections.DELETE_SECTION_TEMPLATES]);
    await userEvent.click(await screen.findByText('Subject Interview'));
    await userEvent.click(await screen.findByRole('button', { name: 'Disable Subject Interview version 1' }));
    expect(await screen.findByText('The section Subject Interview version 1 was disabled.')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Enable Subject Interview version 1' }));
    expect(await screen.findByText('The section Subject Interview version 1 was enabled.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/sections/5', '/api/sections/5']);
  });

  it('shows a version read only to a user who may only view', async () => {
    const { calls } = setup([Permissions.Sections.VIEW_SECTION_TEMPLATES]);
    await userEvent.click(await screen.findByText('Subject Interview'));
    expect(screen.queryByRole('button', { name: 'Edit Subject Interview version 1' })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'View Subject Interview version 1' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Subject Interview (version 1)' })).toBeInTheDocument();
    expect(dialog.textContent).not.toMatch(/Edit|new version/);
    expect(within(dialog).queryByRole('button', { name: 'Add Section Template' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Add Field' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Section Template Name/ })).toBeDisabled();
    expect(within(dialog).getByRole('textbox', { name: /^Label/ })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('heading', { name: 'Subject Interview (version 1)' }));
    await userEvent.keyboard('n');
    expect(within(dialog).getAllByTestId('field-card')).toHaveLength(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method !== 'GET')).toBe(false);
  });

  it("shows the server's field errors under their fields, and keeps the inputs within the schema's lengths", async () => {
    setup(builder, ({ method, url }) =>
      method === 'POST' && url === '/api/sections'
        ? {
            status: 400,
            body: {
              Message: 'The request is invalid.',
              ModelState: {
                'Template.fields.field[1].@name': ['The field name P is already used at this level.'],
                'Template.fields.field[2].Template.fields.field[0].@listType': ['There is no list NoSuchList.'],
                'Template.fields.field[2].Template': ['A template field needs at least one field.'],
                SectionName: ['Section Template Name is too long.'],
              },
            },
          }
        : undefined,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Add Section Template' }));
    const dialog = await screen.findByRole('dialog');
    const sectionName = within(dialog).getByRole('textbox', { name: /Section Template Name/ });
    expect(sectionName).toHaveAttribute('maxlength', '100');
    await userEvent.type(sectionName, 'Visit');
    for (const label of ['P', 'P']) {
      await userEvent.click(within(dialog).getByRole('button', { name: 'Add Field' }));
      await userEvent.type(within(dialog).getAllByRole('textbox', { name: /^Label/ }).at(-1)!, label);
    }
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Field type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Template' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Field' }));
    await userEvent.type(within(dialog).getAllByRole('textbox', { name: /^Label/ }).at(-1)!, 'V');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Template field type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'List' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Template Field' }));
    await userEvent.type(within(dialog).getAllByRole('textbox', { name: /^Label/ }).at(-1)!, 'W');
    const label = within(dialog).getAllByRole('textbox', { name: /^Label/ })[0];
    expect(label).toHaveAttribute('maxlength', '200');
    expect(within(dialog).getAllByRole('textbox', { name: /^Name/ })[0]).toHaveAttribute('maxlength', '100');
    expect(within(dialog).getAllByRole('textbox', { name: /^Instructions/ })[0]).toHaveAttribute('maxlength', '4000');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Section Template' }));
    const cards = await within(dialog).findAllByTestId('field-card');
    await waitFor(() => expect(within(cards[1]).getByText('The field name P is already used at this level.')).toBeInTheDocument());
    expect(within(cards[0]).queryByText(/already used/)).not.toBeInTheDocument();
    // The nested field's list, and the template field's own message, each under its card.
    const visitors = cards[2];
    const visitor = within(visitors).getAllByTestId('field-card')[0];
    expect(within(visitor).getByText('There is no list NoSuchList.')).toBeInTheDocument();
    expect(within(visitors).getByText('A template field needs at least one field.')).toBeInTheDocument();
    expect(within(dialog).getByText('Section Template Name is too long.')).toBeInTheDocument();
    // Changing the field clears what the server said about it.
    await userEvent.type(within(cards[1]).getByRole('textbox', { name: /^Name/ }), '2');
    expect(within(dialog).queryByText('The field name P is already used at this level.')).not.toBeInTheDocument();
  }, 60_000);

  it('derives the name from the label until the name is edited, and keeps saved names read-only', async () => {
    setup(builder);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Section Template' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Field' }));
    const label = within(dialog).getByRole('textbox', { name: /^Label/ });
    await userEvent.type(label, 'Date of Birth!');
    const name = within(dialog).getByRole('textbox', { name: /^Name/ });
    expect(name).toHaveValue('DateofBirth');
    await userEvent.clear(name);
    await userEvent.type(name, 'dob');
    await userEvent.type(label, ' (exact)');
    expect(name).toHaveValue('dob');
  });

  it('refuses to save fields without a name or label, with the spec texts', async () => {
    const { calls } = setup(builder);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Section Template' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Section Template Name/ }), 'Credit Review');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Field' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Section Template' }));
    expect(await screen.findByText(Texts.configuration.sections.missingInputs)).toBeInTheDocument();
    expect(within(dialog).getByText('You must enter a name for this field.')).toBeInTheDocument();
    expect(within(dialog).getByText('You must enter a label for this field.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('offers no template type inside a template, and saves a new version under an existing name', async () => {
    const { calls } = setup(builder);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Section Template' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Section Template Name/ }), 'subject interview');
    expect(within(dialog).getByText(/will be saved as a new version of that section/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Field type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Template' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Field' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Template field type' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).not.toContain('Template');
    await userEvent.keyboard('{Escape}');
    await userEvent.type(within(dialog).getAllByRole('textbox', { name: /^Label/ })[0], 'References');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Template Field' }));
    await userEvent.type(within(dialog).getAllByRole('textbox', { name: /^Label/ })[1], 'Reference Name');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Section Template' }));
    expect(await screen.findByText('The section Subject Interview version 2 was added.')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    // Without Admin Section Templates no report XSLT is sent: the new version keeps the latest one's.
    expect(post.body).not.toHaveProperty('ROITemplate');
    const template = JSON.parse((post.body as { Template: string }).Template);
    expect(template.fields.field[0]).toMatchObject({ '@type': 'template', '@name': 'References' });
    expect(template.fields.field[0].Template.fields.field[0]).toMatchObject({ '@type': 'text', '@name': 'ReferenceName' });
  });

  it('adds the chosen field type with the N key when no input has the focus', async () => {
    setup(builder);
    await screen.findByRole('button', { name: 'Add Section Template' });
    await userEvent.keyboard('n');
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('heading'));
    await userEvent.keyboard('n');
    await userEvent.keyboard('N');
    await waitFor(() => expect(within(dialog).getAllByTestId('field-card')).toHaveLength(2));
  });

  it('shows the JSON and XSLT switches only with their permissions, and hides adding without create permission', async () => {
    setup([Permissions.Sections.VIEW_SECTION_TEMPLATES]);
    await screen.findByText('Subject Interview');
    expect(screen.queryByRole('button', { name: 'Add Section Template' })).not.toBeInTheDocument();
  });

  it('opens an existing version with its names read-only and the switches for a system administrator', async () => {
    setup([Permissions.General.SYSTEM_ADMINISTRATOR]);
    await userEvent.click(await screen.findByText('Subject Interview'));
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Subject Interview version 1' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveAttribute('readonly');
    expect(within(dialog).getByRole('button', { name: 'Switch to JSON' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Switch to XSLT Editor' }));
    expect(within(dialog).getByRole('button', { name: 'Save XSLT' })).toBeInTheDocument();
  });

  it('shows the JSON as a tree, a read-only view or in the code editor', async () => {
    setup([Permissions.General.SYSTEM_ADMINISTRATOR]);
    await userEvent.click(await screen.findByText('Subject Interview'));
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Subject Interview version 1' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Switch to JSON' }));
    expect(within(dialog).getAllByRole('tab').map((t) => t.textContent)).toEqual(['Code', 'Tree', 'View']);
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Tree' }));
    expect(within(dialog).getByRole('tree', { name: 'Template JSON tree' })).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('tab', { name: 'View' }));
    const view = within(dialog).getByRole('region', { name: 'Template JSON view' });
    expect(view.textContent).toBe(JSON.stringify(JSON.parse(saved.Template), null, 2));
    expect(within(view).getByText('"@label"')).toHaveAttribute('data-json', 'key');
    expect(within(view).getAllByText('"Location"')[0]).toHaveAttribute('data-json', 'string');
    // Read-only: nothing in it can be edited or focused for typing.
    expect(view.querySelector('input, textarea, [contenteditable="true"]')).toBeNull();

    await userEvent.click(within(dialog).getByRole('tab', { name: 'Code' }));
    expect(within(dialog).getByRole('group', { name: 'Template JSON' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Switch to Builder' }));
    expect(within(dialog).getAllByTestId('field-card')).toHaveLength(1);
  });
});
