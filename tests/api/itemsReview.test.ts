import { describe, expect, it } from 'vitest';
import { Texts } from '../../shared/texts/index.js';
import { itemsApp, type Json } from '../support/itemsApp.js';

/** Items (issue 12, server): submitting for review with its section checks; the locks of spec 001 §4; an investigator's view. */
const T = Texts.items;
const { user, call, readyCase, caseState, itemRow, itemsUrl, completeSections, typeNameOf } = itemsApp();

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
