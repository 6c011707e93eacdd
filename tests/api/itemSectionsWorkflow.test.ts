import { describe, expect, it } from 'vitest';
import type { FieldList, SectionField } from '../../shared/sections.js';
import { Texts } from '../../shared/texts/index.js';
import { ITEM_STATUS_LABELS } from '../../shared/workflow.js';
import type { TestApp } from '../support/testApp.js';
import { ids, itemSectionsApp, type Json } from '../support/itemSectionsApp.js';

/**
 * An item's sections (spec 001 §2 "Item page", §8): the item's locks, an investigator's scope and the permissions;
 * and the item page's single-item workflow calls: submit, reject, resubmit and accept of one item.
 */
const T = Texts.items;
let t: TestApp;
const { db, call, day, readyItem, sectionsUrl, addValueChecks } = itemSectionsApp((app) => (t = app));

describe('locks, scope and permissions', () => {
  it('refuses changes of an item in review without Edit Items In Review, and of an accepted item, with 409 and the reason', async () => {
    const { caseId, itemId } = await readyItem();
    const section = await addValueChecks(caseId, itemId);
    const [required] = (await call('investigator', 'GET', sectionsUrl(caseId, itemId))).json() as Json[];
    await db().updateTable('items').set({ ItemStatus: 'IN_REVIEW' }).where('Id', '=', itemId).execute();
    const url = `${sectionsUrl(caseId, itemId)}/${String(section.Id)}`;
    const definition = String(section.Definition);
    for (const [method, target, payload] of [
      ['PUT', url, { Definition: definition }],
      ['DELETE', url, undefined],
      ['DELETE', `${sectionsUrl(caseId, itemId)}/${String(required.Id)}`, undefined],
    ] as const) {
      const response = await call('investigator', method, target, payload);
      expect(response.statusCode, `${method} ${target}`).toBe(409);
      expect(response.json().Message).toBe(T.server.inReview);
    }
    await db().deleteFrom('item_sections').where('Id', '=', Number(section.Id)).execute();
    const add = await call('investigator', 'POST', sectionsUrl(caseId, itemId), { Section_Id: ids.valueChecks });
    expect(add.statusCode).toBe(409);
    expect((await call('investigator', 'GET', sectionsUrl(caseId, itemId))).statusCode).toBe(200);
    // The reviewer may (Edit Items In Review).
    expect((await call('reviewer', 'POST', sectionsUrl(caseId, itemId), { Section_Id: ids.valueChecks })).statusCode).toBe(200);

    await db().updateTable('items').set({ ItemStatus: 'ACCEPTED' }).where('Id', '=', itemId).execute();
    const accepted = await call('reviewer', 'DELETE', `${sectionsUrl(caseId, itemId)}/${String(required.Id)}`);
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json().Message).toBe(T.server.accepted);
    expect((await call('caseadmin', 'DELETE', `${sectionsUrl(caseId, itemId)}/${String(required.Id)}`)).statusCode).toBe(200);
  });

  it('refuses changes while the case is on hold, to users without Edit Inactive Cases', async () => {
    const { caseId, itemId } = await readyItem();
    expect((await call('caseadmin', 'PUT', `/api/cases/${caseId}/toggle-on-hold`)).statusCode).toBe(200);
    const held = await call('investigator', 'POST', sectionsUrl(caseId, itemId), { Section_Id: ids.valueChecks });
    expect(held.statusCode).toBe(409);
    expect(held.json().Message).toBe(Texts.cases.server.inactive);
  });

  it('an investigator reaches only the sections of items assigned to them (404 for others); others need the permissions', async () => {
    const { caseId, itemId, items } = await readyItem('contractor');
    const section = await addValueChecks(caseId, itemId, 'contractor');
    const url = `${sectionsUrl(caseId, itemId)}/${String(section.Id)}`;
    for (const [method, target, payload] of [
      ['GET', sectionsUrl(caseId, itemId), undefined],
      ['POST', sectionsUrl(caseId, itemId), { Section_Id: ids.valueChecks }],
      ['PUT', url, { Definition: String(section.Definition) }],
      ['DELETE', url, undefined],
    ] as const) {
      expect((await call('investigator', method, target, payload)).statusCode, `${method} ${target}`).toBe(404);
    }
    // An item of another case, a section of another item, ids that are not numbers: 404 too.
    const other = await readyItem();
    expect((await call('caseadmin', 'GET', sectionsUrl(other.caseId, itemId))).statusCode).toBe(404);
    expect((await call('caseadmin', 'PUT', `${sectionsUrl(caseId, items[1])}/${String(section.Id)}`, { Definition: String(section.Definition) })).statusCode).toBe(404);
    expect((await call('caseadmin', 'GET', `/api/cases/abc/items/${itemId}/sections`)).statusCode).toBe(404);

    // Managers see items but do not edit them; clients do not see items.
    expect((await call('manager', 'GET', sectionsUrl(caseId, itemId))).statusCode).toBe(200);
    expect((await call('manager', 'POST', sectionsUrl(caseId, itemId), { Section_Id: ids.valueChecks })).statusCode).toBe(403);
    expect((await call('manager', 'PUT', url, { Definition: String(section.Definition) })).statusCode).toBe(403);
    expect((await call('manager', 'DELETE', url)).statusCode).toBe(403);
    expect((await call('client', 'GET', sectionsUrl(caseId, itemId))).statusCode).toBe(403);
    expect((await t.call(null, { method: 'GET', url: sectionsUrl(caseId, itemId) })).statusCode).toBe(401);
  });
});

describe('the item page\'s workflow calls', () => {
  /** Fills every required field of the item's sections, so it may be submitted. */
  async function finish(itemId: number): Promise<void> {
    const rows = await db().selectFrom('item_sections').select(['Id', 'Definition']).where('Item_Id', '=', itemId).execute();
    for (const row of rows) {
      const definition = row.Definition as FieldList;
      const value = (f: SectionField): SectionField => {
        if (f['@type'] === 'date') return { ...f, '#text': day(0) };
        if (f['@type'] === 'checkbox' || f['@type'] === 'list' || f['@type'] === 'phoneNumber') return f;
        return { ...f, '#text': 'Done' };
      };
      await db().updateTable('item_sections').set({ Definition: JSON.stringify({ fields: { field: definition.fields.field.map(value) } }) }).where('Id', '=', row.Id).execute();
    }
  }
  const itemUrl = (caseId: number, itemId: number, step: string) => `/api/cases/${caseId}/items/${itemId}/${step}`;
  const status = async (itemId: number) => (await db().selectFrom('items').select('ItemStatus').where('Id', '=', itemId).executeTakeFirstOrThrow()).ItemStatus;

  it('submits, rejects with a reason, resubmits and accepts one item; the last item accepted completes the case', async () => {
    const { caseId, itemId, items } = await readyItem();
    // Only this item stays on the case.
    for (const other of items.slice(1)) expect((await call('caseadmin', 'DELETE', `/api/cases/${caseId}/items/${other}`)).statusCode).toBe(200);
    await finish(itemId);

    const submitted = await call('investigator', 'PUT', itemUrl(caseId, itemId, 'submit'));
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json()).toMatchObject({ Id: itemId, ItemStatus: 'IN_REVIEW' });

    const noReason = await call('reviewer', 'PUT', itemUrl(caseId, itemId, 'reject'), { Reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().ModelState.Reason).toEqual(['Reason is required.']);
    expect((await call('reviewer', 'PUT', itemUrl(caseId, itemId, 'reject'), {})).json().ModelState.Reason).toEqual(['Reason is required.']);
    const rejected = await call('reviewer', 'PUT', itemUrl(caseId, itemId, 'reject'), { Reason: 'Source could not be verified' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ Id: itemId, ItemStatus: 'REJECTED', RejectionReason: 'Source could not be verified', CompletedDate: null });

    const resubmitted = await call('investigator', 'PUT', itemUrl(caseId, itemId, 'submit'));
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    expect(resubmitted.json()).toMatchObject({ ItemStatus: 'IN_REVIEW' });

    const accepted = await call('reviewer', 'PUT', itemUrl(caseId, itemId, 'accept'));
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ Id: itemId, ItemStatus: 'ACCEPTED' });
    expect(accepted.json().CompletedDate).toBeTruthy();
    expect((await db().selectFrom('cases').select('WorkflowState').where('Id', '=', caseId).executeTakeFirstOrThrow()).WorkflowState).toBe('COMPLETE');
    const history = (await call('investigator', 'GET', `/api/cases/${caseId}/items/${itemId}/history`)).json() as Json[];
    expect(history.slice(0, 4).map((h) => [(h.Status as Json).Short, h.Note])).toEqual([
      ['ACCEPTED', null],
      ['IN_REVIEW', T.server.resubmitted],
      ['REJECTED', 'Source could not be verified'],
      ['IN_REVIEW', null],
    ]);
  });

  it('refuses a call from a wrong status with 409, an item the caller may not see with 404, and callers without the permission with 403', async () => {
    const { caseId, itemId, items } = await readyItem();
    for (const step of ['accept', 'reject'] as const) {
      const response = await call('reviewer', 'PUT', itemUrl(caseId, itemId, step), step === 'reject' ? { Reason: 'No' } : undefined);
      expect(response.statusCode, step).toBe(409);
      expect(response.json().Message).toBe(T.server.wrongStatus('001', ITEM_STATUS_LABELS.ASSIGNED, step === 'accept' ? 'be accepted' : 'be rejected'));
    }
    // Awaiting assignment: nothing to submit.
    const waiting = await call('caseadmin', 'PUT', itemUrl(caseId, items[1], 'submit'));
    expect(waiting.statusCode).toBe(409);
    // Sections not finished: the spec's text.
    const unfinished = await call('investigator', 'PUT', itemUrl(caseId, itemId, 'submit'));
    expect(unfinished.statusCode).toBe(409);
    expect(unfinished.json().Message).toBe(T.submit.unfinishedSections);
    expect(await status(itemId)).toBe('ASSIGNED');

    expect((await call('investigator', 'PUT', itemUrl(caseId, items[1], 'submit'))).statusCode).toBe(404);
    expect((await call('investigator', 'PUT', itemUrl(caseId, itemId, 'accept'))).statusCode).toBe(403);
    expect((await call('manager', 'PUT', itemUrl(caseId, itemId, 'submit'))).statusCode).toBe(403);
    expect((await call('investigator', 'PUT', itemUrl(caseId, itemId, 'reject'), { Reason: 'Mine' })).statusCode).toBe(403);
    expect(await status(itemId)).toBe('ASSIGNED');
  });
});
