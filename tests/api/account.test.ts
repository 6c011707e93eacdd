import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Texts } from '../../shared/texts/index.js';
import { UsPhone } from '../../shared/validationMessages.js';
import { startTestApp, type TestApp } from '../support/testApp.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const me = async (token: string) => (await t.call(token, { method: 'GET', url: '/api/user' })).json();
const save = (token: string, body: object) => t.call(token, { method: 'PUT', url: '/api/user', payload: body });

describe('PUT /api/user', () => {
  it('lets an employee update names, contacts, settings, credentials and clearances — and nothing an administrator owns', async () => {
    const token = await t.signIn('investigator');
    const before = await me(token);
    const response = await save(token, {
      FirstName: 'Ian ',
      MiddleName: '',
      LastName: 'Vance-Hale',
      Emails: [{ Address: 'ian@home.example', IsPrimary: true }, { Address: before.Emails[0].Address, Id: before.Emails[0].Id }],
      PhoneNumbers: [{ Number: '803-555-0142', PhoneNumberType_Id: t.lookup('PhoneNumberType', 'Mobile') }],
      Addresses: [
        { City: 'Greenville', PostalCode: '29601', RegionType_Id: t.lookup('RegionType', 'SC'), Line1: '9 Elm St' },
        { City: 'Columbia', PostalCode: '29201', IsPrimary: true },
      ],
      WorkStatusType_Id: t.lookup('WorkStatusType', before.WorkStatus.Short === 'AVAILABLE' ? 'BUSY' : 'AVAILABLE'),
      PINumber: 'PI-7',
      Credentials: [
        { CredentialType_Id: t.lookup('CredentialType', 'PI'), License: 'SC-77', RegionType_Id: t.lookup('RegionType', 'SC'), Expiration: '2031-06-30' },
      ],
      Clearances: [],
      // Not the user's to change: stripped by the schema, so they never reach the database.
      UserName: 'ian2',
      Org_Id: 1,
      GroupIds: [1],
      Title: 'Chief',
      Notes: 'promote me',
      LockoutEndDateUtc: null,
    });
    expect(response.statusCode, response.body).toBe(200);
    const account = response.json();
    expect(account).toEqual(await me(token));
    expect(account).toMatchObject({
      UserName: 'investigator',
      FirstName: 'Ian',
      MiddleName: null,
      LastName: 'Vance-Hale',
      Email: 'ian@home.example',
      Org_Id: before.Org_Id,
      Title: before.Title,
      Notes: before.Notes,
      PINumber: 'PI-7',
      Groups: before.Groups,
      PhoneNumbers: [{ Number: '803-555-0142', IsPrimary: true }],
      Credentials: [{ License: 'SC-77', Expiration: '2031-06-30' }],
      Clearances: [],
      Address: { City: 'Columbia', IsPrimary: true },
    });
    // Sub-lists answer in id order: the kept entry (same id) first, the added one after it.
    expect(account.Emails).toEqual([
      expect.objectContaining({ Id: before.Emails[0].Id, Address: before.Emails[0].Address, IsPrimary: false }),
      expect.objectContaining({ Address: 'ian@home.example', IsPrimary: true }),
    ]);
    expect(account.WorkStatusType_Id).not.toBe(before.WorkStatusType_Id);
    const audit = await db().selectFrom('audit_log').select('Action').where('Entity', '=', 'users').where('Entity_Id', '=', String(before.Id)).execute();
    expect(audit.map((a) => a.Action)).toEqual(['sign-in', 'update-own-account']);
  });

  it('ignores employment sections for users outside a group tagged Employee', async () => {
    const token = await t.signIn('client');
    const before = await me(token);
    const response = await save(token, {
      FirstName: before.FirstName,
      LastName: before.LastName,
      Emails: before.Emails,
      WorkStatusType_Id: t.lookup('WorkStatusType', 'AVAILABLE'),
      PINumber: 'PI-1',
      Credentials: [
        { CredentialType_Id: t.lookup('CredentialType', 'PI'), License: 'X-1', RegionType_Id: t.lookup('RegionType', 'SC'), Expiration: '2031-06-30' },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ WorkStatusType_Id: before.WorkStatusType_Id, PINumber: before.PINumber, Credentials: [] });
    expect(response.json().PhoneNumbers).toEqual(before.PhoneNumbers);
  });

  it('answers ModelState and changes nothing when a rule fails', async () => {
    const token = await t.signIn('reviewer');
    const before = await me(token);
    const response = await save(token, {
      FirstName: '',
      LastName: 'Chen',
      Emails: [{ Address: '' }],
      PhoneNumbers: [{ Number: ' ' }],
      Clearances: [{ ClearanceType_Id: t.lookup('ClearanceType', 'S'), LastInvestigation: '2999-01-01', OrgCode: 'DOD' }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().ModelState).toEqual({ FirstName: ['First Name is required.'], 'PhoneNumbers[0].Number': ['Phone number is required.'] });
    const rules = await save(token, {
      FirstName: 'Riley',
      LastName: 'Chen',
      Emails: [{ Address: '' }],
      Clearances: [{ ClearanceType_Id: t.lookup('ClearanceType', 'S'), LastInvestigation: '2999-01-01', OrgCode: 'DOD' }],
    });
    expect(rules.json().ModelState).toEqual({
      Emails: [Texts.identity.users.needsEmail],
      'Clearances[0].LastInvestigation': [Texts.identity.users.lastInvestigationInFuture],
    });
    expect(await me(token)).toEqual(before);
  });

  it('refuses an own phone number that is not a 10-digit US number, and stores a valid one as 555-123-4567', async () => {
    const token = await t.signIn('reviewer');
    const before = await me(token);
    const body = { FirstName: before.FirstName, LastName: before.LastName, Emails: before.Emails };
    const refused = await save(token, { ...body, PhoneNumbers: [{ Number: '12' }, { Number: '704-555-0101' }] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().ModelState).toEqual({ 'PhoneNumbers[0].Number': [UsPhone.message] });
    expect(await me(token)).toEqual(before);
    const saved = await save(token, { ...body, PhoneNumbers: [{ Number: '1 (704) 555-0102' }] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().PhoneNumbers).toEqual([expect.objectContaining({ Number: '704-555-0102', IsPrimary: true })]);
  });

  it('needs a session', async () => {
    expect((await save('', { FirstName: 'A', LastName: 'B', Emails: [] })).statusCode).toBe(401);
    expect((await t.call(null, { method: 'GET', url: '/api/user/phones' })).statusCode).toBe(401);
  });
});

describe('GET /api/user/phones', () => {
  it("answers the signed-in user's phone numbers", async () => {
    const token = await t.signIn('manager');
    const response = await t.call(token, { method: 'GET', url: '/api/user/phones' });
    expect(response.statusCode).toBe(200);
    const phones = response.json();
    expect(phones).toEqual((await me(token)).PhoneNumbers);
    expect(phones[0]).toEqual({ Id: expect.any(Number), Number: expect.stringMatching(/^\d{3}-555-\d{4}$/), PhoneNumberType_Id: t.lookup('PhoneNumberType', 'Mobile'), IsPrimary: true });
  });
});
