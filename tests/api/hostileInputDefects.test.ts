import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROKEN_FORM } from '../../server/http/formParts.js';
import { Texts } from '../../shared/texts/index.js';
import { tableFingerprint } from '../support/tableFingerprint.js';
import { startTestApp, type TestApp } from '../support/testApp.js';

/**
 * The defects the hostile-input run (hostileInput.test.ts) found, one focused test each, so that each stays fixed
 * whatever the generator happens to send.
 */
let t: TestApp;
let admin: string;
let palmetto: string;
const db = () => t.database.db;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signIn('sysadmin');
  palmetto = await t.signIn('palmetto');
}, 60_000);
afterAll(() => t?.close());

const BOUNDARY = 'regressionBoundary42';
const formHeaders = (boundary = BOUNDARY) => ({ 'content-type': `multipart/form-data; boundary=${boundary}` });
const field = (name: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const filePart = (name: string, filename: string, content: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n${content}\r\n`;
const END = `--${BOUNDARY}--\r\n`;

/** A case of the demo data and one of its items. */
async function caseAndItem() {
  return db().selectFrom('items').select(['Id', 'Case_Id']).orderBy('Id').executeTakeFirstOrThrow();
}

describe('defects the hostile input found', () => {
  it('saves a case\'s additional settings from a form that also carries a file (the file ignored) instead of never answering', async () => {
    const { Case_Id } = await caseAndItem();
    const answer = await t.call(admin, {
      method: 'POST',
      url: `/api/cases/${Case_Id}/UpdateCaseCustomParameters`,
      headers: formHeaders(),
      payload: filePart('file', 'report.pdf', '%PDF-1.7') + field('PositionTitle', 'Auditor') + END,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect((answer.json() as { ParameterReference: string; ParameterValue: string | null }[]).find((p) => p.ParameterReference === 'PositionTitle')?.ParameterValue).toBe('Auditor');
  });

  it('refuses a multipart form cut short, without its boundary or not multipart at all with a 400 that says so, and stores nothing', async () => {
    const { Id: itemId, Case_Id } = await caseAndItem();
    const itemType = await db().selectFrom('item_types').select('Id').orderBy('Id').executeTakeFirstOrThrow();
    const before = await tableFingerprint(db());
    const broken: [string, Record<string, string>][] = [
      [`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\ncut short`, formHeaders()],
      ['not multipart at all', formHeaders()],
      [field('Folder', 'Palmetto Requests') + END, { 'content-type': 'multipart/form-data' }],
    ];
    const uploads: [string | null, string][] = [
      [admin, `/api/cases/${Case_Id}/attachments`],
      [admin, `/api/cases/${Case_Id}/items/${itemId}/attachments`],
      [admin, `/api/item-types/${itemType.Id}/assets`],
      [palmetto, '/api/user/UploadFile'],
    ];
    for (const [token, url] of uploads) {
      for (const [payload, headers] of broken) {
        const answer = await t.call(token, { method: 'POST', url, headers, payload });
        expect(answer.statusCode, `${url}: ${answer.body}`).toBe(400);
        expect(answer.json()).toEqual({ Message: BROKEN_FORM });
      }
    }
    expect(await tableFingerprint(db())).toEqual(before);
  });

  it('answers an address whose param does not decode, or is too long, with the API\'s refusal and its headers', async () => {
    const badUrl = await t.call(admin, { method: 'PUT', url: '/api/cases/%ZZ/resume' });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toEqual({ Message: 'The address of the request is not valid.' });
    expect(badUrl.headers['cache-control']).toBe('no-store');
    expect(badUrl.headers['content-security-policy']).toContain("default-src 'self'");
    const tooLong = await t.call(admin, { method: 'PUT', url: `/api/cases/${'1'.repeat(120)}/resume` });
    expect(tooLong.statusCode).toBe(414);
    expect(tooLong.json()).toEqual({ Message: 'A part of the address of the request is too long.' });
  });

  it('deletes a case (the duplicate check of a new case no longer runs on a delete and fails)', async () => {
    const { Case_Id } = await caseAndItem();
    const deleted = await t.call(admin, { method: 'DELETE', url: `/api/cases/${Case_Id}` });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toMatchObject({ Id: Case_Id });
    expect((await t.call(admin, { method: 'GET', url: `/api/cases/${Case_Id}` })).statusCode).toBe(404);
    expect(await db().selectFrom('items').select('Id').where('Case_Id', '=', Case_Id).execute()).toEqual([]);
  });

  it('refuses a NUL character, which PostgreSQL cannot store, with a 400 that says so, in a body and in the path', async () => {
    const before = await tableFingerprint(db());
    const inBody = await t.call(admin, { method: 'POST', url: '/api/expense-types', payload: { Short: 'NUL\u0000', Description: 'x', UOMType_Id: t.lookup('UOMType', 'EA') } });
    expect(inBody.statusCode, inBody.body).toBe(400);
    expect(inBody.json()).toEqual({ Message: 'A value holds a character that cannot be stored (a NUL).' });
    const phrase = await db().selectFrom('stock_phrases').select(['Id']).executeTakeFirstOrThrow();
    const inPath = await t.call(admin, { method: 'DELETE', url: `/api/stock-phrases/%00/${phrase.Id}` });
    expect(inPath.statusCode, inPath.body).toBe(400);
    expect(await tableFingerprint(db())).toEqual(before);
  });

  it('finds no invoices for an org that does not exist, rather than failing on an empty list of orgs', async () => {
    const answer = await t.call(admin, { method: 'POST', url: '/api/invoices/search', payload: { page: 0, pageSize: 20, additional: { Org_Id: 999_999 } } });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ Invoices: [], total: 0 });
  });

  it('refuses a leap second in a date-time (JavaScript cannot read it as a Date) by its format, where the audit log\'s filter failed on it', async () => {
    const query = (From: string) => t.call(admin, { method: 'POST', url: '/api/audit-log', payload: { page: 0, pageSize: 5, additional: { From } } });
    const leap = await query('2016-12-31T23:59:60Z');
    expect(leap.statusCode, leap.body).toBe(400);
    expect(Object.keys(leap.json().ModelState)).toEqual(['additional.From']);
    expect((await query('2016-12-31T23:59:59Z')).statusCode).toBe(200);
  });

  it('answers a sign-in its schema refuses with an OAuth error the sign-in page shows (it was an empty body)', async () => {
    const answer = await t.call(null, {
      method: 'POST',
      url: '/oauth/token',
      remoteAddress: '10.99.0.2',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=password&grant_type=password&username=a&password=b',
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ error: 'invalid_request', error_description: Texts.validation.invalidRequest });
  });
});
