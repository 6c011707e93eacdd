import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoDay } from '../../shared/format.js';
import type { FieldList, SectionField } from '../../shared/sections.js';
import { Texts } from '../../shared/texts/index.js';
import { centroidLookup, milesBetween } from '../../server/items/zipCentroids.js';
import { startTestApp, type TestApp } from '../support/testApp.js';
import { caseAwaitingAssignment } from '../support/readyCase.js';
import { putTemplateSections } from '../support/itemSections.js';

/**
 * Items (issue 12, server): add, read, change, delete with renumbering, swaps; every bulk transition allowed and
 * refused (assign, unassign, ACDs, submit with its section checks, accept, reject, resubmit) with the item history
 * and the case's workflow; the locks of spec 001 §4; an investigator's view; the assign list's distances.
 */
const T = Texts.items;
let t: TestApp;
const tokens: Record<string, string> = {};
const user = new Map<string, number>();
const db = () => t.database.db;

type Json = Record<string, unknown>;
type Who = 'caseadmin' | 'dataentry' | 'reviewer' | 'manager' | 'investigator' | 'contractor' | 'client' | 'sysadmin';

beforeAll(async () => {
  t = await startTestApp();
  for (const name of ['caseadmin', 'dataentry', 'reviewer', 'manager', 'investigator', 'contractor', 'client', 'sysadmin'] as Who[]) tokens[name] = await t.signIn(name);
  for (const row of await db().selectFrom('users').select(['Id', 'UserName']).execute()) user.set(row.UserName, row.Id);
});
afterAll(() => t.close());

const call = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => t.call(tokens[who], { method, url, payload });
/** The day `n` days from today (the server's clock), YYYY-MM-DD. */
const day = (n: number) => isoDay(new Date(t.clock.now().getTime() + n * 86_400_000));
let cases = 0;

/** A Tier 3 case of the Department of Commerce with its five Auto Add items, data entry complete (AWAITING_ASSIGNMENT). */
async function readyCase(): Promise<{ id: number; items: number[] }> {
  cases += 1;
  const { caseId, items } = await caseAwaitingAssignment(t, tokens, { lastName: `Itemcase${cases}`, ssn: `77${cases}` });
  return { id: caseId, items };
}

const caseState = async (id: number) => (await db().selectFrom('cases').select('WorkflowState').where('Id', '=', id).executeTakeFirstOrThrow()).WorkflowState;
const itemRow = (id: number) => db().selectFrom('items').selectAll().where('Id', '=', id).executeTakeFirstOrThrow();
const itemsUrl = (caseId: number) => `/api/cases/${caseId}/items`;

/** A field with a value in every part the completeness rules read; template fields get one filled entry. */
function filled(field: SectionField): SectionField {
  switch (field['@type']) {
    case 'checkbox':
      return { ...field, '#text': 'true' };
    case 'address':
      return { ...field, line1: '1 Main St', city: 'Columbia', region: 'SC', postalCode: '29201' };
    case 'phoneNumber':
      return { ...field, '#text': '803-555-0100' };
    case 'date':
      return { ...field, '#text': '2024-05-01' };
    case 'template':
      return { ...field, entries: [{ fields: { field: (field.Template?.fields.field ?? []).map(filled) } }] };
    default:
      return { ...field, '#text': 'Entered' };
  }
}

/** Puts every section of the item's template on the item, with every field filled; `change` alters one definition. */
async function completeSections(itemId: number, change?: (name: string, definition: FieldList) => FieldList | null): Promise<void> {
  await putTemplateSections(db(), itemId, (name, template) => {
    const definition: FieldList = { fields: { field: template.fields.field.map(filled) } };
    return change ? change(name, definition) : definition;
  });
}

const typeNameOf = async (itemId: number) =>
  (await db().selectFrom('items as i').innerJoin('item_types as t', 't.Id', 'i.ItemType_Id').select('t.Name').where('i.Id', '=', itemId).executeTakeFirstOrThrow()).Name;

describe('adding, reading, changing and deleting items', () => {
  it('offers the case template\'s item templates and adds one next in order with its required sections', async () => {
    const { id } = await readyCase();
    const available = await call('dataentry', 'GET', `${itemsUrl(id)}/available`);
    expect(available.statusCode, available.body).toBe(200);
    const offered = available.json() as { Id: number; Description: string }[];
    expect(offered.map((o) => o.Description)).toEqual([
      'Personal Subject Interview', 'Verification of Residence', 'Verification of Employment', 'Verification of Education', 'Local Law Enforcement Agency Check', 'Developed Reference Interview',
    ]);
    expect((await call('investigator', 'GET', `${itemsUrl(id)}/available`)).statusCode).toBe(403);

    const residence = offered.find((o) => o.Description === 'Verification of Residence')!;
    const acd = day(10);
    const created = await call('dataentry', 'POST', itemsUrl(id), { ItemType_Id: residence.Id, ACD: acd, Label: 'Old home', Address1: '5 Elm St', Address2: null, City: 'Columbia', RegionType_Id: t.lookup('RegionType', 'SC'), PostalCode: '29201' });
    expect(created.statusCode, created.body).toBe(200);
    const item = created.json() as Json;
    expect(item).toMatchObject({ DisplayId: 6, ItemStatus: 'AWAITING_ASSIGNMENT', ACD: acd, Label: 'Old home', ShowInReport: true, LockedReason: null });
    expect(item.Location).toMatchObject({ City: 'Columbia', Region: { Short: 'SC' }, PostalCode: '29201' });
    // The required section of the item template is on the item; the optional one is only offered.
    expect((item.Sections as Json[]).map((s) => (s.Section as Json).SectionName)).toEqual(['Residence Verification']);
    expect(typeof (item.Sections as Json[])[0].Definition).toBe('string');
    expect(item.AvailableSections).toEqual([
      expect.objectContaining({ SectionName: 'Residence Verification', Required: true, Enabled: true }),
      expect.objectContaining({ SectionName: 'Reference Interview', Required: false, Enabled: true }),
    ]);
    expect(item.Case).toMatchObject({ Id: id, WorkflowState: 'AWAITING_ASSIGNMENT', Org: { Code: 'DOC' }, CaseType: { Short: 'T3' } });
    const history = (await call('dataentry', 'GET', `${itemsUrl(id)}/${String(item.Id)}/history`)).json() as Json[];
    expect(history).toEqual([expect.objectContaining({ Status: { Short: 'AWAITING_ASSIGNMENT', Description: 'Awaiting Assignment' }, TriggeredBy: expect.objectContaining({ FirstName: 'Dana' }) })]);
  });

  it('refuses an item template the case does not offer, a past ACD and a missing template with ModelState', async () => {
    const { id } = await readyCase();
    const retired = await db().selectFrom('item_types').select('Id').where('Name', '=', 'Credit Check').executeTakeFirstOrThrow();
    const notOffered = await call('dataentry', 'POST', itemsUrl(id), { ItemType_Id: retired.Id });
    expect(notOffered.statusCode).toBe(400);
    expect(notOffered.json().ModelState.ItemType_Id).toEqual([T.server.itemTypeNotOffered]);
    const subject = await db().selectFrom('item_types').select('Id').where('Name', '=', 'Subject Interview').executeTakeFirstOrThrow();
    const past = await call('dataentry', 'POST', itemsUrl(id), { ItemType_Id: subject.Id, ACD: day(-1) });
    expect(past.statusCode).toBe(400);
    expect(past.json().ModelState.ACD).toEqual([T.server.acdInPast]);
    const none = await call('dataentry', 'POST', itemsUrl(id), { Label: 'nowhere' });
    expect(none.statusCode).toBe(400);
    expect(Object.keys(none.json().ModelState)).toContain('ItemType_Id');
    const region = await call('dataentry', 'POST', itemsUrl(id), { ItemType_Id: subject.Id, RegionType_Id: t.lookup('GeoRegionType', 'SE') });
    expect(region.statusCode).toBe(400);
    expect(Object.keys(region.json().ModelState)).toEqual(['RegionType_Id']);
    expect((await call('investigator', 'POST', itemsUrl(id), { ItemType_Id: subject.Id })).statusCode).toBe(403);
    expect(await db().selectFrom('items').select('Id').where('Case_Id', '=', id).execute()).toHaveLength(5);
  });

  it('changes an item\'s fields and Show In Report, never its template', async () => {
    const { id, items } = await readyCase();
    const current = (await call('dataentry', 'GET', `${itemsUrl(id)}/${items[0]}`)).json() as Json;
    const acd = day(3);
    const body = { ItemType_Id: current.ItemType_Id, ACD: acd, Label: 'Subject home', Address1: '1 Oak Ave', Address2: 'Apt 2', City: 'Charlotte', RegionType_Id: t.lookup('RegionType', 'NC'), PostalCode: '28202', ShowInReport: false };
    const saved = await call('dataentry', 'PUT', `${itemsUrl(id)}/${items[0]}`, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ ACD: acd, Label: 'Subject home', City: 'Charlotte', ShowInReport: false, PostalCode: '28202' });
    const otherType = await db().selectFrom('item_types').select('Id').where('Name', '=', 'Education Check').executeTakeFirstOrThrow();
    const changedType = await call('dataentry', 'PUT', `${itemsUrl(id)}/${items[0]}`, { ...body, ItemType_Id: otherType.Id });
    expect(changedType.statusCode).toBe(400);
    expect(changedType.json().ModelState.ItemType_Id).toEqual([T.server.itemTypeFixed]);
    // An ACD the item already has may stay even once it is past.
    await db().updateTable('items').set({ ACD: day(-2) }).where('Id', '=', items[0]).execute();
    const kept = await call('dataentry', 'PUT', `${itemsUrl(id)}/${items[0]}`, { ...body, ACD: day(-2), Label: 'kept' });
    expect(kept.statusCode, kept.body).toBe(200);
    const moved = await call('dataentry', 'PUT', `${itemsUrl(id)}/${items[0]}`, { ...body, ACD: day(-1) });
    expect(moved.statusCode).toBe(400);
    expect((await call('client', 'PUT', `${itemsUrl(id)}/${items[0]}`, body)).statusCode).toBe(403);
    expect((await call('dataentry', 'GET', `${itemsUrl(id)}/999999`)).statusCode).toBe(404);
  });

  it('deletes an item and renumbers the rest from 1 in order; swaps answer the id → order map', async () => {
    const { id, items } = await readyCase();
    const removed = await call('dataentry', 'DELETE', `${itemsUrl(id)}/${items[1]}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().Id).toBe(items[1]);
    const rest = (await call('dataentry', 'GET', itemsUrl(id))).json() as Json[];
    expect(rest.map((i) => [i.Id, i.DisplayId])).toEqual([[items[0], 1], [items[2], 2], [items[3], 3], [items[4], 4]]);
    expect((await call('investigator', 'DELETE', `${itemsUrl(id)}/${items[2]}`)).statusCode).toBe(403);

    const swapped = await call('dataentry', 'PUT', `${itemsUrl(id)}/swap`, { SwapFromItem_Id: items[0], SwapToItem_Id: items[3] });
    expect(swapped.statusCode, swapped.body).toBe(200);
    expect(swapped.json()).toEqual({ [items[3]]: 1, [items[2]]: 2, [items[0]]: 3, [items[4]]: 4 });
    const after = (await call('dataentry', 'GET', itemsUrl(id))).json() as Json[];
    expect(after.map((i) => i.Id)).toEqual([items[3], items[2], items[0], items[4]]);

    const other = await readyCase();
    const foreign = await call('dataentry', 'PUT', `${itemsUrl(id)}/swap`, { SwapFromItem_Id: items[0], SwapToItem_Id: other.items[0] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().ModelState.SwapToItem_Id).toEqual([T.server.notOfCase(other.items[0])]);
    expect((await call('investigator', 'PUT', `${itemsUrl(id)}/swap`, { SwapFromItem_Id: items[0], SwapToItem_Id: items[2] })).statusCode).toBe(403);
  });
});

describe('the item workflow', () => {
  it('takes items from assignment through review to acceptance; the case follows to IN_PROCESS, IN_REVIEW and COMPLETE', async () => {
    const { id, items } = await readyCase();
    const investigator = user.get('investigator')!;
    // Two items stay; the others are removed so the case completes with these two.
    for (const other of items.slice(2)) expect((await call('caseadmin', 'DELETE', `${itemsUrl(id)}/${other}`)).statusCode).toBe(200);
    const [a, b] = items;

    const assigned = await call('manager', 'POST', `${itemsUrl(id)}/assign`, { Investigator_Id: investigator, ItemIds: [a] });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json()).toEqual([expect.objectContaining({ Id: a, ItemStatus: 'ASSIGNED', AssignedTo: expect.objectContaining({ Id: investigator, FirstName: 'Ian', LastName: 'Vance' }) })]);
    expect(await caseState(id)).toBe('IN_PROCESS');
    expect((await call('manager', 'POST', `${itemsUrl(id)}/assign`, { Investigator_Id: investigator, ItemIds: [b] })).statusCode).toBe(200);

    // The investigator fills the sections and submits both; the case is then in review.
    await completeSections(a);
    await completeSections(b);
    const submitted = await call('investigator', 'POST', `${itemsUrl(id)}/submit-items`, { ItemIds: [a, b] });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect((submitted.json() as Json[]).map((i) => i.ItemStatus)).toEqual(['IN_REVIEW', 'IN_REVIEW']);
    expect(await caseState(id)).toBe('IN_REVIEW');

    // The reviewer rejects one (the case is back in process) and accepts the other.
    const rejected = await call('reviewer', 'POST', `${itemsUrl(id)}/reject-items`, { Reason: 'Required information is missing', ItemIds: [b] });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toEqual([expect.objectContaining({ Id: b, ItemStatus: 'REJECTED', RejectionReason: 'Required information is missing', CompletedDate: null })]);
    expect(await caseState(id)).toBe('IN_PROCESS');
    const accepted = await call('reviewer', 'POST', `${itemsUrl(id)}/accept-items`, { ItemIds: [a] });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()[0]).toMatchObject({ Id: a, ItemStatus: 'ACCEPTED' });
    expect(accepted.json()[0].CompletedDate).toBeTruthy();
    expect(await caseState(id)).toBe('IN_PROCESS');

    // Resubmitted and accepted: the last item accepted completes the case.
    const resubmitted = await call('investigator', 'POST', `${itemsUrl(id)}/submit-items`, { ItemIds: [b] });
    expect(resubmitted.json()[0]).toMatchObject({ ItemStatus: 'IN_REVIEW' });
    expect((await call('reviewer', 'POST', `${itemsUrl(id)}/accept-items`, { ItemIds: [b] })).statusCode).toBe(200);
    expect(await caseState(id)).toBe('COMPLETE');
    expect((await db().selectFrom('cases').select('CompletionDate').where('Id', '=', id).executeTakeFirstOrThrow()).CompletionDate).toBeTruthy();

    const history = (await call('investigator', 'GET', `${itemsUrl(id)}/${b}/history`)).json() as Json[];
    expect(history.map((h) => [(h.Status as Json).Short, h.Note])).toEqual([
      ['ACCEPTED', null],
      ['IN_REVIEW', T.server.resubmitted],
      ['REJECTED', 'Required information is missing'],
      ['IN_REVIEW', null],
      ['ASSIGNED', T.server.assignedTo('Ian Vance')],
    ]);
    expect(history[2].TriggeredBy).toMatchObject({ FirstName: 'Riley', LastName: 'Chen' });
    const caseHistory = (await call('caseadmin', 'GET', `/api/cases/${id}/history`)).json() as Json[];
    expect(caseHistory.slice(0, 5).map((h) => h.ToState).reverse()).toEqual(['IN_PROCESS', 'IN_REVIEW', 'IN_PROCESS', 'IN_REVIEW', 'COMPLETE']);
  });

  it('refuses every transition from a wrong status with 409 and changes nothing', async () => {
    const { id, items } = await readyCase();
    const [a, b, c] = items;
    const investigator = user.get('investigator')!;
    const post = (who: Who, path: string, body: object) => call(who, 'POST', `${itemsUrl(id)}/${path}`, body);

    // Nothing assigned yet: unassign, submit, accept and reject are refused.
    for (const [who, path, body] of [
      ['manager', 'assign', { Investigator_Id: null, ItemIds: [a] }],
      ['caseadmin', 'submit-items', { ItemIds: [a] }],
      ['reviewer', 'accept-items', { ItemIds: [a] }],
      ['reviewer', 'reject-items', { Reason: 'No', ItemIds: [a] }],
    ] as [Who, string, object][]) {
      const refused = await post(who, path, body);
      expect(refused.statusCode, `${path} ${refused.body}`).toBe(409);
      expect(refused.json().Message).toMatch(/^Item 001 is Awaiting Assignment and cannot be /);
    }

    await post('manager', 'assign', { Investigator_Id: investigator, ItemIds: [a, b] });
    await completeSections(a);
    await post('investigator', 'submit-items', { ItemIds: [a] });
    // One item in the call is in a wrong status: the whole call is refused and the other item is untouched.
    const mixed = await post('manager', 'assign', { Investigator_Id: user.get('contractor'), ItemIds: [b, a] });
    expect(mixed.statusCode).toBe(409);
    expect(mixed.json().Message).toBe(T.server.wrongStatus('001', 'In Review', 'be assigned'));
    expect((await itemRow(b)).AssignedTo_Id).toBe(investigator);
    expect((await post('reviewer', 'accept-items', { ItemIds: [a, b] })).statusCode).toBe(409);
    expect((await itemRow(a)).ItemStatus).toBe('IN_REVIEW');
    expect((await post('investigator', 'submit-items', { ItemIds: [a] })).statusCode).toBe(409);

    // Accepted: no assignment, review or submit any more.
    expect((await post('reviewer', 'accept-items', { ItemIds: [a] })).statusCode).toBe(200);
    for (const [who, path, body] of [
      ['manager', 'assign', { Investigator_Id: investigator, ItemIds: [a] }],
      ['manager', 'assign', { Investigator_Id: null, ItemIds: [a] }],
      ['reviewer', 'reject-items', { Reason: 'Late', ItemIds: [a] }],
      ['investigator', 'submit-items', { ItemIds: [a] }],
    ] as [Who, string, object][]) {
      expect((await post(who, path, body)).statusCode, path).toBe(409);
    }
    expect((await itemRow(a)).ItemStatus).toBe('ACCEPTED');
    // Unassigning returns an item to awaiting assignment; a reassigned item changes hands.
    const unassigned = await post('manager', 'assign', { Investigator_Id: null, ItemIds: [b] });
    expect(unassigned.json()[0]).toMatchObject({ ItemStatus: 'AWAITING_ASSIGNMENT', AssignedTo: null });
    const history = (await call('manager', 'GET', `${itemsUrl(id)}/${b}/history`)).json() as Json[];
    expect(history[0]).toMatchObject({ Status: { Short: 'AWAITING_ASSIGNMENT' }, Note: T.server.unassignedFrom('Ian Vance') });
    const reassigned = await post('manager', 'assign', { Investigator_Id: user.get('contractor'), ItemIds: [b, c] });
    expect((reassigned.json() as Json[]).map((i) => [i.ItemStatus, (i.AssignedTo as Json).FirstName])).toEqual([['ASSIGNED', 'Cora'], ['ASSIGNED', 'Cora']]);
  });

  it('checks each call\'s permission and input', async () => {
    const { id, items } = await readyCase();
    const post = (who: Who, path: string, body: object) => call(who, 'POST', `${itemsUrl(id)}/${path}`, body);
    expect((await post('investigator', 'assign', { Investigator_Id: user.get('investigator'), ItemIds: [items[0]] })).statusCode).toBe(403);
    expect((await post('investigator', 'set-acds', { ACD: day(5), ItemIds: [items[0]] })).statusCode).toBe(403);
    expect((await post('investigator', 'accept-items', { ItemIds: [items[0]] })).statusCode).toBe(403);
    expect((await post('manager', 'reject-items', { Reason: 'x', ItemIds: [items[0]] })).statusCode).toBe(403);
    expect((await post('reviewer', 'submit-items', { ItemIds: [items[0]] })).statusCode).toBe(403);
    expect((await post('investigator', 'assign-list', { ItemIds: [items[0]] })).statusCode).toBe(403);

    // Only people of the assign list can be assigned: a client user or a reviewer is refused under Investigator_Id.
    for (const name of ['client', 'reviewer']) {
      const refused = await post('manager', 'assign', { Investigator_Id: user.get(name), ItemIds: [items[0]] });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().ModelState.Investigator_Id).toEqual([T.server.investigatorUnknown]);
    }
    // Items of another case, an empty list and a missing reason are ModelState errors.
    const other = await readyCase();
    const foreign = await post('manager', 'assign', { Investigator_Id: user.get('investigator'), ItemIds: [items[0], other.items[0]] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().ModelState.ItemIds).toEqual([T.server.notOfCase(other.items[0])]);
    expect((await itemRow(items[0])).ItemStatus).toBe('AWAITING_ASSIGNMENT');
    const empty = await post('manager', 'assign', { Investigator_Id: user.get('investigator'), ItemIds: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().ModelState.ItemIds).toEqual(['Choose at least one item.']);
    const noReason = await post('reviewer', 'reject-items', { Reason: '  ', ItemIds: [items[0]] });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().ModelState.Reason).toEqual(['Reason is required.']);
    expect((await call('manager', 'POST', `${itemsUrl(999999)}/assign`, { Investigator_Id: null, ItemIds: [items[0]] })).statusCode).toBe(404);
  });

  it('sets ACDs not before today; an accepted item needs Edit Inactive Cases', async () => {
    const { id, items } = await readyCase();
    const post = (who: Who, body: object) => call(who, 'POST', `${itemsUrl(id)}/set-acds`, body);
    const acd = day(12);
    const set = await post('manager', { ACD: acd, ItemIds: [items[0], items[1]] });
    expect(set.statusCode, set.body).toBe(200);
    expect((set.json() as Json[]).map((i) => i.ACD)).toEqual([acd, acd]);
    const history = (await call('manager', 'GET', `${itemsUrl(id)}/${items[0]}/history`)).json() as Json[];
    expect(history[0]).toMatchObject({ Status: { Short: 'AWAITING_ASSIGNMENT' }, Note: T.server.acdSet(acd) });
    const past = await post('manager', { ACD: day(-1), ItemIds: [items[0]] });
    expect(past.statusCode).toBe(400);
    expect(past.json().ModelState.ACD).toEqual([T.server.acdInPast]);
    expect((await post('manager', { ACD: 'soon', ItemIds: [items[0]] })).statusCode).toBe(400);

    await db().updateTable('items').set({ ItemStatus: 'ACCEPTED', AssignedTo_Id: user.get('investigator') }).where('Id', '=', items[2]).execute();
    const locked = await post('manager', { ACD: acd, ItemIds: [items[2]] });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().Message).toBe(T.server.accepted);
    expect((await post('caseadmin', { ACD: acd, ItemIds: [items[2]] })).statusCode).toBe(200);
  });
});

describe('submitting for review', () => {
  it('refuses items missing a required section, with an empty required field, or with an empty field in a template entry', async () => {
    const { id, items } = await readyCase();
    const residence = (await Promise.all(items.map(async (i) => [i, await typeNameOf(i)] as const))).find(([, name]) => name === 'Residence Check')![0];
    const subject = items[0];
    expect((await call('manager', 'POST', `${itemsUrl(id)}/assign`, { Investigator_Id: user.get('investigator'), ItemIds: [subject, residence] })).statusCode).toBe(200);
    const submit = (ids: number[]) => call('investigator', 'POST', `${itemsUrl(id)}/submit-items`, { ItemIds: ids });

    // An Auto Add item starts with its required sections, their required fields empty: not finished.
    const fresh = await submit([subject]);
    expect(fresh.statusCode).toBe(409);
    expect(fresh.json()).toMatchObject({ Message: T.submit.unfinishedSections, Items: [{ Id: subject, Reason: 'unfinishedSections', Sections: ['Subject Interview'] }] });
    // Without its sections at all, the required one is missing.
    await completeSections(subject, () => null);
    const missing = await submit([subject]);
    expect(missing.statusCode).toBe(409);
    expect(missing.json()).toMatchObject({ Message: T.submit.missingSections, Items: [{ Id: subject, DisplayId: 1, Reason: 'missingSections', Sections: ['Subject Interview'] }] });

    // The optional section may be missing; the required one may not.
    await completeSections(residence, (name, definition) => (name === 'Residence Verification' ? null : definition));
    expect((await submit([residence])).json().Message).toBe(T.submit.missingSections);
    await completeSections(residence, (name, definition) => (name === 'Reference Interview' ? null : definition));
    await completeSections(subject, (_name, definition) => ({
      fields: { field: definition.fields.field.map((f) => (f['@name'] === 'InterviewLocation' ? { ...f, '#text': '  ' } : f)) },
    }));
    // Missing sections are told before unfinished ones; then the unfinished ones by name.
    const unfinished = await submit([subject, residence]);
    expect(unfinished.statusCode).toBe(409);
    expect(unfinished.json()).toMatchObject({ Message: T.submit.unfinishedSections, Items: [{ Id: subject, Reason: 'unfinishedSections', Sections: ['Subject Interview'] }] });
    expect((await itemRow(residence)).ItemStatus).toBe('ASSIGNED');

    // A required field inside an entry of a template field (Sources → Source Name) counts too.
    await completeSections(subject);
    await completeSections(residence, (name, definition) =>
      name !== 'Residence Verification'
        ? null
        : {
            fields: {
              field: definition.fields.field.map((f) =>
                f['@type'] === 'template' ? { ...f, entries: [...(f.entries ?? []), { fields: { field: (f.Template?.fields.field ?? []).map((inner) => ({ ...inner })) } }] } : f,
              ),
            },
          },
    );
    const nested = await submit([subject, residence]);
    expect(nested.statusCode).toBe(409);
    expect(nested.json()).toMatchObject({ Message: T.submit.unfinishedSections, Items: [{ Id: residence, Sections: ['Residence Verification'] }] });
    // An unfinished address (no postal code) counts as well.
    await completeSections(residence, (name, definition) =>
      name !== 'Residence Verification' ? null : { fields: { field: definition.fields.field.map((f) => (f['@type'] === 'address' ? { ...f, postalCode: undefined } : f)) } },
    );
    expect((await submit([residence])).json().Message).toBe(T.submit.unfinishedSections);

    await completeSections(residence, (name, definition) => (name === 'Reference Interview' ? null : definition));
    const done = await submit([subject, residence]);
    expect(done.statusCode, done.body).toBe(200);
    expect((done.json() as Json[]).map((i) => i.ItemStatus)).toEqual(['IN_REVIEW', 'IN_REVIEW']);
  });
});

describe('locks and scoping', () => {
  it('an investigator sees and changes only the items assigned to them (404 for others)', async () => {
    const { id, items } = await readyCase();
    await call('manager', 'POST', `${itemsUrl(id)}/assign`, { Investigator_Id: user.get('investigator'), ItemIds: [items[0]] });
    await call('manager', 'POST', `${itemsUrl(id)}/assign`, { Investigator_Id: user.get('contractor'), ItemIds: [items[1]] });
    const listed = (await call('investigator', 'GET', itemsUrl(id))).json() as Json[];
    expect(listed.map((i) => i.Id)).toEqual([items[0]]);
    expect((await call('investigator', 'GET', `${itemsUrl(id)}/${items[0]}`)).statusCode).toBe(200);
    for (const url of [`${itemsUrl(id)}/${items[1]}`, `${itemsUrl(id)}/${items[1]}/history`]) expect((await call('investigator', 'GET', url)).statusCode, url).toBe(404);
    const current = (await call('caseadmin', 'GET', `${itemsUrl(id)}/${items[1]}`)).json() as Json;
    expect((await call('investigator', 'PUT', `${itemsUrl(id)}/${items[1]}`, { ItemType_Id: current.ItemType_Id, Label: 'mine now' })).statusCode).toBe(404);
    await completeSections(items[1]);
    const submitOther = await call('investigator', 'POST', `${itemsUrl(id)}/submit-items`, { ItemIds: [items[1]] });
    expect(submitOther.statusCode).toBe(400);
    expect(submitOther.json().ModelState.ItemIds).toEqual([T.server.notOfCase(items[1])]);
    expect((await itemRow(items[1])).ItemStatus).toBe('ASSIGNED');
    // A client user sees the case, not its items.
    expect((await call('client', 'GET', itemsUrl(id))).statusCode).toBe(403);
  });

  it('locks an item in review without Edit Items In Review, an accepted item and an inactive case without Edit Inactive Cases', async () => {
    const { id, items } = await readyCase();
    const [a, b] = items;
    await call('manager', 'POST', `${itemsUrl(id)}/assign`, { Investigator_Id: user.get('investigator'), ItemIds: [a, b] });
    await completeSections(a);
    await call('investigator', 'POST', `${itemsUrl(id)}/submit-items`, { ItemIds: [a] });
    const body = async (itemId: number, Label: string) => ({ ItemType_Id: (await itemRow(itemId)).ItemType_Id, Label });

    const inReview = await call('investigator', 'PUT', `${itemsUrl(id)}/${a}`, await body(a, 'late edit'));
    expect(inReview.statusCode).toBe(409);
    expect(inReview.json().Message).toBe(T.server.inReview);
    expect((await call('investigator', 'GET', `${itemsUrl(id)}/${a}`)).json().LockedReason).toBe(T.server.inReview);
    expect((await call('reviewer', 'PUT', `${itemsUrl(id)}/${a}`, await body(a, 'reviewer note'))).statusCode).toBe(200);

    await call('reviewer', 'POST', `${itemsUrl(id)}/accept-items`, { ItemIds: [a] });
    const accepted = await call('reviewer', 'PUT', `${itemsUrl(id)}/${a}`, await body(a, 'after acceptance'));
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json().Message).toBe(T.server.accepted);
    expect((await call('caseadmin', 'PUT', `${itemsUrl(id)}/${a}`, await body(a, 'corrected by the case admin'))).statusCode).toBe(200);
    expect((await call('dataentry', 'DELETE', `${itemsUrl(id)}/${a}`)).statusCode).toBe(409);

    // On hold: inactive, so the investigator may neither edit nor submit, the manager may not assign.
    expect((await call('caseadmin', 'PUT', `/api/cases/${id}/toggle-on-hold`)).statusCode).toBe(200);
    await completeSections(b);
    const held = await call('investigator', 'PUT', `${itemsUrl(id)}/${b}`, await body(b, 'on hold'));
    expect(held.statusCode).toBe(409);
    expect(held.json().Message).toBe(Texts.cases.server.inactive);
    expect((await call('investigator', 'POST', `${itemsUrl(id)}/submit-items`, { ItemIds: [b] })).statusCode).toBe(409);
    expect((await call('manager', 'POST', `${itemsUrl(id)}/assign`, { Investigator_Id: null, ItemIds: [b] })).statusCode).toBe(409);
    expect((await call('dataentry', 'POST', itemsUrl(id), { ItemType_Id: (await itemRow(b)).ItemType_Id })).statusCode).toBe(409);
    expect((await itemRow(b)).ItemStatus).toBe('ASSIGNED');
    // The case admin may (Edit Inactive Cases); the case stays on hold.
    expect((await call('caseadmin', 'POST', `${itemsUrl(id)}/submit-items`, { ItemIds: [b] })).statusCode).toBe(200);
    expect(await caseState(id)).toBe('HOLD');
  });
});

describe('the assign list', () => {
  it('lists the investigators nearest first by the average great-circle distance in miles, unknown distances last', async () => {
    const { id, items } = await readyCase();
    const [a, b, c] = items;
    await db().updateTable('items').set({ PostalCode: '29201' }).where('Id', '=', a).execute();
    await db().updateTable('items').set({ PostalCode: '29401-1234' }).where('Id', '=', b).execute();
    await db().updateTable('items').set({ PostalCode: 'unknown' }).where('Id', '=', c).execute();
    const list = async (ids: number[]) => {
      const response = await call('manager', 'POST', `${itemsUrl(id)}/assign-list`, { ItemIds: ids });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { Id: number; FirstName: string; LastName: string; WorkStatus: Json | null; AverageDistance: number | null }[];
    };
    const centroid = await centroidLookup();
    const expected = (home: string) => Math.round(((milesBetween(centroid(home)!, centroid('29201')!) + milesBetween(centroid(home)!, centroid('29401')!)) / 2) * 100) / 100;

    const options = await list([a, b, c]);
    const byName = new Map(options.map((o) => [`${o.FirstName} ${o.LastName}`, o]));
    // Ian lives in Columbia (29201), Cora in Charlotte (28202); the item without a known ZIP code does not count.
    expect(byName.get('Ian Vance')!.AverageDistance).toBe(expected('29201'));
    expect(byName.get('Cora Tate')!.AverageDistance).toBe(expected('28202'));
    expect(byName.get('Ian Vance')!.AverageDistance).toBeLessThan(byName.get('Cora Tate')!.AverageDistance!);
    expect(byName.get('Ian Vance')!.WorkStatus).toEqual(expect.objectContaining({ Short: expect.any(String) }));
    // Who may be assigned: field staff and case admins, not reviewers, clients or the system administrator.
    expect(byName.has('Casey Adams')).toBe(true);
    for (const name of ['Riley Chen', 'Claire Donovan', 'Avery Morgan', 'Morgan Reyes']) expect(byName.has(name), name).toBe(false);
    const distances = options.map((o) => o.AverageDistance);
    const known = distances.filter((d): d is number => d !== null);
    expect(known).toEqual([...known].sort((x, y) => x - y));
    for (const d of known) expect(Math.round(d * 100) / 100).toBe(d);

    // An investigator whose primary address has no known ZIP code comes last, without a distance.
    await db().updateTable('user_addresses').set({ PostalCode: '00000' }).where('User_Id', '=', user.get('contractor')!).where('IsPrimary', '=', true).execute();
    const again = await list([a, b]);
    expect(again.at(-1)).toMatchObject({ FirstName: 'Cora', AverageDistance: null });
    expect(again.findIndex((o) => o.AverageDistance === null)).toBe(again.length - again.filter((o) => o.AverageDistance === null).length);
    // Items without a known ZIP code: no distances at all.
    expect((await list([c])).every((o) => o.AverageDistance === null)).toBe(true);
    const foreign = await call('manager', 'POST', `${itemsUrl(id)}/assign-list`, { ItemIds: [999999] });
    expect(foreign.statusCode).toBe(400);
  });
});
