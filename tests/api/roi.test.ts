import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { FieldList, SectionField } from '../../shared/sections.js';
import type { Kysely } from 'kysely';
import { XSLT_LIMITS } from '../../server/roi/xslt.js';
import { xsltPool } from '../../server/roi/xsltPool.js';
import { DEFAULT_SECTION_XSLT } from '../../server/roi/roiTemplates.js';
import sectionXsltListNames, { SEEDED_SECTION_XSLT_PRINTING_CODES } from '../../server/db/migrations/022_section_xslt_list_names.js';
import { startTestApp, type TestApp } from '../support/testApp.js';
import { caseAwaitingAssignment } from '../support/readyCase.js';
import { putTemplateSections } from '../support/itemSections.js';
import { pdfPageTexts } from '../support/pdfText.js';

/**
 * The report of investigation (issue 13 item 1): GET /api/cases/{id}/report builds a PDF from the case XML through
 * the templates' XSLTs; the tests read the PDF back (pdf-lib parses it, the text of its pages is extracted) and
 * check the cover, the items in the case template's order, the fields shown in the report and not the others, the
 * prepended papers, the password protection, the download rules and a failing template.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const users = new Map<string, number>();
const db = () => t.database.db;
const SAVE_DIR = process.env.ROI_SAVE_DIR;

beforeAll(async () => {
  t = await startTestApp();
  for (const name of ['caseadmin', 'dataentry', 'client', 'investigator', 'palmetto', 'sysadmin']) tokens[name] = await t.signIn(name);
  for (const row of await db().selectFrom('users').select(['Id', 'UserName']).execute()) users.set(row.UserName, row.Id);
});
afterAll(() => t.close());

const report = (who: string, caseId: number) => t.call(tokens[who], { method: 'GET', url: `/api/cases/${caseId}/report` });

/** Each field's value names its section and field, so the text of the PDF says where it came from. */
function valued(section: string, field: SectionField): SectionField {
  const mark = `${section.replace(/\s+/g, '')}-${field['@name']}`;
  switch (field['@type']) {
    case 'checkbox':
      return { ...field, '#text': 'true' };
    case 'address':
      return { ...field, line1: `${mark} 1 Main St`, city: 'Columbia', region: 'SC', postalCode: '29201' };
    case 'date':
      return { ...field, '#text': '2024-05-01' };
    case 'template':
      return { ...field, entries: [{ fields: { field: (field.Template?.fields.field ?? []).map((inner) => valued(section, inner)) } }] };
    default:
      return { ...field, '#text': `V-${mark}` };
  }
}

/** Every section of the item's template on the item, every field filled; `hide` marks fields not shown in the report. */
async function fillSections(itemId: number, hide: (section: string, field: string) => boolean = () => false) {
  await putTemplateSections(db(), itemId, (name, template) => ({
    fields: { field: template.fields.field.map((field) => ({ ...valued(name, field), '@showInReport': !hide(name, field['@name']) })) },
  }));
}

let cases = 0;
/** A Tier 3 case of the Department of Commerce with its five items, every section filled, then made complete. */
async function filledCase(options: { complete?: boolean; hide?: (section: string, field: string) => boolean } = {}) {
  cases += 1;
  const { caseId, items } = await caseAwaitingAssignment(t, tokens, { lastName: `Roisubject${cases}`, firstName: 'Jordan', ssn: `55${cases}` });
  for (const item of items) await fillSections(item, options.hide);
  if (options.complete !== false) await db().updateTable('cases').set({ WorkflowState: 'COMPLETE', CompletionDate: t.clock.now() }).where('Id', '=', caseId).execute();
  const { CaseNumber } = await db().selectFrom('cases').select('CaseNumber').where('Id', '=', caseId).executeTakeFirstOrThrow();
  return { caseId, items, caseNumber: CaseNumber };
}

async function pdfOf(response: { statusCode: number; body: string; rawPayload: Buffer }): Promise<{ pages: string[]; text: string; bytes: Buffer }> {
  expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
  const bytes = response.rawPayload;
  const parsed = await PDFDocument.load(bytes);
  const pages = await pdfPageTexts(bytes);
  expect(pages.length).toBe(parsed.getPageCount());
  return { pages, text: pages.join('\n'), bytes };
}

const templateOf = async (caseId: number) =>
  (await db().selectFrom('cases').select('CaseTemplate_Id').where('Id', '=', caseId).executeTakeFirstOrThrow()).CaseTemplate_Id!;
const orgOf = async (caseId: number) => (await db().selectFrom('cases').select('Client_Id').where('Id', '=', caseId).executeTakeFirstOrThrow()).Client_Id;

describe('the report of investigation', () => {
  it('is a PDF named after the case: the cover page, then the items in the case template\'s order with their shown values', async () => {
    const { caseId, items, caseNumber } = await filledCase({ hide: (section, field) => section === 'Employment Verification' && field === 'PositionTitle' });
    // The case's own order differs from the template's: the first two items swap places in the case.
    await db().updateTable('items').set({ DisplayOrder: 99 }).where('Id', '=', items[0]).execute();
    await db().updateTable('items').set({ DisplayOrder: 1 }).where('Id', '=', items[1]).execute();
    await db().updateTable('items').set({ DisplayOrder: 2 }).where('Id', '=', items[0]).execute();

    const response = await report('caseadmin', caseId);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(String(response.headers['content-disposition'])).toContain(`${caseNumber}.pdf`);
    const { pages, text } = await pdfOf(response);

    // The cover: alone on the first page, without the header and footer of the other pages.
    expect(pages[0]).toContain('Report of Investigation');
    expect(pages[0]).toContain(`Jordan Roisubject${cases}`);
    expect(pages[0]).toContain(caseNumber);
    expect(pages[0]).not.toContain('Page 1 of');
    expect(pages[1]).toContain(`Page 1 of ${pages.length - 1}`);
    expect(pages[pages.length - 1]).toContain(`Page ${pages.length - 1} of ${pages.length - 1}`);
    for (const page of pages.slice(1)) expect(page).toContain(`Report of Investigation · Case ${caseNumber}`);

    // Items in the case template's order (Tier 3: interview, residence, employment, law enforcement, references).
    const titles = ['Personal Subject Interview', 'Verification of Residence', 'Verification of Employment', 'Local Law Enforcement Agency Check', 'Developed Reference Interview'];
    const positions = titles.map((title, index) => text.indexOf(`${index + 1}. ${title}`));
    expect(positions.every((p) => p > 0), JSON.stringify(positions)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);

    // The values of fields shown in the report, formatted for a reader; not the hidden one.
    expect(text).toContain('V-SubjectInterview-Summary');
    expect(text).toContain('V-EmploymentVerification-Employer');
    expect(text).toContain('05/01/2024');
    expect(text).toContain('Source Name: V-ResidenceVerification-SourceName');
    expect(text).not.toContain('V-EmploymentVerification-PositionTitle');
    expect(text).not.toContain('Position Title');
  });

  it('leaves out items not shown in the report, titles when Show Title is off, and the cover when Show Cover Page is off', async () => {
    const { caseId, items } = await filledCase();
    const template = await templateOf(caseId);
    await db().updateTable('items').set({ ShowInReport: false }).where('Id', '=', items[2]).execute();
    const lawEnforcement = await db().selectFrom('item_types').select('Id').where('Name', '=', 'Law Enforcement Check').executeTakeFirstOrThrow();
    await db().updateTable('case_template_items').set({ ShowTitle: false }).where('CaseTemplate_Id', '=', template).where('ItemType_Id', '=', lawEnforcement.Id).execute();
    await db().updateTable('case_templates').set({ ShowCoverPage: false }).where('Id', '=', template).execute();
    try {
      const { pages, text } = await pdfOf(await report('caseadmin', caseId));
      const hiddenItem = await db().selectFrom('items as i').innerJoin('item_types as it', 'it.Id', 'i.ItemType_Id').select('it.Description').where('i.Id', '=', items[2]).executeTakeFirstOrThrow();
      expect(text).not.toContain(hiddenItem.Description!);
      expect(text).not.toContain('Local Law Enforcement Agency Check');
      expect(text).toContain('V-LawEnforcementRecordCheck-Agency');
      // No cover: the first page is the body's first, numbered.
      expect(pages[0]).toContain(`Page 1 of ${pages.length}`);
    } finally {
      await db().updateTable('case_template_items').set({ ShowTitle: true }).where('CaseTemplate_Id', '=', template).execute();
      await db().updateTable('case_templates').set({ ShowCoverPage: true }).where('Id', '=', template).execute();
    }
  });

  it('uses the case template\'s XSLTs and each section template\'s ROI XSLT, the built-in ones where a template has none', async () => {
    const { caseId } = await filledCase();
    const template = await templateOf(caseId);
    const original = await db().selectFrom('case_templates').select(['ROICoversheetTemplate', 'ROIHeader', 'ROIFooter', 'ROIStylesheet']).where('Id', '=', template).executeTakeFirstOrThrow();
    const sheet = (body: string) => `<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"><xsl:template match="/Case">${body}</xsl:template></xsl:stylesheet>`;
    await db()
      .updateTable('case_templates')
      .set({
        ROICoversheetTemplate: sheet('<h1>COVER-MARK <xsl:value-of select="CaseNumber"/></h1>'),
        ROIHeader: sheet('<p>HEADER-MARK</p>'),
        ROIFooter: sheet('<p>FOOTER-MARK <xsl:value-of select="Org/Code"/></p>'),
        ROIStylesheet: sheet('<h1>BODY-MARK</h1><xsl:for-each select="Items/Item"><h2>ITEM <xsl:value-of select="ItemType"/></h2><xsl:for-each select="Sections/Section"><xsl:copy-of select="Report/node()"/></xsl:for-each></xsl:for-each>'),
      })
      .where('Id', '=', template)
      .execute();
    const employment = await db().selectFrom('sections').select(['Id', 'ROITemplate']).where('SectionName', '=', 'Employment Verification').executeTakeFirstOrThrow();
    const education = await db().selectFrom('sections').select(['Id', 'ROITemplate']).where('SectionName', '=', 'Education Verification').executeTakeFirstOrThrow();
    await db()
      .updateTable('sections')
      .set({ ROITemplate: '<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"><xsl:template match="section"><p>SECTION-MARK <xsl:value-of select="field[@name=\'Employer\']"/></p></xsl:template></xsl:stylesheet>' })
      .where('Id', '=', employment.Id)
      .execute();
    await db().updateTable('sections').set({ ROITemplate: null }).where('Id', '=', education.Id).execute();
    try {
      const { pages, text } = await pdfOf(await report('caseadmin', caseId));
      expect(pages[0]).toMatch(/COVER-MARK DOS-/);
      expect(pages[1]).toContain('HEADER-MARK');
      expect(pages[1]).toContain('FOOTER-MARK DOC');
      expect(text).toContain('BODY-MARK');
      expect(text).toContain('ITEM Employment Check');
      expect(text).toContain('SECTION-MARK V-EmploymentVerification-Employer');
      expect(text).not.toContain('V-EmploymentVerification-EndDate');
      // The other sections keep the seed's ROI XSLT (a heading and a table of label and value).
      expect(text).toContain('Subject Interview');
      expect(text).toContain('V-SubjectInterview-Summary');
    } finally {
      await db().updateTable('case_templates').set(original).where('Id', '=', template).execute();
      for (const section of [employment, education]) await db().updateTable('sections').set({ ROITemplate: section.ROITemplate }).where('Id', '=', section.Id).execute();
    }
  });

  it('prints a list field by its items\' names (built-in and demo section XSLTs); a custom XSLT still reads the codes, with the names beside them', async () => {
    const { caseId, items } = await filledCase();
    // Issue Areas holds two issue codes; a reference's Source Type one code of a list the administrators made.
    let issueFields = 0;
    for (const row of await db().selectFrom('item_sections').select(['Id', 'Definition']).where('Item_Id', 'in', items).execute()) {
      const definition = (typeof row.Definition === 'string' ? JSON.parse(row.Definition) : row.Definition) as FieldList;
      const choose = (field: SectionField): SectionField => {
        if (field['@listType'] === 'IssueCodeType') issueFields += 1;
        if (field['@listType'] === 'IssueCodeType') return { ...field, '#text': 'E, F' };
        if (field['@listType'] === 'SourceType') return { ...field, '#text': 'NEIGHBOR' };
        return field.entries ? { ...field, entries: field.entries.map((entry) => ({ fields: { field: entry.fields.field.map(choose) } })) } : field;
      };
      await db().updateTable('item_sections').set({ Definition: JSON.stringify({ fields: { field: definition.fields.field.map(choose) } }) }).where('Id', '=', row.Id).execute();
    }
    expect(issueFields).toBeGreaterThan(0);
    const interview = await db().selectFrom('sections').select(['Id', 'ROITemplate']).where('SectionName', '=', 'Subject Interview').execute();
    const readText = async () => (await pdfOf(await report('caseadmin', caseId))).text.replace(/\s+/g, ' ');
    try {
      // The demo's section templates (the built-in XSLT as their own), then no ROI XSLT at all (the built-in one).
      for (const roi of ['demo', 'built-in']) {
        if (roi === 'built-in') await db().updateTable('sections').set({ ROITemplate: null }).where('SectionName', '=', 'Subject Interview').execute();
        const text = await readText();
        expect(text, roi).toMatch(/Issue Areas Personal Conduct, Financial Considerations/);
        expect(text, roi).not.toMatch(/Issue Areas E, F/);
        expect(text, roi).toContain('Source Type: Neighbor');
      }
      // A firm's own section XSLT reads the codes as before, and may print the names beside them.
      await db()
        .updateTable('sections')
        .set({ ROITemplate: '<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"><xsl:template match="section"><p>CODES-<xsl:value-of select="field[@type=\'list\']"/> NAMES-<xsl:value-of select="field[@type=\'list\']/@names"/> LIST-<xsl:value-of select="field[@type=\'list\']/@listType"/></p></xsl:template></xsl:stylesheet>' })
        .where('SectionName', '=', 'Subject Interview')
        .execute();
      const custom = await readText();
      expect(custom).toContain('CODES-E, F NAMES-Personal Conduct, Financial Considerations LIST-IssueCodeType');
    } finally {
      for (const section of interview) await db().updateTable('sections').set({ ROITemplate: section.ROITemplate }).where('Id', '=', section.Id).execute();
    }

    // The case XML carries the names beside the codes.
    const xml = await t.call(tokens.caseadmin, { method: 'GET', url: `/api/cases/${caseId}/xml` });
    expect(xml.statusCode, xml.body.slice(0, 300)).toBe(200);
    expect(xml.body).toMatch(/<Field name="IssueAreas" label="Issue Areas" type="list" showInReport="true" listType="IssueCodeType" names="Personal Conduct, Financial Considerations">E, F<\/Field>/);
  });

  it('gives a database seeded before the names the built-in section XSLT where the seeded copy was never changed', async () => {
    const sections = await db().selectFrom('sections').select(['Id', 'ROITemplate']).orderBy('Id').limit(2).execute();
    const own = '<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"><xsl:template match="section"><p>OWN</p></xsl:template></xsl:stylesheet>';
    await db().updateTable('sections').set({ ROITemplate: SEEDED_SECTION_XSLT_PRINTING_CODES }).where('Id', '=', sections[0].Id).execute();
    await db().updateTable('sections').set({ ROITemplate: own }).where('Id', '=', sections[1].Id).execute();
    try {
      await sectionXsltListNames.up(db() as unknown as Kysely<unknown>);
      const after = await db().selectFrom('sections').select(['Id', 'ROITemplate']).where('Id', 'in', sections.map((x) => x.Id)).orderBy('Id').execute();
      expect(after.map((x) => x.ROITemplate)).toEqual([DEFAULT_SECTION_XSLT, own]);
    } finally {
      for (const section of sections) await db().updateTable('sections').set({ ROITemplate: section.ROITemplate }).where('Id', '=', section.Id).execute();
    }
  });

  it('answers 422 naming the template when one fails, and stops a template that never ends', async () => {
    const { caseId } = await filledCase();
    const template = await templateOf(caseId);
    const label = (await db().selectFrom('case_templates').select('Label').where('Id', '=', template).executeTakeFirstOrThrow()).Label;
    const limit = XSLT_LIMITS.timeoutMs;
    try {
      await db()
        .updateTable('case_templates')
        .set({ ROIHeader: '<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"><xsl:template match="/"><xsl:value-of select="foo(("/></xsl:template></xsl:stylesheet>' })
        .where('Id', '=', template)
        .execute();
      const broken = await report('caseadmin', caseId);
      expect(broken.statusCode).toBe(422);
      expect(broken.json().Message).toContain(`The Header XSLT of case template "${label}"`);

      XSLT_LIMITS.timeoutMs = 1500;
      await db()
        .updateTable('case_templates')
        .set({
          ROIHeader: null,
          ROIStylesheet:
            '<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"><xsl:template match="/"><xsl:call-template name="again"/></xsl:template><xsl:template name="again"><xsl:call-template name="again"/></xsl:template></xsl:stylesheet>',
        })
        .where('Id', '=', template)
        .execute();
      const started = Date.now();
      const endless = await report('caseadmin', caseId);
      expect(endless.statusCode).toBe(422);
      expect(endless.json().Message).toContain('did not finish within');
      expect(Date.now() - started).toBeLessThan(10_000);

      // The server is still well: the next report builds.
      await db().updateTable('case_templates').set({ ROIStylesheet: null }).where('Id', '=', template).execute();
      expect((await report('caseadmin', caseId)).statusCode).toBe(200);
    } finally {
      XSLT_LIMITS.timeoutMs = limit;
      await db().updateTable('case_templates').set({ ROIHeader: null, ROIStylesheet: null }).where('Id', '=', template).execute();
    }
  });
});

describe('the XSLT worker pool', () => {
  const SECTION_XSLT = (mark: string) =>
    `<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"><xsl:template match="section"><p>${mark} <xsl:value-of select="field[@name='Employer']"/></p></xsl:template></xsl:stylesheet>`;

  it('builds report after report on the same warm worker threads, and applies a template changed in between', async () => {
    const { caseId } = await filledCase();
    const employment = await db().selectFrom('sections').select(['Id', 'ROITemplate']).where('SectionName', '=', 'Employment Verification').executeTakeFirstOrThrow();
    try {
      await db().updateTable('sections').set({ ROITemplate: SECTION_XSLT('FIRST-VERSION') }).where('Id', '=', employment.Id).execute();
      const first = (await pdfOf(await report('caseadmin', caseId))).text;
      expect(first).toContain('FIRST-VERSION V-EmploymentVerification-Employer');
      const pool = xsltPool();
      const started = pool.created;
      const threads = pool.threadIds();
      expect(threads.length).toBeGreaterThan(0);
      expect(threads.length).toBeLessThanOrEqual(pool.size);

      // The same template again (its parsed stylesheet cached in the worker), then a new version of it.
      expect((await pdfOf(await report('caseadmin', caseId))).text).toContain('FIRST-VERSION V-EmploymentVerification-Employer');
      await db().updateTable('sections').set({ ROITemplate: SECTION_XSLT('SECOND-VERSION') }).where('Id', '=', employment.Id).execute();
      const second = (await pdfOf(await report('caseadmin', caseId))).text;
      expect(second).toContain('SECOND-VERSION V-EmploymentVerification-Employer');
      expect(second).not.toContain('FIRST-VERSION');

      // No thread was started for them: the reports ran on the threads already there.
      expect(xsltPool()).toBe(pool);
      expect(pool.created).toBe(started);
      expect(pool.threadIds()).toEqual(threads);
    } finally {
      await db().updateTable('sections').set({ ROITemplate: employment.ROITemplate }).where('Id', '=', employment.Id).execute();
    }
  });

  it('ends the worker of a template that never ends, names that template, and builds the next report on a new worker', async () => {
    const { caseId } = await filledCase();
    const template = await templateOf(caseId);
    const label = (await db().selectFrom('case_templates').select('Label').where('Id', '=', template).executeTakeFirstOrThrow()).Label;
    expect((await report('caseadmin', caseId)).statusCode).toBe(200);
    const pool = xsltPool();
    const limit = XSLT_LIMITS.timeoutMs;
    try {
      XSLT_LIMITS.timeoutMs = 1500;
      // The footer runs after the stylesheet and header, which finish: the footer is the one named.
      await db()
        .updateTable('case_templates')
        .set({
          ROIFooter:
            '<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"><xsl:template match="/"><xsl:call-template name="again"/></xsl:template><xsl:template name="again"><xsl:call-template name="again"/></xsl:template></xsl:stylesheet>',
        })
        .where('Id', '=', template)
        .execute();
      const before = pool.threadIds();
      const started = pool.created;
      const endless = await report('caseadmin', caseId);
      expect(endless.statusCode).toBe(422);
      expect(endless.json().Message).toContain(`The Footer XSLT of case template "${label}": the transform did not finish within 2 seconds`);
      expect(endless.json().Message).not.toContain('Header XSLT');

      // Its worker was ended and another started in its place; the pool keeps its size.
      expect(pool.created).toBe(started + 1);
      const after = pool.threadIds();
      expect(after.length).toBe(before.length);
      expect(after.filter((id) => !before.includes(id))).toHaveLength(1);

      await db().updateTable('case_templates').set({ ROIFooter: null }).where('Id', '=', template).execute();
      expect((await report('caseadmin', caseId)).statusCode).toBe(200);
    } finally {
      XSLT_LIMITS.timeoutMs = limit;
      await db().updateTable('case_templates').set({ ROIFooter: null }).where('Id', '=', template).execute();
    }
  });
});

describe('what a case holds', () => {
  it('shows markup and odd characters in values as text, never as report elements, and names as entered', async () => {
    const { caseId, items } = await filledCase();
    const sections = await db().selectFrom('item_sections').select(['Id', 'Definition']).where('Item_Id', '=', items[0]).execute();
    const definition = sections[0].Definition as FieldList;
    const text = definition.fields.field.find((field) => field['@type'] === 'text')!;
    text['#text'] = '<h1>Injected</h1> & <xsl:value-of select="/"/> "quoted" \u0001 Łukasz Zoë Dvořák Σοφία Жуков 漢';
    await db().updateTable('item_sections').set({ Definition: JSON.stringify(definition) }).where('Id', '=', sections[0].Id).execute();
    await db().updateTable('case_subjects').set({ FirstName: 'Zoë <i>' }).where('Case_Id', '=', caseId).execute();
    const { text: shown } = await pdfOf(await report('caseadmin', caseId));
    expect(shown).toContain('<h1>Injected</h1> & <xsl:value-of select="/"/> "quoted"');
    // The embedded typeface prints Central European, Greek and Cyrillic names as entered; a character it lacks is '?'.
    const flowing = shown.replace(/\s+/g, ' ');
    expect(flowing).toContain('Łukasz Zoë Dvořák Σοφία Жуков ?');
    expect(shown).toContain('Zoë <i>');
  });
});

describe('long values', () => {
  it('flow over pages: a statement longer than a page is all there', async () => {
    const { caseId, items } = await filledCase();
    const sections = await db().selectFrom('item_sections').select(['Id', 'Definition']).where('Item_Id', '=', items[0]).execute();
    const definition = sections[0].Definition as FieldList;
    const summary = definition.fields.field.find((field) => field['@name'] === 'Summary')!;
    const paragraph = 'The subject described each residence and employer in detail and the account matched the records. ';
    summary['#text'] = `FIRSTWORDS ${paragraph.repeat(40)}\n\n${paragraph.repeat(40)}LASTWORDS`;
    await db().updateTable('item_sections').set({ Definition: JSON.stringify(definition) }).where('Id', '=', sections[0].Id).execute();
    const { text, pages, bytes } = await pdfOf(await report('caseadmin', caseId));
    expect(text).toContain('FIRSTWORDS');
    expect(text).toContain('LASTWORDS');
    expect(pages.length).toBeGreaterThan(4);
    if (SAVE_DIR) await writeFile(path.join(SAVE_DIR, 'long.pdf'), bytes);
  });
});

describe('who may download it', () => {
  it('needs Download Incomplete Report for a case that is not complete; a discontinued case needs Download Report only', async () => {
    const { caseId, caseNumber } = await filledCase({ complete: false });
    const refused = await report('client', caseId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().Message).toBe(`Case ${caseNumber} is not complete; only users who may download incomplete reports can download its report.`);
    expect((await report('caseadmin', caseId)).statusCode).toBe(200);

    const discontinued = await t.call(tokens.caseadmin, { method: 'PUT', url: `/api/cases/${caseId}/discontinue` });
    expect(discontinued.statusCode, discontinued.body).toBe(200);
    expect((await report('client', caseId)).statusCode).toBe(200);

    await db().updateTable('cases').set({ WorkflowState: 'COMPLETE' }).where('Id', '=', caseId).execute();
    expect((await report('client', caseId)).statusCode).toBe(200);
  });

  it('needs one of the report permissions, and a case of the caller\'s orgs', async () => {
    const { caseId } = await filledCase();
    expect((await report('investigator', caseId)).statusCode).toBe(403);
    expect((await report('client', caseId)).statusCode).toBe(200);
    // The same case in an org outside the client's: unknown to it.
    const other = await db().selectFrom('orgs').select('Id').where('Code', '=', 'PRA').executeTakeFirstOrThrow();
    const own = await orgOf(caseId);
    await db().updateTable('cases').set({ Client_Id: other.Id }).where('Id', '=', caseId).execute();
    try {
      expect((await report('client', caseId)).statusCode).toBe(404);
    } finally {
      await db().updateTable('cases').set({ Client_Id: own }).where('Id', '=', caseId).execute();
    }
    expect((await report('caseadmin', 999_999)).statusCode).toBe(404);
    expect((await t.call(null, { method: 'GET', url: `/api/cases/${caseId}/report` })).statusCode).toBe(401);
  });
});

describe('the org\'s settings', () => {
  it('puts the case papers that are PDFs in front when the org prepends attachments, leaving out others', async () => {
    const { caseId } = await filledCase();
    const org = await orgOf(caseId);
    const paper = await PDFDocument.create();
    const font = await paper.embedFont(StandardFonts.Helvetica);
    for (const label of ['PAPER-PAGE-ONE', 'PAPER-PAGE-TWO']) paper.addPage().drawText(label, { x: 72, y: 700, size: 14, font });
    const { storage } = t.app.services;
    const keys = {
      pdf: await storage.put('case-papers', Buffer.from(await paper.save())),
      text: await storage.put('case-papers', Buffer.from('just some notes')),
      corrupt: await storage.put('case-papers', Buffer.from('%PDF-1.7\nthis is not really a PDF')),
    };
    await db()
      .insertInto('case_attachments')
      .values([
        { Case_Id: caseId, Name: 'release.pdf', StorageKey: keys.pdf, ContentType: 'application/pdf', Size: 1 },
        { Case_Id: caseId, Name: 'notes.txt', StorageKey: keys.text, ContentType: 'text/plain', Size: 1 },
        { Case_Id: caseId, Name: 'scan.pdf', StorageKey: keys.corrupt, ContentType: 'application/pdf', Size: 1 },
      ])
      .execute();
    await db().updateTable('orgs').set({ PrependAttachmentsToROI: false }).where('Id', '=', org).execute();
    const plain = await pdfOf(await report('caseadmin', caseId));
    expect(plain.text).not.toContain('PAPER-PAGE-ONE');

    await db().updateTable('orgs').set({ PrependAttachmentsToROI: true }).where('Id', '=', org).execute();
    try {
      const { pages } = await pdfOf(await report('caseadmin', caseId));
      expect(pages.length).toBe(plain.pages.length + 2);
      expect(pages[0]).toContain('PAPER-PAGE-ONE');
      expect(pages[1]).toContain('PAPER-PAGE-TWO');
      expect(pages[2]).toContain('Report of Investigation');
    } finally {
      await db().updateTable('orgs').set({ PrependAttachmentsToROI: false }).where('Id', '=', org).execute();
    }
  });

  it('is protected with the org\'s ROI password when the user\'s Encrypt ROI setting is on', async () => {
    const { caseId } = await filledCase();
    const org = await orgOf(caseId);
    const caseadmin = users.get('caseadmin')!;
    await db().updateTable('orgs').set({ ROIEncrpytionPassword: 'Open-Sesame-42' }).where('Id', '=', org).execute();
    try {
      // The password alone does not encrypt: the user's setting decides.
      await pdfOf(await report('caseadmin', caseId));
      await db().deleteFrom('org_user_settings').where('Org_Id', '=', org).where('User_Id', '=', caseadmin).execute();
      await db()
        .insertInto('org_user_settings')
        .values({ Org_Id: org, User_Id: caseadmin, PointOfContact: false, SendOnHoldNotice: false, SendSubmissionNotice: false, SendCompletionNotice: false, IncludeROI: true, EncryptROI: true, ViewClosedCases: false })
        .execute();
      const response = await report('caseadmin', caseId);
      expect(response.statusCode).toBe(200);
      const bytes = response.rawPayload;
      expect(bytes.toString('latin1')).toContain('/Encrypt');
      await expect(PDFDocument.load(bytes)).rejects.toThrow(/encrypted/i);
      await expect(pdfPageTexts(bytes, 'wrong password')).rejects.toThrow();
      const text = (await pdfPageTexts(bytes, 'Open-Sesame-42')).join('\n');
      expect(text).toContain('Report of Investigation');
      expect(text).toContain('V-SubjectInterview-Summary');
      if (SAVE_DIR) await writeFile(path.join(SAVE_DIR, 'encrypted.pdf'), bytes);
    } finally {
      await db().updateTable('orgs').set({ ROIEncrpytionPassword: null }).where('Id', '=', org).execute();
      await db().deleteFrom('org_user_settings').where('Org_Id', '=', org).where('User_Id', '=', caseadmin).execute();
    }
  });
});

describe('a seeded case', () => {
  it('renders with the demo templates', async () => {
    const seeded = await db()
      .selectFrom('cases as c')
      .innerJoin('items as i', 'i.Case_Id', 'c.Id')
      .innerJoin('item_sections as s', 's.Item_Id', 'i.Id')
      .select(['c.Id', 'c.CaseNumber'])
      .select((eb) => eb.fn.countAll().as('sections'))
      .where('c.WorkflowState', 'in', ['COMPLETE', 'IN_REVIEW', 'IN_PROCESS'])
      .groupBy(['c.Id', 'c.CaseNumber'])
      .orderBy('sections', 'desc')
      .orderBy('c.Id')
      .limit(1)
      .executeTakeFirstOrThrow();
    const { pages, bytes } = await pdfOf(await report('sysadmin', seeded.Id));
    expect(pages[0]).toContain(seeded.CaseNumber);
    expect(pages.length).toBeGreaterThan(1);
    if (SAVE_DIR) {
      await mkdir(SAVE_DIR, { recursive: true });
      await writeFile(path.join(SAVE_DIR, 'seeded.pdf'), bytes);
    }
  });
});
