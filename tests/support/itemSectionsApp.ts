import { afterAll, beforeAll, expect } from 'vitest';
import { isoDay } from '../../shared/format.js';
import type { FieldList, SectionField } from '../../shared/sections.js';
import { startTestApp, type TestApp } from './testApp.js';
import { caseAwaitingAssignment } from './readyCase.js';

export type Json = Record<string, unknown>;
export type Who = 'caseadmin' | 'dataentry' | 'reviewer' | 'manager' | 'investigator' | 'contractor' | 'client';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

let fieldNumber = 0;
function field(type: string, label: string, extra: Partial<SectionField> = {}): SectionField {
  fieldNumber += 1;
  return { '@id': `v${fieldNumber}`, '@type': type, '@name': label.replace(/[^a-zA-Z0-9]/g, ''), '@label': label, '@required': false, '@showInReport': true, ...extra };
}

/** A section template with every field type and every date limit, offered (optionally) by the Subject Interview item template. */
export const VALUE_CHECKS: FieldList = {
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

/** The ids of the sections and the item template the tests use, known once the app has started. */
export const ids = { valueChecks: 0, disabled: 0, oldSubjectInterview: 0, employment: 0, subjectItemType: 0 };

/** A definition as a client sends it: fields by @name, with whatever they hold. */
export interface Sent {
  fields: { field: Record<string, unknown>[] };
}

/** The section's definition with values: each field found by name gets the values `values` gives it. */
export function withValues(definition: FieldList, values: Record<string, Record<string, unknown>>): Sent {
  return { fields: { field: definition.fields.field.map((f): Record<string, unknown> => ({ ...f, ...values[f['@name']] })) } };
}

export const fieldOf = (definition: FieldList, name: string) => definition.fields.field.find((f) => f['@name'] === name)!;

/**
 * The app of an item sections test file, started before its tests and closed after them (`started` is handed it):
 * the demo's staff signed in by user name and the users' ids; the Value Checks section (every field type and date
 * limit) and a disabled one offered by the Subject Interview item template, with its older Subject Interview; a
 * hidden Source Type item. And the calls and items the tests make.
 */
export function itemSectionsApp(started?: (app: TestApp) => void) {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const user = new Map<string, number>();
  const db = () => t.database.db;

  const call = (who: Who, method: Method, url: string, payload?: object) => t.call(tokens[who], { method, url, payload });
  /** The day `n` days from today by the server's clock, YYYY-MM-DD. */
  const day = (n: number) => isoDay(new Date(t.clock.now().getTime() + n * 86_400_000));

  beforeAll(async () => {
    t = await startTestApp();
    started?.(t);
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

  const save = (who: Who, caseId: number, itemId: number, sectionId: number, definition: Sent | string) =>
    call(who, 'PUT', `${sectionsUrl(caseId, itemId)}/${sectionId}`, { Definition: typeof definition === 'string' ? definition : JSON.stringify(definition) });

  return { db, call, day, readyItem, sectionsUrl, storedDefinition, addValueChecks, save };
}
