import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPGlite, embeddedDatabase } from '../../server/db/database.js';
import { migrationProvider } from '../../server/db/migrations/index.js';
import type { CaseTemplate } from '../../shared/api/configuration.js';
import { Permissions } from '../../shared/permissions.js';
import { ConfigurationTexts } from '../../shared/texts/configuration.js';
import { startTestApp, type TestApp } from '../support/testApp.js';
import { TEST_VAULT } from '../support/testVault.js';

let t: TestApp;
let admin: string;
const itemType = new Map<string, number>();

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signIn('caseadmin');
  for (const type of (await t.call(admin, { method: 'GET', url: '/api/item-types' })).json() as { Id: number; Name: string }[]) {
    itemType.set(type.Name, type.Id);
  }
});
afterAll(() => t.close());

const templates = async (): Promise<CaseTemplate[]> => (await t.call(admin, { method: 'GET', url: '/api/case-templates' })).json();
const XSLT = '<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"/>';
const item = (name: string, extra: object = {}) => ({ ItemType_Id: itemType.get(name), AutoAdd: false, ShowInReport: true, ShowTitle: true, ...extra });
const newTemplate = (extra: object = {}) => ({
  Label: 'Contractor Vetting',
  CaseType_Id: 0,
  ContractType_Id: t.lookup('ContractType', 'COM'),
  ROICoversheetTemplate: XSLT,
  ROIStylesheet: null,
  ROIHeader: '',
  ROIFooter: null,
  ShowCoverPage: false,
  ItemTypeIds: [
    { ...item('Reference Check', { AutoAdd: true }), DisplayOrder: 2, tempId: 'b' },
    { ...item('Employment Check', { ShowTitle: false }), DisplayOrder: 1, tempId: 'a' },
    { ...item('Education Check'), DisplayOrder: null },
  ],
  ...extra,
});
const itemNames = (template: CaseTemplate) => template.Items.map((i) => `${i.DisplayOrder}:${i.ItemType.Short}`);

describe('reading case templates', () => {
  it('lists templates by label with contract type and items in order', async () => {
    const rows = await templates();
    expect(rows.map((r) => r.Label)).toEqual(['Employment Screening', 'State Reinvestigation', 'Tier 1 Standard', 'Tier 3 Standard', 'Tier 5 Comprehensive']);
    const tier1 = rows.find((r) => r.Label === 'Tier 1 Standard')!;
    expect(tier1).toMatchObject({
      CaseType_Id: t.lookup('CaseType', 'T1'),
      ContractType_Id: t.lookup('ContractType', 'FED'),
      ContractType: { Id: t.lookup('ContractType', 'FED'), Description: 'Federal' },
      ROIStylesheet: null,
      ShowCoverPage: true,
    });
    expect(tier1.ROICoversheetTemplate).toContain('Report of Investigation');
    expect(itemNames(tier1)).toEqual(['1:Subject Interview', '2:Law Enforcement Check', '3:Employment Check']);
    expect(tier1.Items[0]).toEqual({
      Id: expect.any(Number),
      ItemType: { Id: itemType.get('Subject Interview'), Short: 'Subject Interview', Description: 'Personal Subject Interview' },
      AutoAdd: true,
      ShowInReport: true,
      ShowTitle: true,
      DisplayOrder: 1,
    });
  });

  it('is refused to users without the case template permission', async () => {
    for (const user of ['investigator', 'client']) {
      expect((await t.call(await t.signIn(user), { method: 'GET', url: '/api/case-templates' })).statusCode).toBe(403);
    }
  });
});

describe('creating and updating case templates', () => {
  let created: CaseTemplate;

  it('creates a template with its items ordered by DisplayOrder (unset last); CaseType_Id 0 is no case type', async () => {
    const response = await t.call(admin, { method: 'POST', url: '/api/case-templates', payload: newTemplate() });
    expect(response.statusCode).toBe(200);
    created = response.json();
    expect(created).toMatchObject({
      Label: 'Contractor Vetting',
      CaseType_Id: null,
      ContractType: { Description: 'Commercial' },
      ROICoversheetTemplate: XSLT,
      ROIHeader: null,
      ShowCoverPage: false,
    });
    expect(itemNames(created)).toEqual(['1:Employment Check', '2:Reference Check', '3:Education Check']);
    expect(created.Items.map((i) => [i.AutoAdd, i.ShowTitle])).toEqual([[false, false], [true, true], [false, true]]);
  });

  it('defaults ShowCoverPage to true', async () => {
    const response = await t.call(admin, { method: 'POST', url: '/api/case-templates', payload: { Label: 'Minimal', ContractType_Id: t.lookup('ContractType', 'FED') } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ ShowCoverPage: true, Items: [], ROICoversheetTemplate: null });
  });

  it('answers ModelState for missing or invalid fields and stores nothing', async () => {
    const before = await templates();
    const missing = await t.call(admin, { method: 'POST', url: '/api/case-templates', payload: { Label: ' ' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().ModelState).toEqual({ Label: ['Label is required.'], ContractType_Id: ['Contract Type is required.'] });
    const noItemType = await t.call(admin, { method: 'POST', url: '/api/case-templates', payload: newTemplate({ ItemTypeIds: [{ AutoAdd: true }] }) });
    expect(noItemType.json().ModelState).toEqual({ 'ItemTypeIds[0].ItemType_Id': ['Item Template is required.'] });
    const wrongLists = await t.call(admin, {
      method: 'POST',
      url: '/api/case-templates',
      payload: newTemplate({
        Label: 'Wrong lists',
        ContractType_Id: t.lookup('CaseType', 'T1'),
        CaseType_Id: t.lookup('ContractType', 'FED'),
        ROIFooter: '<footer>',
        ItemTypeIds: [item('Subject Interview'), { ItemType_Id: 999999 }],
      }),
    });
    expect(wrongLists.statusCode).toBe(400);
    expect(wrongLists.json().ModelState).toEqual({
      ContractType_Id: ['Contract Type is not a valid choice.'],
      CaseType_Id: ['Case Type is not a valid choice.'],
      'ItemTypeIds[1].ItemType_Id': ['There is no such item template.'],
      ROIFooter: [expect.stringMatching(/^The XSLT is not well-formed XML: /)],
    });
    expect(await templates()).toEqual(before);
  });

  it('updates a template, replacing its items; XSLT texts not sent stay', async () => {
    const response = await t.call(admin, {
      method: 'PATCH',
      url: `/api/case-templates/${created.Id}`,
      payload: {
        Label: 'Contractor Vetting v2',
        ContractType_Id: t.lookup('ContractType', 'STATE'),
        CaseType_Id: t.lookup('CaseType', 'EV'),
        ROIHeader: XSLT,
        ItemTypeIds: [item('Reference Check'), item('Employment Check', { AutoAdd: true })],
      },
    });
    expect(response.statusCode).toBe(200);
    const updated: CaseTemplate = response.json();
    expect(updated).toMatchObject({
      Id: created.Id,
      Label: 'Contractor Vetting v2',
      CaseType_Id: t.lookup('CaseType', 'EV'),
      ContractType: { Description: 'State' },
      ROICoversheetTemplate: XSLT,
      ROIHeader: XSLT,
      ShowCoverPage: false,
    });
    expect(itemNames(updated)).toEqual(['1:Reference Check', '2:Employment Check']);
    expect(updated.Items[1].AutoAdd).toBe(true);
    expect((await t.call(admin, { method: 'PATCH', url: '/api/case-templates/999999', payload: newTemplate() })).statusCode).toBe(404);
  });

  it('refuses a label another template has, in any letter case, on create and update', async () => {
    const before = await templates();
    const taken = { Label: ['A case template with this label already exists.'] };
    expect(ConfigurationTexts.caseTemplates.labelTaken).toBe(taken.Label[0]);
    for (const Label of ['Tier 1 Standard', 'tier 1 STANDARD', '  TIER 1 standard ']) {
      const response = await t.call(admin, { method: 'POST', url: '/api/case-templates', payload: newTemplate({ Label }) });
      expect(response.statusCode, Label).toBe(400);
      expect(response.json().ModelState, Label).toEqual(taken);
    }
    const update = await t.call(admin, {
      method: 'PATCH',
      url: `/api/case-templates/${created.Id}`,
      payload: { Label: 'tier 1 standard', ContractType_Id: created.ContractType_Id },
    });
    expect(update.statusCode).toBe(400);
    expect(update.json().ModelState).toEqual(taken);
    expect(await templates()).toEqual(before);
  });

  it('keeps a template its own label, in another letter case too', async () => {
    const response = await t.call(admin, {
      method: 'PATCH',
      url: `/api/case-templates/${created.Id}`,
      payload: { Label: 'CONTRACTOR VETTING V2', ContractType_Id: created.ContractType_Id },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().Label).toBe('CONTRACTOR VETTING V2');
    const back = await t.call(admin, {
      method: 'PATCH',
      url: `/api/case-templates/${created.Id}`,
      payload: { Label: 'Contractor Vetting v2', ContractType_Id: created.ContractType_Id },
    });
    expect(back.statusCode).toBe(200);
  });

  it('swaps two items and answers item id → new display order', async () => {
    const template = (await templates()).find((r) => r.Id === created.Id)!;
    const [reference, employment] = template.Items;
    const response = await t.call(admin, {
      method: 'PUT',
      url: `/api/case-templates/${created.Id}/items/swap`,
      payload: { SwapFromItem_Id: employment.Id, SwapToItem_Id: reference.Id },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ [employment.Id]: 1, [reference.Id]: 2 });
    expect(itemNames((await templates()).find((r) => r.Id === created.Id)!)).toEqual(['1:Employment Check', '2:Reference Check']);
    const foreign = await t.call(admin, {
      method: 'PUT',
      url: `/api/case-templates/${created.Id}/items/swap`,
      payload: { SwapFromItem_Id: 999999, SwapToItem_Id: reference.Id },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().ModelState).toEqual({ SwapFromItem_Id: ['There is no such item in this case template.'] });
  });
});

describe('unique names in the database', () => {
  it('an index refuses a second case template label or expense type name that differs only in letter case', async () => {
    const db = t.database.db;
    const contract = t.lookup('ContractType', 'FED');
    await expect(db.insertInto('case_templates').values({ Label: 'TIER 5 comprehensive', ContractType_Id: contract }).execute()).rejects.toMatchObject({
      code: '23505',
    });
    const uom = t.lookup('UOMType', 'EA');
    await expect(db.insertInto('expense_types').values({ Short: 'PARKING', UOMType_Id: uom }).execute()).rejects.toMatchObject({ code: '23505' });
    const { Id } = await db.insertInto('expense_types').values({ Short: 'Parking Garage', UOMType_Id: uom }).returning('Id').executeTakeFirstOrThrow();
    await db.deleteFrom('expense_types').where('Id', '=', Id).execute();
  });

  it('the migration keeps the oldest of twins already stored and gives each later one its id in brackets', async () => {
    const db = embeddedDatabase(await createPGlite({}));
    try {
      await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
      const migrator = new Migrator({ db, provider: migrationProvider(TEST_VAULT) });
      expect((await migrator.migrateTo('010_rate_limits')).error).toBeUndefined();
      await db.insertInto('type_lists').values([{ TableName: 'ContractType', FormattedTableName: 'Contract Type' }, { TableName: 'UOMType', FormattedTableName: 'UOM' }]).execute();
      const [contract, uom] = await db
        .insertInto('type_items')
        .values([{ TableName: 'ContractType', Short: 'FED' }, { TableName: 'UOMType', Short: 'EA' }])
        .returning('Id')
        .execute();
      const labels = ['Tier 1 Standard', 'TIER 1 STANDARD', 'Other', 'tier 1 standard'];
      const templateIds = [];
      for (const Label of labels) {
        templateIds.push((await db.insertInto('case_templates').values({ Label, ContractType_Id: contract.Id }).returning('Id').executeTakeFirstOrThrow()).Id);
      }
      const expenseIds = [];
      for (const Short of ['Parking', 'parking']) {
        expenseIds.push((await db.insertInto('expense_types').values({ Short, UOMType_Id: uom.Id }).returning('Id').executeTakeFirstOrThrow()).Id);
      }
      const result = await migrator.migrateToLatest();
      expect(result.error).toBeUndefined();
      // 011 runs over the twins (and any later migration after it), each successfully.
      expect(result.results?.[0]).toMatchObject({ migrationName: '011_unique_names', status: 'Success' });
      expect(result.results?.every((r) => r.status === 'Success')).toBe(true);
      const templateRows = await db.selectFrom('case_templates').select(['Id', 'Label']).orderBy('Id').execute();
      expect(templateRows.map((r) => r.Label)).toEqual([
        'Tier 1 Standard',
        `TIER 1 STANDARD (${templateIds[1]})`,
        'Other',
        `tier 1 standard (${templateIds[3]})`,
      ]);
      const expenseRows = await db.selectFrom('expense_types').select('Short').orderBy('Id').execute();
      expect(expenseRows.map((r) => r.Short)).toEqual(['Parking', `parking (${expenseIds[1]})`]);
    } finally {
      await db.destroy();
    }
  });
});

describe('deleting case templates', () => {
  it('refuses while cases or org case types use the template, listing them as JSON in Message', async () => {
    const tier3 = (await templates()).find((r) => r.Label === 'Tier 3 Standard')!;
    const response = await t.call(admin, { method: 'DELETE', url: `/api/case-templates/${tier3.Id}` });
    expect(response.statusCode).toBe(400);
    const refusal = JSON.parse(response.json().Message);
    expect(Object.keys(refusal)).toEqual(['Cases', 'OrgCaseTypes']);
    const cases = await t.database.db.selectFrom('cases').select(['Id', 'CaseNumber']).where('CaseTemplate_Id', '=', tier3.Id).orderBy('CaseNumber').execute();
    expect(cases.length).toBeGreaterThan(0);
    expect(refusal.Cases).toEqual(cases);
    expect(refusal.OrgCaseTypes.map((o: { Name: string }) => o.Name).sort()).toEqual(['Department of Commerce', 'Dossier Investigations'].sort());
    expect(refusal.OrgCaseTypes[0]).toEqual({ Org_Id: expect.any(Number), Name: expect.any(String) });
    expect((await templates()).some((r) => r.Id === tier3.Id)).toBe(true);
  });

  it('refuses while only an org case type uses it', async () => {
    const template: CaseTemplate = (await t.call(admin, { method: 'POST', url: '/api/case-templates', payload: newTemplate({ Label: 'In an org' }) })).json();
    const org = await t.database.db.selectFrom('orgs').select(['Id', 'Name']).where('Code', '=', 'ACME').executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('org_case_types')
      .values({ Org_Id: org.Id, CaseType_Id: t.lookup('CaseType', 'EV')!, CaseTemplate_Id: template.Id, BaseCost: 100 })
      .execute();
    const response = await t.call(admin, { method: 'DELETE', url: `/api/case-templates/${template.Id}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().Message).toBe(JSON.stringify({ Cases: [], OrgCaseTypes: [{ Org_Id: org.Id, Name: org.Name }] }));
  });

  it('deletes an unused template with its items', async () => {
    const template = (await templates()).find((r) => r.Label === 'Minimal')!;
    const withItems: CaseTemplate = (await t.call(admin, { method: 'POST', url: '/api/case-templates', payload: newTemplate({ Label: 'Doomed' }) })).json();
    for (const id of [template.Id, withItems.Id]) {
      const response = await t.call(admin, { method: 'DELETE', url: `/api/case-templates/${id}` });
      expect(response.statusCode).toBe(200);
      expect(response.json().Id).toBe(id);
    }
    const rows = await templates();
    expect(rows.some((r) => r.Id === template.Id || r.Id === withItems.Id)).toBe(false);
    const items = await t.database.db.selectFrom('case_template_items').select('Id').where('CaseTemplate_Id', '=', withItems.Id).execute();
    expect(items).toEqual([]);
    expect((await t.call(admin, { method: 'DELETE', url: `/api/case-templates/${template.Id}` })).statusCode).toBe(404);
  });
});

describe('permissions', () => {
  it('refuses every change to users without the case template permissions, and nothing changes', async () => {
    const before = await templates();
    const target = before.find((r) => r.Label === 'Contractor Vetting v2')!;
    const attempts = [
      { method: 'POST' as const, url: '/api/case-templates', payload: newTemplate({ Label: 'Sneaky' }) },
      { method: 'PATCH' as const, url: `/api/case-templates/${target.Id}`, payload: newTemplate({ Label: 'Sneaky' }) },
      { method: 'DELETE' as const, url: `/api/case-templates/${target.Id}` },
      {
        method: 'PUT' as const,
        url: `/api/case-templates/${target.Id}/items/swap`,
        payload: { SwapFromItem_Id: target.Items[0].Id, SwapToItem_Id: target.Items[1].Id },
      },
    ];
    for (const user of ['investigator', 'client', 'manager']) {
      const token = await t.signIn(user);
      for (const attempt of attempts) expect((await t.call(token, attempt)).statusCode, `${user} ${attempt.method} ${attempt.url}`).toBe(403);
    }
    expect(await templates()).toEqual(before);
  });

  it('needs the add, remove and reorder item permissions to change the items through an update', async () => {
    const db = t.database.db;
    const group = await db.insertInto('groups').values({ Name: 'Template Editors' }).returning('Id').executeTakeFirstOrThrow();
    const roles = await db
      .selectFrom('roles')
      .select('Id')
      .where('Name', 'in', [Permissions.Cases.CREATE_CASE_TEMPLATE, Permissions.CaseTemplates.UPDATE_CASE_TEMPLATE])
      .execute();
    expect(roles.length).toBe(2);
    await db.insertInto('group_roles').values(roles.map((r) => ({ Group_Id: group.Id, Role_Id: r.Id }))).execute();
    const user = await db.selectFrom('users').select('Id').where('UserName', '=', 'reviewer').executeTakeFirstOrThrow();
    await db.insertInto('user_groups').values({ User_Id: user.Id, Group_Id: group.Id }).execute();
    const editor = await t.signIn('reviewer');

    const target = (await templates()).find((r) => r.Label === 'Contractor Vetting v2')!;
    const same = target.Items.map((i) => ({ ItemType_Id: i.ItemType.Id, AutoAdd: i.AutoAdd, ShowInReport: i.ShowInReport, ShowTitle: i.ShowTitle, DisplayOrder: i.DisplayOrder }));
    const payload = { Label: 'Renamed by editor', ContractType_Id: target.ContractType_Id, ItemTypeIds: same };
    const added = await t.call(editor, { method: 'PATCH', url: `/api/case-templates/${target.Id}`, payload: { ...payload, ItemTypeIds: [...same, item('Subject Interview')] } });
    expect(added.statusCode).toBe(403);
    expect(added.json().Message).toBe('You do not have permission to add items to a case template.');
    const removed = await t.call(editor, { method: 'PATCH', url: `/api/case-templates/${target.Id}`, payload: { ...payload, ItemTypeIds: same.slice(1) } });
    expect(removed.statusCode).toBe(403);
    expect(removed.json().Message).toBe('You do not have permission to remove items from a case template.');
    expect(same.length).toBeGreaterThan(1);
    const reordered = await t.call(editor, { method: 'PATCH', url: `/api/case-templates/${target.Id}`, payload: { ...payload, ItemTypeIds: [...same].reverse() } });
    expect(reordered.statusCode).toBe(403);
    expect(reordered.json().Message).toBe('You do not have permission to reorder the items of a case template.');
    expect((await templates()).find((r) => r.Id === target.Id)).toEqual(target);

    const renamed = await t.call(editor, { method: 'PATCH', url: `/api/case-templates/${target.Id}`, payload });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ Label: 'Renamed by editor', CaseType_Id: target.CaseType_Id, ROIHeader: target.ROIHeader });
    expect(itemNames(renamed.json())).toEqual(itemNames(target));
  });

  it('records who changed a template', async () => {
    const entries = await t.database.db
      .selectFrom('audit_log')
      .innerJoin('users', 'users.Id', 'audit_log.User_Id')
      .select(['users.UserName', 'audit_log.Action'])
      .where('Entity', '=', 'case_templates')
      .orderBy('audit_log.Id')
      .execute();
    expect(entries.map((e) => e.Action)).toEqual(expect.arrayContaining(['create', 'update', 'reorder-items', 'delete']));
    expect(entries.at(-1)).toEqual({ UserName: 'reviewer', Action: 'update' });
  });
});
