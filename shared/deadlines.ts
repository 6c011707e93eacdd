/**
 * Deadlines: US federal holidays, business days, due dates from an org's deadline rules (CDs and ACDs) and the
 * active range of a rule.
 *
 * Every date here is a calendar day without a time zone. The API speaks 'YYYY-MM-DD' strings; a Date is accepted
 * as input and read by its UTC calendar day. All arithmetic is done on whole UTC days, so a server in any time zone
 * and a browser give the same answers.
 */

/** A calendar day as 'YYYY-MM-DD'. */
export type DateOnly = string;

/** A calendar day as 'YYYY-MM-DD', or a Date read by its UTC calendar day. */
export type DateInput = DateOnly | Date;

/** An active range; a null (or missing or empty) end is open. Both ends are inclusive. */
export interface ActiveRange {
  ActiveFrom?: DateInput | null;
  ActiveTo?: DateInput | null;
}

/** An org deadline rule: a CD (case level, IsACD false) or an ACD (item-template level, IsACD true). */
export interface DeadlineRule extends ActiveRange {
  /** Days to add to the start date, an integer ≥ 0. */
  DaysFromPending: number;
  /** Count business days (true) or calendar days (false). */
  IsBusinessDays: boolean;
  /** Start counting when data entry was completed (true) or on the case's received date (false). */
  StartOnFull: boolean;
  IsACD?: boolean;
}

/** The fields of a rule that decide a due date. */
export type DueDateRule = Pick<DeadlineRule, 'DaysFromPending' | 'IsBusinessDays' | 'StartOnFull'>;

/** The start dates a due date may count from; null or missing when not (yet) known. */
export interface DeadlineStart {
  /** The day the case was received. */
  receivedDate?: DateInput | null;
  /** The day data entry of the case was completed. */
  dataEntryCompleteDate?: DateInput | null;
}

/** A federal holiday of a year: its actual date and the day it is observed on (may fall in the year before). */
export interface FederalHoliday {
  name: string;
  date: DateOnly;
  observed: DateOnly;
}

// ---- calendar days as integers -----------------------------------------------------------------------------------

const MS_PER_DAY = 86_400_000;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a UTC calendar day (month 1–12). Years 0–99 are taken literally, not as 19xx. */
function dayNumber(year: number, month: number, day: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return Math.floor(date.getTime() / MS_PER_DAY);
}

function fromDayNumber(n: number): { year: number; month: number; day: number } {
  const date = new Date(n * MS_PER_DAY);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

function format(n: number): DateOnly {
  const { year, month, day } = fromDayNumber(n);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** 0 = Sunday … 6 = Saturday. 1970-01-01 was a Thursday. */
function weekday(n: number): number {
  return (((n + 4) % 7) + 7) % 7;
}

function parse(value: DateInput): number {
  if (value instanceof Date) {
    const time = value.getTime();
    if (Number.isNaN(time)) throw new RangeError('Invalid Date');
    return Math.floor(time / MS_PER_DAY);
  }
  const match = typeof value === 'string' ? DATE_ONLY.exec(value) : null;
  if (match) {
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const n = dayNumber(year, month, day);
    const back = fromDayNumber(n);
    if (back.year === year && back.month === month && back.day === day) return n;
  }
  throw new RangeError(`Not a calendar day (YYYY-MM-DD): ${String(value)}`);
}

/** A date present in a nullable field: null, undefined and '' are absent. */
function present(value: DateInput | null | undefined): value is DateInput {
  return value !== null && value !== undefined && value !== '';
}

/** The calendar day of a date as 'YYYY-MM-DD' (a Date by its UTC day). Throws a RangeError on anything else. */
export function toDateOnly(value: DateInput): DateOnly {
  return format(parse(value));
}

// ---- federal holidays ---------------------------------------------------------------------------------------------

/** The nth (1-based) given weekday of a month, or the last one when nth is -1. */
function nthWeekday(year: number, month: number, wd: number, nth: number): number {
  if (nth === -1) {
    const last = dayNumber(year, month + 1, 0);
    return last - ((weekday(last) - wd + 7) % 7);
  }
  const first = dayNumber(year, month, 1);
  return first + ((wd - weekday(first) + 7) % 7) + (nth - 1) * 7;
}

/** Saturday → the Friday before, Sunday → the Monday after. */
function observedDay(n: number): number {
  const wd = weekday(n);
  return wd === 6 ? n - 1 : wd === 0 ? n + 1 : n;
}

const MON = 1;
const THU = 4;

function holidayDays(year: number): { name: string; date: number }[] {
  return [
    { name: "New Year's Day", date: dayNumber(year, 1, 1) },
    { name: 'Martin Luther King Jr. Day', date: nthWeekday(year, 1, MON, 3) },
    { name: "Washington's Birthday", date: nthWeekday(year, 2, MON, 3) },
    { name: 'Memorial Day', date: nthWeekday(year, 5, MON, -1) },
    ...(year >= 2021 ? [{ name: 'Juneteenth National Independence Day', date: dayNumber(year, 6, 19) }] : []),
    { name: 'Independence Day', date: dayNumber(year, 7, 4) },
    { name: 'Labor Day', date: nthWeekday(year, 9, MON, 1) },
    { name: 'Columbus Day', date: nthWeekday(year, 10, MON, 2) },
    { name: 'Veterans Day', date: dayNumber(year, 11, 11) },
    { name: 'Thanksgiving Day', date: nthWeekday(year, 11, THU, 4) },
    { name: 'Christmas Day', date: dayNumber(year, 12, 25) },
  ];
}

/**
 * The federal holidays of a year in date order, each with the day it is observed on. Juneteenth is included from
 * 2021 on. The current rules are applied to every year (no historical dates before the Monday holidays of 1971).
 * New Year's Day on a Saturday is observed on Friday December 31 of the year before: that observed day is listed
 * under its holiday's year, while isBusinessDay looks at both years.
 */
export function federalHolidays(year: number): FederalHoliday[] {
  if (!Number.isInteger(year)) throw new RangeError(`Not a year: ${year}`);
  return holidayDays(year).map((h) => ({ name: h.name, date: format(h.date), observed: format(observedDay(h.date)) }));
}

const observedCache = new Map<number, Set<number>>();

/** The observed holiday days falling in a calendar year (including next year's New Year's Day seen on Dec 31). */
function observedIn(year: number): Set<number> {
  let set = observedCache.get(year);
  if (!set) {
    const first = dayNumber(year, 1, 1);
    const last = dayNumber(year, 12, 31);
    set = new Set(
      [...holidayDays(year), ...holidayDays(year + 1)]
        .map((h) => observedDay(h.date))
        .filter((n) => n >= first && n <= last),
    );
    observedCache.set(year, set);
  }
  return set;
}

/**
 * The observed holiday days that fall in a calendar year, in order. Unlike federalHolidays(year) it includes next
 * year's New Year's Day when that is observed on Friday December 31, and leaves out this year's when that is.
 */
export function observedHolidays(year: number): DateOnly[] {
  if (!Number.isInteger(year)) throw new RangeError(`Not a year: ${year}`);
  return [...observedIn(year)].sort((a, b) => a - b).map(format);
}

function isHolidayDay(n: number): boolean {
  return observedIn(fromDayNumber(n).year).has(n);
}

/** Whether federal offices are closed for a holiday on this day (the observed day, not a weekend actual date). */
export function isFederalHoliday(date: DateInput): boolean {
  return isHolidayDay(parse(date));
}

function isBusinessDayNumber(n: number): boolean {
  const wd = weekday(n);
  return wd !== 0 && wd !== 6 && !isHolidayDay(n);
}

/** Not a Saturday, not a Sunday and not an observed federal holiday. */
export function isBusinessDay(date: DateInput): boolean {
  return isBusinessDayNumber(parse(date));
}

// ---- counting -----------------------------------------------------------------------------------------------------

/**
 * The day `days` calendar days after start, or with businessDays the `days`-th business day after start (start
 * itself is never counted, so it may be a weekend or holiday). 0 days returns start unchanged in both modes.
 * `days` must be an integer ≥ 0 (RangeError otherwise).
 */
export function addDays(start: DateInput, days: number, businessDays = false): DateOnly {
  if (!Number.isInteger(days) || days < 0) throw new RangeError(`Days must be an integer ≥ 0: ${days}`);
  let n = parse(start);
  if (!businessDays) return format(n + days);
  for (let left = days; left > 0; ) {
    n += 1;
    if (isBusinessDayNumber(n)) left -= 1;
  }
  return format(n);
}

/**
 * The due date a rule gives: from the data-entry-complete date when StartOnFull, otherwise from the received
 * date, add DaysFromPending in the rule's mode. Null when the date the rule starts from is missing (there is no
 * fallback to the other date).
 */
export function dueDate(rule: DueDateRule, start: DeadlineStart): DateOnly | null {
  const from = rule.StartOnFull ? start.dataEntryCompleteDate : start.receivedDate;
  if (!present(from)) return null;
  return addDays(from, rule.DaysFromPending, rule.IsBusinessDays);
}

// ---- active ranges -------------------------------------------------------------------------------------------------

/** Active when both ends are empty, or when the day lies inside the range, both ends inclusive. */
export function isActive(range: ActiveRange, onDate: DateInput): boolean {
  const day = parse(onDate);
  if (present(range.ActiveFrom) && day < parse(range.ActiveFrom)) return false;
  if (present(range.ActiveTo) && day > parse(range.ActiveTo)) return false;
  return true;
}

/**
 * The rule active on a day; when several are, the one with the latest ActiveFrom (an open start counts as the
 * earliest); on a tie, the first in the list. Null when none is active. The caller picks the candidates (org,
 * case type, CD or ACD, item template).
 */
export function activeRule<T extends ActiveRange>(rules: readonly T[], onDate: DateInput): T | null {
  let best: T | null = null;
  let bestFrom = -Infinity;
  for (const rule of rules) {
    if (!isActive(rule, onDate)) continue;
    const from = present(rule.ActiveFrom) ? parse(rule.ActiveFrom) : -Infinity;
    if (best === null || from > bestFrom) {
      best = rule;
      bestFrom = from;
    }
  }
  return best;
}
