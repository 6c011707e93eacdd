import { describe, expect, it } from 'vitest';
import { Texts } from '../../shared/texts/index.js';
import type { TestApp } from '../support/testApp.js';
import { multipart, zipOf, type Upload } from '../support/uploads.js';
import { mailsSince, outboxMark } from '../support/outbox.js';
import { casesApp, SUBJECT, type Json } from '../support/casesApp.js';

/**
 * What a case holds (issue 11): its items, its papers (uploaded, a zip extracted, downloaded, removed; tracking
 * entries), its messages and its XML and XSLT.
 */
const T = Texts.cases.server;
let t: TestApp;
const { tokens, user, db, call, newCase, create } = casesApp((app) => (t = app));

describe('the items of a case', () => {
  it('lists them in order with their status, place and investigator; narrows by ItemStateIDS; an investigator sees only theirs', async () => {
    const created = await create('caseadmin', newCase({ CaseSubject: { ...SUBJECT, LastName: 'Itemized', SSN: '7070' } }));
    const id = Number(created.Id);
    const items = await db().selectFrom('items').select(['Id', 'DisplayOrder']).where('Case_Id', '=', id).orderBy('DisplayOrder').execute();
    expect(items.length).toBeGreaterThan(1);
    await db().updateTable('items').set({ ItemStatus: 'ASSIGNED', AssignedTo_Id: user.get('investigator')! }).where('Id', '=', items[0].Id).execute();
    const all = await call('caseadmin', 'GET', `/api/cases/${id}/items`);
    expect(all.statusCode, all.body).toBe(200);
    const rows = all.json() as Json[];
    expect(rows.map((r) => r.DisplayId)).toEqual(items.map((i) => i.DisplayOrder));
    expect(rows[0]).toMatchObject({ ItemStatus: 'ASSIGNED', AssignedTo: { Id: user.get('investigator') }, HasAttachments: false });
    expect(rows[0].ItemType).toHaveProperty('Description');
    const assigned = (await call('caseadmin', 'GET', `/api/cases/${id}/items?ItemStateIDS=ASSIGNED`)).json() as Json[];
    expect(assigned.map((r) => r.Id)).toEqual([items[0].Id]);
    expect(((await call('caseadmin', 'GET', `/api/cases/${id}/items?ItemStateIDS=`)).json() as Json[]).length).toBe(items.length);
    const mine = await call('investigator', 'GET', `/api/cases/${id}/items`);
    if (mine.statusCode === 200) expect((mine.json() as Json[]).map((r) => r.Id)).toEqual([items[0].Id]);
    else expect([403, 404]).toContain(mine.statusCode);
    expect([403, 404]).toContain((await call('otherClient', 'GET', `/api/cases/${id}/items`)).statusCode);
    expect((await call('client', 'GET', `/api/cases/${id}/items`)).statusCode).not.toBe(200);
  });
});

describe('papers', () => {
  const papersUrl = (id: unknown) => `/api/cases/${String(id)}/attachments`;
  const upload = (who: string, id: unknown, files: readonly Upload[]) => t.call(tokens[who], { method: 'POST', url: papersUrl(id), ...multipart(files) });

  it('uploads papers (a zip extracted), which moves a case awaiting papers on; downloads and removes one', async () => {
    const created = await create('dataentry', newCase({ CaseSubject: { ...SUBJECT, LastName: 'Papers', SSN: '1212' } }));
    const zip = await zipOf([['release.pdf', '%PDF-1.4 release'], ['forms/sf86.pdf', '%PDF-1.4 sf86']]);
    const uploaded = await upload('dataentry', created.Id, [
      { name: 'authorization.pdf', content: '%PDF-1.4 authorization', type: 'application/pdf' },
      { name: 'bundle.zip', content: zip, type: 'application/zip' },
    ]);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect((uploaded.json() as Json[]).map((p) => p.Name).sort()).toEqual(['authorization.pdf', 'release.pdf', 'sf86.pdf']);
    expect((await call('dataentry', 'GET', `/api/cases/${String(created.Id)}`)).json().WorkflowState).toBe('AWAITING_DATA_ENTRY');

    const paper = (uploaded.json() as Json[]).find((p) => p.Name === 'authorization.pdf')!;
    const file = await call('dataentry', 'GET', `/api/cases/${String(created.Id)}/attachments/${String(paper.Id)}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('%PDF-1.4 authorization');
    expect(file.headers['content-disposition']).toContain('authorization.pdf');
    expect((await call('otherClient', 'GET', `/api/cases/${String(created.Id)}/attachments/${String(paper.Id)}/file`)).statusCode).toBe(404);
    // The download is in the audit log under the case; the refused one is not.
    const downloads = await db().selectFrom('audit_log').select(['UserName']).where('Action', '=', 'download-paper').where('Entity_Id', '=', String(created.Id)).execute();
    expect(downloads).toEqual([{ UserName: 'dataentry' }]);

    const tracked = await call('dataentry', 'POST', `/api/cases/${String(created.Id)}/tracking`, { Case_Id: created.Id, Name: 'Original papers', FedExTracking: '7712 3456 7890' });
    expect(tracked.statusCode, tracked.body).toBe(200);
    expect((tracked.json() as Json[]).find((p) => p.Name === 'Original papers')).toMatchObject({ FedExTracking: '7712 3456 7890', HasFile: false });
    const noNumber = await call('dataentry', 'POST', `/api/cases/${String(created.Id)}/tracking`, { Case_Id: created.Id, Name: 'x', FedExTracking: ' ' });
    expect(noNumber.statusCode).toBe(400);

    // Removing every file takes the case back to awaiting papers (a tracking entry is not a paper).
    for (const p of uploaded.json() as Json[]) expect((await call('dataentry', 'DELETE', `${papersUrl(created.Id)}/${String(p.Id)}`)).statusCode).toBe(200);
    expect((await call('dataentry', 'GET', `/api/cases/${String(created.Id)}`)).json().WorkflowState).toBe('AWAITING_CASE_PAPERS');
    expect((await call('dataentry', 'GET', papersUrl(created.Id))).json().map((p: Json) => p.Name)).toEqual(['Original papers']);
  });

  it('refuses a hostile zip whole, and papers to users without the permission', async () => {
    const created = await create('caseadmin', newCase({ CaseSubject: { ...SUBJECT, LastName: 'Hostile', SSN: '1313' } }));
    // An entry that climbs out of its folder (yazl refuses to write one, so the name is patched in the bytes).
    const escaping = Buffer.from((await zipOf([['xx/evil.txt', 'evil']])).toString('latin1').split('xx/evil.txt').join('../evil.txt'), 'latin1');
    const refused = await upload('caseadmin', created.Id, [{ name: 'a.pdf', content: 'a' }, { name: 'evil.zip', content: escaping }]);
    expect(refused.statusCode).toBe(400);
    expect((await call('caseadmin', 'GET', papersUrl(created.Id))).json()).toEqual([]);
    expect((await upload('reviewer', created.Id, [{ name: 'a.pdf', content: 'a' }])).statusCode).toBe(403);
    // A client of another org is not told the case exists.
    expect((await upload('otherClient', created.Id, [{ name: 'a.pdf', content: 'a' }])).statusCode).toBe(404);
  });
});

describe('messages', () => {
  it('sends a message to the case\'s recipients, e-mailing each, and lists it newest first', async () => {
    const created = await create('caseadmin', newCase({ CaseSubject: { ...SUBJECT, LastName: 'Messages', SSN: '1414' }, Reviewer_Id: user.get('reviewer') }));
    const url = `/api/cases/${String(created.Id)}/messages`;
    const recipients = (await call('caseadmin', 'GET', `/api/cases/${String(created.Id)}/recipients`)).json() as Json[];
    const ids = recipients.map((r) => r.Id);
    expect(ids).toEqual(expect.arrayContaining([user.get('client'), user.get('reviewer')]));
    expect(ids).not.toContain(user.get('caseadmin'));
    expect(ids).not.toContain(user.get('palmetto'));

    const refused = await call('caseadmin', 'POST', url, { Message: 'Hello', Recipients: [user.get('palmetto')] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().ModelState.Recipients).toEqual([T.notRecipient]);
    expect((await call('caseadmin', 'POST', url, { Message: ' ', Recipients: [] })).json().ModelState).toMatchObject({ Message: ['Message is required.'], Recipients: ['Choose at least one recipient.'] });

    const mark = await outboxMark(t.dataDir);
    const sent = await call('caseadmin', 'POST', url, { Message: 'Papers received; data entry starts tomorrow.', Recipients: [user.get('client'), user.get('reviewer')] });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ Message: 'Papers received; data entry starts tomorrow.', SentBy: { Name: 'Casey Adams' } });
    expect((sent.json().Recipients as Json[]).map((r) => r.Name).sort()).toEqual(['Claire Donovan', 'Riley Chen']);
    const mails = await mailsSince(t.dataDir, mark);
    expect(mails).toHaveLength(2);
    expect(mails[0].subject).toBe(`Message on case ${String(created.CaseNumber)}`);

    await call('caseadmin', 'POST', url, { Message: 'Second', Recipients: [user.get('client')] });
    const listed = (await call('client', 'GET', url)).json() as Json[];
    expect(listed.map((m) => m.Message)).toEqual(['Second', 'Papers received; data entry starts tomorrow.']);
    expect((await call('otherClient', 'GET', url)).statusCode).toBe(404);
  });
});

describe('case XML and XSLT', () => {
  it('answers the case XML with subject, org and items in order with their section values, and the template\'s stylesheet', async () => {
    // A seeded case whose items have sections with values.
    const withSections = await db()
      .selectFrom('cases as c')
      .innerJoin('items as i', 'i.Case_Id', 'c.Id')
      .innerJoin('item_sections as s', 's.Item_Id', 'i.Id')
      .select(['c.Id', 'c.CaseNumber'])
      .executeTakeFirstOrThrow();
    const xml = await call('caseadmin', 'GET', `/api/cases/${withSections.Id}/xml`);
    expect(xml.statusCode).toBe(200);
    expect(xml.headers['content-disposition']).toContain(`${withSections.CaseNumber}.xml`);
    const { XMLParser } = await import('fast-xml-parser');
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml.body) as { Case: Json & { Items: { Item: Json | Json[] }; Subject: Json } };
    expect(parsed.Case.CaseNumber).toBe(withSections.CaseNumber);
    const items = ([] as Json[]).concat(parsed.Case.Items.Item);
    expect(items.map((i) => Number(i.DisplayId))).toEqual(items.map((_, n) => n + 1));
    expect(JSON.stringify(items)).toContain('"Section"');
    expect(parsed.Case.Subject.LastName).toBeTruthy();

    const xslt = await call('caseadmin', 'GET', `/api/cases/${withSections.Id}/xslt`);
    expect(xslt.statusCode).toBe(200);
    expect(xslt.body).toContain('xsl:stylesheet');
    expect(xslt.headers['content-disposition']).toContain(`${withSections.CaseNumber}.xslt`);
    expect((await call('dataentry', 'GET', `/api/cases/${withSections.Id}/xml`)).statusCode).toBe(403);
  });
});
