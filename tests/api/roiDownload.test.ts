import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { TestApp } from '../support/testApp.js';
import { pdfPageTexts } from '../support/pdfText.js';
import { pdfOf, roiApp, SAVE_DIR } from '../support/roiApp.js';

/**
 * The report of investigation (issue 13 item 1): the download rules, and the org's settings — the case papers put in
 * front, the password protection.
 */
let t: TestApp;
const { tokens, users, db, report, filledCase, orgOf } = roiApp((app) => (t = app));

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
