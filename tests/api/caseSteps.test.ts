import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Permissions } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import { startTestApp, type TestApp } from '../support/testApp.js';
import { addPaper as addPaperAs } from '../support/casePapers.js';

/**
 * Issue 22: a case answers the workflow steps its caller may take now (`Steps`) and why they may not change it
 * (`LockedReason`), by the rules that refuse the others — for every demo role, on cases in every state, the steps a
 * case and its workflow poll answer are exactly the steps that succeed.
 */
const T = Texts.cases.server;
let t: TestApp;
const tokens: Record<string, string> = {};
const user = new Map<string, number>();
const db = () => t.database.db;
type Json = Record<string, unknown>;

/** Every demo sign-in (README "Demo sign-ins"). */
const ROLES = ['sysadmin', 'caseadmin', 'manager', 'dataentry', 'reviewer', 'investigator', 'contractor', 'client', 'palmetto', 'ncsc'] as const;
type Role = (typeof ROLES)[number];

/** Each step call, and the steps it takes (Hold and Reactivate are one toggle). */
const CALLS: readonly { path: string; steps: readonly string[] }[] = [
  { path: 'start-data-entry', steps: ['startDataEntry'] },
  { path: 'data-entry-complete', steps: ['dataEntryComplete'] },
  { path: 'toggle-on-hold', steps: ['hold', 'reactivate'] },
  { path: 'discontinue', steps: ['discontinue'] },
  { path: 'resume', steps: ['resume'] },
];

/** The case columns a step may change: put back after each step taken, so every role tries the same case. */
const WORKFLOW_COLUMNS = ['WorkflowState', 'CaseStatusType', 'ResumeState', 'DataEntryComplete', 'LockedTo_Id', 'DataEntryClerk_Id', 'DueDate', 'CompletionDate'] as const;

beforeAll(async () => {
  t = await startTestApp();
  for (const name of ROLES) tokens[name] = await t.signIn(name);
  for (const row of await db().selectFrom('users').select(['Id', 'UserName']).execute()) user.set(row.UserName, row.Id);
});
afterAll(() => t.close());

const call = (who: Role, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) => t.call(tokens[who], { method, url, payload });
const step = (who: Role, id: number, path: string) => call(who, 'PUT', `/api/cases/${id}/${path}`);

let subjects = 0;
async function newCase(): Promise<number> {
  subjects += 1;
  const org = await db().selectFrom('orgs').select('Id').where('Code', '=', 'DOC').executeTakeFirstOrThrow();
  const response = await call('caseadmin', 'POST', '/api/cases', {
    RequestingOfficial_Id: user.get('client'),
    Client_Id: org.Id,
    CaseType_Id: t.lookup('CaseType', 'T1'),
    Notes: null,
    CaseSubject: { FirstName: 'Step', MiddleName: null, LastName: `Steps${subjects}`, SSN: String(8100 + subjects) },
    CreateDuplicate: true,
  });
  expect(response.statusCode, response.body).toBe(200);
  return Number(response.json().Id);
}
const addPaper = (id: number) => addPaperAs(db(), id, user.get('dataentry')!, t.clock.now());
async function taken(who: Role, id: number, path: string) {
  const answer = await step(who, id, path);
  expect(answer.statusCode, `${who} ${path}: ${answer.body}`).toBe(200);
}

/** The cases the table runs over: one in each state, and the data-entry and hold locks held by the clerk and by the case admin. */
const STATES: readonly { name: string; make(): Promise<number> }[] = [
  { name: 'awaiting case papers', make: newCase },
  {
    name: 'awaiting data entry',
    async make() {
      const id = await newCase();
      await addPaper(id);
      return id;
    },
  },
  {
    name: 'in data entry, locked to the clerk',
    async make() {
      const id = await STATES[1].make();
      await taken('dataentry', id, 'start-data-entry');
      return id;
    },
  },
  {
    name: 'in data entry, locked to the case admin',
    async make() {
      const id = await STATES[1].make();
      await taken('caseadmin', id, 'start-data-entry');
      return id;
    },
  },
  {
    name: 'on hold while locked to the clerk',
    async make() {
      const id = await STATES[2].make();
      await taken('caseadmin', id, 'toggle-on-hold');
      return id;
    },
  },
  {
    name: 'awaiting assignment',
    async make() {
      const id = await STATES[2].make();
      await taken('dataentry', id, 'data-entry-complete');
      return id;
    },
  },
  {
    name: 'on hold',
    async make() {
      const id = await STATES[5].make();
      await taken('caseadmin', id, 'toggle-on-hold');
      return id;
    },
  },
  {
    name: 'discontinued',
    async make() {
      const id = await STATES[5].make();
      await taken('caseadmin', id, 'discontinue');
      return id;
    },
  },
  {
    // Every item accepted: the state the items imply (set here directly; itemsWorkflow.test.ts takes a case there through its items).
    name: 'complete',
    async make() {
      const id = await STATES[5].make();
      await db().updateTable('items').set({ ItemStatus: 'ACCEPTED', CompletedDate: t.clock.now() }).where('Case_Id', '=', id).execute();
      await db().updateTable('cases').set({ WorkflowState: 'COMPLETE', CompletionDate: t.clock.now() }).where('Id', '=', id).execute();
      return id;
    },
  },
];

/** The steps the case answers the caller (its read, and the workflow poll, which must agree); none when they may not read it. */
async function answeredSteps(who: Role, id: number): Promise<string[]> {
  const read = await call(who, 'GET', `/api/cases/${id}`);
  const poll = await call(who, 'GET', `/api/workflows/cases/${id}`);
  expect(poll.statusCode, `${who}: the poll answers as the read does`).toBe(read.statusCode);
  if (read.statusCode !== 200) {
    expect([403, 404], `${who} reads case ${id}: ${read.body}`).toContain(read.statusCode);
    return [];
  }
  const steps = read.json().Steps as string[];
  expect(poll.json().Steps, `${who}: the poll's steps`).toEqual(steps);
  expect(poll.json().LockedReason, `${who}: the poll's lock`).toBe(read.json().LockedReason);
  return steps;
}

describe('the steps a case answers are exactly the steps that succeed', () => {
  for (const state of STATES) {
    it(`for every demo role, on a case ${state.name}`, async () => {
      const id = await state.make();
      const snapshot = await db().selectFrom('cases').select(WORKFLOW_COLUMNS).where('Id', '=', id).executeTakeFirstOrThrow();
      const offered: Record<string, string[]> = {};
      for (const who of ROLES) {
        const steps = await answeredSteps(who, id);
        offered[who] = steps;
        for (const { path, steps: takes } of CALLS) {
          const answer = await step(who, id, path);
          const expected = takes.some((s) => steps.includes(s));
          expect(answer.statusCode === 200, `${who} ${path} on a case ${state.name} (offered ${steps.join(', ') || 'nothing'}): ${answer.statusCode} ${answer.body}`).toBe(expected);
          if (answer.statusCode === 200) await db().updateTable('cases').set(snapshot).where('Id', '=', id).execute();
          else expect([403, 404, 409]).toContain(answer.statusCode);
        }
      }
      // The table is not empty by accident: someone may move every case on but a complete one, and not everyone may.
      if (state.name !== 'complete') expect(Object.values(offered).some((steps) => steps.length > 0)).toBe(true);
      expect(offered.investigator).toEqual([]);
      expect(offered.palmetto).toEqual([]);
    });
  }
});

describe('the case lock and the steps of a clerk on a case locked to another user', () => {
  it('answers why the case is read only and offers no Data Entry Complete; the refusal says the same', async () => {
    const id = await STATES[3].make();
    const read = (await call('dataentry', 'GET', `/api/cases/${id}`)).json() as Json;
    expect(read.LockedReason).toBe(T.lockedToOther('Casey Adams'));
    expect(read.Steps).toEqual([]);
    const refused = await step('dataentry', id, 'data-entry-complete');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().Message).toBe(T.lockedToOther('Casey Adams'));
    // The holder and a case administrator may change it; an administrator is not locked out.
    expect((await call('caseadmin', 'GET', `/api/cases/${id}`)).json()).toMatchObject({ LockedReason: null, Steps: ['dataEntryComplete', 'hold', 'discontinue'] });
    expect((await call('sysadmin', 'GET', `/api/cases/${id}`)).json().LockedReason).toBeNull();
    // Editing the case is refused with the same reason.
    const save = await call('dataentry', 'PUT', `/api/cases/${id}`, { ...read, Notes: 'by the clerk' });
    expect(save.statusCode).toBe(409);
    expect(save.json().Message).toBe(read.LockedReason);
  });

  it('names a held case\'s holder, and an inactive case\'s rule for users without Edit Inactive Cases', async () => {
    const held = await STATES[4].make();
    expect((await call('reviewer', 'GET', `/api/cases/${held}`)).json().LockedReason).toBe(T.heldByOther('Dana Ellis'));
    // The clerk holds it: the lock is theirs, and the case is inactive for them.
    expect((await call('dataentry', 'GET', `/api/cases/${held}`)).json().LockedReason).toBe(T.inactive);
    const discontinued = await STATES[7].make();
    expect((await call('reviewer', 'GET', `/api/cases/${discontinued}`)).json()).toMatchObject({ LockedReason: T.inactive, Steps: [] });
    expect((await call('caseadmin', 'GET', `/api/cases/${discontinued}`)).json()).toMatchObject({ LockedReason: null, Steps: ['resume'] });
    // A client reads a case it may not change but is not locked: no reason beyond its permissions, no steps.
    expect((await call('client', 'GET', `/api/cases/${held}`)).json()).toMatchObject({ LockedReason: T.heldByOther('Dana Ellis'), Steps: [] });
  });

  it('answers each row of the cases list with its LockedReason', async () => {
    const id = await STATES[3].make();
    const number = (await call('caseadmin', 'GET', `/api/cases/${id}`)).json().CaseNumber as string;
    const search = (who: Role) => call(who, 'POST', '/api/cases/search', { page: 0, pageSize: 20, sorted: [], filtered: [{ id: 'CaseNumber', value: number }], additional: {} });
    const rowOf = async (who: Role) => ((await search(who)).json().cases as Json[]).find((c) => c.Id === id);
    expect(await rowOf('dataentry')).toMatchObject({ LockedReason: T.lockedToOther('Casey Adams') });
    expect(await rowOf('caseadmin')).toMatchObject({ LockedReason: null });
  });

  it('refuses a discontinue of a case held by another user, as every other step', async () => {
    const id = await STATES[2].make();
    // A manager allowed to discontinue cases, who is no case administrator.
    const group = await db().selectFrom('groups').select('Id').where('Name', '=', 'Managers').executeTakeFirstOrThrow();
    const role = await db().selectFrom('roles').select('Id').where('Name', '=', Permissions.Cases.DISCONTINUE_CASE).executeTakeFirst();
    expect(role, 'the Discontinue Case role').toBeDefined();
    await db().insertInto('group_roles').values({ Group_Id: group.Id, Role_Id: role!.Id }).execute();
    try {
      tokens.manager = await t.signIn('manager');
      expect((await call('manager', 'GET', `/api/cases/${id}`)).json().Steps).toEqual([]);
      const refused = await step('manager', id, 'discontinue');
      expect(refused.statusCode).toBe(409);
      expect(refused.json().Message).toBe(T.lockedToOther('Dana Ellis'));
      const open = await STATES[5].make();
      expect((await call('manager', 'GET', `/api/cases/${open}`)).json().Steps).toEqual(['discontinue']);
    } finally {
      await db().deleteFrom('group_roles').where('Group_Id', '=', group.Id).where('Role_Id', '=', role!.Id).execute();
      tokens.manager = await t.signIn('manager');
    }
  });
});
