import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoDay } from '../../shared/format.js';
import { Limits } from '../../shared/constants.js';
import type { FieldList, SectionField } from '../../shared/sections.js';
import { Texts } from '../../shared/texts/index.js';
import { ITEM_STATUS_LABELS } from '../../shared/workflow.js';
import { startTestApp, type TestApp } from '../support/testApp.js';
import { caseAwaitingAssignment } from '../support/readyCase.js';

/**
 * An item's sections (spec 001 §2 "Item page", §3 "Item section", §5, §7, §8) and the item page's single-item workflow
 * calls: add (offered, not offered, on the item already), save values (stored and read back; every refusal of
 * shared/sectionValues.ts, under ModelState Definition; settings sent by the client ignored), remove, the item's locks,
 * an investigator's scope and the permissions; submit, reject, resubmit and accept of one item.
 */
const T = Texts.items;
const V = T.sections.values;
let t: TestApp;
const tokens: Record<string, string> = {};
const user = new Map<string, number>();
const db = () => t.database.db;

type Json = Record<string, unknown>;
type Who = 'caseadmin' | 'dataentry' | 'reviewer' | 'manager' | 'investigator' | 'contractor' | 'client';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const call = (who: Who, method: Method, url: string, payload?: object) => t.call(tokens[who], { method, url, payload });
/** The day `n` days from today by the server's clock, YYYY-MM-DD. */
const day = (n: number) => isoDay(new Date(t.clock.now().getTime() + n * 86_400_000));

let fieldNumber = 0;
function field(type: string, label: string, extra: Partial<SectionField> = {}): SectionField {
  fieldNumber += 1;
  return { '@id': `v${fieldNumber}`, '@type': type, '@name': label.replace(/[^a-zA-Z0-9]/g, ''), '@label': label, '@required': false, '@showInReport': true, ...extra };
}

/** A section template with every field type and every date limit, offered (optionally) by the Subject Interview item template. */
const VALUE_CHECKS: FieldList = {
  fields: {
    field: [
      field('text', 'Notes Text', { '@required': true }),
      field('textarea', 'Narrative', { '@allowStockPhrases': true }),
      field('checkbox', 'Confirmed', { '#text': 'false' }),
      field('phoneNumber', 'Office Phone'),
      field('date', 'Date of Interview', { '@disableDatesAfterToday': true }),
      field('date', 'Follow Up', { '@disableDatesBeforeToday': true }),
      field('date', 'Window Date', { '@disableDatesBefore': '2020-01-01', '@disableDatesAfter': '2020-12-31' }),
      field('date', 'Ended', { '@allowCurrent': true }),
      field('list', 'Issue Areas', { '@listType': 'IssueCodeType', '@allowMultiple': true }),
      field('list', 'Source Type', { '@listType': 'SourceType' }),
      field('address', 'Home Address'),
      field('template', 'Contacts', {
        Template: {
          fields: {
            field: [
              field('text', 'Contact Name', { '@required': true }),
              field('phoneNumber', 'Contact Phone'),
              field('list', 'Contact Type', { '@listType': 'SourceType' }),
              field('checkbox', 'Primary', { '#text': 'true' }),
            ],
          },
        },
      }),
    ],
  },
};

const ids = { valueChecks: 0, disabled: 0, oldSubjectInterview: 0, employment: 0, subjectItemType: 0 };

beforeAll(async () => {
  t = await startTestApp();
  for (const name of ['caseadmin', 'dataentry', 'reviewer', 'manager', 'investigator', 'contractor', 'client'] as Who[]) tokens[name] = await t.signIn(name);
  for (const row of await db().selectFrom('users').select(['Id', 'UserName']).execute()) user.set(row.UserName, row.Id);
  const section = (SectionName: string, Enabled: boolean, Template: FieldList) =>
    db().insertInto('sections').values({ SectionName, Version: 1, Enabled, Template: JSON.stringify(Template) }).returning('Id').executeTakeFirstOrThrow();
  ids.valueChecks = (await section('Value Checks', true, VALUE_CHECKS)).Id;
  ids.disabled = (await section('Retired Checks', false, { fields: { field: [field('text', 'Anything')] } })).Id;
  const versions = await db().selectFrom('sections').select(['Id', 'SectionName', 'Version']).where('SectionName', 'in', ['Subject Interview', 'Employment Verification']).execute();
  ids.oldSubjectInterview = versions.find((s) => s.SectionName === 'Subject Interview' && s.Version === 1)!.Id;
  ids.employment = versions.find((s) => s.SectionName === 'Employment Verification')!.Id;
  ids.subjectItemType = (await db().selectFrom('item_types').select('Id').where('Name', '=', 'Subject Interview').executeTakeFirstOrThrow()).Id;
  await db()
    .insertInto('item_type_sections')
    .values([ids.valueChecks, ids.disabled, ids.oldSubjectInterview].map((Section_Id, i) => ({ ItemType_Id: ids.subjectItemType, Section_Id, Required: false, DisplayOrder: 10 + i })))
    .execute();
  // A Source Type item that is hidden: no longer offered.
  await db().insertInto('type_items').values({ TableName: 'SourceType', Short: 'RETIRED', Description: 'Retired source', Hidden: true }).execute();
});
afterAll(() => t.close());

let cases = 0;

/** A Tier 3 case with its five Auto Add items, data entry complete; the first item (Subject Interview) assigned to `investigator`. */
async function readyItem(investigator: Who = 'investigator'): Promise<{ caseId: number; itemId: number; items: number[] }> {
  cases += 1;
  const { caseId, items } = await caseAwaitingAssignment(t, tokens, { firstName: 'Section', lastName: `Sectioncase${cases}`, ssn: `88${cases}` });
  const assigned = await call('manager', 'POST', `/api/cases/${caseId}/items/assign`, { Investigator_Id: user.get(investigator), ItemIds: [items[0]] });
  expect(assigned.statusCode, assigned.body).toBe(200);
  return { caseId, itemId: items[0], items };
}

const sectionsUrl = (caseId: number, itemId: number) => `/api/cases/${caseId}/items/${itemId}/sections`;
const storedDefinition = async (sectionId: number) =>
  (await db().selectFrom('item_sections').select('Definition').where('Id', '=', sectionId).executeTakeFirstOrThrow()).Definition as FieldList;

/** Adds the Value Checks section to the item; answers the new section. */
async function addValueChecks(caseId: number, itemId: number, who: Who = 'investigator'): Promise<Json> {
  const added = await call(who, 'POST', sectionsUrl(caseId, itemId), { Section_Id: ids.valueChecks });
  expect(added.statusCode, added.body).toBe(200);
  return added.json() as Json;
}

/** A definition as a client sends it: fields by @name, with whatever they hold. */
interface Sent {
  fields: { field: Record<string, unknown>[] };
}

/** The section's definition with values: each field found by name gets the values `values` gives it. */
function withValues(definition: FieldList, values: Record<string, Record<string, unknown>>): Sent {
  return { fields: { field: definition.fields.field.map((f): Record<string, unknown> => ({ ...f, ...values[f['@name']] })) } };
}

const save = (who: Who, caseId: number, itemId: number, sectionId: number, definition: Sent | string) =>
  call(who, 'PUT', `${sectionsUrl(caseId, itemId)}/${sectionId}`, { Definition: typeof definition === 'string' ? definition : JSON.stringify(definition) });

const fieldOf = (definition: FieldList, name: string) => definition.fields.field.find((f) => f['@name'] === name)!;

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

describe('saving a section\'s values', () => {
  const filled = (definition: FieldList, today: string): Sent =>
    withValues(definition, {
      NotesText: { '#text': 'Met at the office.' },
      Narrative: { '#text': 'The subject was cooperative.' },
      Confirmed: { '#text': 'true' },
      OfficePhone: { '#text': '803-555-0100' },
      DateofInterview: { '#text': today },
      FollowUp: { '#text': today },
      WindowDate: { '#text': '2020-06-15' },
      Ended: { '#text': 'current' },
      IssueAreas: { '#text': 'A, F' },
      SourceType: { '#text': 'NEIGHBOR' },
      HomeAddress: { line1: '1 Main St', line2: 'Apt 2', city: 'Columbia', region: 'SC', postalCode: '29201' },
      Contacts: {
        entries: [
          { fields: { field: [{ '@name': 'ContactName', '#text': 'Pat Doe' }, { '@name': 'ContactPhone', '#text': '803-555-0101' }, { '@name': 'ContactType', '#text': 'FRIEND' }, { '@name': 'Primary', '#text': 'false' }] } },
          { fields: { field: [{ '@name': 'ContactName', '#text': 'Lee Roe' }] } },
        ],
      },
    });

  it('stores valid values of every field type and answers them; a template entry\'s unsent fields start as the template has them', async () => {
    const { caseId, itemId } = await readyItem();
    const section = await addValueChecks(caseId, itemId);
    const definition = JSON.parse(String(section.Definition)) as FieldList;
    const saved = await save('investigator', caseId, itemId, Number(section.Id), filled(definition, day(0)));
    expect(saved.statusCode, saved.body).toBe(200);
    const answered = JSON.parse(String(saved.json().Definition)) as FieldList;
    const stored = await storedDefinition(Number(section.Id));
    expect(answered).toEqual(stored);
    expect(fieldOf(stored, 'NotesText')).toEqual({ ...fieldOf(VALUE_CHECKS, 'NotesText'), '#text': 'Met at the office.' });
    expect(fieldOf(stored, 'Confirmed')['#text']).toBe('true');
    expect(fieldOf(stored, 'Ended')['#text']).toBe('current');
    expect(fieldOf(stored, 'IssueAreas')['#text']).toBe('A, F');
    expect(fieldOf(stored, 'HomeAddress')).toMatchObject({ line1: '1 Main St', line2: 'Apt 2', city: 'Columbia', region: 'SC', postalCode: '29201' });
    const contacts = fieldOf(stored, 'Contacts');
    expect(contacts.Template).toEqual(fieldOf(VALUE_CHECKS, 'Contacts').Template);
    expect(contacts.entries).toHaveLength(2);
    const template = fieldOf(VALUE_CHECKS, 'Contacts').Template!;
    expect(contacts.entries![0].fields.field).toEqual([
      { ...template.fields.field[0], '#text': 'Pat Doe' },
      { ...template.fields.field[1], '#text': '803-555-0101' },
      { ...template.fields.field[2], '#text': 'FRIEND' },
      { ...template.fields.field[3], '#text': 'false' },
    ]);
    // Fields the second entry did not send: empty, and the checkbox at the template's default.
    expect(contacts.entries![1].fields.field.map((f) => f['#text'])).toEqual(['Lee Roe', undefined, undefined, 'true']);

    const listed = (await call('investigator', 'GET', sectionsUrl(caseId, itemId))).json() as Json[];
    expect(JSON.parse(String(listed.find((s) => s.Id === section.Id)!.Definition))).toEqual(stored);
    const audit = await db().selectFrom('audit_log').select(['Entity_Id', 'Action']).where('Entity', '=', 'items').where('Action', '=', 'update-section').orderBy('Id', 'desc').executeTakeFirstOrThrow();
    expect(audit).toEqual({ Entity_Id: String(itemId), Action: 'update-section' });
  });

  it('saves partial work: empty required fields and unsent fields are no error; unsent fields keep their values', async () => {
    const { caseId, itemId } = await readyItem();
    const section = await addValueChecks(caseId, itemId);
    const id = Number(section.Id);
    expect((await save('investigator', caseId, itemId, id, { fields: { field: [{ '@name': 'Narrative', '#text': 'First draft' }] } })).statusCode).toBe(200);
    const partial = await save('investigator', caseId, itemId, id, { fields: { field: [{ '@name': 'OfficePhone', '#text': '803-555-0199' }, { '@name': 'NotesText', '#text': '' }] } });
    expect(partial.statusCode, partial.body).toBe(200);
    const stored = await storedDefinition(id);
    expect(fieldOf(stored, 'Narrative')['#text']).toBe('First draft');
    expect(fieldOf(stored, 'OfficePhone')['#text']).toBe('803-555-0199');
    expect(fieldOf(stored, 'NotesText')).not.toHaveProperty('#text');
    // The item is not finished, so it cannot be submitted yet.
    const submit = await call('investigator', 'PUT', `/api/cases/${caseId}/items/${itemId}/submit`);
    expect(submit.statusCode).toBe(409);
  });

  it('refuses every value that does not suit its field, one sentence per value under Definition, and stores nothing', async () => {
    const { caseId, itemId } = await readyItem();
    const section = await addValueChecks(caseId, itemId);
    const id = Number(section.Id);
    const before = await storedDefinition(id);
    const wrong = withValues(before, {
      NotesText: { '#text': 42 },
      Confirmed: { '#text': 'yes' },
      OfficePhone: { '#text': '5551234' },
      DateofInterview: { '#text': day(1) },
      FollowUp: { '#text': day(-1) },
      WindowDate: { '#text': '2019-12-31' },
      Ended: { '#text': '05/01/2024' },
      IssueAreas: { '#text': 'A, NOPE' },
      SourceType: { '#text': 'RETIRED' },
      HomeAddress: { line1: '1 Main St', region: 'ZZ' },
      Contacts: {
        entries: [
          { fields: { field: [{ '@name': 'ContactName', '#text': 'Pat Doe' }] } },
          { fields: { field: [{ '@name': 'ContactName', '#text': 'Lee Roe' }, { '@name': 'ContactPhone', '#text': '(803) 555-0101' }, { '@name': 'Nickname', '#text': 'Lee' }] } },
        ],
      },
    });
    wrong.fields.field.push({ '@id': 'x', '@type': 'text', '@name': 'Smuggled', '@label': 'Smuggled' });
    const response = await save('investigator', caseId, itemId, id, wrong);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().ModelState).toEqual({
      Definition: [
        V.notText('Notes Text'),
        V.checkbox('Confirmed'),
        V.phone('Office Phone'),
        V.afterToday('Date of Interview'),
        V.beforeToday('Follow Up'),
        V.before('Window Date', '01/01/2020'),
        V.date('Ended'),
        V.notInList('Issue Areas', 'NOPE'),
        V.notInList('Source Type', 'RETIRED'),
        V.notRegion('Home Address', 'ZZ'),
        V.entry('Contacts', 2, V.phone('Contact Phone')),
        V.entry('Contacts', 2, V.unknownField('Nickname')),
        V.unknownField('Smuggled'),
      ],
    });
    expect(await storedDefinition(id)).toEqual(before);
  });

  it('refuses a day after a fixed limit, \'current\' where the field does not allow it, and impossible days', async () => {
    const { caseId, itemId } = await readyItem();
    const section = await addValueChecks(caseId, itemId);
    const definition = JSON.parse(String(section.Definition)) as FieldList;
    const refusal = async (values: Record<string, Record<string, unknown>>) => {
      const response = await save('investigator', caseId, itemId, Number(section.Id), withValues(definition, values));
      expect(response.statusCode, response.body).toBe(400);
      return response.json().ModelState.Definition as string[];
    };
    expect(await refusal({ WindowDate: { '#text': '2021-01-01' } })).toEqual([V.after('Window Date', '12/31/2020')]);
    expect(await refusal({ DateofInterview: { '#text': 'current' } })).toEqual([V.current('Date of Interview')]);
    expect(await refusal({ WindowDate: { '#text': '2020-02-30' } })).toEqual([V.date('Window Date')]);
    expect(await refusal({ Confirmed: { '#text': 'TRUE' } })).toEqual([V.checkbox('Confirmed')]);
    expect(await refusal({ Contacts: { entries: 'many' } })).toEqual([V.entries('Contacts')]);
    const many = Array.from({ length: Limits.SECTION_ENTRIES_MAX + 1 }, () => ({ fields: { field: [] } }));
    expect(await refusal({ Contacts: { entries: many } })).toEqual([V.tooManyEntries('Contacts', Limits.SECTION_ENTRIES_MAX)]);
    expect(await refusal({ Narrative: { '#text': 'x'.repeat(Limits.SECTION_VALUE_MAX_LENGTH + 1) } })).toEqual([V.textTooLong('Narrative', Limits.SECTION_VALUE_MAX_LENGTH)]);
    // The limits themselves are allowed days.
    const edges = await save('investigator', caseId, itemId, Number(section.Id), withValues(definition, { WindowDate: { '#text': '2020-12-31' }, DateofInterview: { '#text': day(0) }, FollowUp: { '#text': day(0) } }));
    expect(edges.statusCode, edges.body).toBe(200);
  });

  it('refuses a Definition that is not JSON text of a fields.field list, a field without a name and a field sent twice', async () => {
    const { caseId, itemId } = await readyItem();
    const section = await addValueChecks(caseId, itemId);
    const id = Number(section.Id);
    const refusal = async (text: string) => {
      const response = await save('investigator', caseId, itemId, id, text);
      expect(response.statusCode, response.body).toBe(400);
      return response.json().ModelState.Definition as string[];
    };
    expect(await refusal('{"fields": {"field": [')).toEqual([V.notFieldList]);
    expect(await refusal('{"fields": {}}')).toEqual([V.notFieldList]);
    expect(await refusal('[1, 2]')).toEqual([V.notFieldList]);
    expect(await refusal('{"fields": {"field": [7]}}')).toEqual([V.notFieldList]);
    expect(await refusal(JSON.stringify({ fields: { field: [{ '#text': 'nameless' }] } }))).toEqual([V.unnamedField]);
    expect(await refusal(JSON.stringify({ fields: { field: [{ '@name': 'Narrative', '#text': 'a' }, { '@name': 'Narrative', '#text': 'b' }] } }))).toEqual([V.repeatedField('Narrative')]);
    const missing = await call('investigator', 'PUT', `${sectionsUrl(caseId, itemId)}/${id}`, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().ModelState.Definition).toEqual(['Definition is required.']);
  });

  it('keeps the stored settings: a client cannot flip @required, relabel a field or change its type or list', async () => {
    const { caseId, itemId } = await readyItem();
    const section = await addValueChecks(caseId, itemId);
    const id = Number(section.Id);
    const tampered = {
      fields: {
        field: [
          { '@name': 'NotesText', '@required': false, '@label': 'Anything', '@showInReport': false, '#text': 'Kept as a value' },
          { '@name': 'DateofInterview', '@type': 'text', '@disableDatesAfterToday': false, '#text': day(3) },
          { '@name': 'SourceType', '@listType': 'IssueCodeType', '#text': 'A' },
        ],
      },
    };
    const response = await save('investigator', caseId, itemId, id, tampered);
    expect(response.statusCode).toBe(400);
    expect(response.json().ModelState.Definition).toEqual([V.afterToday('Date of Interview'), V.notInList('Source Type', 'A')]);
    tampered.fields.field = tampered.fields.field.slice(0, 1);
    expect((await save('investigator', caseId, itemId, id, tampered)).statusCode).toBe(200);
    const stored = fieldOf(await storedDefinition(id), 'NotesText');
    expect(stored).toEqual({ ...fieldOf(VALUE_CHECKS, 'NotesText'), '#text': 'Kept as a value' });
    expect(stored['@required']).toBe(true);
  });

  it('lets a value the field already holds stay when a limit would refuse it now: a day before today, a hidden list item', async () => {
    const { caseId, itemId } = await readyItem();
    const section = await addValueChecks(caseId, itemId);
    const id = Number(section.Id);
    // Entered two days ago, when that day was today and Friend was offered.
    const earlier = day(-2);
    const stored = withValues(await storedDefinition(id), { FollowUp: { '#text': earlier }, SourceType: { '#text': 'FRIEND' } });
    await db().updateTable('item_sections').set({ Definition: JSON.stringify(stored) }).where('Id', '=', id).execute();
    await db().updateTable('type_items').set({ Hidden: true }).where('TableName', '=', 'SourceType').where('Short', '=', 'FRIEND').execute();
    try {
      const again = await save('investigator', caseId, itemId, id, { fields: { field: [{ '@name': 'FollowUp', '#text': earlier }, { '@name': 'SourceType', '#text': 'FRIEND' }, { '@name': 'Narrative', '#text': 'Later' }] } });
      expect(again.statusCode, again.body).toBe(200);
      const other = await save('investigator', caseId, itemId, id, { fields: { field: [{ '@name': 'FollowUp', '#text': day(-1) }, { '@name': 'SourceType', '#text': 'COWORKER' }] } });
      expect(other.statusCode).toBe(400);
      expect(other.json().ModelState.Definition).toEqual([V.beforeToday('Follow Up')]);
    } finally {
      await db().updateTable('type_items').set({ Hidden: false }).where('TableName', '=', 'SourceType').where('Short', '=', 'FRIEND').execute();
    }
  });
});

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
