import type { UserLock } from '../../schemas/types.js';
import { Limits } from '../../shared/constants.js';
import { Texts } from '../../shared/texts/index.js';
import { ValidationError } from '../http/errors.js';

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})/;

/** 'YYYY-MM-DD' of an instant, in UTC. */
export const utcDay = (instant: Date) => instant.toISOString().slice(0, 10);

/** The earliest calendar day still in progress somewhere on earth at `now`: the day at UTC−12. */
const earliestToday = (now: Date) => utcDay(new Date(now.getTime() - 12 * 3_600_000));

/**
 * When a deactivation ends. Forever, or no date, deactivates for LOCK_FOREVER_SET_YEARS (shown as "Forever").
 * A date counts by its calendar day — the date part of the text, so a date picker's local midnight sent as an ISO
 * instant keeps its day — and the account stays deactivated through the end of that day (UTC). A day before today
 * is refused with the field's ModelState; today is the user's, in whatever time zone: any day still in progress
 * somewhere on earth (the day at UTC−12 onwards) is taken, so an evening in the Americas may choose its own date.
 */
export function lockoutEnd(request: UserLock, now: Date): Date {
  const text = request.LockUntil?.trim();
  if (request.LockForever || !text) {
    const end = new Date(now);
    end.setUTCFullYear(end.getUTCFullYear() + Limits.LOCK_FOREVER_SET_YEARS);
    return end;
  }
  const match = DAY_PATTERN.exec(text);
  const day = match ? `${match[1]}-${match[2]}-${match[3]}` : '';
  const end = new Date(`${day}T23:59:59.999Z`);
  if (!match || Number.isNaN(end.getTime()) || utcDay(end) !== day) {
    throw ValidationError.field('LockUntil', Texts.identity.users.lockDateInvalid);
  }
  if (day < earliestToday(now)) throw ValidationError.field('LockUntil', Texts.identity.users.lockDateInPast);
  return end;
}
