import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Texts } from '../../shared/texts/index.js';
import { startTestApp, type TestApp } from '../support/testApp.js';

/**
 * Read batches (POST /api/reads, issue 25 "pages that open in one round of requests"): the case and item pages send
 * the reads their parts ask for together. Each read answers exactly as its own GET would for the same caller — its
 * permission, org scope and audit — and a batch reads nothing its caller could not read one call at a time. Both
 * databases.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
let caseId: number;
let clientId: number;
let otherCaseId: number;

const batch = (who: string | null, paths: unknown, headers: Record<string, string> = {}) =>
  t.call(who ? tokens[who] : null, { method: 'POST', url: '/api/reads', payload: { Paths: paths }, headers });
const alone = (who: string, path: string) => t.call(tokens[who], { method: 'GET', url: path });

/** The reads the case page opens with, for a case of an org. */
const casePageReads = (id: number, client: number) => [
  `/api/cases/${id}?ssn=masked`,
  `/api/cases/${id}/CaseCustomParameters`,
  `/api/cases/${id}/items`,
  `/api/cases/${id}/attachments`,
  `/api/cases/${id}/messages`,
  `/api/orgs/${client}/case-types?onlyActive=true`,
  `/api/cases/requesting-official/${client}`,
  `/api/cases/assignees/${client}/data%20entry`,
  `/api/cases/assignees/${client}/reviewer`,
];

beforeAll(async () => {
  t = await startTestApp();
  for (const name of ['caseadmin', 'client', 'investigator']) tokens[name] = await t.signIn(name);
  // A case of the client user's org, and one outside it.
  const clientUser = await t.database.db.selectFrom('users').select('Org_Id').where('UserName', '=', 'client').executeTakeFirstOrThrow();
  const inScope = await t.database.db
    .selectFrom('cases')
    .select(['Id', 'Client_Id'])
    .where('Client_Id', '=', clientUser.Org_Id!)
    .where((eb) => eb.exists(eb.selectFrom('items').select('items.Id').whereRef('items.Case_Id', '=', 'cases.Id')))
    .orderBy('Id')
    .executeTakeFirstOrThrow();
  caseId = inScope.Id;
  clientId = inScope.Client_Id;
  const outside = await t.database.db.selectFrom('cases').select('Id').where('Client_Id', '!=', clientUser.Org_Id!).orderBy('Id').executeTakeFirstOrThrow();
  otherCaseId = outside.Id;
});
afterAll(() => t?.close());

describe('POST /api/reads', () => {
  it("answers each read of the case page with the status and body of its own GET, in the order asked", async () => {
    const paths = casePageReads(caseId, clientId);
    const response = await batch('caseadmin', paths);
    expect(response.statusCode).toBe(200);
    const { Answers } = response.json() as { Answers: { Path: string; Status: number; Body: unknown }[] };
    expect(Answers.map((a) => a.Path)).toEqual(paths);
    for (const [index, path] of paths.entries()) {
      const own = await alone('caseadmin', path);
      expect(Answers[index].Status, path).toBe(own.statusCode);
      expect(Answers[index].Body, path).toEqual(own.json());
    }
    expect(Answers.every((a) => a.Status === 200)).toBe(true);
    expect((Answers[2].Body as unknown[]).length).toBeGreaterThan(0);
  });

  it("answers a read the caller may not make as it would alone: 403 without the permission, 404 outside the caller's orgs", async () => {
    const paths = [`/api/cases/${caseId}?ssn=masked`, `/api/cases/${caseId}/items`, `/api/cases/${otherCaseId}?ssn=masked`, `/api/cases/${otherCaseId}/messages`, '/api/identity/groups'];
    const response = await batch('client', paths);
    expect(response.statusCode).toBe(200);
    const answers = (response.json() as { Answers: { Status: number; Body: { Message?: string } }[] }).Answers;
    for (const [index, path] of paths.entries()) {
      const own = await alone('client', path);
      expect(answers[index].Status, path).toBe(own.statusCode);
      expect(answers[index].Body, path).toEqual(own.json());
    }
    expect(answers[0].Status).toBe(200);
    expect(answers.slice(1).map((a) => a.Status)).toEqual([403, 404, 404, 403]);
    expect(answers[1].Body.Message).toBe(Texts.global.noRoutePermission);
  });

  it('audits a whole SSN read in a batch as it audits one read alone, with where it came from', async () => {
    const auditOf = () =>
      t.database.db.selectFrom('audit_log').selectAll().where('Entity', '=', 'cases').where('Entity_Id', '=', String(caseId)).where('Action', '=', 'reveal-ssn').orderBy('Id', 'desc').execute();
    const before = (await auditOf()).length;
    const response = await batch('caseadmin', [`/api/cases/${caseId}/subject/ssn`], { 'user-agent': 'Batch test' });
    expect(response.statusCode).toBe(200);
    const [answer] = (response.json() as { Answers: { Status: number; Body: { SSN: string } }[] }).Answers;
    expect(answer.Status).toBe(200);
    expect(answer.Body.SSN).toMatch(/^\d{9}$/);
    const entries = await auditOf();
    expect(entries.length).toBe(before + 1);
    expect(JSON.stringify(entries[0])).toContain('Batch test');
  });

  it('refuses, in its place, an address that is not a JSON read (a file, the live stream); a batch is no read', async () => {
    const paths = [`/api/cases/${caseId}/report`, '/api/live/events', '/api/reads', `/api/cases/${caseId}/items`, '/api/no-such-read'];
    const response = await batch('caseadmin', paths);
    expect(response.statusCode).toBe(200);
    const answers = (response.json() as { Answers: { Status: number; Body: { Message?: string } }[] }).Answers;
    expect(answers.map((a) => a.Status)).toEqual([400, 400, 404, 200, 404]);
    for (const refused of answers.slice(0, 2)) expect(refused.Body.Message).toBe(Texts.global.readNotBatchable);
  });

  it('is refused without a session, and a body that is not a list of API reads is a 400 with ModelState', async () => {
    const anonymous = await batch(null, [`/api/cases/${caseId}`]);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().Message).toBe(Texts.global.sessionExpired);
    for (const paths of [[], Array.from({ length: 21 }, () => '/api/types'), ['/oauth/token'], ['https://example.com/api/types'], 'api/types', [7]]) {
      const response = await batch('caseadmin', paths);
      expect(response.statusCode, JSON.stringify(paths)).toBe(400);
      expect(response.json().ModelState, JSON.stringify(paths)).toBeTruthy();
    }
  });

  it('ends with the session: after sign-out a batch answers 401 like every read', async () => {
    const token = await t.signIn('investigator');
    expect((await t.call(token, { method: 'POST', url: '/api/user/logout' })).statusCode).toBe(204);
    const response = await t.call(token, { method: 'POST', url: '/api/reads', payload: { Paths: ['/api/types'] } });
    expect(response.statusCode).toBe(401);
  });
});
