import { screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Permissions } from '../../../shared/permissions.js';
import { ResourceListOf } from '../../../src/resources/SchemaList.js';
import { fakeServer, signedInAs } from './fakeServer.js';
import { eligibilityOf } from './itemEligibility.js';
import { renderWithAdmin } from './renderWithAdmin.js';

const P = Permissions;
type Json = Record<string, unknown>;
type Request = { method: string; url: string; body: unknown };
type Answer = { status?: number; body?: unknown } | undefined;

/** A case manager: every item permission. */
export const MANAGER = [
  P.Items.VIEW_ITEMS,
  P.Items.CREATE_ITEMS,
  P.Items.DELETE_ITEMS,
  P.Items.REORDER_ITEMS,
  P.CaseItems.EDIT_CASE_ITEMS,
  P.ItemAssignments.ADD_ITEM_ASSIGNMENTS,
  P.CaseItems.MANAGE_CASE_ITEM_DEADLINES,
  P.CaseItems.REVIEW_CASE_ITEMS,
  P.CaseItems.UPDATE_CASE_ITEM_STATUS,
];
export const VIEWER = [P.Items.VIEW_ITEMS];

export const CASE = { id: 7, Id: 7, CaseNumber: 'DOS-2025-000007', WorkflowState: 'IN_PROCESS', CaseStatusType: 'NORMAL' };
export const REGIONS = {
  TableName: 'RegionType',
  FormattedTableName: 'Region Type',
  IsDynamic: false,
  Types: [
    { Id: 41, Short: 'SC', Description: 'South Carolina', Hidden: false },
    { Id: 42, Short: 'NC', Description: 'North Carolina', Hidden: false },
  ],
};

export const item = (Id: number, DisplayId: number, overrides: Json = {}): Json => ({
  Id,
  Case_Id: 7,
  DisplayId,
  ItemType_Id: 5,
  ItemType: { Id: 5, Description: 'Personal Subject Interview' },
  ACD: '2026-12-05',
  Label: null,
  Address1: null,
  Address2: null,
  City: null,
  RegionType_Id: null,
  PostalCode: null,
  Location: { Region: null },
  ShowInReport: true,
  ItemStatus: 'AWAITING_ASSIGNMENT',
  AssignedTo_Id: null,
  AssignedTo: null,
  CompletedDate: null,
  RejectionReason: null,
  HasAttachments: false,
  ...overrides,
});

export const ITEMS = [
  item(101, 1, { Label: 'Subject home', ItemStatus: 'ASSIGNED', AssignedTo_Id: 61, AssignedTo: { Id: 61, FirstName: 'Ian', LastName: 'Vance' }, HasAttachments: true }),
  item(102, 2, { City: 'Charlotte', RegionType_Id: 42, Location: { Region: { Id: 42, Short: 'NC' } }, ItemStatus: 'IN_REVIEW', ItemType: { Id: 6, Description: 'Verification of Residence' }, ItemType_Id: 6 }),
  item(103, 3),
];

const INVESTIGATORS = [
  { Id: 61, FirstName: 'Ian', LastName: 'Vance', WorkStatus: { Id: 1, Short: 'AVAILABLE', Description: 'Available' }, AverageDistance: 3.5 },
  { Id: 62, FirstName: 'Cora', LastName: 'Tate', WorkStatus: { Id: 2, Short: 'BUSY', Description: 'Busy' }, AverageDistance: 87.126 },
  { Id: 63, FirstName: 'Casey', LastName: 'Adams', WorkStatus: null, AverageDistance: null },
];

export const BASE = '/api/cases/7/items';

/**
 * The case's items list (the real ResourceList of `case-items` under the case) against a server holding `items`;
 * `override` answers first. The server says which items a bulk action may change by their status; bulk calls answer
 * the items they name.
 */
export function setup(roles: string[], options: { items?: Json[]; override?: (request: Request) => Answer; page?: (list: ReactElement) => ReactElement } = {}) {
  const items = options.items ?? ITEMS;
  const server = fakeServer((request) => {
    const answer = options.override?.(request);
    if (answer) return answer;
    const { method, url, body } = request;
    if (method === 'GET' && url === BASE) return { body: items };
    if (method === 'GET' && url === `${BASE}/available`) return { body: [{ Id: 6, Description: 'Verification of Residence' }, { Id: 5, Description: 'Personal Subject Interview' }] };
    const one = new RegExp(`^${BASE}/(\\d+)$`).exec(url);
    if (method === 'GET' && one) return { body: { ...items.find((i) => String(i.Id) === one[1]), LockedReason: null, Sections: [], AvailableSections: [] } };
    if (method === 'PUT' && one) return { body: { ...items.find((i) => String(i.Id) === one[1]), ...(body as Json), LockedReason: null } };
    if (method === 'DELETE' && one) return { body: items.find((i) => String(i.Id) === one[1]) };
    if (method === 'POST' && url === BASE) return { body: item(104, 4, body as Json) };
    if (method === 'PUT' && url === `${BASE}/swap`) return { body: { 101: 2, 102: 1, 103: 3 } };
    if (method === 'POST' && url === `${BASE}/assign-list`) return { body: INVESTIGATORS };
    if (method === 'POST' && url === `${BASE}/eligible`) return { body: eligibilityOf(items, body) };
    if (method === 'POST' && url.startsWith(`${BASE}/`)) return { body: items.filter((i) => ((body as Json).ItemIds as number[]).includes(i.Id as number)) };
    if (method === 'GET' && url.startsWith('/api/') && !url.startsWith('/api/live')) return { body: [] };
    return undefined;
  });
  signedInAs(roles, {}, [], [REGIONS]);
  const list = <ResourceListOf resource="case-items" parent={CASE} />;
  renderWithAdmin(options.page ? options.page(list) : list);
  return server;
}

export const table = () => screen.findByRole('table', { name: 'Items of case DOS-2025-000007' }, { timeout: 15_000 });
export const rowOf = async (text: string) => (await within(await table()).findByText(text)).closest('tr')! as HTMLElement;

/** Loads the list's lazily loaded slots, so that the timeouts measure the screens, not the transform. */
export const loadItemSlots = () =>
  Promise.all([
    import('../../../src/items/ItemNumberCell.js'),
    import('../../../src/items/ItemMoveButtons.js'),
    import('../../../src/items/ItemEditor.js'),
    import('../../../src/items/ItemBulkActions.js'),
  ]);
