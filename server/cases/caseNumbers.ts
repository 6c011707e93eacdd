import { sql } from 'kysely';
import type { Database } from '../db/database.js';

/** The case number format: DOS-{year}-{six digits}, numbered per year. */
export const caseNumberOf = (year: number, n: number) => `DOS-${year}-${String(n).padStart(6, '0')}`;

/**
 * The next case number of the year, inside the create's transaction. One upsert on the year's counter row: the row
 * lock it takes makes concurrent creates wait for each other, so no two cases share a number. The first number of
 * a year continues after any case already numbered in it (cases from before the counter existed, the demo seed).
 */
export async function nextCaseNumber(db: Database, now: Date): Promise<string> {
  const year = now.getUTCFullYear();
  const prefix = `DOS-${year}-`;
  const { rows } = await sql<{ LastNumber: number }>`
    INSERT INTO case_number_counters ("Year", "LastNumber")
    VALUES (${year}, (SELECT coalesce(max(substring("CaseNumber" from ${prefix.length + 1})::integer), 0) + 1
                      FROM cases WHERE "CaseNumber" LIKE ${`${prefix}%`} AND substring("CaseNumber" from ${prefix.length + 1}) ~ '^[0-9]+$'))
    ON CONFLICT ("Year") DO UPDATE SET "LastNumber" = case_number_counters."LastNumber" + 1
    RETURNING "LastNumber"`.execute(db);
  return caseNumberOf(year, rows[0].LastNumber);
}
