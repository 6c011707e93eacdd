import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoDay } from '../../shared/format.js';
import type { FieldList, SectionField } from '../../shared/sections.js';
import { Texts } from '../../shared/texts/index.js';
import { startTestApp, type TestApp } from '../support/testApp.js';
import { caseAwaitingAssignment } from '../support/readyCase.js';
import { putTemplateSections } from '../support/itemSections.js';

/**
 * Issue 22: a bulk modal asks the server which of the selected items an action may change now
 * (`POST /api/cases/{id}/items/eligible`) and acts on those; the answer is the rule the bulk calls refuse by, so the
 * eligible items are exactly those a call accepts, and an item left out, sent anyway, is still refused with the
 * reason the answer gave.
 */
const T = Texts.items;
let t: TestApp;
const tokens: Record<string, string> = {};
const user = new Map<string, number>();
const db = () => t.database.db;

type Json = Record<string, unknown>;
type Who = 'caseadmin' | 'dataentry' | 'reviewer' | 'manager' | 'investigator' | 'contractor';
type Action = 'assign' | 'unassign' | 'setAcd' | 'accept' | 'reject' | 'submit';

beforeAll(async () => {
  t = await startTestApp();
  for (const name of ['caseadmin', 'dataentry', 'reviewer', 'manager', 'investigator', 'contractor'] as Who[]) tokens[name] = await t.signIn(name);
  for (const row of await db().selectFrom('users').select(['Id', 'UserName']).execute()) user.set(row.UserName, row.Id);
});
afterAll(() => t.close());

const call = (who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => t.call(tokens[who], { method, url, payload });
const itemsUrl = (caseId: number) => `/api/cases/${caseId}/items`;
const day = (n: number) => isoDay(new Date(t.clock.now().getTime() + n * 86_400_000));
const statusOf = async (id: number) => (await db().selectFrom('items').select('ItemStatus').where('Id', '=', id).executeTakeFirstOrThrow()).ItemStatus;

let cases = 0;
async function readyCase(): Promise<{ id: number; items: number[] }> {
  cases += 1;
  const { caseId, items } = await caseAwaitingAssignment(t, tokens, { lastName: `Bulkcase${cases}`, ssn: `66${cases}` });
  return { id: caseId, items };
}

function filled(field: SectionField): SectionField {
  switch (field['@type']) {
    case 'checkbox':
      return { ...field, '#text': 'true' };
    case 'address':
      return { ...field, line1: '1 Main St', city: 'Columbia', region: 'SC', postalCode: '29201' };
    case 'template':
      return { ...field, entries: [{ fields: { field: (field.Template?.fields.field ?? []).map(filled) } }] };
    default:
      return { ...field, '#text': 'Entered' };
  }
}
const completeSections = (itemId: number) => putTemplateSections(db(), itemId, (_name, template): FieldList => ({ fields: { field: template.fields.field.map(filled) } }));

/** The bulk call of each action and its body beside ItemIds. */
const CALLS: Record<Action, { path: string; body: () => Json }> = {
  assign: { path: 'assign', body: () => ({ Investigator_Id: user.get('contractor') }) },
  unassign: { path: 'assign', body: () => ({ Investigator_Id: null }) },
  setAcd: { path: 'set-acds', body: () => ({ ACD: day(10) }) },
  accept: { path: 'accept-items', body: () => ({}) },
  reject: { path: 'reject-items', body: () => ({ Reason: 'More detail needed' }) },
  submit: { path: 'submit-items', body: () => ({}) },
};

const eligible = async (who: Who, caseId: number, Action: Action, ItemIds: number[]) => {
  const answer = await call(who, 'POST', `${itemsUrl(caseId)}/eligible`, { Action, ItemIds });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as { Action: Action; Eligible: number[]; LeftOut: { Id: number; DisplayId: number; Reason: string; Kind?: string; Sections?: string[] }[] };
};

/**
 * What the server said of `ids` for the action holds when acted on: each item left out, sent alone, is refused (409,
 * with the answer's reason, or a submit's section refusal) and unchanged; the eligible ones, sent together, are changed.
 */
async function actsAsAnswered(who: Who, caseId: number, action: Action, ids: number[]) {
  const said = await eligible(who, caseId, action, ids);
  expect([...said.Eligible, ...said.LeftOut.map((i) => i.Id)].sort()).toEqual([...ids].sort());
  for (const left of said.LeftOut) {
    const before = await statusOf(left.Id);
    const refused = await call(who, 'POST', `${itemsUrl(caseId)}/${CALLS[action].path}`, { ...CALLS[action].body(), ItemIds: [left.Id] });
    expect(refused.statusCode, `${action} of item ${left.Id}: ${refused.body}`).toBe(409);
    if (left.Kind) expect(refused.json().Items).toEqual([expect.objectContaining({ Id: left.Id, Reason: left.Kind, Sections: left.Sections })]);
    else expect(refused.json().Message).toBe(left.Reason);
    expect(await statusOf(left.Id)).toBe(before);
  }
  if (said.Eligible.length) {
    const done = await call(who, 'POST', `${itemsUrl(caseId)}/${CALLS[action].path}`, { ...CALLS[action].body(), ItemIds: said.Eligible });
    expect(done.statusCode, `${action} of ${said.Eligible.join(', ')}: ${done.body}`).toBe(200);
    expect((done.json() as Json[]).map((i) => i.Id).sort()).toEqual([...said.Eligible].sort());
  }
  return said;
}

describe('POST /api/cases/{id}/items/eligible', () => {
  it('names the items an action may change and why the others are left out; the bulk calls act and refuse accordingly', async () => {
    const { id, items } = await readyCase();
    const [a, b, c, d, e] = items;
    const investigator = user.get('investigator')!;
    expect((await call('manager', 'POST', `${itemsUrl(id)}/assign`, { Investigator_Id: investigator, ItemIds: [a, b, c] })).statusCode).toBe(200);
    await completeSections(a);
    await completeSections(b);
    expect((await call('investigator', 'POST', `${itemsUrl(id)}/submit-items`, { ItemIds: [a, b] })).statusCode).toBe(200);
    expect((await call('reviewer', 'POST', `${itemsUrl(id)}/accept-items`, { ItemIds: [a] })).statusCode).toBe(200);
    // a Accepted, b In Review, c Assigned (its required sections empty), d and e Awaiting Assignment.

    // Mass Reject with an accepted item among the checked: only the item in review is rejected.
    const reject = await actsAsAnswered('reviewer', id, 'reject', [a, b, c]);
    expect(reject.Eligible).toEqual([b]);
    expect(reject.LeftOut).toEqual([
      { Id: a, DisplayId: 1, Reason: T.server.wrongStatus('001', 'Accepted', 'be rejected') },
      { Id: c, DisplayId: 3, Reason: T.server.wrongStatus('003', 'Assigned', 'be rejected') },
    ]);
    expect(await statusOf(b)).toBe('REJECTED');
    // Sent directly, the accepted item is refused, by the bulk call and by the item page's call.
    const direct = await call('reviewer', 'PUT', `${itemsUrl(id)}/${a}/reject`, { Reason: 'Again' });
    expect(direct.statusCode).toBe(409);
    expect(direct.json().Message).toBe(T.server.wrongStatus('001', 'Accepted', 'be rejected'));
    // One ineligible item in a call still refuses the whole call: nothing changes.
    const mixed = await call('reviewer', 'POST', `${itemsUrl(id)}/accept-items`, { ItemIds: [a, b] });
    expect(mixed.statusCode).toBe(409);
    expect(await statusOf(b)).toBe('REJECTED');

    // Submit: the rejected item (its sections complete) is resubmitted; the one whose required sections are empty is
    // left out, with them named.
    const submit = await actsAsAnswered('investigator', id, 'submit', [b, c]);
    expect(submit.Eligible).toEqual([b]);
    expect(submit.LeftOut.map((i) => [i.Id, i.Kind])).toEqual([[c, 'unfinishedSections']]);
    expect(submit.LeftOut[0].Sections!.length).toBeGreaterThan(0);
    expect(submit.LeftOut[0].Reason).toBe(T.server.unfinishedSectionsOf('003', submit.LeftOut[0].Sections!));
    expect(await statusOf(b)).toBe('IN_REVIEW');

    // An accepted item's ACD needs Edit Inactive Cases: the manager's call leaves it out, the case admin's does not.
    const acds = await actsAsAnswered('manager', id, 'setAcd', [a, b, d]);
    expect(acds.LeftOut).toEqual([{ Id: a, DisplayId: 1, Reason: T.server.accepted }]);
    expect((await eligible('caseadmin', id, 'setAcd', [a, b, d])).Eligible).toEqual([a, b, d]);

    // Unassigning leaves out the items nobody works on; assigning, the ones in review and accepted.
    const unassign = await actsAsAnswered('manager', id, 'unassign', [c, d]);
    expect(unassign).toMatchObject({ Eligible: [c], LeftOut: [{ Id: d, Reason: T.server.wrongStatus('004', 'Awaiting Assignment', 'be unassigned') }] });
    const assign = await actsAsAnswered('manager', id, 'assign', [a, b, c, d, e]);
    expect(assign.Eligible).toEqual([c, d, e]);
    expect(assign.LeftOut.map((i) => i.Id)).toEqual([a, b]);
  });

  it('leaves every item out of a case the caller may not change, with the case\'s reason', async () => {
    const { id, items } = await readyCase();
    expect((await call('caseadmin', 'PUT', `/api/cases/${id}/toggle-on-hold`)).statusCode).toBe(200);
    const held = await actsAsAnswered('manager', id, 'assign', items.slice(0, 2));
    expect(held.Eligible).toEqual([]);
    expect(held.LeftOut.map((i) => i.Reason)).toEqual([Texts.cases.server.inactive, Texts.cases.server.inactive]);
    // A case administrator may change an inactive case.
    expect((await eligible('caseadmin', id, 'assign', items.slice(0, 2))).Eligible).toEqual(items.slice(0, 2));
  });

  it('needs the action\'s own permission, items of the case the caller may see, and a known action', async () => {
    const { id, items } = await readyCase();
    const ask = (who: Who, body: object) => call(who, 'POST', `${itemsUrl(id)}/eligible`, body);
    expect((await ask('investigator', { Action: 'accept', ItemIds: [items[0]] })).statusCode).toBe(403);
    expect((await ask('reviewer', { Action: 'submit', ItemIds: [items[0]] })).statusCode).toBe(403);
    expect((await ask('dataentry', { Action: 'assign', ItemIds: [items[0]] })).statusCode).toBe(403);
    // A reviewer may ask about accepting, not submitting: the refusal names the action, not the route's rule.
    expect((await ask('reviewer', { Action: 'submit', ItemIds: [items[0]] })).json().Message).toBe(T.server.actionNotPermitted('be submitted for review'));
    const unknown = await ask('manager', { Action: 'explode', ItemIds: [items[0]] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().ModelState).toBeTruthy();
    const empty = await ask('manager', { Action: 'assign', ItemIds: [] });
    expect(empty.statusCode).toBe(400);
    const foreign = await ask('manager', { Action: 'assign', ItemIds: [items[0], 999999] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().ModelState.ItemIds).toEqual([T.server.notOfCase(999999)]);
    // An investigator reaches only the items assigned to them.
    const notTheirs = await ask('investigator', { Action: 'submit', ItemIds: [items[0]] });
    expect(notTheirs.statusCode).toBe(400);
    expect((await call('manager', 'POST', `/api/cases/987654/items/eligible`, { Action: 'assign', ItemIds: [items[0]] })).statusCode).toBe(404);
  });
});
