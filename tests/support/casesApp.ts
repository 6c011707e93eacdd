import { afterAll, beforeAll, expect } from 'vitest';
import { startTestApp, type TestApp } from './testApp.js';
import { addPaper as addPaperAs } from './casePapers.js';
import { caseModel } from './caseModel.js';

export type Json = Record<string, unknown>;

/** The subject a new case of the cases tests has, unless a test gives its own. */
export const SUBJECT = { FirstName: 'Jordan', MiddleName: null, LastName: 'Whitfield', SSN: '4821' };

/**
 * The app of a cases test file, started before its tests and closed after them (`started` is handed it): the demo's
 * staff signed in by user name (and `otherClient`, a client user of another client org, Palmetto Regional Authority),
 * the orgs by code and the users by user name; and the calls the tests make with them.
 */
export function casesApp(started?: (app: TestApp) => void) {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const org = new Map<string, number>();
  const user = new Map<string, number>();
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await startTestApp();
    started?.(t);
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

  return { tokens, org, user, db, call, newCase, create, save, step, addPaper };
}
