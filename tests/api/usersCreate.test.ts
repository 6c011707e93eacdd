import { describe, expect, it } from 'vitest';
import { Texts } from '../../shared/texts/index.js';
import { UsPhone } from '../../shared/validationMessages.js';
import { linkIn, mailsSince, outboxMark } from '../support/outbox.js';
import type { TestApp } from '../support/testApp.js';
import { usersApp } from '../support/usersApp.js';

/** Creating a user (its checks, its confirmation mail) and deleting one. */
const T = Texts.identity.users;
let t: TestApp;
const { db, userId, newUserBody, createUser } = usersApp((app) => (t = app));

describe('POST /api/identity/users/create', () => {
  it('creates a user without a password, drops empty emails, makes the first address primary and mails a confirmation link', async () => {
    const mark = await outboxMark(t.dataDir);
    const created = await createUser('nquill');
    expect(created).toMatchObject({
      UserName: 'nquill',
      FirstName: 'Nora',
      Email: 'nquill@example.org',
      EmailConfirmed: false,
      Emails: [{ Address: 'nquill@example.org', IsPrimary: true }],
      PhoneNumbers: [{ Number: '803-555-0101', IsPrimary: true }],
      Addresses: [{ City: 'Columbia', PostalCode: '29201', IsPrimary: true }],
      Groups: [{ Name: 'Investigator', Tags: [{ Name: 'Employee' }] }],
    });
    const row = await db().selectFrom('users').select(['PasswordHash']).where('Id', '=', created.Id).executeTakeFirstOrThrow();
    expect(row.PasswordHash).toBeNull();
    await expect(t.signIn('nquill', '')).rejects.toThrow();

    const [mail] = await mailsSince(t.dataDir, mark, 'nquill@example.org');
    const link = linkIn(mail, 'http://dossier.test/confirm-email');
    expect(link.searchParams.get('userId')).toBe(String(created.Id));
    expect(link.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{40,}$/);

    const audit = await db().selectFrom('audit_log').select(['Action']).where('Entity', '=', 'users').where('Entity_Id', '=', String(created.Id)).orderBy('Id').execute();
    expect(audit.map((a) => a.Action)).toEqual(['create']);
  });

  it('refuses a username that exists in any letter case', async () => {
    const response = await t.call(await t.signIn('sysadmin'), {
      method: 'POST',
      url: '/api/identity/users/create',
      payload: await newUserBody('SysAdmin'),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().ModelState).toEqual({ UserName: [T.userNameTaken] });
  });

  it('answers the spec wording for every missing or invalid field, and creates nothing', async () => {
    const before = await db().selectFrom('users').select('Id').execute();
    const token = await t.signIn('sysadmin');
    const response = await t.call(token, {
      method: 'POST',
      url: '/api/identity/users/create',
      payload: {
        UserName: ' ',
        FirstName: '',
        Org_Id: null,
        Emails: [{ Address: 'not-an-email' }],
        PhoneNumbers: [{ Number: '' }],
        Addresses: [{ Line1: 'x', City: '', PostalCode: '' }],
        Credentials: [{ License: '' }],
        Clearances: [{ ClearanceType_Id: t.lookup('ClearanceType', 'S'), OrgCode: '' }],
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().ModelState).toEqual({
      UserName: ['Username is required.'],
      FirstName: ['First Name is required.'],
      LastName: ['Last Name is required.'],
      Org_Id: ['You must choose an organization.'],
      'Emails[0].Address': ['Email address is not valid.'],
      'PhoneNumbers[0].Number': ['Phone number is required.'],
      'Addresses[0].City': ['City is required.'],
      'Addresses[0].PostalCode': ['Postal code is required.'],
      'Credentials[0].CredentialType_Id': ['Credential type is required.'],
      'Credentials[0].License': ['License number is required.'],
      'Credentials[0].RegionType_Id': ['State is required.'],
      'Credentials[0].Expiration': ['Expiration is required.'],
      'Clearances[0].LastInvestigation': ['Last investigation is required.'],
      'Clearances[0].OrgCode': ['Organization is required.'],
    });

    const noEmail = await t.call(token, {
      method: 'POST',
      url: '/api/identity/users/create',
      payload: await newUserBody('noemail', {
        Emails: [{ Address: '  ' }],
        Clearances: [{ ClearanceType_Id: t.lookup('ClearanceType', 'S'), LastInvestigation: '2999-01-01', OrgCode: 'DOD' }],
        WorkStatusType_Id: t.lookup('RegionType', 'SC'),
      }),
    });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().ModelState).toEqual({
      Emails: [T.needsEmail],
      'Clearances[0].LastInvestigation': [T.lastInvestigationInFuture],
      WorkStatusType_Id: [T.notAChoice('Work Status')],
    });
    const missingEmails = await t.call(token, {
      method: 'POST',
      url: '/api/identity/users/create',
      payload: { UserName: 'x1', FirstName: 'A', LastName: 'B', Org_Id: 999999, Emails: [{ Address: 'x1@example.org' }] },
    });
    expect(missingEmails.json().ModelState).toEqual({ Org_Id: [T.chooseOrganization] });
    expect(await db().selectFrom('users').select('Id').execute()).toHaveLength(before.length);
  });

  it('refuses a phone number that is not a 10-digit US number, under its field, and creates nothing', async () => {
    const before = await db().selectFrom('users').select('Id').execute();
    const token = await t.signIn('sysadmin');
    const response = await t.call(token, {
      method: 'POST',
      url: '/api/identity/users/create',
      payload: await newUserBody('badphone', {
        PhoneNumbers: [{ Number: '803-555-0101' }, { Number: '12' }, { Number: '803-555-01011' }, { Number: '2-803-555-0101' }, { Number: '803-CALL-NOW' }],
      }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().ModelState).toEqual({
      'PhoneNumbers[1].Number': [UsPhone.message],
      'PhoneNumbers[2].Number': [UsPhone.message],
      'PhoneNumbers[3].Number': [UsPhone.message],
      'PhoneNumbers[4].Number': [UsPhone.message],
    });
    expect(UsPhone.message).toBe('Enter a 10-digit US phone number.');
    expect(await db().selectFrom('users').select('Id').execute()).toHaveLength(before.length);
  });

  it('stores a 10-digit number, with or without the country code 1, as 555-123-4567', async () => {
    const created = await createUser('goodphone', {
      PhoneNumbers: [{ Number: '(803) 555-0101', IsPrimary: true }, { Number: '1-803-555-0102' }, { Number: '+1 803.555.0103' }, { Number: '8035550104' }],
    });
    expect(created.PhoneNumbers.map((p: { Number: string }) => p.Number)).toEqual(['803-555-0101', '803-555-0102', '803-555-0103', '803-555-0104']);
  });

  it('needs Admin Create User: a manager gets 403 and nothing is created', async () => {
    const response = await t.call(await t.signIn('manager'), {
      method: 'POST',
      url: '/api/identity/users/create',
      payload: await newUserBody('sneaky'),
    });
    expect(response.statusCode).toBe(403);
    expect(await db().selectFrom('users').select('Id').where('UserName', '=', 'sneaky').executeTakeFirst()).toBeUndefined();
  });
});

describe('DELETE /api/identity/users/{id}', () => {
  it('deletes a user and answers the name for the toast', async () => {
    const created = await createUser('todelete');
    const token = await t.signIn('sysadmin');
    const response = await t.call(token, { method: 'DELETE', url: `/api/identity/users/${created.Id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ FirstName: 'Nora', LastName: 'Quill', Message: T.deleted('Nora', 'Quill') });
    expect((await t.call(token, { method: 'GET', url: `/api/identity/users/${created.Id}` })).statusCode).toBe(404);
    expect(await db().selectFrom('user_emails').select('Id').where('User_Id', '=', created.Id).execute()).toEqual([]);
  });

  it('refuses to delete oneself, and users whom authored history refers to (they are deactivated instead)', async () => {
    const token = await t.signIn('sysadmin');
    const self = await t.call(token, { method: 'DELETE', url: `/api/identity/users/${await userId('sysadmin')}` });
    expect(self.statusCode).toBe(400);
    expect(self.json().Message).toBe(T.cannotDeleteSelf);

    const author = await db()
      .selectFrom('case_messages as m')
      .innerJoin('users as u', 'u.Id', 'm.SentBy_Id')
      .select(['u.Id', 'u.FirstName', 'u.LastName'])
      .where('u.UserName', '<>', 'sysadmin')
      .executeTakeFirstOrThrow();
    const referenced = await t.call(token, { method: 'DELETE', url: `/api/identity/users/${author.Id}` });
    expect(referenced.statusCode).toBe(400);
    expect(referenced.json().Message).toBe(T.stillReferenced(`${author.FirstName} ${author.LastName}`));
    expect(await db().selectFrom('users').select('Id').where('Id', '=', author.Id).executeTakeFirst()).toBeTruthy();
  });

  it('needs Admin Delete Users: a manager gets 403 and the user stays', async () => {
    const created = await createUser('keepme');
    const response = await t.call(await t.signIn('manager'), { method: 'DELETE', url: `/api/identity/users/${created.Id}` });
    expect(response.statusCode).toBe(403);
    expect(await db().selectFrom('users').select('Id').where('Id', '=', created.Id).executeTakeFirst()).toBeTruthy();
  });
});
