import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Repairs the case-number counters that the old numbering left behind the stored numbers. It read the digits of
 * `DOS-2026-000101` with the regular-expression form of `substring` (an offset sent as text), so a year's counter
 * could start at 11 beside cases numbered 101…148 and run into them. Each counter moves to at least the highest
 * number stored for its year; server/cases/caseNumbers.ts numbers from there.
 */
export async function repairCaseNumberCounters(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE case_number_counters AS counter SET "LastNumber" = greatest(counter."LastNumber", coalesce((
      SELECT max(substring(c."CaseNumber" from 10)::integer) FROM cases AS c
      WHERE c."CaseNumber" LIKE 'DOS-' || counter."Year"::text || '-%' AND substring(c."CaseNumber" from 10) ~ '^[0-9]{1,9}$'
    ), 0))`.execute(db);
}

export default { up: repairCaseNumberCounters } satisfies Migration;
