import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { Permissions } from '../../shared/permissions.js';
import { startTestApp, type TestApp } from '../support/testApp.js';
import { TEST_VAULT } from '../support/testVault.js';
import { caseModel } from '../support/caseModel.js';

/**
 * Subjects' SSNs (issue 21 §2): sealed at rest, whole only for holders of View Full SSN, every whole read in the audit
 * log, a masked value sent back keeping the stored SSN.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const db = () => t.database.db;
type Json = Record<string, unknown>;

const SSN = '987650123';
let caseId: number;
let body: Json;

beforeAll(async () => {
  t = await startTestApp();
  for (const name of ['sysadmin', 'caseadmin', 'dataentry', 'client', 'reviewer', 'manager']) tokens[name] = await t.signIn(name);
  const org = await db().selectFrom('orgs').select('Id').where('Code', '=', 'DOC').executeTakeFirstOrThrow();
  const client = await db().selectFrom('users').select('Id').where('UserName', '=', 'client').executeTakeFirstOrThrow();
  body = { RequestingOfficial_Id: client.Id, Client_Id: org.Id, CaseType_Id: t.lookup('CaseType', 'T1'), Notes: null };
  const created = await call('caseadmin', 'POST', '/api/cases', { ...body, CaseSubject: { FirstName: 'Avery', MiddleName: null, LastName: 'Sealed', SSN } });
  expect(created.statusCode, created.body).toBe(200);
  caseId = created.json().Id as number;
});
afterAll(() => t.close());

const call = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => t.call(tokens[who], { method, url, payload });
const auditOf = (action: string) =>
  db().selectFrom('audit_log').selectAll().where('Entity', '=', 'cases').where('Entity_Id', '=', String(caseId)).where('Action', '=', action).orderBy('Id', 'desc').execute();
const subjectOf = async (who: string, query = '') => (await call(who, 'GET', `/api/cases/${caseId}${query}`)).json().Subject as Json;
const revealed = async () => (await call('caseadmin', 'GET', `/api/cases/${caseId}/subject/ssn`)).json().SSN as string;

describe('SSNs at rest', () => {
  it('stores no SSN in plain: a sealed value, its key id and a keyed hash, none holding the digits', async () => {
    const columns = await sql<{ column_name: string }>`SELECT column_name FROM information_schema.columns WHERE table_name = 'case_subjects' AND table_schema = current_schema()`.execute(db());
    expect(columns.rows.map((c) => c.column_name)).not.toContain('SSN');
    const row = await db().selectFrom('case_subjects').selectAll().where('Case_Id', '=', caseId).executeTakeFirstOrThrow();
    expect(row.SSNKeyId).toBe(TEST_VAULT.keyring.current.id);
    expect(JSON.stringify(row)).not.toContain(SSN);
    expect(JSON.stringify(row)).not.toContain(SSN.slice(-4));
    expect(TEST_VAULT.open(row)).toBe(SSN);
    // A random nonce per value: the same SSN seals differently each time, while its lookup hash stays the same.
    const again = TEST_VAULT.seal(SSN);
    expect(again.SSNCipher).not.toBe(row.SSNCipher);
    expect(again.SSNHash).toBe(row.SSNHash);
  });

  it('keeps no SSN in any row of any table, the audit log included', async () => {
    await call('caseadmin', 'GET', `/api/cases/${caseId}`);
    const tables = await sql<{ table_name: string }>`SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`.execute(db());
    for (const { table_name } of tables.rows) {
      const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table_name)} AS x WHERE x::text LIKE ${`%${SSN}%`}`.execute(db());
      expect(rows[0].n, table_name).toBe(0);
    }
  });

  it('still finds a duplicate subject of the org by its sealed SSN', async () => {
    const again = await call('caseadmin', 'POST', '/api/cases', { ...body, CaseSubject: { FirstName: 'Avery', MiddleName: null, LastName: 'SEALED', SSN } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ IsDuplicate: true });
    const other = await call('caseadmin', 'POST', '/api/cases', { ...body, CaseSubject: { FirstName: 'Avery', MiddleName: null, LastName: 'Sealed', SSN: '987650124' } });
    expect(other.statusCode).toBe(200);
  });
});

describe('who sees an SSN whole', () => {
  it('answers the whole SSN to holders of View Full SSN, and records each such answer', async () => {
    const before = (await auditOf('read-ssn')).length;
    for (const who of ['caseadmin', 'sysadmin']) expect((await subjectOf(who)).SSN).toBe(SSN);
    const entries = await auditOf('read-ssn');
    expect(entries.length).toBe(before + 2);
    expect(entries[0]).toMatchObject({ UserName: 'sysadmin', Fields: ['Subject.SSN'] });
  });

  it('answers the last four digits to everyone else, without an audit entry', async () => {
    const before = (await auditOf('read-ssn')).length;
    for (const who of ['dataentry', 'client', 'manager']) {
      const answer = await call(who, 'GET', `/api/cases/${caseId}`);
      expect(answer.statusCode, who).toBe(200);
      expect(answer.json().Subject.SSN, who).toBe('*****0123');
      expect(answer.json().CaseSubject.SSN, who).toBe('*****0123');
      expect(answer.body, who).not.toContain(SSN);
    }
    expect((await auditOf('read-ssn')).length).toBe(before);
  });

  it('answers the mask to a holder too when the page asks for it (?ssn=masked), without an audit entry', async () => {
    const before = (await auditOf('read-ssn')).length;
    expect((await subjectOf('caseadmin', '?ssn=masked')).SSN).toBe('*****0123');
    expect((await auditOf('read-ssn')).length).toBe(before);
  });

  it('reveals the whole SSN to holders only, each reveal in the audit log with where it came from', async () => {
    const reveal = await t.call(tokens.caseadmin, { method: 'GET', url: `/api/cases/${caseId}/subject/ssn`, headers: { 'user-agent': 'Reveal test' } });
    expect(reveal.statusCode).toBe(200);
    expect(reveal.json()).toEqual({ SSN });
    const [entry] = await auditOf('reveal-ssn');
    expect(entry).toMatchObject({ UserName: 'caseadmin', Fields: ['Subject.SSN'], UserAgent: 'Reveal test', ClientAddress: '127.0.0.1' });
    expect(entry.RequestId).toBe(reveal.headers['x-request-id']);
    for (const who of ['dataentry', 'client', 'reviewer']) expect((await call(who, 'GET', `/api/cases/${caseId}/subject/ssn`)).statusCode, who).toBe(403);
  });

  it('gives a holder of View Full SSN outside the case\'s org scope nothing', async () => {
    const group = await db().insertInto('groups').values({ Name: 'Full SSN Clients', Description: 'test' }).returning('Id').executeTakeFirstOrThrow();
    const roles = await db().selectFrom('roles').select('Id').where('Name', 'in', [Permissions.CaseSubjects.VIEW_FULL_SSN, Permissions.Cases.VIEW_CASES]).execute();
    await db().insertInto('group_roles').values(roles.map((r) => ({ Group_Id: group.Id, Role_Id: r.Id }))).execute();
    const other = await db().selectFrom('users as u').innerJoin('orgs as o', 'o.Id', 'u.Org_Id').select('u.Id').select('u.UserName').where('o.Code', '=', 'PRA').executeTakeFirstOrThrow();
    await db().insertInto('user_groups').values({ User_Id: other.Id, Group_Id: group.Id }).execute();
    const token = await t.signIn(other.UserName);
    expect((await t.call(token, { method: 'GET', url: `/api/cases/${caseId}/subject/ssn` })).statusCode).toBe(404);
  });
});

describe('saving a subject without reading its SSN', () => {
  const save = async (who: string, ssn: string) => {
    const current = (await call(who, 'GET', `/api/cases/${caseId}?ssn=masked`)).json() as Json;
    const model = caseModel(current);
    const subject = current.CaseSubject as Json;
    return call(who, 'PUT', `/api/cases/${caseId}`, { ...model, Notes: `saved by ${who}`, CaseSubject: { FirstName: subject.FirstName, MiddleName: subject.MiddleName, LastName: subject.LastName, SSN: ssn } });
  };

  it('keeps the stored SSN when the mask comes back unchanged', async () => {
    const sealed = await db().selectFrom('case_subjects').select(['SSNCipher']).where('Case_Id', '=', caseId).executeTakeFirstOrThrow();
    const saved = await save('caseadmin', '*****0123');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await revealed()).toBe(SSN);
    const after = await db().selectFrom('case_subjects').select(['SSNCipher']).where('Case_Id', '=', caseId).executeTakeFirstOrThrow();
    expect(after.SSNCipher).toBe(sealed.SSNCipher);
    const [entry] = await db().selectFrom('audit_log').select('Fields').where('Entity', '=', 'cases').where('Entity_Id', '=', String(caseId)).where('Action', '=', 'update').orderBy('Id', 'desc').execute();
    expect(entry.Fields).toEqual(['Notes']);
  });

  it('answers a holder\'s save the mask when the page asks for it, without a read in the log', async () => {
    const before = (await auditOf('read-ssn')).length;
    const current = (await call('caseadmin', 'GET', `/api/cases/${caseId}?ssn=masked`)).json() as Json;
    const model = caseModel(current, { withSubject: true });
    const saved = await call('caseadmin', 'PUT', `/api/cases/${caseId}?ssn=masked`, { ...model, CaseSubject: { ...(model.CaseSubject as Json), Id: undefined } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().Subject.SSN).toBe('*****0123');
    expect((await auditOf('read-ssn')).length).toBe(before);
    expect(await revealed()).toBe(SSN);
  });

  it('refuses a mask that is not the one shown, naming the field', async () => {
    const refused = await save('caseadmin', '*****9999');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().ModelState).toEqual({ 'CaseSubject.SSN': ['SSN is digits only, at most 9.'] });
    expect(await revealed()).toBe(SSN);
  });

  it('lets data entry type a new SSN it never saw, and answers it the mask of the new one', async () => {
    await call('caseadmin', 'PUT', `/api/cases/${caseId}/start-data-entry`);
    const saved = await save('dataentry', '123456789');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().Subject.SSN).toBe('*****6789');
    expect(saved.body).not.toContain('123456789');
    expect(await revealed()).toBe('123456789');
    const [entry] = await db().selectFrom('audit_log').select(['Fields', 'UserName']).where('Entity', '=', 'cases').where('Entity_Id', '=', String(caseId)).where('Action', '=', 'update').orderBy('Id', 'desc').execute();
    expect(entry).toEqual({ UserName: 'dataentry', Fields: expect.arrayContaining(['CaseSubject.SSN']) });
  });

  it('does the same through PUT /api/cases/{id}/subject', async () => {
    const keep = await call('caseadmin', 'PUT', `/api/cases/${caseId}/subject`, { FirstName: 'Avery', MiddleName: null, LastName: 'Sealed', SSN: '*****6789' });
    expect(keep.statusCode, keep.body).toBe(200);
    expect(await revealed()).toBe('123456789');
    const replaced = await call('dataentry', 'PUT', `/api/cases/${caseId}/subject`, { FirstName: 'Avery', MiddleName: null, LastName: 'Sealed', SSN: '555443333' });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toMatchObject({ LastName: 'Sealed', SSN: '*****3333' });
    expect(await revealed()).toBe('555443333');
    const wrong = await call('caseadmin', 'PUT', `/api/cases/${caseId}/subject`, { FirstName: 'Avery', MiddleName: null, LastName: 'Sealed', SSN: '*****1111' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().ModelState).toEqual({ SSN: ['SSN is digits only, at most 9.'] });
  });

  it('refuses a mask on a new case: there is no SSN to keep', async () => {
    const refused = await call('caseadmin', 'POST', '/api/cases', { ...body, CaseSubject: { FirstName: 'Avery', MiddleName: null, LastName: 'Masked', SSN: '*****1234' } });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().ModelState)).toEqual(['CaseSubject.SSN']);
  });
});

describe('the case XML', () => {
  it('carries the whole SSN to a holder (an audited read) and the mask to a holder of Case XML alone', async () => {
    const whole = await call('caseadmin', 'GET', `/api/cases/${caseId}/xml`);
    expect(whole.statusCode).toBe(200);
    expect(whole.body).toContain('<SSN>555443333</SSN>');
    const [entry] = await auditOf('download-xml');
    expect(entry.Fields).toEqual(['Subject.SSN']);

    const group = await db().insertInto('groups').values({ Name: 'Case XML readers', Description: 'test' }).returning('Id').executeTakeFirstOrThrow();
    const roles = await db().selectFrom('roles').select('Id').where('Name', 'in', [Permissions.Cases.VIEW_CASE_XML, Permissions.Cases.VIEW_CASES]).execute();
    await db().insertInto('group_roles').values(roles.map((r) => ({ Group_Id: group.Id, Role_Id: r.Id }))).execute();
    const reviewer = await db().selectFrom('users').select('Id').where('UserName', '=', 'reviewer').executeTakeFirstOrThrow();
    await db().insertInto('user_groups').values({ User_Id: reviewer.Id, Group_Id: group.Id }).execute();
    const masked = await t.call(await t.signIn('reviewer'), { method: 'GET', url: `/api/cases/${caseId}/xml` });
    expect(masked.statusCode).toBe(200);
    expect(masked.body).toContain('<SSN>*****3333</SSN>');
    expect(masked.body).not.toContain('555443333');
  });
});
