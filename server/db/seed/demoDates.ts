/** The days and dates of the demo data: a case's history is laid out in days after it was received. */

export const DAY = 86_400_000;
export const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/** The furthest a case's history reaches after it was received, in days (completion: 20 to 35). */
const LONGEST_CASE_DAYS = 35;

/**
 * The moments of a case's history, `days` after it was received: as planned when the case was received long enough
 * ago, else the plan squeezed into the time since (up to nine tenths of it), so nothing lies after the seed's now —
 * a case received three days ago that completes "after 20 days" completes yesterday. Deadlines (due date, ACDs) keep
 * their plan: they look ahead.
 */
export function caseTimeline(received: Date, now: Date): (days: number) => Date {
  const scale = Math.min(1, (0.9 * (now.getTime() - received.getTime())) / (LONGEST_CASE_DAYS * DAY));
  return (days) => new Date(received.getTime() + days * DAY * scale);
}
