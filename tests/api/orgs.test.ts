import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Permissions } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import { startTestApp, type TestApp } from '../support/testApp.js';

/**
 * Organisations (issue 10, spec 002 §2.1): the tree and its moves, the general settings, inheritance of case
 * types, fees, deadlines, expense rules and users down three levels with overrides, and the org scope of every call.
 */
const T = Texts.orgs;
let t: TestApp;
let admin: string;
let manager: string;
let investigator: string;

const org = new Map<string, number>();
const db = () => t.database.db;
const lookup = (list: string, short: string) => t.lookup(list, short);

type Json = Record<string, unknown> & { Id: number };
const get = async (token: string, url: string) => {
  const response = await t.call(token, { method: 'GET', url });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json();
};

const NEW_ORG = { Name: 'Commerce Denver Office', Code: 'DOC-DEN', Address1: '1 Market St', City: 'Denver', PostalCode: '80202', Phone1: '303-555-0100' };

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signIn('caseadmin');
  manager = await t.signIn('manager');
  investigator = await t.signIn('investigator');
  for (const row of await db().selectFrom('orgs').select(['Id', 'Code']).execute()) org.set(String(row.Code), row.Id);
});
afterAll(() => t.close());

describe('the org tree', () => {
  it('lists the orgs in scope; hidden ones and INACTIVE ORGS only with includeHidden=true', async () => {
    const shown: Json[] = await get(admin, '/api/orgs');
    const all: Json[] = await get(admin, '/api/orgs?includeHidden=true');
    expect(shown.some((o) => o.Name === 'INACTIVE ORGS')).toBe(false);
    expect(all.some((o) => o.Name === 'INACTIVE ORGS' && o.Hidden === true)).toBe(true);
    expect(Object.keys(all[0]).sort()).toEqual(['Code', 'ContractType_Id', 'Hidden', 'Id', 'Name', 'ParentOrg_Id']);
    // Every signed-in screen reads the list (pickers), within the caller's scope.
    expect((await t.call(investigator, { method: 'GET', url: '/api/orgs' })).statusCode).toBe(200);
  });

  it('creates an org under a parent, requiring the spec\'s fields', async () => {
    const empty = await t.call(admin, { method: 'POST', url: '/api/orgs', payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().ModelState).sort()).toEqual(['Address1', 'City', 'Code', 'Name', 'ParentOrg_Id', 'Phone1', 'PostalCode']);
    expect(empty.json().ModelState.Address1).toEqual(['Street is required.']);

    const badPhone = await t.call(admin, { method: 'POST', url: '/api/orgs', payload: { ...NEW_ORG, ParentOrg_Id: org.get('DOC'), Phone1: '12' } });
    expect(badPhone.json().ModelState).toEqual({ Phone1: ['Enter a 10-digit US phone number.'] });

    const created = await t.call(admin, { method: 'POST', url: '/api/orgs', payload: { ...NEW_ORG, ParentOrg_Id: org.get('DOC') } });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ ...NEW_ORG, ParentOrg_Id: org.get('DOC'), Hidden: false });
    org.set('DOC-DEN', created.json().Id);
  });

  it('saves the general settings; the parent never changes through them', async () => {
    const id = org.get('DOC-DEN')!;
    const general = await get(admin, `/api/orgs/${id}/general`);
    const saved = await t.call(admin, {
      method: 'PUT',
      url: `/api/orgs/${id}/general`,
      payload: { ...general, City: 'Aurora', ParentOrg_Id: org.get('COM'), ROIEncrpytionPassword: 'secret-roi', PrependAttachmentsToROI: true },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ City: 'Aurora', ParentOrg_Id: org.get('DOC'), ROIEncrpytionPassword: 'secret-roi', PrependAttachmentsToROI: true });
    // The ROI password protects reports: only those who may edit the org read it.
    expect((await get(manager, `/api/orgs/${id}/general`)).ROIEncrpytionPassword).toBeNull();
    expect((await t.call(manager, { method: 'PUT', url: `/api/orgs/${id}/general`, payload: { ...general } })).statusCode).toBe(403);
  });

  it('moves an org under another, and refuses a move under itself, under an org below it, of the top org, or without the permission', async () => {
    const den = org.get('DOC-DEN')!;
    const move = (id: number, parent: number, token = admin) => t.call(token, { method: 'PUT', url: `/api/orgs/${id}/parent`, payload: { ParentOrg_Id: parent } });

    const moved = await move(den, org.get('FED')!);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ Id: den, ParentOrg_Id: org.get('FED') });

    for (const [id, parent] of [
      [org.get('DOC')!, org.get('DOC')!],
      [org.get('FED')!, org.get('DOC-ATL')!],
      [org.get('DOC')!, org.get('DOC-ATL')!],
    ]) {
      const refused = await move(id, parent);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().Message).toBe(T.orgs.underItself);
    }
    const root = await move(org.get('DI')!, org.get('FED')!);
    expect(root.json().Message).toBe(T.orgs.rootMove);
    expect((await move(den, org.get('DOC')!, manager)).statusCode).toBe(403);
    expect((await move(den, 999_999)).statusCode).toBe(404);

    const parents = await db().selectFrom('orgs').select(['Code', 'ParentOrg_Id']).where('Id', 'in', [org.get('DOC')!, org.get('FED')!, org.get('DI')!]).execute();
    expect(Object.fromEntries(parents.map((p) => [p.Code, p.ParentOrg_Id]))).toEqual({ DI: null, FED: org.get('DI'), DOC: org.get('FED') });
  });

  it('deactivates and activates an org (not the top org), and records it', async () => {
    const den = org.get('DOC-DEN')!;
    expect((await t.call(admin, { method: 'DELETE', url: `/api/orgs/${den}` })).json().Hidden).toBe(true);
    expect((await t.call(admin, { method: 'DELETE', url: `/api/orgs/${den}` })).json().Hidden).toBe(false);
    const root = await t.call(admin, { method: 'DELETE', url: `/api/orgs/${org.get('DI')}` });
    expect(root.statusCode).toBe(400);
    expect(root.json().Message).toBe(T.orgs.rootHide);
    const actions = await db().selectFrom('audit_log').select('Action').where('Entity', '=', 'orgs').where('Entity_Id', '=', String(den)).orderBy('Id').execute();
    expect(actions.map((a) => a.Action)).toEqual(['create', 'update', 'move', 'hide', 'restore']);
  });
});

describe('inheritance down three levels', () => {
  const caseTypes = (code: string): Promise<Json[]> => get(admin, `/api/orgs/${org.get(code)}/case-types`);
  const deadlines = (code: string, caseType: string) => get(admin, `/api/orgs/${org.get(code)}/deadlines?caseTypeId=${lookup('CaseType', caseType)}`);
  const ofType = (rows: Json[], caseType: string) => rows.filter((r) => r.CaseType_Id === lookup('CaseType', caseType));

  it('answers the org\'s own case types and the nearest ancestor\'s, marked inherited', async () => {
    const doc = await caseTypes('DOC');
    expect(ofType(doc, 'T3').map((r) => [r.BaseCost, r.Inherited])).toEqual([
      [1175, false],
      [1100, false],
    ]);
    expect(ofType(doc, 'T1').map((r) => [r.BaseCost, r.Inherited, (r.InheritedFrom as Json).Name])).toEqual([[450, true, 'Dossier Investigations']]);

    // Two levels further down, Commerce's own Tier 3 is what Atlanta inherits, not the provider's.
    const atlanta = await caseTypes('DOC-ATL');
    expect(ofType(atlanta, 'T3').map((r) => [r.BaseCost, (r.InheritedFrom as Json).Name])).toEqual([
      [1175, 'Department of Commerce'],
      [1100, 'Department of Commerce'],
    ]);
    const current = ofType(atlanta, 'T3')[0];
    expect(current).toMatchObject({ Org_Id: org.get('DOC-ATL'), CaseType: { Short: 'T3' }, CaseTemplate: { Label: 'Tier 3 Standard' } });
    expect((current.CompletedCaseFees as Json[]).map((f) => [f.DaysAfter, f.PriceAdjustment, f.IsPercentage])).toEqual([[10, -15, true]]);
  });

  it('inherits deadlines per kind from the nearest ancestor that has them, and expense rules per expense type', async () => {
    const atlanta = await deadlines('DOC-ATL', 'T1');
    expect(atlanta.CaseTypes.map((d: Json) => [d.DaysFromPending, d.IsBusinessDays, (d.InheritedFrom as Json).Name])).toEqual([[20, true, 'Federal Clients']]);
    expect(atlanta.ItemTypes.length).toBeGreaterThan(0);
    expect(atlanta.ItemTypes.every((d: Json) => d.Inherited && (d.InheritedFrom as Json).Name === 'Dossier Investigations')).toBe(true);
    expect((await deadlines('DI', 'T1')).CaseTypes.map((d: Json) => [d.DaysFromPending, d.Inherited])).toEqual([[30, false]]);

    const rules: Json[] = await get(admin, `/api/orgs/${org.get('DOC-ATL')}/expense-rules`);
    const byType = Object.fromEntries(rules.map((r) => [(r.ExpenseType as Json).Description, [r.CPU, r.Inherited]]));
    expect(byType).toMatchObject({ Parking: [15, false], Mileage: [0.6, true], 'Court Record Fee': [15, true] });
    expect(rules.find((r) => (r.ExpenseType as Json).Description === 'Mileage')).toMatchObject({ InheritedFrom: { Name: 'Department of Commerce' }, UOM: { Description: expect.any(String) } });
  });

  it('editing an inherited range makes the ancestor\'s ranges and fees the org\'s own first, in one step', async () => {
    const inherited = ofType(await caseTypes('DOC-ATL'), 'T3');
    const older = inherited.find((r) => r.BaseCost === 1100)!;
    const edited = await t.call(admin, {
      method: 'PUT',
      url: `/api/orgs/${org.get('DOC-ATL')}/case-types/${older.Id}`,
      payload: { BasePrice: 1050, ActiveFrom: older.ActiveFrom, ActiveTo: older.ActiveTo },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ BaseCost: 1050, Inherited: false, InheritedFrom: null });
    expect(edited.json().Id).not.toBe(older.Id);

    const own = ofType(await caseTypes('DOC-ATL'), 'T3');
    expect(own.map((r) => [r.BaseCost, r.Inherited])).toEqual([
      [1175, false],
      [1050, false],
    ]);
    expect((own[0].CompletedCaseFees as Json[]).map((f) => f.PriceAdjustment)).toEqual([-15]);
    // Commerce keeps its own prices.
    expect(ofType(await caseTypes('DOC'), 'T3').map((r) => r.BaseCost)).toEqual([1175, 1100]);
  });

  it('adds a range with Override, copying the inherited ranges first; a new range names its case type, template and base cost', async () => {
    const url = `/api/orgs/${org.get('DOC-ATL')}/case-types`;
    const t1 = lookup('CaseType', 'T1');
    const template = ofType(await caseTypes('DOC-ATL'), 'T1')[0].CaseTemplate_Id;
    const overridden = await t.call(admin, { method: 'POST', url: `${url}?overrideCaseTypes=true`, payload: { CaseType_Id: t1, CaseTemplate_Id: template, BasePrice: 480, ActiveFrom: '2030-01-01', ActiveTo: null } });
    expect(overridden.statusCode, overridden.body).toBe(200);
    expect(ofType(await caseTypes('DOC-ATL'), 'T1').map((r) => [r.BaseCost, r.ActiveFrom, r.Inherited])).toEqual([
      [480, '2030-01-01', false],
      [450, null, false],
    ]);

    // Add Case Type sent empty: every missing field at once, in the form's words.
    const empty = await t.call(admin, { method: 'POST', url, payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().ModelState).toEqual({ CaseType_Id: ['Case Type is required.'], CaseTemplate_Id: [T.caseTypes.templateRequired], BasePrice: ['Base Cost is required.'] });
    const neither = await t.call(admin, { method: 'POST', url, payload: { BasePrice: 10, CaseType_Id: null, CaseTemplate_Id: null } });
    expect(neither.json().ModelState).toEqual({ CaseType_Id: ['Case Type is required.'], CaseTemplate_Id: [T.caseTypes.templateRequired] });
    const noTemplate = await t.call(admin, { method: 'POST', url, payload: { CaseType_Id: lookup('CaseType', 'T5'), BasePrice: 10 } });
    expect(noTemplate.json().ModelState).toEqual({ CaseTemplate_Id: [T.caseTypes.templateRequired] });
    expect(ofType(await caseTypes('DOC-ATL'), 'T5').every((r) => r.Inherited)).toBe(true);

    const unknownType = await db().insertInto('type_items').values({ TableName: 'CaseType', Short: 'TX', Description: 'Test Type' }).returning('Id').executeTakeFirstOrThrow();
    const refused = await t.call(admin, { method: 'POST', url, payload: { CaseType_Id: unknownType.Id, CaseTemplate_Id: template, BasePrice: 10, ActiveFrom: '2030-02-01', ActiveTo: '2030-01-01' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().ModelState).toEqual({ ActiveTo: [T.caseTypes.rangeOrder] });
    const badType = await t.call(admin, { method: 'POST', url, payload: { CaseType_Id: lookup('RegionType', 'SC'), BasePrice: 10, CaseTemplate_Id: 1 } });
    expect(badType.json().ModelState).toEqual({ CaseType_Id: ['Case Type is not a valid choice.'] });
    const badTemplate = await t.call(admin, { method: 'POST', url, payload: { CaseType_Id: unknownType.Id, BasePrice: 10, CaseTemplate_Id: 999_999 } });
    expect(badTemplate.json().ModelState).toEqual({ CaseTemplate_Id: ['Template is not a valid choice.'] });
  });

  it('refuses to delete an inherited range; deletes one own range, or every range of the case type with deleteAll', async () => {
    const url = (id: number, all = false) => `/api/orgs/${org.get('DOC-ATL')}/case-types/${id}${all ? '?deleteAll=true' : ''}`;
    const inherited = ofType(await caseTypes('DOC-ATL'), 'RI')[0];
    const refused = await t.call(admin, { method: 'DELETE', url: url(inherited.Id) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().Message).toBe(T.caseTypes.inheritedDelete);

    const [newest, oldest] = ofType(await caseTypes('DOC-ATL'), 'T1');
    expect((await t.call(admin, { method: 'DELETE', url: url(newest.Id) })).statusCode).toBe(200);
    expect(ofType(await caseTypes('DOC-ATL'), 'T1').map((r) => r.Id)).toEqual([oldest.Id]);
    expect((await t.call(admin, { method: 'DELETE', url: url(oldest.Id, true) })).statusCode).toBe(200);
    // With no range of its own left, Atlanta inherits Tier 1 again.
    expect(ofType(await caseTypes('DOC-ATL'), 'T1').map((r) => r.Inherited)).toEqual([true]);
  });

  it('adds, changes and deletes fees; a fee on an inherited range overrides the case type first', async () => {
    const [ri] = ofType(await caseTypes('DOC-ATL'), 'RI');
    expect(ri.Inherited).toBe(true);
    const fees = (rangeId: number) => `/api/orgs/${org.get('DOC-ATL')}/case-types/${rangeId}/fees`;
    const added = await t.call(admin, { method: 'POST', url: fees(ri.Id), payload: { DaysAfter: 7, PriceAdjustment: 25, IsPercentage: false, ForDiscontinued: false } });
    expect(added.statusCode, added.body).toBe(200);
    const [own] = ofType(await caseTypes('DOC-ATL'), 'RI');
    expect(own.Inherited).toBe(false);
    expect((own.CompletedCaseFees as Json[]).map((f) => f.DaysAfter)).toEqual([5, 7]);
    expect((own.DiscontinuedCaseFees as Json[]).map((f) => f.PriceAdjustment)).toEqual([-50]);

    const fee = (own.CompletedCaseFees as Json[]).find((f) => f.DaysAfter === 7)!;
    const changed = await t.call(admin, { method: 'PUT', url: `${fees(own.Id)}/${fee.Id}`, payload: { DaysAfter: 14, PriceAdjustment: 30, IsPercentage: false, ForDiscontinued: false } });
    expect(changed.json()).toMatchObject({ Id: fee.Id, DaysAfter: 14, PriceAdjustment: 30 });
    const missing = await t.call(admin, { method: 'POST', url: fees(own.Id), payload: { DaysAfter: null, PriceAdjustment: null, IsPercentage: true } });
    expect(missing.json().ModelState).toEqual({ DaysAfter: ['Days After is required.'], PriceAdjustment: ['Price Adjustment is required.'] });
    expect((await t.call(admin, { method: 'DELETE', url: `${fees(own.Id)}/${fee.Id}` })).statusCode).toBe(200);
    expect(((ofType(await caseTypes('DOC-ATL'), 'RI')[0]).CompletedCaseFees as Json[]).map((f) => f.DaysAfter)).toEqual([5]);
    // The provider's own fee is untouched.
    expect(((ofType(await caseTypes('DI'), 'RI')[0]).CompletedCaseFees as Json[]).map((f) => f.DaysAfter)).toEqual([5]);
  });

  it('adds, changes and deletes deadlines, answering the refreshed lists; an inherited set is copied before a change', async () => {
    const base = `/api/orgs/${org.get('DOC-ATL')}/deadlines`;
    const t5 = lookup('CaseType', 'T5');
    const noItem = await t.call(admin, { method: 'POST', url: base, payload: { CaseType_Id: t5, IsACD: true, DaysFromPending: 3 } });
    expect(noItem.json().ModelState).toEqual({ ItemType_Id: [T.deadlines.itemTypeRequired] });

    const created = await t.call(admin, { method: 'POST', url: base, payload: { Org_Id: org.get('DOC-ATL'), CaseType_Id: t5, DaysFromPending: 45, IsBusinessDays: true, StartOnFull: false, IsACD: false, ActiveFrom: null, ActiveTo: null } });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().CaseTypes.map((d: Json) => [d.DaysFromPending, d.Inherited])).toEqual([[45, false]]);
    // The answer names the deadline it wrote (an API client finds its new record in the lists).
    expect(created.json().Id).toBe(created.json().CaseTypes[0].Id);

    const acd = created.json().ItemTypes[0] as Json;
    expect(acd.Inherited).toBe(true);
    const edited = await t.call(admin, { method: 'PUT', url: `${base}/${acd.Id}?caseTypeId=${t5}`, payload: { CaseType_Id: t5, DaysFromPending: 4, IsBusinessDays: true, StartOnFull: false } });
    expect(edited.statusCode, edited.body).toBe(200);
    const mine = (edited.json().ItemTypes as Json[]).find((d) => d.ItemType_Id === acd.ItemType_Id)!;
    expect(mine).toMatchObject({ DaysFromPending: 4, Inherited: false });
    expect(edited.json().Id).toBe(mine.Id);
    expect((edited.json().ItemTypes as Json[]).filter((d) => d.ItemType_Id !== acd.ItemType_Id).every((d) => d.Inherited)).toBe(true);

    const refused = await t.call(admin, { method: 'DELETE', url: `${base}/${(edited.json().ItemTypes as Json[]).find((d) => d.Inherited)!.Id}?caseTypeId=${t5}` });
    expect(refused.json().Message).toBe(T.deadlines.inheritedDelete);
    const deleted = await t.call(admin, { method: 'DELETE', url: `${base}/${mine.Id}?caseTypeId=${t5}` });
    expect(deleted.statusCode).toBe(200);
    expect((deleted.json().ItemTypes as Json[]).find((d) => d.ItemType_Id === acd.ItemType_Id)).toMatchObject({ Inherited: true, DaysFromPending: 10 });
    expect((await t.call(admin, { method: 'GET', url: base })).json().ModelState).toEqual({ caseTypeId: [T.deadlines.caseTypeRequired] });
  });

  it('changes an inherited expense rule through a copy of the ancestor\'s rules of that type', async () => {
    const url = `/api/orgs/${org.get('DOC-ATL')}/expense-rules`;
    const rules: Json[] = await get(admin, url);
    const mileage = rules.find((r) => (r.ExpenseType as Json).Description === 'Mileage')!;
    const changed = await t.call(admin, { method: 'PUT', url: `${url}/${mileage.Id}`, payload: { ExpenseType_Id: mileage.ExpenseType_Id, CPU: 0.7, IsPassthrough: false, ActiveFrom: mileage.ActiveFrom, ActiveTo: null } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ CPU: 0.7, Inherited: false });
    const commerce: Json[] = await get(admin, `/api/orgs/${org.get('DOC')}/expense-rules`);
    expect(commerce.find((r) => (r.ExpenseType as Json).Description === 'Mileage')).toMatchObject({ CPU: 0.6, Inherited: false });

    const created = await t.call(admin, { method: 'POST', url, payload: { ExpenseType_Id: mileage.ExpenseType_Id, CPU: 0.8, IsPassthrough: true, ActiveFrom: '2031-01-01', ActiveTo: '2030-01-01' } });
    expect(created.json().ModelState).toEqual({ ActiveTo: [T.caseTypes.rangeOrder] });
    const inherited = (await get(admin, url) as Json[]).find((r) => r.Inherited)!;
    expect((await t.call(admin, { method: 'DELETE', url: `${url}/${inherited.Id}` })).json().Message).toBe(T.expenseRules.inheritedDelete);
    expect((await t.call(admin, { method: 'DELETE', url: `${url}/${changed.json().Id}` })).statusCode).toBe(200);
  });

  it('lists the org\'s users and its ancestors\' below the provider, with this org\'s notice settings', async () => {
    const client = await db().selectFrom('users').select(['Id']).where('UserName', '=', 'client').executeTakeFirstOrThrow();
    const commerce: Json[] = await get(admin, `/api/orgs/${org.get('DOC')}/users`);
    expect(commerce.find((u) => u.Id === client.Id)).toMatchObject({ Inherited: false, Settings: { PointOfContact: true, SendCompletionNotice: true, EncryptROI: false }, Groups: [{ Name: 'Client' }] });
    const atlanta: Json[] = await get(admin, `/api/orgs/${org.get('DOC-ATL')}/users`);
    expect(atlanta.find((u) => u.Id === client.Id)).toMatchObject({ Inherited: true, InheritedFrom: { Name: 'Department of Commerce' }, Settings: { PointOfContact: false } });
    // The provider's staff are nobody's inherited users.
    expect(atlanta.some((u) => u.LastName === 'Adams')).toBe(false);

    const flags = { PointOfContact: true, SendOnHoldNotice: true, SendSubmissionNotice: false, SendCompletionNotice: false, IncludeROI: false, EncryptROI: true, ViewClosedCases: false };
    const saved = await t.call(admin, { method: 'PUT', url: `/api/orgs/${org.get('DOC-ATL')}/users/${client.Id}/settings`, payload: flags });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ FirstName: 'Claire', LastName: 'Donovan', Settings: flags });
    expect((await get(admin, `/api/orgs/${org.get('DOC')}/users`) as Json[]).find((u) => u.Id === client.Id)).toMatchObject({ Settings: { EncryptROI: false } });
    const stranger = await t.call(admin, { method: 'PUT', url: `/api/orgs/${org.get('DOC-ATL')}/users/1/settings`, payload: flags });
    expect(stranger.statusCode).toBe(404);
  });

  it('reads and saves the invoice settings', async () => {
    const url = `/api/orgs/${org.get('DOC')}/invoice-settings`;
    const before = await get(manager, url);
    expect(before).toEqual({ Org_Id: org.get('DOC'), QboId: '58', QboCompany: { Id: '58', DisplayName: 'Department of Commerce' }, IncludeLast4SSN: expect.any(Boolean) });
    const saved = await t.call(manager, { method: 'PUT', url, payload: { QboId: null, IncludeLast4SSN: !before.IncludeLast4SSN } });
    expect(saved.json()).toEqual({ Org_Id: org.get('DOC'), QboId: null, QboCompany: null, IncludeLast4SSN: !before.IncludeLast4SSN });
    expect((await t.call(manager, { method: 'PUT', url, payload: { IncludeLast4SSN: true } })).json().ModelState).toEqual({ QboId: ['QuickBooks Company is required.'] });
    expect(await get(manager, '/api/qbo/customers')).toEqual([]);
  });
});

describe('permissions and org scope', () => {
  it('refuses every org write to a user without its permission', async () => {
    const doc = org.get('DOC')!;
    const [range] = await get(admin, `/api/orgs/${doc}/case-types`);
    const writes: [string, string, object][] = [
      ['POST', '/api/orgs', { ...NEW_ORG, ParentOrg_Id: doc }],
      ['PUT', `/api/orgs/${doc}/general`, NEW_ORG],
      ['DELETE', `/api/orgs/${doc}`, {}],
      ['PUT', `/api/orgs/${doc}/parent`, { ParentOrg_Id: org.get('COM') }],
      ['POST', `/api/orgs/${doc}/case-types`, { CaseType_Id: lookup('CaseType', 'T1'), BasePrice: 1 }],
      ['PUT', `/api/orgs/${doc}/case-types/${range.Id}`, { BasePrice: 1 }],
      ['DELETE', `/api/orgs/${doc}/case-types/${range.Id}`, {}],
      ['POST', `/api/orgs/${doc}/case-types/${range.Id}/fees`, { DaysAfter: 1, PriceAdjustment: 1 }],
      ['POST', `/api/orgs/${doc}/deadlines`, { CaseType_Id: lookup('CaseType', 'T1'), DaysFromPending: 1 }],
      ['POST', `/api/orgs/${doc}/expense-rules`, { ExpenseType_Id: 1, CPU: 1 }],
      ['PUT', `/api/orgs/${doc}/users/1/settings`, {}],
    ];
    for (const [method, url, payload] of writes) {
      for (const token of [manager, investigator]) {
        const response = await t.call(token, { method, url, payload });
        expect(response.statusCode, `${method} ${url}`).toBe(403);
      }
    }
    // An investigator reads an org's expense rules only to record an item's expenses (tests/api/itemExtras.test.ts).
    const investigatorReads = ['/api/orgs/1/general', `/api/orgs/${doc}/case-types`, `/api/orgs/${doc}/users`, `/api/orgs/${doc}/invoice-settings`];
    for (const url of investigatorReads) expect((await t.call(investigator, { method: 'GET', url })).statusCode, url).toBe(403);
  });

  it('keeps a client user to its org and the orgs below it: anything else is a 404', async () => {
    const sysadmin = await t.signIn('sysadmin');
    const clientGroup = (await db().selectFrom('groups').select('Id').where('Name', '=', 'Client').executeTakeFirstOrThrow()).Id;
    for (const role of [Permissions.Orgs.VIEW_ORGANIZATIONS, Permissions.Orgs.GET_ORG_CASE_TYPES, Permissions.Orgs.EDIT_ORGANIZATION, Permissions.Orgs.CHANGE_PARENT_ORGANIZATION]) {
      expect((await t.call(sysadmin, { method: 'POST', url: `/api/identity/groups/${clientGroup}/roles`, payload: { Name: role } })).statusCode).toBe(200);
    }
    const client = await t.signIn('client');
    const visible = ((await get(client, '/api/orgs?includeHidden=true')) as Json[]).map((o) => o.Code).sort();
    expect(visible).toEqual(['DOC', 'DOC-ATL']);
    expect((await t.call(client, { method: 'GET', url: `/api/orgs/${org.get('FED')}/general` })).statusCode).toBe(404);
    expect((await t.call(client, { method: 'GET', url: `/api/orgs/${org.get('ACME')}/case-types` })).statusCode).toBe(404);
    expect((await t.call(client, { method: 'PUT', url: `/api/orgs/${org.get('ACME')}/general`, payload: NEW_ORG })).statusCode).toBe(404);
    expect((await t.call(client, { method: 'PUT', url: `/api/orgs/${org.get('DOC-ATL')}/parent`, payload: { ParentOrg_Id: org.get('FED') } })).statusCode).toBe(404);
    // Inside its scope the pricing it sees is what applies to it, inherited from outside included.
    const atlanta: Json[] = await get(client, `/api/orgs/${org.get('DOC-ATL')}/case-types`);
    expect(atlanta.some((r) => (r.InheritedFrom as Json | null)?.Name === 'Dossier Investigations')).toBe(true);
  });
});
