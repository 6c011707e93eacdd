import { describe, expect, it } from 'vitest';
import { Texts } from '../../shared/texts/index.js';
import { centroidLookup, milesBetween } from '../../server/items/zipCentroids.js';
import { itemsApp, type Json, type Who } from '../support/itemsApp.js';

/**
 * Items (issue 12, server): every bulk transition allowed and refused (assign, unassign, ACDs, submit, accept, reject,
 * resubmit) with the item history and the case's workflow; the assign list's distances.
 */
const T = Texts.items;
const { user, db, call, day, readyCase, caseState, itemRow, itemsUrl, completeSections } = itemsApp();

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
