import { describe, expect, it } from 'vitest';
import { isoDay } from '../../shared/format.js';
import { Texts } from '../../shared/texts/index.js';
import type { TestApp } from '../support/testApp.js';
import { casesApp, SUBJECT, type Json } from '../support/casesApp.js';

/**
 * Cases (issue 11): create with numbering, duplicates and Auto Add items; saving a case with its subject; the
 * additional settings; the people and the case types a case form offers.
 */
const T = Texts.cases.server;
let t: TestApp;
const { tokens, org, user, db, call, newCase, create, save } = casesApp((app) => (t = app));

describe('creating a case', () => {
  it('numbers it, adds the template\'s Auto Add items and starts it awaiting papers', async () => {
    const created = await create('caseadmin', newCase({ CaseSubject: { ...SUBJECT, LastName: 'Abernathy', SSN: '1111' } }));
    expect(created.CaseNumber).toMatch(new RegExp(`^DOS-${new Date().getUTCFullYear()}-\\d{6}$`));
    expect(created).toMatchObject({ WorkflowState: 'AWAITING_CASE_PAPERS', CaseStatusType: 'NORMAL', Client_Id: org.get('DOC'), Org: { Code: 'DOC' } });
    expect(created.Subject).toMatchObject({ FirstName: 'Jordan', LastName: 'Abernathy', SSN: '1111' });
    expect(created.ReceivedDate).toBe(isoDay(t.clock.now()));
    const items = await db().selectFrom('items as i').innerJoin('item_types as it', 'it.Id', 'i.ItemType_Id').select(['it.Name', 'i.DisplayOrder', 'i.ItemStatus']).where('i.Case_Id', '=', Number(created.Id)).orderBy('i.DisplayOrder').execute();
    expect(items.map((i) => [i.Name, i.DisplayOrder, i.ItemStatus])).toEqual([
      ['Subject Interview', 1, 'AWAITING_ASSIGNMENT'],
      ['Law Enforcement Check', 2, 'AWAITING_ASSIGNMENT'],
    ]);
    const history = (await call('caseadmin', 'GET', `/api/cases/${String(created.Id)}/history`)).json();
    expect(history).toEqual([expect.objectContaining({ FromState: null, ToState: 'AWAITING_CASE_PAPERS', Action: 'create', FirstName: 'Casey' })]);
  });

  it('flags a duplicate subject of the org (409 IsDuplicate) and creates it when asked again with CreateDuplicate', async () => {
    const subject = { ...SUBJECT, LastName: 'Duplicated', SSN: '2222' };
    await create('caseadmin', newCase({ CaseSubject: subject }));
    const again = await call('caseadmin', 'POST', '/api/cases', newCase({ CaseSubject: { ...subject, LastName: 'DUPLICATED' } }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ IsDuplicate: true, Message: T.duplicate });
    // Another org is not a duplicate.
    await create('caseadmin', newCase({ Client_Id: org.get('DOC-ATL'), CaseSubject: subject }));
    const confirmed = await create('caseadmin', newCase({ CaseSubject: subject, CreateDuplicate: true }));
    expect(confirmed.WorkflowState).toBe('AWAITING_CASE_PAPERS');
  });

  it('never gives two concurrent creates the same number', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => call('caseadmin', 'POST', '/api/cases', newCase({ CaseSubject: { ...SUBJECT, LastName: `Parallel${i}`, SSN: `30${i}` } }))));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const numbers = answers.map((a) => a.json().CaseNumber as string);
    expect(new Set(numbers).size).toBe(8);
  });

  it('answers 400 with ModelState for a missing subject, an org outside the caller\'s scope, or a case type the org does not offer', async () => {
    const noSubject = await call('caseadmin', 'POST', '/api/cases', newCase({ CaseSubject: { FirstName: '', LastName: '', SSN: '' } }));
    expect(noSubject.statusCode).toBe(400);
    expect(Object.keys(noSubject.json().ModelState)).toEqual(expect.arrayContaining(['CaseSubject.FirstName', 'CaseSubject.LastName', 'CaseSubject.SSN']));
    const otherOrg = await call('client', 'POST', '/api/cases', newCase({ Client_Id: org.get('PRA') }));
    expect(otherOrg.statusCode).toBe(400);
    expect(otherOrg.json().ModelState.Client_Id).toEqual([T.clientRequired]);
    const notOffered = await call('caseadmin', 'POST', '/api/cases', newCase({ CaseType_Id: t.lookup('ContractType', 'FED') }));
    expect(notOffered.statusCode).toBe(400);
    expect(notOffered.json().ModelState.CaseType_Id).toEqual([T.caseTypeNotOffered]);
  });
});

describe('saving a case with its subject', () => {
  it('saves the subject with the case in one call, answers the people on it by name, and keeps a received date from being cleared', async () => {
    const created = await create('caseadmin', newCase({ CaseSubject: { ...SUBJECT, LastName: 'Saved', SSN: '5150' } }));
    const id = Number(created.Id);
    const saved = await save('caseadmin', id, { Reviewer_Id: user.get('reviewer'), CaseSubject: { FirstName: 'Jordan', MiddleName: 'K', LastName: ' Saved-Again ', SSN: '5151' } });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = (await call('caseadmin', 'GET', `/api/cases/${id}`)).json();
    expect(read.Subject).toMatchObject({ FirstName: 'Jordan', MiddleName: 'K', LastName: 'Saved-Again', SSN: '5151' });
    expect(read.CaseSubject).toEqual(read.Subject);
    // The search finds the case by its subject's new name (the names copied onto the case follow the subject).
    const found = await call('caseadmin', 'POST', '/api/cases/search', { page: 0, pageSize: 20, sorted: [], filtered: [{ id: 'CaseName', value: 'saved-again' }], additional: {} });
    expect((found.json().cases as Json[]).map((c) => c.Id)).toEqual([id]);
    const row = await db().selectFrom('cases').select(['SubjectFirstName', 'SubjectLastName']).where('Id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ SubjectFirstName: 'Jordan', SubjectLastName: 'Saved-Again' });
    expect(read.Reviewer).toMatchObject({ Id: user.get('reviewer') });
    expect(read.RequestingOfficial).toMatchObject({ Id: user.get('client') });
    const cleared = await save('caseadmin', id, { ReceivedDate: null });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json().ModelState.ReceivedDate).toEqual(['Received Date is required.']);
    const bad = await save('caseadmin', id, { CaseSubject: { FirstName: '', LastName: 'X', SSN: 'abc' } });
    expect(bad.statusCode).toBe(400);
    expect((await call('caseadmin', 'GET', `/api/cases/${id}`)).json().Subject.LastName).toBe('Saved-Again');
  });
});

describe('additional settings', () => {
  /** A multipart form of text fields, as the screen sends it. */
  function form(fields: Record<string, string>) {
    const boundary = `----dossier${Math.random().toString(16).slice(2)}`;
    const body = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join('') + `--${boundary}--\r\n`;
    return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  }

  it('starts a case with the default settings, saves them from a form and refuses an unknown one', async () => {
    const created = await create('caseadmin', newCase({ CaseSubject: { ...SUBJECT, LastName: 'Settings', SSN: '1515' } }));
    const url = (path: string) => `/api/cases/${String(created.Id)}/${path}`;
    expect((await call('client', 'GET', url('CaseCustomParameters'))).json()).toEqual([
      { ParameterName: 'Position Title', ParameterReference: 'PositionTitle', ParameterValue: null, ParameterType: 'text' },
      { ParameterName: 'Special Instructions', ParameterReference: 'SpecialInstructions', ParameterValue: null, ParameterType: 'TextArea' },
    ]);
    const saved = await t.call(tokens.dataentry, { method: 'POST', url: url('UpdateCaseCustomParameters'), ...form({ PositionTitle: 'Auditor', 'Special Instructions': 'Call before visiting.' }) });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as Json[]).map((p) => p.ParameterValue)).toEqual(['Auditor', 'Call before visiting.']);
    const unknown = await t.call(tokens.dataentry, { method: 'POST', url: url('UpdateCaseCustomParameters'), ...form({ Salary: '1' }) });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().ModelState.Salary).toEqual([T.unknownParameter('Salary')]);
    expect((await t.call(tokens.client, { method: 'POST', url: url('UpdateCaseCustomParameters'), ...form({ PositionTitle: 'x' }) })).statusCode).toBe(403);
  });
});

describe('the people a case form picks from', () => {
  it('lists requesting officials of the client org and above, data-entry clerks and reviewers by their group tags', async () => {
    const officials = (await call('client', 'GET', `/api/cases/requesting-official/${org.get('DOC-ATL')}`)).json() as Json[];
    expect(officials.map((u) => u.Id)).toContain(user.get('client'));
    expect(officials.map((u) => u.Id)).not.toContain(user.get('caseadmin'));
    expect((await call('client', 'GET', `/api/cases/requesting-official/${org.get('PRA')}`)).statusCode).toBe(404);
    const clerks = (await call('caseadmin', 'GET', `/api/cases/assignees/${org.get('DOC')}/data%20entry`)).json() as Json[];
    expect(clerks.map((u) => u.Id)).toContain(user.get('dataentry'));
    expect(clerks.map((u) => u.Id)).not.toContain(user.get('reviewer'));
    const reviewers = (await call('manager', 'GET', '/api/reviewers')).json() as Json[];
    expect(reviewers.map((u) => u.Id)).toContain(user.get('reviewer'));
    expect(reviewers.map((u) => u.Id)).not.toContain(user.get('dataentry'));
    expect((await call('caseadmin', 'GET', `/api/cases/assignees/${org.get('DOC')}/manager`)).statusCode).toBe(400);
  });
});

describe('the case types a case form offers', () => {
  it('lets case creators read the org\'s case types, only those active today with onlyActive=true, in their scope', async () => {
    const all = await call('client', 'GET', `/api/orgs/${org.get('DOC')}/case-types`);
    expect(all.statusCode, all.body).toBe(200);
    const active = (await call('client', 'GET', `/api/orgs/${org.get('DOC')}/case-types?onlyActive=true`)).json() as Json[];
    // DOC's own Tier 3 price of past years is left out; its current one and the inherited case types stay.
    expect((all.json() as Json[]).length).toBeGreaterThan(active.length);
    const today = isoDay(t.clock.now());
    for (const range of active) {
      expect(!range.ActiveFrom || String(range.ActiveFrom) <= today).toBe(true);
      expect(!range.ActiveTo || String(range.ActiveTo) >= today).toBe(true);
    }
    expect((await call('client', 'GET', `/api/orgs/${org.get('PRA')}/case-types?onlyActive=true`)).statusCode).toBe(404);
    expect((await call('investigator', 'GET', `/api/orgs/${org.get('DOC')}/case-types`)).statusCode).toBe(403);
  });
});
