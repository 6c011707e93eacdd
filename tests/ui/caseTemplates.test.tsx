import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Permissions } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import type { CaseTemplate, ItemType } from '../../dataProvider/configuration.js';
import caseTemplates from '../../resources/caseTemplates.js';
import { ResourceScreen } from '../../src/resources/ResourceScreen.js';
import { applyItemOrder, draftItemsOf, newItem } from '../../src/caseTemplates/caseTemplateModel.js';
import { fakeServer, signedInAs } from './support/fakeServer.js';
import { renderWithAdmin } from './support/renderWithAdmin.js';

const T = Texts.configuration.caseTemplateScreen;
const P = Permissions.CaseTemplates;
const ROUTE = Permissions.Cases.CREATE_CASE_TEMPLATE;
const ALL = [ROUTE, ...Object.values(P)];

const CONTRACT_TYPES = {
  TableName: 'ContractType',
  FormattedTableName: 'Contract Type',
  IsDynamic: false,
  Types: [
    { Id: 31, Short: 'FED', Description: 'Federal', Hidden: false },
    { Id: 32, Short: 'STATE', Description: 'State', Hidden: false },
    { Id: 33, Short: 'COM', Description: 'Commercial', Hidden: false },
  ],
};

const itemType = (Id: number, Name: string, Description: string, Hidden = false): ItemType => ({ Id, Name, Description, Hidden, Sections: [], Assets: [] });
const ITEM_TYPES = [
  itemType(10, 'Subject Interview', 'Personal Subject Interview'),
  itemType(11, 'Residence Check', 'Verification of Residence'),
  itemType(12, 'Credit Check', 'Credit Bureau Review (retired)', true),
];

const template = (Id: number, Label: string, contract: (typeof CONTRACT_TYPES.Types)[number], items: CaseTemplate['Items'] = []): CaseTemplate => ({
  Id,
  Label,
  CaseType_Id: null,
  ContractType_Id: contract.Id,
  ContractType: { Id: contract.Id, Description: contract.Description },
  ROICoversheetTemplate: '<xsl:stylesheet version="1.0"/>',
  ROIStylesheet: null,
  ROIHeader: null,
  ROIFooter: null,
  ShowCoverPage: true,
  Items: items,
});
const item = (Id: number, type: ItemType, DisplayOrder: number, AutoAdd = true) => ({
  Id,
  ItemType: { Id: type.Id, Short: type.Name, Description: type.Description },
  AutoAdd,
  ShowInReport: true,
  ShowTitle: true,
  DisplayOrder,
});
const TEMPLATES = [
  // Items sent out of order on purpose: the editor shows DisplayOrder.
  template(1, 'Tier 1 Standard', CONTRACT_TYPES.Types[0], [item(102, ITEM_TYPES[1], 2, false), item(101, ITEM_TYPES[0], 1)]),
  template(3, 'Tier 3 Standard', CONTRACT_TYPES.Types[0]),
  template(5, 'Employment Screening', CONTRACT_TYPES.Types[2]),
];

type Handler = Parameters<typeof fakeServer>[0];

function setup(roles: string[], override?: Handler) {
  const server = fakeServer((request) => {
    const answer = override?.(request);
    if (answer) return answer;
    const { method, url, body } = request;
    if (method === 'GET' && url === '/api/case-templates') return { body: TEMPLATES };
    if (method === 'GET' && url === '/api/item-types') return { body: ITEM_TYPES };
    if (method === 'POST' && url === '/api/case-templates') return { body: { ...TEMPLATES[1], Id: 9, Label: (body as { Label: string }).Label } };
    if (method === 'PATCH' && url === '/api/case-templates/1') return { body: { ...TEMPLATES[0], Label: (body as { Label: string }).Label } };
    if (method === 'DELETE' && url === '/api/case-templates/5') return { body: TEMPLATES[2] };
    return undefined;
  });
  signedInAs(roles, {}, [], [CONTRACT_TYPES]);
  renderWithAdmin(<ResourceScreen declaration={caseTemplates} />);
  return server;
}

const rowTexts = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((r) => r.textContent);
const itemNames = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('table', { name: 'Items' }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[0].querySelector('p')?.textContent);

describe('the case templates screen', () => {
  it('shows a loading indicator, then the templates by label with their contract type', async () => {
    setup(ALL);
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Case Templates' });
    await within(table).findByText('Tier 1 Standard');
    expect(rowTexts(table)).toEqual(['Employment ScreeningCommercial0', 'Tier 1 StandardFederal2', 'Tier 3 StandardFederal0']);
    expect(screen.queryByRole('progressbar', { name: 'Loading' })).not.toBeInTheDocument();
  });

  it('shows the not-found view without the route permission', async () => {
    setup([P.UPDATE_CASE_TEMPLATE]);
    expect(await screen.findByText(Texts.global.notFound)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Case Templates' })).not.toBeInTheDocument();
  });

  it('hides adding, deleting and saving from a user who may only open the screen', async () => {
    setup([ROUTE]);
    await userEvent.click(await screen.findByText('Tier 1 Standard'));
    const dialog = await screen.findByRole('dialog');
    expect(screen.queryByRole('button', { name: 'Add Case Template' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete / })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Edit Case Template' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Add Item' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /^Move |^Remove / })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Label' })).toHaveAttribute('readonly');
  });

  it('creates a template: required fields, items added at the end, reordered locally and sent with DisplayOrder', async () => {
    const { calls } = setup(ALL);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Case Template' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('switch', { name: 'Show Cover Page On Report' })).toBeChecked();
    expect(within(dialog).getByText(T.noItems)).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Case Template' }));
    expect(within(dialog).getByText(T.labelRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(T.contractTypeRequired)).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Item' }));
    expect(within(dialog).getByText(T.itemTypeRequired)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Item Template' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Select…', 'Residence Check (Verification of Residence)', 'Subject Interview (Personal Subject Interview)']);
    await userEvent.click(screen.getByRole('option', { name: 'Subject Interview (Personal Subject Interview)' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Item' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Item Template' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Residence Check (Verification of Residence)' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Item' }));
    expect(itemNames(dialog)).toEqual(['Subject Interview', 'Residence Check']);
    expect(within(dialog).queryByRole('button', { name: 'Move Subject Interview up' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Move Residence Check down' })).not.toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Move Residence Check up' }));
    expect(itemNames(dialog)).toEqual(['Residence Check', 'Subject Interview']);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Show Title for Subject Interview' }));

    await userEvent.click(within(dialog).getByRole('button', { name: 'Switch to XSLT Editor' }));
    for (const label of ['Cover Sheet XSLT', 'Stylesheet XSLT', 'Header XSLT', 'Footer XSLT']) {
      expect(within(dialog).getByRole('group', { name: label })).toBeInTheDocument();
    }
    await userEvent.click(within(dialog).getByRole('button', { name: 'Switch to Items' }));
    expect(itemNames(dialog)).toEqual(['Residence Check', 'Subject Interview']);

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Label' }), 'Tier 2 Standard');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Contract Type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'State' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Case Template' }));
    expect(await screen.findByText(T.created('Tier 2 Standard'))).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      Label: 'Tier 2 Standard',
      ContractType_Id: 32,
      ShowCoverPage: true,
      ROICoversheetTemplate: '',
      ROIStylesheet: '',
      ROIHeader: '',
      ROIFooter: '',
      ItemTypeIds: [
        { ItemType_Id: 11, AutoAdd: true, ShowInReport: true, ShowTitle: true, DisplayOrder: 1 },
        { ItemType_Id: 10, AutoAdd: true, ShowInReport: true, ShowTitle: false, DisplayOrder: 2 },
      ],
    });
  });

  it('edits a template from its row, with its items in display order', async () => {
    const { calls } = setup(ALL);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Tier 1 Standard' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('textbox', { name: 'Label' })).toHaveValue('Tier 1 Standard');
    expect(itemNames(dialog)).toEqual(['Subject Interview', 'Residence Check']);
    expect(within(dialog).getByRole('checkbox', { name: 'Auto Add Item for Residence Check' })).not.toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove Subject Interview' }));
    expect(itemNames(dialog)).toEqual(['Residence Check']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Edit Case Template' }));
    expect(await screen.findByText(T.edited('Tier 1 Standard'))).toBeInTheDocument();
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.url).toBe('/api/case-templates/1');
    expect(patch.body).toMatchObject({
      Label: 'Tier 1 Standard',
      ContractType_Id: 31,
      ROICoversheetTemplate: '<xsl:stylesheet version="1.0"/>',
      ItemTypeIds: [{ ItemType_Id: 11, AutoAdd: false, ShowInReport: true, ShowTitle: true, DisplayOrder: 1 }],
    });
  });

  it('reorders the items of a saved template by swapping them on the server, applies the answered order and says so', async () => {
    // After the swap the server answers the template with its new order.
    let swapped = false;
    const { calls } = setup(ALL, ({ method, url }) => {
      if (method === 'PUT' && url === '/api/case-templates/1/items/swap') {
        swapped = true;
        return { body: { 101: 2, 102: 1 } };
      }
      if (swapped && method === 'GET' && url === '/api/case-templates') {
        return { body: [template(1, 'Tier 1 Standard', CONTRACT_TYPES.Types[0], [item(102, ITEM_TYPES[1], 1, false), item(101, ITEM_TYPES[0], 2)]), ...TEMPLATES.slice(1)] };
      }
      return undefined;
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Tier 1 Standard' }));
    let dialog = await screen.findByRole('dialog');
    expect(itemNames(dialog)).toEqual(['Subject Interview', 'Residence Check']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move Residence Check up' }));
    expect(await screen.findByText(T.itemsReordered('Tier 1 Standard'))).toBeInTheDocument();
    const swaps = calls.filter((c) => c.method === 'PUT');
    expect(swaps).toEqual([{ method: 'PUT', url: '/api/case-templates/1/items/swap', body: { SwapFromItem_Id: 102, SwapToItem_Id: 101 } }]);
    expect(itemNames(dialog)).toEqual(['Residence Check', 'Subject Interview']);
    expect(within(dialog).getByRole('checkbox', { name: 'Auto Add Item for Residence Check' })).not.toBeChecked();

    // The order is the server's now: closing without saving and opening again shows it.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Edit Tier 1 Standard' }));
    dialog = await screen.findByRole('dialog');
    expect(itemNames(dialog)).toEqual(['Residence Check', 'Subject Interview']);
  });

  it('moves an item not saved yet within the editor only, without a swap or its toast', async () => {
    const { calls } = setup(ALL);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Tier 1 Standard' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Item Template' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Residence Check (Verification of Residence)' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Item' }));
    // The saved Residence Check does not auto-add; the one just added does.
    const autoAdd = () => within(dialog).getAllByRole('checkbox', { name: 'Auto Add Item for Residence Check' }).map((c) => (c as HTMLInputElement).checked);
    expect(itemNames(dialog)).toEqual(['Subject Interview', 'Residence Check', 'Residence Check']);
    expect(autoAdd()).toEqual([false, true]);
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Move Residence Check up' })[1]);
    expect(autoAdd()).toEqual([true, false]);
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    expect(screen.queryByText(T.itemsReordered('Tier 1 Standard'))).not.toBeInTheDocument();
  });

  it('keeps the order and shows the message when the server refuses a swap', async () => {
    const { calls } = setup(ALL, ({ method }) => (method === 'PUT' ? { status: 403, body: { Message: Texts.configuration.caseTemplates.noReorderPermission } } : undefined));
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Tier 1 Standard' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move Subject Interview down' }));
    expect(await screen.findByText(Texts.configuration.caseTemplates.noReorderPermission)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ SwapFromItem_Id: 101, SwapToItem_Id: 102 }]);
    expect(itemNames(dialog)).toEqual(['Subject Interview', 'Residence Check']);
    expect(screen.queryByText(T.itemsReordered('Tier 1 Standard'))).not.toBeInTheDocument();
  });

  it('opens the XSLT editor with the server message when an XSLT text is not well-formed', async () => {
    const message = Texts.configuration.sections.xsltNotWellFormed('Unclosed tag (line 1, column 2)');
    setup(ALL, ({ method }) => (method === 'PATCH' ? { status: 400, body: { Message: 'Invalid', ModelState: { ROIHeader: [message] } } } : undefined));
    await userEvent.click(await screen.findByText('Tier 1 Standard'));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Edit Case Template' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Switch to Items' })).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('deletes a template after confirmation', async () => {
    const { calls } = setup(ALL);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Employment Screening' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('Do you really want to do this?')).toBeInTheDocument();
    expect(within(confirm).getByText(/This action cannot be undone\./)).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(T.deleted('Employment Screening'))).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/case-templates/5')).toBe(true);
  });

  it('lists the cases and orgs that keep a template from being deleted', async () => {
    const usage = {
      Cases: [
        { Id: 501, CaseNumber: '2026-000123' },
        { Id: 502, CaseNumber: '2026-000124' },
      ],
      OrgCaseTypes: [{ Org_Id: 7, Name: 'Department of Commerce' }],
    };
    setup(ALL, ({ method, url }) => (method === 'DELETE' && url === '/api/case-templates/3' ? { status: 400, body: { Message: JSON.stringify(usage) } } : undefined));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Tier 3 Standard' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    const refusal = await screen.findByRole('dialog', { name: T.inUseTitle('Tier 3 Standard') });
    const cases = within(refusal).getByRole('list', { name: 'Cases using this template' });
    expect(within(cases).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['2026-000123', '2026-000124']);
    expect(within(refusal).getByText(T.inUseCases(2))).toBeInTheDocument();
    const orgs = within(refusal).getByRole('list', { name: 'Orgs using this template' });
    expect(within(orgs).getByRole('link', { name: 'Department of Commerce' })).toHaveAttribute('href', '/orgs/7');
    await userEvent.click(within(refusal).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Tier 3 Standard')).toBeInTheDocument();
  });

  it('says another refusal of a delete as a toast and keeps the row', async () => {
    setup(ALL, ({ method }) => (method === 'DELETE' ? { status: 403, body: { Message: Texts.global.forbidden } } : undefined));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Tier 3 Standard' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(Texts.global.forbidden)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: T.inUseTitle('Tier 3 Standard') })).not.toBeInTheDocument();
    expect(screen.getByText('Tier 3 Standard')).toBeInTheDocument();
  });
});

describe('applying the answer to a swap', () => {
  it('puts the saved items in their new order in the places saved items hold, leaving unsaved items where they are', () => {
    const saved = draftItemsOf([item(1, ITEM_TYPES[0], 1), item(2, ITEM_TYPES[1], 2), item(3, ITEM_TYPES[0], 3)]);
    const added = newItem(ITEM_TYPES[1]);
    const items = [saved[0], added, saved[1], saved[2]];
    // The server swapped 1 and 3 (item 2 kept its place).
    const next = applyItemOrder(items, { 1: 3, 2: 2, 3: 1 });
    expect(next.map((i) => i.savedId ?? i.key)).toEqual([3, added.key, 2, 1]);
  });
});
