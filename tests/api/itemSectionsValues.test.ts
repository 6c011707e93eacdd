import { describe, expect, it } from 'vitest';
import { Limits } from '../../shared/constants.js';
import type { FieldList } from '../../shared/sections.js';
import { Texts } from '../../shared/texts/index.js';
import { fieldOf, itemSectionsApp, VALUE_CHECKS, withValues, type Json, type Sent } from '../support/itemSectionsApp.js';

/**
 * An item's section values (spec 001 §3 "Item section", §5, §7, §8): stored and read back; every refusal of
 * shared/sectionValues.ts, under ModelState Definition; settings sent by the client ignored.
 */
const V = Texts.items.sections.values;
const { db, call, day, readyItem, sectionsUrl, storedDefinition, addValueChecks, save } = itemSectionsApp();

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
