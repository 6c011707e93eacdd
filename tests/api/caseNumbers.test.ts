import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { caseNumberOf, insertNumbered } from '../../server/cases/caseNumbers.js';
import { repairCaseNumberCounters } from '../../server/db/migrations/018_case_number_counters.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/database.js';
import { startTestApp, type TestApp } from '../support/testApp.js';

/**
 * Case numbering (issue 21 §1): intake never stops, whatever numbers are stored. The demo firm's cases are numbered
 * DOS-{year}-000101…000148 before the year's counter row exists; an import can leave numbers the counter never gave.
 */
let t: TestApp;
let token: string;
let body: Record<string, unknown>;
const db = () => t.database.db;
const year = () => t.clock.now().getUTCFullYear();

beforeAll(async () => {
  t = await startTestApp();
  token = await t.signIn('caseadmin');
  const org = await db().selectFrom('orgs').select('Id').where('Code', '=', 'DOC').executeTakeFirstOrThrow();
  const client = await db().selectFrom('users').select('Id').where('UserName', '=', 'client').executeTakeFirstOrThrow();
  body = { RequestingOfficial_Id: client.Id, Client_Id: org.Id, CaseType_Id: t.lookup('CaseType', 'T1'), Notes: null };
});
afterAll(() => t.close());
beforeEach(async () => {
  await db().deleteFrom('case_number_counters').execute();
});

let subjects = 0;
async function createCase(): Promise<string> {
  const subject = { FirstName: 'Numbered', MiddleName: null, LastName: `Subject${++subjects}`, SSN: String(100000000 + subjects) };
  const response = await t.call(token, { method: 'POST', url: '/api/cases', payload: { ...body, CaseSubject: subject } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().CaseNumber as string;
}
const highestSeeded = async () => {
  const numbers = await db().selectFrom('cases').select('CaseNumber').where('CaseNumber', 'like', `DOS-${year()}-%`).execute();
  const suffixes = numbers.map((row) => row.CaseNumber.slice(`DOS-${year()}-`.length)).filter((digits) => /^[0-9]{1,9}$/.test(digits));
  return Math.max(...suffixes.map(Number));
};
/** A case stored without the API (an import): the same org and type, only its number matters here. */
async function storeCaseNumbered(caseNumber: string, into: Database = db()): Promise<void> {
  const template = await into.selectFrom('cases').selectAll().where('CaseNumber', 'like', `DOS-${year()}-%`).limit(1).executeTakeFirstOrThrow();
  const { Id: _id, ...row } = template;
  await into.insertInto('cases').values({ ...row, CaseNumber: caseNumber }).execute();
}

describe('case numbers', () => {
  it('continues after the highest seeded number when the year has no counter yet, one by one', async () => {
    const highest = await highestSeeded();
    expect(highest).toBeGreaterThanOrEqual(148);
    const numbers = [await createCase(), await createCase(), await createCase()];
    expect(numbers).toEqual([1, 2, 3].map((n) => caseNumberOf(year(), highest + n)));
  });

  it('reads a stored number containing the digits of its offset as the number it is', async () => {
    // `substring(x from '10')` is the regular-expression form: it would read DOS-{year}-001010 as 10.
    const highest = await highestSeeded();
    const tenfold = Math.ceil((highest + 1) / 1000) * 1000 + 1010;
    await storeCaseNumbered(caseNumberOf(year(), tenfold));
    expect(await createCase()).toBe(caseNumberOf(year(), tenfold + 1));
  });

  it('moves a counter that runs into a stored number past the highest one instead of refusing the case', async () => {
    const highest = await highestSeeded();
    await db().insertInto('case_number_counters').values({ Year: year(), LastNumber: highest - 1 }).execute();
    expect(await createCase()).toBe(caseNumberOf(year(), highest + 1));
    expect(await createCase()).toBe(caseNumberOf(year(), highest + 2));
    const counter = await db().selectFrom('case_number_counters').select('LastNumber').where('Year', '=', year()).executeTakeFirstOrThrow();
    expect(counter.LastNumber).toBe(highest + 2);
  });

  it('ignores stored numbers of another form or too long for a number', async () => {
    const highest = await highestSeeded();
    await storeCaseNumbered(`DOS-${year()}-IMPORT-7`);
    await storeCaseNumbered(`DOS-${year()}-1234567890123`);
    expect(await createCase()).toBe(caseNumberOf(year(), highest + 1));
  });

  it('tries the next number when the insert itself meets a taken one, inside the same transaction', async () => {
    const highest = await highestSeeded();
    const tried: string[] = [];
    const stored = await db().transaction().execute((trx) =>
      insertNumbered(trx, t.clock.now(), async (caseNumber) => {
        tried.push(caseNumber);
        // Another writer took this number between the check and the insert: the unique index refuses ours.
        if (tried.length === 1) {
          await storeCaseNumbered(caseNumber, trx);
          await storeCaseNumbered(caseNumber, trx);
        }
        return caseNumber;
      }),
    );
    expect(tried).toEqual([caseNumberOf(year(), highest + 1), caseNumberOf(year(), highest + 2)]);
    expect(stored).toBe(caseNumberOf(year(), highest + 2));
  });

  it('repairs, on migration, a counter left behind the stored numbers (the old substring defect)', async () => {
    const highest = await highestSeeded();
    await db().insertInto('case_number_counters').values([{ Year: year(), LastNumber: 11 }, { Year: year() + 1, LastNumber: 7 }]).execute();
    await repairCaseNumberCounters(db() as unknown as Kysely<unknown>);
    const counters = await db().selectFrom('case_number_counters').select(['Year', 'LastNumber']).orderBy('Year').execute();
    expect(counters).toEqual([{ Year: year(), LastNumber: highest }, { Year: year() + 1, LastNumber: 7 }]);
    expect(await createCase()).toBe(caseNumberOf(year(), highest + 1));
  });
});
