import { sql } from 'kysely';
import type { Database } from '../db/database.js';

/** The case number format: DOS-{year}-{six digits}, numbered per year. */
export const caseNumberOf = (year: number, n: number) => `DOS-${year}-${String(n).padStart(6, '0')}`;

const prefixOf = (year: number) => `DOS-${year}-`;

/**
 * The highest number already stored for the year, 0 when none: the digits after `DOS-{year}-` of every case
 * number of that form (an import's or the demo's numbers, given before the year's counter existed). The offset is
 * cast to integer on purpose: sent as a bare parameter, PostgreSQL reads `substring(x from $1)` as the
 * regular-expression form and `substring('DOS-2026-000101' from '10')` is `'10'`. At most nine digits count, so a
 * foreign number too long for an integer never breaks numbering.
 */
const highestStored = (year: number) => {
  const digitsFrom = prefixOf(year).length + 1;
  const digits = sql`substring("CaseNumber" from ${digitsFrom}::integer)`;
  return sql<number>`(SELECT coalesce(max(${digits}::integer), 0) FROM cases
    WHERE "CaseNumber" LIKE ${`${prefixOf(year)}%`} AND ${digits} ~ '^[0-9]{1,9}$')`;
};

/**
 * The next case number of the year, inside the create's transaction. One upsert on the year's counter row: the row
 * lock it takes makes concurrent creates wait for each other, so no two cases share a number. The first number of
 * a year continues after any case already numbered in it.
 *
 * A number already taken (a counter left behind by cases stored another way, e.g. an import after the counter
 * existed) is never handed out: the counter is moved past the highest stored number and numbering goes on from
 * there, so case intake cannot stop on a duplicate number.
 */
export async function nextCaseNumber(db: Database, now: Date): Promise<string> {
  const year = now.getUTCFullYear();
  const { rows } = await sql<{ LastNumber: number }>`
    INSERT INTO case_number_counters ("Year", "LastNumber") VALUES (${year}::integer, ${highestStored(year)} + 1)
    ON CONFLICT ("Year") DO UPDATE SET "LastNumber" = case_number_counters."LastNumber" + 1
    RETURNING "LastNumber"`.execute(db);
  const number = caseNumberOf(year, rows[0].LastNumber);
  if (!(await isTaken(db, number))) return number;
  const resynced = await sql<{ LastNumber: number }>`
    UPDATE case_number_counters SET "LastNumber" = greatest("LastNumber", ${highestStored(year)}) + 1
    WHERE "Year" = ${year}::integer RETURNING "LastNumber"`.execute(db);
  return caseNumberOf(year, resynced.rows[0].LastNumber);
}

/**
 * Inserts a new case under the next case number (`insert` gets the number and stores the row). Should the number
 * still collide (a case stored by another way between the check and the insert), the insert is undone to a savepoint
 * inside the create's transaction and tried again under the next number: a duplicate case number is our defect to
 * fix, never a "same value" refusal of the user's case.
 */
export async function insertNumbered<T>(db: Database, now: Date, insert: (caseNumber: string) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const caseNumber = await nextCaseNumber(db, now);
    await sql`SAVEPOINT case_number`.execute(db);
    try {
      const inserted = await insert(caseNumber);
      await sql`RELEASE SAVEPOINT case_number`.execute(db);
      return inserted;
    } catch (error) {
      await sql`ROLLBACK TO SAVEPOINT case_number`.execute(db);
      if (!isCaseNumberCollision(error)) throw error;
      // Our defect, not the user's input: a logged server error, never the "same value" refusal of a 23505.
      if (attempt >= MAX_NUMBERING_ATTEMPTS) throw new Error(`Case numbering collided ${attempt} times`, { cause: error });
    }
  }
}

const MAX_NUMBERING_ATTEMPTS = 5;

/** The unique index on case numbers refused a row. */
const isCaseNumberCollision = (error: unknown) =>
  (error as { code?: string }).code === '23505' && (error as { constraint?: string }).constraint === CASE_NUMBER_INDEX;

/** The unique index of case numbers (migration 004). */
const CASE_NUMBER_INDEX = 'cases_number';

const isTaken = async (db: Database, caseNumber: string) =>
  (await db.selectFrom('cases').select('Id').where('CaseNumber', '=', caseNumber).executeTakeFirst()) !== undefined;
