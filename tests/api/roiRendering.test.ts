import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FieldList } from '../../shared/sections.js';
import { XSLT_LIMITS } from '../../server/roi/xslt.js';
import { xsltPool } from '../../server/roi/xsltPool.js';
import { pdfOf, roiApp, SAVE_DIR } from '../support/roiApp.js';

/**
 * The report of investigation (issue 13 item 1), built on the XSLT worker threads: report after report on warm
 * threads, a template that never ends; what a case holds printed as text, long values over pages, a seeded case.
 */
const { db, report, filledCase, templateOf } = roiApp();

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
