import { expect } from 'vitest';
import type { TestApp } from './testApp.js';
import { addPaper } from './casePapers.js';

/** What a new case needs that varies between tests: its subject (unique per test), and optionally its org and requesting official. */
export interface ReadyCaseOptions {
  lastName: string;
  ssn: string;
  firstName?: string;
  /** The org's code (default DOC). */
  org?: string;
  /** The requesting official's user id (default the demo client user). */
  requestingOfficialId?: number;
  /** The case type's short code (default T3, whose template adds five items). */
  caseType?: string;
}

/**
 * A case created by the case administrator, with a paper, started and completed by the data-entry clerk: it waits
 * for assignment with its case template's Auto Add items, whose ids come back in the case's order. `tokens` holds
 * the signed-in caseadmin and dataentry.
 */
export async function caseAwaitingAssignment(t: TestApp, tokens: Record<string, string>, options: ReadyCaseOptions): Promise<{ caseId: number; items: number[] }> {
  const db = t.database.db;
  const org = await db.selectFrom('orgs').select('Id').where('Code', '=', options.org ?? 'DOC').executeTakeFirstOrThrow();
  const people = new Map((await db.selectFrom('users').select(['Id', 'UserName']).where('UserName', 'in', ['client', 'dataentry']).execute()).map((u) => [u.UserName, u.Id]));
  const created = await t.call(tokens.caseadmin, {
    method: 'POST',
    url: '/api/cases',
    payload: {
      RequestingOfficial_Id: options.requestingOfficialId ?? people.get('client'),
      Client_Id: org.Id,
      CaseType_Id: t.lookup('CaseType', options.caseType ?? 'T3'),
      Notes: null,
      CaseSubject: { FirstName: options.firstName ?? 'Item', MiddleName: null, LastName: options.lastName, SSN: options.ssn },
    },
  });
  expect(created.statusCode, created.body).toBe(200);
  const caseId = Number(created.json().Id);
  await addPaper(db, caseId, people.get('dataentry')!, t.clock.now());
  for (const step of ['start-data-entry', 'data-entry-complete']) {
    const answer = await t.call(tokens.dataentry, { method: 'PUT', url: `/api/cases/${caseId}/${step}` });
    expect(answer.statusCode, answer.body).toBe(200);
  }
  const items = await db.selectFrom('items').select('Id').where('Case_Id', '=', caseId).orderBy('DisplayOrder').execute();
  return { caseId, items: items.map((i) => i.Id) };
}
