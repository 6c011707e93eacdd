import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Texts } from '../../shared/texts/index.js';
import { startTestApp, type TestApp } from '../support/testApp.js';
import { addPaper as addPaperAs } from '../support/casePapers.js';

/**
 * The workflow reads (spec 001 §7): a case's workflow state for the case page's poll (VIEW_CASES, org-scoped), and
 * the case-state and item-state lists in workflow order.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const org = new Map<string, number>();
const user = new Map<string, number>();
const db = () => t.database.db;
type Json = Record<string, unknown>;

beforeAll(async () => {
  t = await startTestApp();
  for (const name of ['caseadmin', 'dataentry', 'client', 'palmetto', 'investigator']) tokens[name] = await t.signIn(name);
  for (const row of await db().selectFrom('orgs').select(['Id', 'Code']).execute()) org.set(String(row.Code), row.Id);
  for (const row of await db().selectFrom('users').select(['Id', 'UserName']).execute()) user.set(row.UserName, row.Id);
});
afterAll(() => t.close());

const call = (who: string | null, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) => t.call(who ? tokens[who] : null, { method, url, payload });

async function newCase(lastName: string, ssn: string): Promise<number> {
  const response = await call('caseadmin', 'POST', '/api/cases', {
    RequestingOfficial_Id: user.get('client'),
    Client_Id: org.get('DOC'),
    CaseType_Id: t.lookup('CaseType', 'T1'),
    Notes: null,
    CaseSubject: { FirstName: 'Morgan', MiddleName: null, LastName: lastName, SSN: ssn },
  });
  expect(response.statusCode, response.body).toBe(200);
  return Number((response.json() as Json).Id);
}

const addPaper = (caseId: number) => addPaperAs(db(), caseId, user.get('dataentry')!, t.clock.now());

describe('GET /api/workflows/cases/:id', () => {
  it('answers the case\'s workflow state, and follows its steps', async () => {
    const id = await newCase('Poll', '7001');
    const first = await call('client', 'GET', `/api/workflows/cases/${id}`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ Id: id, WorkflowState: 'AWAITING_CASE_PAPERS', CaseStatusType: 'NORMAL', DueDate: null, CompletionDate: null, LockedTo_Id: null, LockedToName: null, Steps: [], LockedReason: null });

    await addPaper(id);
    expect((await call('caseadmin', 'PUT', `/api/cases/${id}/start-data-entry`)).statusCode).toBe(200);
    expect((await call('client', 'GET', `/api/workflows/cases/${id}`)).json()).toMatchObject({ WorkflowState: 'DATA_ENTRY_IN_PROCESS', LockedTo_Id: user.get('caseadmin'), LockedToName: 'Casey Adams' });

    expect((await call('caseadmin', 'PUT', `/api/cases/${id}/toggle-on-hold`)).statusCode).toBe(200);
    expect((await call('client', 'GET', `/api/workflows/cases/${id}`)).json()).toMatchObject({ WorkflowState: 'HOLD', CaseStatusType: 'HOLD' });
    expect((await call('caseadmin', 'PUT', `/api/cases/${id}/toggle-on-hold`)).statusCode).toBe(200);

    expect((await call('caseadmin', 'PUT', `/api/cases/${id}/discontinue`)).statusCode).toBe(200);
    const discontinued = (await call('client', 'GET', `/api/workflows/cases/${id}`)).json() as Json;
    expect(discontinued).toMatchObject({ WorkflowState: 'DISCONTINUED', CaseStatusType: 'NORMAL', LockedTo_Id: null });
    // The poll and the case agree on the dates, so the page can compare them.
    const detail = (await call('client', 'GET', `/api/cases/${id}`)).json() as Json;
    expect(discontinued.CompletionDate).toEqual(expect.any(String));
    expect(discontinued.CompletionDate).toBe(detail.CompletionDate);
    expect(discontinued.DueDate).toBe(detail.DueDate);
  });

  it('is a 404 for a case outside the caller\'s orgs or an unknown case, a 403 without View Cases, a 401 signed out', async () => {
    const id = await newCase('Scoped', '7002');
    const otherClient = await db()
      .selectFrom('users as u')
      .innerJoin('user_groups as ug', 'ug.User_Id', 'u.Id')
      .innerJoin('groups as g', 'g.Id', 'ug.Group_Id')
      .select('u.UserName')
      .where('g.Name', '=', 'Client')
      .where('u.Org_Id', '=', org.get('PRA')!)
      .executeTakeFirstOrThrow();
    tokens.otherClient = await t.signIn(otherClient.UserName);

    const outside = await call('otherClient', 'GET', `/api/workflows/cases/${id}`);
    expect(outside.statusCode).toBe(404);
    expect(outside.json().Message).toBe(Texts.cases.server.notFound);
    expect((await call('caseadmin', 'GET', '/api/workflows/cases/987654321')).statusCode).toBe(404);
    const refused = await call('investigator', 'GET', `/api/workflows/cases/${id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().Message).toBeTruthy();
    expect((await call(null, 'GET', `/api/workflows/cases/${id}`)).statusCode).toBe(401);
    expect((await call('caseadmin', 'GET', '/api/workflows/cases/abc')).statusCode).toBe(400);
  });
});

describe('the state lists', () => {
  it('GET /api/workflows/case-states answers every case state in workflow order', async () => {
    const response = await call('palmetto', 'GET', '/api/workflows/case-states');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual([
      { Id: 'AWAITING_CASE_PAPERS', Description: 'Awaiting Case Papers' },
      { Id: 'AWAITING_DATA_ENTRY', Description: 'Awaiting Data Entry' },
      { Id: 'DATA_ENTRY_IN_PROCESS', Description: 'Data Entry In Progress' },
      { Id: 'AWAITING_ASSIGNMENT', Description: 'Awaiting Assignment' },
      { Id: 'IN_PROCESS', Description: 'In Process' },
      { Id: 'IN_REVIEW', Description: 'In Review' },
      { Id: 'COMPLETE', Description: 'Complete' },
      { Id: 'HOLD', Description: 'Hold' },
      { Id: 'DISCONTINUED', Description: 'Discontinued' },
    ]);
  });

  it('GET /api/workflows/item-states answers every item status in workflow order', async () => {
    const response = await call('investigator', 'GET', '/api/workflows/item-states');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual([
      { Id: 'AWAITING_ASSIGNMENT', Description: 'Awaiting Assignment' },
      { Id: 'ASSIGNED', Description: 'Assigned' },
      { Id: 'IN_REVIEW', Description: 'In Review' },
      { Id: 'ACCEPTED', Description: 'Accepted' },
      { Id: 'REJECTED', Description: 'Rejected' },
    ]);
  });

  it('both lists need a session', async () => {
    expect((await call(null, 'GET', '/api/workflows/case-states')).statusCode).toBe(401);
    expect((await call(null, 'GET', '/api/workflows/item-states')).statusCode).toBe(401);
  });
});
