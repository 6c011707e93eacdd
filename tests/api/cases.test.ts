import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../shared/deadlines.js';
import { isoDay } from '../../shared/format.js';
import { Texts } from '../../shared/texts/index.js';
import type { ItemStatus } from '../../shared/workflow.js';
import type { Database } from '../../server/db/database.js';
import { settleCase } from '../../server/cases/workflow.js';
import { columnView } from '../../server/cases/caseSearch.js';
import type { AuthContext } from '../../server/auth/sessions.js';
import { startTestApp, type TestApp } from '../support/testApp.js';
import { addPaper as addPaperAs } from '../support/casePapers.js';
import { multipart, zipOf, type Upload } from '../support/uploads.js';
import { mailsSince, outboxMark } from '../support/outbox.js';
import { caseModel } from '../support/caseModel.js';

/**
 * Cases (issue 11): create with numbering, duplicates and Auto Add items; every workflow step allowed and refused;
 * the data-entry lock and the inactive-case rule; org scope for a client user; column permissions; the search.
 */
const T = Texts.cases.server;
let t: TestApp;
const tokens: Record<string, string> = {};
const org = new Map<string, number>();
const user = new Map<string, number>();
const db = () => t.database.db;

type Json = Record<string, unknown>;
const SUBJECT = { FirstName: 'Jordan', MiddleName: null, LastName: 'Whitfield', SSN: '4821' };

beforeAll(async () => {
  t = await startTestApp();
  for (const name of ['caseadmin', 'dataentry', 'reviewer', 'manager', 'client', 'palmetto', 'investigator']) tokens[name] = await t.signIn(name);
  for (const row of await db().selectFrom('orgs').select(['Id', 'Code']).execute()) org.set(String(row.Code), row.Id);
  for (const row of await db().selectFrom('users').select(['Id', 'UserName']).execute()) user.set(row.UserName, row.Id);
  // A client user of another client org (Palmetto Regional Authority).
  const other = await db()
    .selectFrom('users as u')
    .innerJoin('user_groups as ug', 'ug.User_Id', 'u.Id')
    .innerJoin('groups as g', 'g.Id', 'ug.Group_Id')
    .select('u.UserName')
    .where('g.Name', '=', 'Client')
    .where('u.Org_Id', '=', org.get('PRA')!)
    .executeTakeFirstOrThrow();
  tokens.otherClient = await t.signIn(other.UserName);
});
afterAll(() => t.close());

const call = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => t.call(tokens[who], { method, url, payload });
const newCase = (overrides: Json = {}) => ({
  RequestingOfficial_Id: user.get('client'),
  Client_Id: org.get('DOC'),
  CaseType_Id: t.lookup('CaseType', 'T1'),
  Notes: null,
  CaseSubject: SUBJECT,
  ...overrides,
});
async function create(who: string, body: Json): Promise<Json> {
  const response = await call(who, 'POST', '/api/cases', body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
/** The case model a save sends (spec 001 §3): the case as read, with the changes. */
async function save(who: string, id: unknown, changes: Json) {
  const current = (await call('caseadmin', 'GET', `/api/cases/${String(id)}`)).json() as Json;
  const model = caseModel(current);
  return call(who, 'PUT', `/api/cases/${String(id)}`, { ...model, ...changes });
}
const step = (who: string, id: unknown, path: string) => call(who, 'PUT', `/api/cases/${String(id)}/${path}`);
const addPaper = (caseId: number) => addPaperAs(db(), caseId, user.get('dataentry')!, t.clock.now());

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

describe('the workflow', () => {
  it('takes a case from papers through data entry, hold, assignment, discontinue and resume — each step only from its state', async () => {
    const created = await create('dataentry', newCase({ CaseSubject: { ...SUBJECT, LastName: 'Walker', SSN: '5555' } }));
    const id = Number(created.Id);

    expect((await step('dataentry', id, 'start-data-entry')).statusCode).toBe(409);
    await addPaper(id);
    expect((await call('dataentry', 'GET', `/api/cases/${id}`)).json().WorkflowState).toBe('AWAITING_DATA_ENTRY');
    expect((await step('dataentry', id, 'data-entry-complete')).statusCode).toBe(409);

    const started = await step('dataentry', id, 'start-data-entry');
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ WorkflowState: 'DATA_ENTRY_IN_PROCESS', LockedTo_Id: user.get('dataentry') });

    // Locked to the clerk: a reviewer may not change it; a case admin may.
    const locked = await save('reviewer', id, { Notes: 'from the reviewer' });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().Message).toBe(T.lockedToOther('Dana Ellis'));
    expect((await save('caseadmin', id, { Notes: 'checked by the case admin' })).statusCode).toBe(200);

    const complete = await step('dataentry', id, 'data-entry-complete');
    expect(complete.statusCode, complete.body).toBe(200);
    // DOC inherits Federal Clients' Tier 1 CD: 20 business days from data entry complete.
    const today = isoDay(t.clock.now());
    expect(complete.json()).toMatchObject({ WorkflowState: 'AWAITING_ASSIGNMENT', LockedTo_Id: null, DueDate: addDays(today, 20, true) });
    const acds = await db().selectFrom('items').select('ACD').where('Case_Id', '=', id).execute();
    expect(acds.every((i) => typeof i.ACD === 'string' && i.ACD > today)).toBe(true);

    const held = await step('caseadmin', id, 'toggle-on-hold');
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json()).toMatchObject({ WorkflowState: 'HOLD', CaseStatusType: 'HOLD' });
    // Inactive: the clerk (without Edit Inactive Cases) may not change it.
    const inactive = await save('dataentry', id, { Notes: 'while on hold' });
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json().Message).toBe(T.inactive);
    expect((await step('caseadmin', id, 'discontinue')).statusCode).toBe(409);
    const reactivated = await step('caseadmin', id, 'toggle-on-hold');
    expect(reactivated.json()).toMatchObject({ WorkflowState: 'AWAITING_ASSIGNMENT', CaseStatusType: 'NORMAL' });

    // An item assigned puts the case in process (the items area settles the case the same way).
    await db().transaction().execute(async (trx) => {
      await trx.updateTable('items').set({ ItemStatus: 'ASSIGNED', AssignedTo_Id: user.get('investigator') }).where('Case_Id', '=', id).where('DisplayOrder', '=', 1).execute();
      await settleCase(trx as Database, id, user.get('caseadmin')!, t.clock.now());
    });
    expect((await call('caseadmin', 'GET', `/api/cases/${id}`)).json().WorkflowState).toBe('IN_PROCESS');

    const discontinued = await step('caseadmin', id, 'discontinue');
    expect(discontinued.json().WorkflowState).toBe('DISCONTINUED');
    expect(discontinued.json().CompletionDate).toBeTruthy();
    expect((await step('caseadmin', id, 'discontinue')).statusCode).toBe(409);
    const resumed = await step('caseadmin', id, 'resume');
    expect(resumed.json()).toMatchObject({ WorkflowState: 'IN_PROCESS', CompletionDate: null });
    expect((await step('caseadmin', id, 'resume')).statusCode).toBe(409);

    const history = (await call('caseadmin', 'GET', `/api/cases/${id}/history`)).json() as Json[];
    expect(history.map((h) => h.ToState).reverse()).toEqual([
      'AWAITING_CASE_PAPERS', 'AWAITING_DATA_ENTRY', 'DATA_ENTRY_IN_PROCESS', 'AWAITING_ASSIGNMENT', 'HOLD', 'AWAITING_ASSIGNMENT', 'IN_PROCESS', 'DISCONTINUED', 'IN_PROCESS',
    ]);
  });

  it('completes a case when every item is accepted, and takes it back in process when one is rejected', async () => {
    const created = await create('caseadmin', newCase({ CaseSubject: { ...SUBJECT, LastName: 'Accepted', SSN: '6666' } }));
    const id = Number(created.Id);
    await addPaper(id);
    await step('caseadmin', id, 'start-data-entry');
    await step('caseadmin', id, 'data-entry-complete');
    const items = (status: ItemStatus) =>
      db().transaction().execute(async (trx) => {
        await trx.updateTable('items').set({ ItemStatus: status }).where('Case_Id', '=', id).execute();
        return settleCase(trx as Database, id, user.get('reviewer')!, t.clock.now());
      });
    expect(await items('IN_REVIEW')).toBe('IN_REVIEW');
    expect(await items('ACCEPTED')).toBe('COMPLETE');
    const done = (await call('caseadmin', 'GET', `/api/cases/${id}`)).json();
    expect(done.CompletionDate).toBeTruthy();
    expect(await items('REJECTED')).toBe('IN_PROCESS');
    expect((await call('caseadmin', 'GET', `/api/cases/${id}`)).json().CompletionDate).toBeNull();
  });

  it('refuses every step to a user without its permission (403), and a case outside the caller\'s scope is a 404', async () => {
    const created = await create('caseadmin', newCase({ CaseSubject: { ...SUBJECT, LastName: 'Refused', SSN: '7777' } }));
    for (const path of ['start-data-entry', 'data-entry-complete', 'toggle-on-hold', 'discontinue', 'resume']) {
      expect((await step('client', created.Id, path)).statusCode, path).toBe(403);
      expect((await step('investigator', created.Id, path)).statusCode, path).toBe(403);
    }
    expect((await call('otherClient', 'GET', `/api/cases/${String(created.Id)}`)).statusCode).toBe(404);
    expect((await call('client', 'GET', `/api/cases/${String(created.Id)}`)).statusCode).toBe(200);
    expect((await call('caseadmin', 'GET', '/api/cases/999999')).statusCode).toBe(404);
  });

  it('changes guarded fields only with their permission', async () => {
    const created = await create('caseadmin', newCase({ CaseSubject: { ...SUBJECT, LastName: 'Guarded', SSN: '8888' } }));
    const reviewer = await save('dataentry', created.Id, { Reviewer_Id: user.get('reviewer') });
    expect(reviewer.statusCode).toBe(403);
    expect(reviewer.json().Message).toBe(T.notPermitted('reviewer'));
    expect((await save('dataentry', created.Id, { Notes: 'clerk note', ScheduledDate: '2026-12-01' })).json()).toMatchObject({ Notes: 'clerk note', ScheduledDate: '2026-12-01' });
    const assigned = await call('manager', 'PUT', `/api/cases/${String(created.Id)}/reviewer/${user.get('reviewer')}`);
    expect(assigned.json()).toEqual({ Id: created.Id, Reviewer_Id: user.get('reviewer') });
    const subject = await call('dataentry', 'PUT', `/api/cases/${String(created.Id)}/subject`, { FirstName: 'Jordan', LastName: 'Guarded-Smith', SSN: '8888' });
    expect(subject.json()).toMatchObject({ LastName: 'Guarded-Smith' });
  });
});

describe('the cases search', () => {
  const search = async (who: string, body: Json) => {
    const response = await call(who, 'POST', '/api/cases/search', { page: 0, pageSize: 20, sorted: [], filtered: [], additional: {}, ...body });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };

  it('keeps a client user to its org and the orgs below it', async () => {
    const answer = (await search('client', { pageSize: 100 })).json();
    expect(answer.cases.length).toBeGreaterThan(0);
    const allowed = new Set([org.get('DOC'), org.get('DOC-ATL')]);
    expect(answer.cases.every((c: Json) => allowed.has(c.Client_Id as number))).toBe(true);
    const everyone = (await search('caseadmin', { pageSize: 100 })).json();
    expect(everyone.cases.some((c: Json) => !allowed.has(c.Client_Id as number))).toBe(true);
  });

  it('leaves out the columns a user may not see; a case admin sees them all', async () => {
    const clerk = (await search('dataentry', {})).json().cases[0] as Json;
    expect(clerk).toHaveProperty('ReceivedDate');
    for (const field of ['Code', 'Reviewer', 'CompletionDate']) expect(clerk).not.toHaveProperty(field);
    const admin = (await search('caseadmin', {})).json().cases[0] as Json;
    for (const field of ['Code', 'Reviewer', 'CompletionDate', 'ReceivedDate']) expect(admin).toHaveProperty(field);
  });

  it('tells the list which columns it left out and names the critical date ACD for an investigator, CD for others', async () => {
    expect((await search('dataentry', {})).json().Columns).toEqual({ hidden: ['Code', 'Reviewer', 'CompletionDate'], labels: { DueDate: 'CD' } });
    expect((await search('caseadmin', {})).json().Columns).toEqual({ hidden: [], labels: { DueDate: 'CD' } });
    const investigator = await db()
      .selectFrom('users as u')
      .innerJoin('user_groups as ug', 'ug.User_Id', 'u.Id')
      .innerJoin('groups as g', 'g.Id', 'ug.Group_Id')
      .select('g.Name')
      .where('u.Id', '=', user.get('investigator')!)
      .execute();
    expect(columnView({ isCaseAdmin: false, groups: investigator.map((g) => g.Name), can: () => true } as unknown as AuthContext).labels).toEqual({ DueDate: 'ACD' });
  });

  it('filters by state, name and case number, pages from 0 and clamps a page past the end', async () => {
    const walker = (await search('caseadmin', { filtered: [{ id: 'CaseName', value: 'jordan walk' }] })).json();
    expect(walker.cases.map((c: Json) => c.CaseName)).toEqual(['Jordan Walker']);
    const number = walker.cases[0].CaseNumber as string;
    expect((await search('caseadmin', { filtered: [{ id: 'CaseNumber', value: number.slice(-6) }] })).json().cases.map((c: Json) => c.CaseNumber)).toContain(number);
    const waiting = (await search('caseadmin', { additional: { CaseStateIDs: ['AWAITING_CASE_PAPERS'] }, pageSize: 100 })).json();
    expect(waiting.cases.length).toBeGreaterThan(0);
    expect(waiting.cases.every((c: Json) => c.WorkflowState === 'AWAITING_CASE_PAPERS')).toBe(true);
    const paged = (await search('caseadmin', { pageSize: 5, page: 99999 })).json();
    expect(paged.page).toBe(paged.pageCount - 1);
    expect(paged.cases.length).toBeGreaterThan(0);
    const bad = await call('caseadmin', 'POST', '/api/cases/search', { page: 0, pageSize: 20, sorted: [{ id: 'Password' }], filtered: [], additional: {} });
    expect(bad.statusCode).toBe(400);
  });

  it('finds a subject by how the names start, last name first, in either order of two words', async () => {
    const subjects = {
      halloway: { FirstName: 'Quentin', LastName: 'Halloway' },
      quinby: { FirstName: 'Halloway', LastName: 'Quinby' },
      zee: { FirstName: 'Mara', LastName: 'Van Der Zee' },
    };
    const ids = new Map<number, string>();
    for (const [key, names] of Object.entries(subjects)) {
      const created = await create('caseadmin', newCase({ CaseSubject: { ...SUBJECT, ...names, SSN: String(7700 + ids.size) } }));
      ids.set(Number(created.Id), key);
    }
    const found = async (value: string) => {
      const answer = (await search('caseadmin', { filtered: [{ id: 'CaseName', value }], pageSize: 100 })).json();
      return (answer.cases as Json[]).map((c) => ids.get(Number(c.Id))).filter(Boolean).sort();
    };
    // One word: the last name's start, any letter case; never a first name alone, never the middle of a name.
    expect(await found('halloway')).toEqual(['halloway']);
    expect(await found('HALLO')).toEqual(['halloway']);
    expect(await found('alloway')).toEqual([]);
    expect(await found('zee')).toEqual([]);
    // Two words, either order; a comma puts the last name first; the whole text may start a last name of several words.
    expect(await found('halloway quen')).toEqual(['halloway']);
    expect(await found('quentin hall')).toEqual(['halloway']);
    expect(await found('quinby halloway')).toEqual(['quinby']);
    expect(await found('halloway, q')).toEqual(['halloway']);
    expect(await found(', halloway')).toEqual(['quinby']);
    expect(await found('van der')).toEqual(['zee']);
    expect(await found('  Van   der zee,  mara ')).toEqual(['zee']);
    expect(await found('mara van')).toEqual(['zee']);
    // What the user types matches itself: `%` and `_` are letters here.
    expect(await found('hallow%')).toEqual([]);
    expect(await found('h_lloway')).toEqual([]);
  });

  it('pages a filtered search in order with its exact total, sorted by a case column or a joined one, and clamps past its end', async () => {
    const states = ['IN_PROCESS', 'COMPLETE'] as const;
    const expected = (await db().selectFrom('cases').select('Id').where('WorkflowState', 'in', states).orderBy('ReceivedDate', 'desc').orderBy('Id', 'desc').execute()).map((c) => c.Id);
    expect(expected.length).toBeGreaterThan(4);
    const filter = { additional: { CaseStateIDs: [...states] }, pageSize: 2 };
    const first = (await search('caseadmin', filter)).json();
    const second = (await search('caseadmin', { ...filter, page: 1 })).json();
    expect(first).toMatchObject({ total: expected.length, totalIsExact: true, pageCount: Math.ceil(expected.length / 2), page: 0 });
    expect([...first.cases, ...second.cases].map((c: Json) => c.Id)).toEqual(expected.slice(0, 4));
    expect(first.cases[0]).not.toHaveProperty('Matched');
    const byOrg = (await search('caseadmin', { ...filter, sorted: [{ id: 'Code' }], pageSize: 100 })).json();
    expect(byOrg.total).toBe(expected.length);
    const codes = byOrg.cases.map((c: Json) => c.Code as string);
    expect(codes).toEqual([...codes].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const past = (await search('caseadmin', { ...filter, page: 9999 })).json();
    expect(past).toMatchObject({ page: first.pageCount - 1, total: expected.length });
    expect(past.cases.map((c: Json) => c.Id)).toEqual(expected.slice((first.pageCount - 1) * 2));
  });

  it('shows only the cases assigned to me when asked, and with my people\'s too', async () => {
    const mine = (await search('reviewer', { additional: { OnlyShowCasesAssignedToMe: true }, pageSize: 100 })).json();
    const investigatorId = user.get('reviewer')!;
    for (const row of mine.cases as Json[]) {
      const items = await db().selectFrom('items').select('Id').where('Case_Id', '=', Number(row.Id)).where('AssignedTo_Id', '=', investigatorId).execute();
      const theCase = await db().selectFrom('cases').select(['Reviewer_Id', 'DataEntryClerk_Id']).where('Id', '=', Number(row.Id)).executeTakeFirstOrThrow();
      expect(items.length > 0 || theCase.Reviewer_Id === investigatorId || theCase.DataEntryClerk_Id === investigatorId).toBe(true);
    }
    // A case whose reviewer works for the reviewer (Manager_Id) shows only with IncludePeopleWhoWorkForMe.
    const created = await create('caseadmin', newCase({ CaseSubject: { ...SUBJECT, LastName: 'Delegated', SSN: '9999' } }));
    await db().updateTable('users').set({ Manager_Id: investigatorId }).where('Id', '=', user.get('manager')!).execute();
    await call('caseadmin', 'PUT', `/api/cases/${String(created.Id)}/reviewer/${user.get('manager')}`);
    const only = { OnlyShowCasesAssignedToMe: true };
    const without = (await search('reviewer', { additional: only, filtered: [{ id: 'CaseName', value: 'Delegated' }] })).json();
    expect(without.cases).toEqual([]);
    const withPeople = (await search('reviewer', { additional: { ...only, IncludePeopleWhoWorkForMe: true }, filtered: [{ id: 'CaseName', value: 'Delegated' }] })).json();
    expect(withPeople.cases.map((c: Json) => c.Id)).toEqual([created.Id]);
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
