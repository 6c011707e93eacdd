import { describe, expect, it } from 'vitest';
import { addDays } from '../../shared/deadlines.js';
import { isoDay } from '../../shared/format.js';
import { Texts } from '../../shared/texts/index.js';
import type { ItemStatus } from '../../shared/workflow.js';
import type { Database } from '../../server/db/database.js';
import { settleCase } from '../../server/cases/workflow.js';
import { columnView } from '../../server/cases/caseSearch.js';
import type { AuthContext } from '../../server/auth/sessions.js';
import type { TestApp } from '../support/testApp.js';
import { casesApp, SUBJECT, type Json } from '../support/casesApp.js';

/**
 * Cases (issue 11): every workflow step allowed and refused; the data-entry lock and the inactive-case rule; org scope
 * for a client user; column permissions; the search. The search finds the case the workflow took through its steps
 * (Jordan Walker), so the two share a file.
 */
const T = Texts.cases.server;
let t: TestApp;
const { org, user, db, call, newCase, create, save, step, addPaper } = casesApp((app) => (t = app));

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
