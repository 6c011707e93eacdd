import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldList, SectionField } from '../../shared/sections.js';
import { Permissions } from '../../shared/permissions.js';
import { startTestApp, type TestApp } from '../support/testApp.js';

interface Section {
  Id: number;
  SectionName: string;
  Version: number;
  LatestVersion: number;
  Enabled: boolean;
  CreatedDate: string;
  Template: string;
  ROITemplate: string | null;
}

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signIn('caseadmin');
});
afterAll(() => t.close());

const field = (type: string, name: string, extra: Partial<SectionField> = {}): SectionField => ({
  '@id': name,
  '@type': type,
  '@name': name,
  '@label': name,
  '@required': false,
  '@showInReport': true,
  ...extra,
});
const definition = (...fields: SectionField[]): FieldList => ({ fields: { field: fields } });
const save = (SectionName: string, template: unknown, extra: Record<string, unknown> = {}, token = admin) =>
  t.call(token, {
    method: 'POST',
    url: '/api/sections',
    payload: { SectionName, Template: typeof template === 'string' ? template : JSON.stringify(template), ...extra },
  });
const sections = async (): Promise<Section[]> => (await t.call(admin, { method: 'GET', url: '/api/sections' })).json();
const XSLT = '<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"><xsl:template match="/"/></xsl:stylesheet>';

describe('reading section templates', () => {
  it('lists every version with its latest version number and the definition as JSON text', async () => {
    const rows = await sections();
    const interview = rows.filter((s) => s.SectionName === 'Subject Interview');
    expect(interview.map((s) => [s.Version, s.LatestVersion, s.Enabled])).toEqual([[1, 2, true], [2, 2, true]]);
    expect(typeof interview[1].Template).toBe('string');
    const parsed: FieldList = JSON.parse(interview[1].Template);
    expect(parsed.fields.field.map((f) => f['@name'])).toEqual([
      'InterviewDate', 'InterviewLocation', 'SubjectCooperative', 'ContactPhone', 'Summary', 'IssueAreas',
    ]);
    expect(interview[1].ROITemplate).toContain('xsl:stylesheet');
    expect(new Date(interview[1].CreatedDate).getTime()).not.toBeNaN();
  });

  it('is refused to a user without a section template permission', async () => {
    const response = await t.call(await t.signIn('investigator'), { method: 'GET', url: '/api/sections' });
    expect(response.statusCode).toBe(403);
  });
});

describe('saving section templates', () => {
  it('saves a new section as version 1, with the definition as sent', async () => {
    const template = definition(
      field('text', 'Officer', { '@required': true, '@instructions': 'Full name' }),
      field('date', 'Visited', { '@disableDatesAfterToday': true, '@allowCurrent': true }),
      field('list', 'State', { '@listType': 'RegionType', '@allowMultiple': false }),
      field('checkbox', 'Confirmed', { '#text': 'true' }),
      field('template', 'Witnesses', { Template: definition(field('text', 'Name'), field('phoneNumber', 'Phone')) }),
    );
    const response = await save('Site Visit', template, { ROITemplate: XSLT });
    expect(response.statusCode).toBe(200);
    const saved: Section = response.json();
    expect(saved).toMatchObject({ SectionName: 'Site Visit', Version: 1, LatestVersion: 1, Enabled: true, ROITemplate: XSLT });
    expect(JSON.parse(saved.Template)).toEqual(template);
  });

  it('saves under an existing name (any case) as the next version, keeping the report XSLT', async () => {
    const response = await save('site visit', definition(field('text', 'Officer'), field('address', 'Location')));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ SectionName: 'Site Visit', Version: 2, LatestVersion: 2, ROITemplate: XSLT });
    const versions = (await sections()).filter((s) => s.SectionName === 'Site Visit');
    expect(versions.map((s) => [s.Version, s.LatestVersion])).toEqual([[1, 2], [2, 2]]);
  });

  it('drops keys that are not part of the definition format', async () => {
    const template = definition(field('text', 'Officer', { entries: [], '@colour': 'red' } as Partial<SectionField>));
    const saved: Section = (await save('Cleaned', template)).json();
    expect(JSON.parse(saved.Template).fields.field[0]).toEqual(field('text', 'Officer'));
  });
});

describe('the XML attribute form of a definition', () => {
  it('accepts flags written as attribute text and stores them as JSON booleans', async () => {
    const attributes = {
      fields: {
        field: [
          { '@id': 'Officer', '@type': 'text', '@name': 'Officer', '@label': 'Officer', '@required': 'true', '@showInReport': 'false' },
          { '@id': 'Visited', '@type': 'date', '@name': 'Visited', '@label': 'Visited', '@disableDatesBeforeToday': 'False', '@disableDatesAfterToday': 'TRUE', '@allowCurrent': 'true' },
          { '@id': 'States', '@type': 'list', '@name': 'States', '@label': 'States', '@listType': 'RegionType', '@allowMultiple': 'true' },
          { '@id': 'Notes', '@type': 'textarea', '@name': 'Notes', '@label': 'Notes', '@allowStockPhrases': 'true' },
          { '@id': 'Confirmed', '@type': 'checkbox', '@name': 'Confirmed', '@label': 'Confirmed', '#text': true },
          {
            '@id': 'Witnesses', '@type': 'template', '@name': 'Witnesses', '@label': 'Witnesses', '@required': 'false',
            Template: { fields: { field: [{ '@id': 'Name', '@type': 'text', '@name': 'Name', '@label': 'Name', '@required': 'true', '@showInReport': 'true' }] } },
          },
        ],
      },
    };
    const normalised = definition(
      { ...field('text', 'Officer', { '@required': true, '@showInReport': false }) },
      { '@id': 'Visited', '@type': 'date', '@name': 'Visited', '@label': 'Visited', '@disableDatesBeforeToday': false, '@disableDatesAfterToday': true, '@allowCurrent': true },
      { '@id': 'States', '@type': 'list', '@name': 'States', '@label': 'States', '@listType': 'RegionType', '@allowMultiple': true },
      { '@id': 'Notes', '@type': 'textarea', '@name': 'Notes', '@label': 'Notes', '@allowStockPhrases': true },
      { '@id': 'Confirmed', '@type': 'checkbox', '@name': 'Confirmed', '@label': 'Confirmed', '#text': 'true' },
      {
        '@id': 'Witnesses', '@type': 'template', '@name': 'Witnesses', '@label': 'Witnesses', '@required': false,
        Template: definition(field('text', 'Name', { '@required': true, '@showInReport': true })),
      },
    );
    const response = await save('Attribute Form', attributes);
    expect(response.statusCode).toBe(200);
    const saved: Section = response.json();
    expect(JSON.parse(saved.Template)).toEqual(normalised);
    const stored = (await sections()).find((s) => s.Id === saved.Id)!;
    expect(JSON.parse(stored.Template)).toEqual(normalised);
    // The JSON-boolean form of the same definition is stored the same way.
    const again: Section = (await save('Attribute Form', normalised)).json();
    expect(JSON.parse(again.Template)).toEqual(normalised);
  });

  it('refuses a flag that is neither a boolean nor true/false text, under the flag', async () => {
    const before = (await sections()).length;
    const response = await save('Attribute Form', {
      fields: { field: [{ '@id': 'A', '@type': 'text', '@name': 'A', '@label': 'A', '@required': 'maybe' }, field('list', 'L', { '@listType': 'RegionType', '@allowMultiple': 'yes' as unknown as boolean })] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().ModelState).toEqual({
      'Template.fields.field[0].@required': ['Required must be true or false.'],
      'Template.fields.field[1].@allowMultiple': ['Allow Multiple Selections must be true or false.'],
    });
    expect((await sections()).length).toBe(before);
  });
});

describe('definition validation', () => {
  const rejected = async (name: string, template: unknown) => {
    const before = (await sections()).length;
    const response = await save(name, template);
    expect(response.statusCode).toBe(400);
    expect((await sections()).length).toBe(before);
    return response.json();
  };

  it('requires a name and a label on every field, with the spec wording', async () => {
    const body = await rejected(
      'Broken',
      definition(field('text', 'Ok'), { ...field('text', 'x'), '@name': '' }, { ...field('text', 'Label'), '@label': ' ' }),
    );
    expect(body.Message).toBe('Some of your fields are missing required inputs.');
    expect(body.ModelState).toEqual({
      'Template.fields.field[1].@name': ['You must enter a name for this field.'],
      'Template.fields.field[2].@label': ['You must enter a label for this field.'],
    });
    const missing = await rejected('Broken', { fields: { field: [{ '@type': 'text' }] } });
    expect(missing.ModelState).toEqual({
      'Template.fields.field[0].@name': ['You must enter a name for this field.'],
      'Template.fields.field[0].@label': ['You must enter a label for this field.'],
    });
  });

  it('refuses a template inside a template, and a template field without fields', async () => {
    const nested = await rejected(
      'Broken',
      definition(field('template', 'Outer', { Template: definition(field('template', 'Inner', { Template: definition(field('text', 'A')) })) })),
    );
    expect(nested.ModelState).toEqual({
      'Template.fields.field[0].Template.fields.field[0].@type': ['A template field cannot contain another template.'],
    });
    const empty = await rejected('Broken', definition(field('template', 'Outer')));
    expect(empty.ModelState).toEqual({ 'Template.fields.field[0].Template': ['A template field needs at least one field.'] });
    const noFields = await rejected('Broken', definition(field('template', 'Outer', { Template: definition() })));
    expect(noFields.ModelState).toEqual({
      'Template.fields.field[0].Template.fields.field': ['A template field needs at least one field.'],
    });
  });

  it('needs a list that exists for a list field', async () => {
    const noList = await rejected('Broken', definition(field('list', 'Colour')));
    expect(noList.ModelState).toEqual({ 'Template.fields.field[0].@listType': ['You must choose a list for this field.'] });
    const unknown = await rejected(
      'Broken',
      definition(field('text', 'A'), field('template', 'T', { Template: definition(field('list', 'Colour', { '@listType': 'NoSuchList' })) })),
    );
    expect(unknown.ModelState).toEqual({
      'Template.fields.field[1].Template.fields.field[0].@listType': ['There is no list NoSuchList.'],
    });
  });

  it('needs field names unique within their level (case-insensitive), a known type and a valid name', async () => {
    const duplicate = await rejected(
      'Broken',
      definition(field('text', 'Name'), field('textarea', 'name'), field('template', 'T', { Template: definition(field('text', 'Name')) })),
    );
    expect(duplicate.ModelState).toEqual({ 'Template.fields.field[1].@name': ['The field name name is already used at this level.'] });
    const badType = await rejected('Broken', definition(field('signature', 'Sig')));
    expect(badType.ModelState).toEqual({
      'Template.fields.field[0].@type': ['Field type must be one of: text, textarea, checkbox, phoneNumber, date, address, list, template.'],
    });
    const badName = await rejected('Broken', definition(field('text', 'First Name')));
    expect(badName.ModelState).toEqual({ 'Template.fields.field[0].@name': ['A field name may contain only letters, digits and underscores.'] });
  });

  it('needs JSON holding at least one field, and a section name', async () => {
    expect((await rejected('Broken', '{"fields": ')).ModelState).toEqual({ Template: ['The template is not valid JSON.'] });
    expect((await rejected('Broken', '[]')).ModelState).toEqual({ Template: ['The template must be a JSON object holding a fields.field list.'] });
    expect((await rejected('Broken', definition())).ModelState).toEqual({
      'Template.fields.field': ['A section template needs at least one field.'],
    });
    expect((await rejected('  ', definition(field('text', 'A')))).ModelState).toEqual({ SectionName: ['Section Template Name is required.'] });
    const noTemplate = await t.call(admin, { method: 'POST', url: '/api/sections', payload: { SectionName: 'X' } });
    expect(noTemplate.json().ModelState).toEqual({ Template: ['Template is required.'] });
  });

  it('refuses a report XSLT that is not well-formed XML', async () => {
    const before = (await sections()).length;
    const response = await save('Broken', definition(field('text', 'A')), { ROITemplate: '<xsl:stylesheet><b></xsl:stylesheet>' });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().ModelState)).toEqual(['ROITemplate']);
    expect(response.json().ModelState.ROITemplate[0]).toMatch(/^The XSLT is not well-formed XML: /);
    expect((await sections()).length).toBe(before);
  });
});

describe('enabling, report XSLT and permissions', () => {
  it('toggles Enabled of one version', async () => {
    const version = (await sections()).find((s) => s.SectionName === 'Site Visit' && s.Version === 1)!;
    const disabled = await t.call(admin, { method: 'DELETE', url: `/api/sections/${version.Id}` });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({ Id: version.Id, Enabled: false });
    expect((await sections()).find((s) => s.SectionName === 'Site Visit' && s.Version === 2)!.Enabled).toBe(true);
    const enabled = await t.call(admin, { method: 'DELETE', url: `/api/sections/${version.Id}` });
    expect(enabled.json().Enabled).toBe(true);
    expect((await t.call(admin, { method: 'DELETE', url: '/api/sections/999999' })).statusCode).toBe(404);
  });

  it('updates the report XSLT of a version (the client sends the whole section)', async () => {
    const version = (await sections()).find((s) => s.SectionName === 'Site Visit' && s.Version === 2)!;
    const xslt = XSLT.replace('match="/"', 'match="section"');
    const response = await t.call(admin, { method: 'PUT', url: `/api/sections/${version.Id}/roi`, payload: { ...version, ROITemplate: xslt } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ Id: version.Id, ROITemplate: xslt, Template: version.Template });
    const bad = await t.call(admin, { method: 'PUT', url: `/api/sections/${version.Id}/roi`, payload: { ...version, ROITemplate: 'not xml' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().ModelState.ROITemplate[0]).toMatch(/^The XSLT is not well-formed XML: /);
    expect((await sections()).find((s) => s.Id === version.Id)!.ROITemplate).toBe(xslt);
  });

  it('takes a report XSLT only from Admin Section Templates; a new version saved without one keeps the latest', async () => {
    const db = t.database.db;
    const group = await db.insertInto('groups').values({ Name: 'Section Writers' }).returning('Id').executeTakeFirstOrThrow();
    const roles = await db.selectFrom('roles').select('Id').where('Name', 'in', [Permissions.Sections.VIEW_SECTION_TEMPLATES, Permissions.Sections.CREATE_SECTION_TEMPLATES]).execute();
    expect(roles.length).toBe(2);
    await db.insertInto('group_roles').values(roles.map((r) => ({ Group_Id: group.Id, Role_Id: r.Id }))).execute();
    const user = await db.selectFrom('users').select('Id').where('UserName', '=', 'reviewer').executeTakeFirstOrThrow();
    await db.insertInto('user_groups').values({ User_Id: user.Id, Group_Id: group.Id }).execute();
    const writer = await t.signIn('reviewer');

    const latest = (await sections()).filter((s) => s.SectionName === 'Site Visit').sort((a, b) => b.Version - a.Version)[0];
    expect(latest.ROITemplate).toBeTruthy();
    const template = JSON.stringify(definition(field('text', 'Visited')));
    for (const ROITemplate of [XSLT, null]) {
      const refused = await save('Site Visit', template, { ROITemplate }, writer);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().Message).toBe('Only users with Admin Section Templates may set a report XSLT.');
    }
    const saved = await save('Site Visit', template, {}, writer);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ Version: latest.Version + 1, ROITemplate: latest.ROITemplate });
  });

  it('gates saving, enabling and the XSLT by their permissions, and nothing changes', async () => {
    const before = await sections();
    const version = before[0];
    const attempts = [
      { method: 'POST' as const, url: '/api/sections', payload: { SectionName: 'Sneaky', Template: JSON.stringify(definition(field('text', 'A'))) } },
      { method: 'DELETE' as const, url: `/api/sections/${version.Id}` },
      { method: 'PUT' as const, url: `/api/sections/${version.Id}/roi`, payload: { ROITemplate: XSLT } },
    ];
    for (const token of [await t.signIn('investigator'), await t.signIn('client'), await t.signIn('manager')]) {
      for (const attempt of attempts) expect((await t.call(token, attempt)).statusCode, `${attempt.method} ${attempt.url}`).toBe(403);
    }
    expect(await sections()).toEqual(before);
  });
});
