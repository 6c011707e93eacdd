import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { Permissions } from '../../../shared/permissions.js';
import type { FieldList } from '../../../shared/sections.js';
import { ItemSections } from '../../../src/items/sections/ItemSections.js';
import type { ItemDetail, ItemDetailSection } from '../../../schemas/types.js';
import { fakeServer, signedInAs } from './fakeServer.js';
import { renderWithAdmin } from './renderWithAdmin.js';
import { field } from './sectionFields.js';

const P = Permissions;
type Request = { method: string; url: string; body: unknown };
type Answer = { status?: number; body?: unknown } | undefined;

/** Edits items and their sections, adds and deletes stock phrases. */
export const EDITOR = [P.Items.VIEW_ITEMS, P.CaseItems.EDIT_CASE_ITEMS, P.StockPhrases.ADD, P.StockPhrases.DELETE];

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

export const finished: FieldList = { fields: { field: [field('text', 'Landlord', { '@required': true, '#text': 'Pat Doe' })] } };

export const section = (Id: number, Section_Id: number, SectionName: string, definition: FieldList, DisplayOrder: number): ItemDetailSection => ({
  Id,
  Section_Id,
  Section: { Id: Section_Id, SectionName },
  Definition: JSON.stringify(definition),
  DisplayOrder,
});

export const ITEM: ItemDetail = {
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

export const SECTIONS = '/api/cases/7/items/101/sections';
export const PHRASES_OF_SUMMARY = `/api/stock-phrases/${encodeURIComponent('Subject Interview.Summary')}`;
const PHRASES = [
  { Id: 31, FieldKey: 'Subject Interview.Summary', Phrase: 'Met at home.' },
  { Id: 32, FieldKey: 'Subject Interview.Summary', Phrase: 'Subject was cooperative.' },
];

export function setup(roles: string[], { item = ITEM, readOnly = false, answer }: { item?: ItemDetail; readOnly?: boolean; answer?: (r: Request) => Answer } = {}) {
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

export const sent = (server: { calls: Request[] }, method: string, prefix: string) => server.calls.filter((c) => c.method === method && c.url.startsWith(prefix));

export async function openEditor(user: ReturnType<typeof userEvent.setup>, name = 'Subject Interview', verb = 'Edit') {
  await user.click(await screen.findByRole('button', { name: `${verb} ${name}` }));
  return screen.findByRole('dialog', { name });
}
