import { describe, expect, it } from 'vitest';
import { Texts } from '../../shared/texts/index.js';
import { ids, itemSectionsApp, VALUE_CHECKS, type Json } from '../support/itemSectionsApp.js';

/**
 * An item's sections (spec 001 §2 "Item page", §3 "Item section"): listed in order, added (offered, not offered, on
 * the item already) and removed.
 */
const T = Texts.items;
const { db, call, readyItem, sectionsUrl, addValueChecks } = itemSectionsApp();

describe('adding and removing sections', () => {
  it('lists the item\'s sections in order and adds an enabled section of its item template that it lacks, without values', async () => {
    const { caseId, itemId } = await readyItem();
    const listed = await call('investigator', 'GET', sectionsUrl(caseId, itemId));
    expect(listed.statusCode, listed.body).toBe(200);
    expect((listed.json() as Json[]).map((s) => (s.Section as Json).SectionName)).toEqual(['Subject Interview']);

    const added = await addValueChecks(caseId, itemId);
    expect(added).toMatchObject({ Case_Id: caseId, Item_Id: itemId, Section_Id: ids.valueChecks, Section: { Id: ids.valueChecks, SectionName: 'Value Checks' }, DisplayOrder: 2 });
    expect(JSON.parse(String(added.Definition))).toEqual(VALUE_CHECKS);

    const after = (await call('investigator', 'GET', sectionsUrl(caseId, itemId))).json() as Json[];
    expect(after.map((s) => [(s.Section as Json).SectionName, s.DisplayOrder])).toEqual([['Subject Interview', 1], ['Value Checks', 2]]);
    expect(typeof after[1].Definition).toBe('string');
    // The item page's answer shows it too.
    const item = (await call('investigator', 'GET', `/api/cases/${caseId}/items/${itemId}`)).json() as Json;
    expect((item.Sections as Json[]).map((s) => s.Id)).toEqual(after.map((s) => s.Id));
    const audit = await db().selectFrom('audit_log').select(['Entity', 'Entity_Id', 'Action']).where('Entity', '=', 'items').where('Action', '=', 'add-section').orderBy('Id', 'desc').executeTakeFirstOrThrow();
    expect(audit).toEqual({ Entity: 'items', Entity_Id: String(itemId), Action: 'add-section' });
  });

  it('refuses a section the item has (in any version), one its template does not offer, a disabled one and none, under Section_Id', async () => {
    const { caseId, itemId } = await readyItem();
    await addValueChecks(caseId, itemId);
    const refused = async (payload: object) => {
      const response = await call('investigator', 'POST', sectionsUrl(caseId, itemId), payload);
      expect(response.statusCode, response.body).toBe(400);
      return (response.json() as { ModelState: Record<string, string[]> }).ModelState;
    };
    expect(await refused({ Section_Id: ids.valueChecks })).toEqual({ Section_Id: [T.sections.alreadyOnItem] });
    // Subject Interview v2 is on the item; its v1, also offered by the template, counts as the same section.
    expect(await refused({ Section_Id: ids.oldSubjectInterview })).toEqual({ Section_Id: [T.sections.alreadyOnItem] });
    expect(await refused({ Section_Id: ids.employment })).toEqual({ Section_Id: [T.sections.notOffered] });
    expect(await refused({ Section_Id: ids.disabled })).toEqual({ Section_Id: [T.sections.notOffered] });
    expect(await refused({})).toEqual({ Section_Id: ['Section is required.'] });
    expect(await db().selectFrom('item_sections').select('Id').where('Item_Id', '=', itemId).execute()).toHaveLength(2);
  });

  it('removes a section with its values; the others keep their order', async () => {
    const { caseId, itemId } = await readyItem();
    const added = await addValueChecks(caseId, itemId);
    const [first] = (await call('investigator', 'GET', sectionsUrl(caseId, itemId))).json() as Json[];
    const removed = await call('investigator', 'DELETE', `${sectionsUrl(caseId, itemId)}/${String(first.Id)}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ Id: first.Id, Section: { SectionName: 'Subject Interview' } });
    const left = (await call('investigator', 'GET', sectionsUrl(caseId, itemId))).json() as Json[];
    expect(left.map((s) => [s.Id, s.DisplayOrder])).toEqual([[added.Id, 2]]);
    expect((await call('investigator', 'DELETE', `${sectionsUrl(caseId, itemId)}/${String(first.Id)}`)).statusCode).toBe(404);
    // Removed, it may be added again (next in order).
    const again = await call('investigator', 'POST', sectionsUrl(caseId, itemId), { Section_Id: first.Section_Id });
    expect(again.json()).toMatchObject({ DisplayOrder: 3 });
  });
});
