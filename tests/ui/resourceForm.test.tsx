import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiRecord, ResourceDeclaration } from '../../resources/declaration.js';
import type { FormSectionView } from '../../src/resources/formParts.js';
import { ResourceForm } from '../../src/resources/ResourceForm.js';
import { fakeServer, signedInAs } from './support/fakeServer.js';
import { renderWithAdmin } from './support/renderWithAdmin.js';

/**
 * The generic sectioned form of a declared resource (src/resources/ResourceForm.tsx) with what its schema asks for:
 * a list of objects edited in place (a minimum of filled entries, one primary, blank entries not sent, pages of 5),
 * a list edited in a modal, a date not in the future, a section shown only while a condition holds. The example
 * resource exists only in this test; nothing here is about users.
 */

vi.mock('../../resources/index.js', async (importOriginal) => {
  const product = await importOriginal<typeof import('../../resources/index.js')>();
  const widgets: ResourceDeclaration = {
    name: 'widgets',
    key: 'Id',
    title: 'Widgets',
    schema: {
      type: 'object',
      properties: {
        Id: { type: 'integer', readOnly: true },
        Name: { type: 'string', title: 'Name', minLength: 1, 'x-messages': { required: 'Name is required.', minLength: 'Name is required.' } },
        Contacts: {
          type: 'array',
          title: 'Contacts',
          items: {
            type: 'object',
            title: 'Contact',
            properties: { Id: { type: ['integer', 'null'], readOnly: true }, Address: { type: 'string', title: 'Address' }, IsPrimary: { type: 'boolean', title: 'Primary', default: false } },
            required: ['Address'],
          },
          'x-minFilled': { count: 2, field: 'Address' },
          'x-messages': { 'x-minFilled': 'Two contacts, please.' },
          'x-ui': { primary: 'IsPrimary', omitBlank: 'Address' },
        },
        Codes: {
          type: 'array',
          title: 'Codes',
          items: { type: 'object', title: 'Code', properties: { Code: { type: 'string', title: 'Code', minLength: 1, 'x-messages': { minLength: 'Code is required.', required: 'Code is required.' } } }, required: ['Code'] },
        },
        Stops: {
          type: 'array',
          title: 'Stops',
          items: {
            type: 'object',
            title: 'Stop',
            properties: {
              City: { type: 'string', title: 'City', minLength: 1, 'x-messages': { required: 'City is required.', minLength: 'City is required.' } },
              Visited: { type: ['string', 'null'], title: 'Visited', format: 'date', 'x-notFuture': true, 'x-messages': { 'x-notFuture': 'Visited cannot be in the future.' } },
            },
            required: ['City'],
          },
          'x-ui': { edit: 'dialog' },
        },
        Extra: { type: ['string', 'null'], title: 'Extra' },
      },
      required: ['Name'],
    } as ResourceDeclaration['schema'],
    menu: { group: 'none', order: 0 },
    recordRepresentation: (r) => String(r.Name),
    operations: { one: { method: 'GET', path: '/api/widgets/:id' }, update: { method: 'PUT', path: '/api/widgets/:id' } },
    paging: 'browser',
    permissions: { view: [] },
    remove: { kind: 'none' },
    list: { pageSize: 20, sort: { field: 'Name', order: 'ASC' } },
    form: { fields: ['Name', 'Contacts', 'Codes', 'Stops', 'Extra'] },
  };
  return { ...product, resources: [...product.resources, widgets], resourceByName: (name: string) => (name === 'widgets' ? widgets : product.resourceByName(name)) };
});

const { resourceByName } = await import('../../resources/index.js');
/** The widget form's sections, as a view gives them. */
const WIDGET_SECTIONS: readonly FormSectionView[] = [
  { title: 'Main', fields: ['Name'] },
  { title: 'Contacts', fields: ['Contacts'], empty: 'No contacts.' },
  { title: 'Codes', fields: ['Codes'], empty: 'No codes.' },
  { title: 'Stops', fields: ['Stops'], empty: 'No stops.' },
  { title: 'More', fields: ['Extra'], when: { name: 'more', field: 'Labels', some: (label: ApiRecord) => label.Name === 'More' } },
];

const widgets = resourceByName('widgets')!;

const inYear = (years: number) => `${new Date().getFullYear() + years}-06-01`;
const WIDGET = {
  id: 5,
  Id: 5,
  Name: 'Gear',
  Contacts: [{ Id: 1, Address: 'first@example.com', IsPrimary: true }],
  Codes: [],
  Stops: [],
  Extra: null,
  Labels: [],
};

type Handler = Parameters<typeof fakeServer>[0];

function setup(record: ApiRecord = WIDGET, { show = [] as string[], override }: { show?: string[]; override?: Handler } = {}) {
  const server = fakeServer((request) => override?.(request) ?? (request.method === 'PUT' ? { body: { ...record, ...(request.body as object) } } : undefined));
  signedInAs([]);
  renderWithAdmin(<ResourceForm sections={WIDGET_SECTIONS} declaration={widgets} record={record} show={show} label="Widget" submitLabel="Save" />);
  return server;
}

const form = () => screen.findByRole('form', { name: 'Widget' });
const puts = (calls: { method: string; body: unknown }[]) => calls.filter((c) => c.method === 'PUT').map((c) => c.body as Record<string, unknown>);

describe('a list of objects edited in place', () => {
  it('says how many entries it needs, counts only filled ones, keeps one primary and sends no blank entry', async () => {
    const { calls } = setup(WIDGET, {
      override: (r) => (r.method === 'PUT' ? { status: 400, body: { Message: 'The request is invalid.', ModelState: { 'Contacts[1].Address': ['This address bounces.'] } } } : undefined),
    });
    const widget = await form();
    const contacts = within(widget).getByRole('region', { name: 'Contacts' });
    expect(within(contacts).getByText('* At least 2 is required')).toBeInTheDocument();

    await userEvent.click(within(contacts).getByRole('button', { name: 'Add Contact' }));
    await userEvent.click(within(widget).getByRole('button', { name: 'Save' }));
    expect(await within(contacts).findByText('Two contacts, please.')).toBeInTheDocument();
    expect(puts(calls)).toHaveLength(0);

    await userEvent.click(within(contacts).getByRole('button', { name: 'Add Contact' }));
    await userEvent.type(within(contacts).getAllByRole('textbox', { name: 'Address' })[2], 'third@example.com');
    await userEvent.click(within(contacts).getByRole('checkbox', { name: 'Primary contact 3' }));
    expect(within(contacts).getByRole('checkbox', { name: 'Primary contact 1' })).not.toBeChecked();
    await userEvent.click(within(widget).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0].Contacts).toEqual([
      { Id: 1, Address: 'first@example.com', IsPrimary: false },
      { Address: 'third@example.com', IsPrimary: true },
    ]);
    // The server's second entry is the third row on screen (the blank second row was not sent).
    expect(await within(within(contacts).getByRole('listitem', { name: 'Contact 3' })).findByText('This address bounces.')).toBeInTheDocument();
  });

  it('pages its entries 5 at a time and brings the page with an error into view', async () => {
    const codes = Array.from({ length: 7 }, (_v, i) => ({ Code: i === 6 ? '' : `C${i + 1}` }));
    const { calls } = setup({ ...WIDGET, Contacts: [...WIDGET.Contacts, { Id: 2, Address: 'two@example.com', IsPrimary: false }], Codes: codes });
    const widget = await form();
    const list = within(widget).getByRole('list', { name: 'Codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    expect(within(widget).getByText('1–5 of 7')).toBeInTheDocument();

    await userEvent.click(within(widget).getByRole('button', { name: 'Save' }));
    const last = await within(widget).findByRole('listitem', { name: 'Code 7' });
    expect(within(last).getByText('Code is required.')).toBeInTheDocument();
    expect(within(widget).queryByRole('listitem', { name: 'Code 1' })).not.toBeInTheDocument();
    expect(puts(calls)).toHaveLength(0);
  });
});

describe('a list edited in a modal', () => {
  it('adds an entry in a modal that checks it against the entry schema, and lists the entries in pages of 5', async () => {
    const stops = Array.from({ length: 7 }, (_v, i) => ({ City: `City ${i + 1}`, Visited: null }));
    setup({ ...WIDGET, Contacts: [...WIDGET.Contacts, { Id: 2, Address: 'two@example.com', IsPrimary: false }], Stops: stops });
    const widget = await form();
    const table = within(widget).getByRole('table', { name: 'Stops' });
    expect(within(table).getByText('City 5')).toBeInTheDocument();
    expect(within(table).queryByText('City 6')).not.toBeInTheDocument();
    expect(within(widget).getByText('1–5 of 7')).toBeInTheDocument();

    await userEvent.click(within(widget).getByRole('button', { name: 'Add Stop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Stop' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Stop' }));
    expect(within(dialog).getByText('City is required.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'City' }), 'Raleigh');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Stop' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // The new eighth entry is on the second page, which the table turns to.
    expect(await within(widget).findByText('6–8 of 8')).toBeInTheDocument();
    expect(within(within(widget).getByRole('table', { name: 'Stops' })).getByText('Raleigh')).toBeInTheDocument();
    expect(within(widget).queryByText('City 1')).not.toBeInTheDocument();
  });

  it('refuses a date the schema keeps out of the future, under its row', async () => {
    const { calls } = setup({ ...WIDGET, Contacts: [...WIDGET.Contacts, { Id: 2, Address: 'two@example.com', IsPrimary: false }], Stops: [{ City: 'Durham', Visited: inYear(1) }] });
    const widget = await form();
    await userEvent.click(within(widget).getByRole('button', { name: 'Save' }));
    expect(await within(within(widget).getByRole('table', { name: 'Stops' })).findByText('Visited cannot be in the future.')).toBeInTheDocument();
    expect(puts(calls)).toHaveLength(0);
  });
});

describe('a section with a condition', () => {
  const valid = { ...WIDGET, Contacts: [...WIDGET.Contacts, { Id: 2, Address: 'two@example.com', IsPrimary: false }], Extra: 'kept' };

  it('shows only while its condition holds, and its fields are sent only then', async () => {
    const { calls } = setup(valid);
    const widget = await form();
    expect(within(widget).queryByRole('region', { name: 'More' })).not.toBeInTheDocument();
    await userEvent.click(within(widget).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The widget Gear was updated.')).toBeInTheDocument();
    expect(puts(calls)[0]).toEqual({ Name: 'Gear', Contacts: expect.any(Array), Codes: [], Stops: [] });
  });

  it('shows when a record of its field passes the condition', async () => {
    setup({ ...valid, Labels: [{ Name: 'More' }] });
    expect(within(await form()).getByRole('region', { name: 'More' })).toBeInTheDocument();
  });

  it('shows when the form asks for it by name', async () => {
    const { calls } = setup(valid, { show: ['more'] });
    const widget = await form();
    expect(within(widget).getByRole('textbox', { name: 'Extra' })).toHaveValue('kept');
    await userEvent.click(within(widget).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(calls)[0]).toMatchObject({ Extra: 'kept' }));
  });
});
