import { describe, expect, it } from 'vitest';
import { Texts } from '../../shared/texts/index.js';
import type { TestApp } from '../support/testApp.js';
import { itemsApp, type Json } from '../support/itemsApp.js';

/** Items (issue 12, server): add, read, change, delete with renumbering, and swaps. */
const T = Texts.items;
let t: TestApp;
const { db, call, day, readyCase, itemsUrl } = itemsApp((app) => (t = app));

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
