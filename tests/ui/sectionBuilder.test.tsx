import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Permissions } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import { SectionTemplatesPage } from '../../src/sections/SectionTemplatesPage.js';
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

function setup(roles: string[]) {
  const server = fakeServer(({ method, url, body }) => {
    if (method === 'GET' && url === '/api/sections') return { body: [saved] };
    if (method === 'POST' && url === '/api/sections') {
      const { SectionName, Template } = body as { SectionName: string; Template: string };
      // The server keeps an existing section's spelling and adds the next version.
      const existing = SectionName.toLowerCase() === saved.SectionName.toLowerCase();
      return { body: { ...saved, Id: 9, SectionName: existing ? saved.SectionName : SectionName, Template, Version: existing ? 2 : 1 } };
    }
    return undefined;
  });
  signedInAs(roles);
  renderWithAdmin(<SectionTemplatesPage />);
  return server;
}

const builder = [Permissions.Sections.VIEW_SECTION_TEMPLATES, Permissions.Sections.CREATE_SECTION_TEMPLATES];

describe('the section template builder', () => {
  it('lists sections grouped by name with their versions and created date', async () => {
    setup(builder);
    await userEvent.click(await screen.findByText('Subject Interview'));
    const versions = await screen.findByRole('table', { name: 'Versions of Subject Interview' });
    expect(within(versions).getByText('March 05, 2026')).toBeInTheDocument();
  });

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
    const template = JSON.parse((post.body as { Template: string }).Template);
    expect(template.fields.field[0]).toMatchObject({ '@type': 'template', '@name': 'References' });
    expect(template.fields.field[0].Template.fields.field[0]).toMatchObject({ '@type': 'text', '@name': 'ReferenceName' });
  });

  it('adds the chosen field type with the N key when no input has the focus', async () => {
    setup(builder);
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
});
