import { describe, expect, it } from 'vitest';
import type { FieldList, SectionField } from '../../shared/sections.js';
import type { Kysely } from 'kysely';
import { XSLT_LIMITS } from '../../server/roi/xslt.js';
import { DEFAULT_SECTION_XSLT } from '../../server/roi/roiTemplates.js';
import sectionXsltListNames, { SEEDED_SECTION_XSLT_PRINTING_CODES } from '../../server/db/migrations/022_section_xslt_list_names.js';
import type { TestApp } from '../support/testApp.js';
import { cases, pdfOf, roiApp } from '../support/roiApp.js';

/**
 * The report of investigation (issue 13 item 1): GET /api/cases/{id}/report builds a PDF from the case XML through
 * the templates' XSLTs; the tests read the PDF back (pdf-lib parses it, the text of its pages is extracted) and
 * check the cover, the items in the case template's order, the fields shown in the report and not the others, the
 * templates' own XSLTs, list fields by their names, and a failing template.
 */
let t: TestApp;
const { tokens, db, report, filledCase, templateOf } = roiApp((app) => (t = app));

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
