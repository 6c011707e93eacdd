import { describe, expect, it } from 'vitest';
import {
  activeRule,
  addDays,
  dueDate,
  federalHolidays,
  isActive,
  isBusinessDay,
  isFederalHoliday,
  observedHolidays,
  toDateOnly,
  type DeadlineRule,
} from '../../shared/deadlines.js';

/** [name, actual date, observed date] */
const table = (year: number) => federalHolidays(year).map((h) => [h.name, h.date, h.observed]);

describe('federal holidays', () => {
  it('lists the holidays of 2025 with their observed dates', () => {
    expect(table(2025)).toEqual([
      ["New Year's Day", '2025-01-01', '2025-01-01'], // Wed
      ['Martin Luther King Jr. Day', '2025-01-20', '2025-01-20'], // 3rd Mon of January
      ["Washington's Birthday", '2025-02-17', '2025-02-17'], // 3rd Mon of February
      ['Memorial Day', '2025-05-26', '2025-05-26'], // last Mon of May
      ['Juneteenth National Independence Day', '2025-06-19', '2025-06-19'], // Thu
      ['Independence Day', '2025-07-04', '2025-07-04'], // Fri
      ['Labor Day', '2025-09-01', '2025-09-01'], // 1st Mon of September
      ['Columbus Day', '2025-10-13', '2025-10-13'], // 2nd Mon of October
      ['Veterans Day', '2025-11-11', '2025-11-11'], // Tue
      ['Thanksgiving Day', '2025-11-27', '2025-11-27'], // 4th Thu of November
      ['Christmas Day', '2025-12-25', '2025-12-25'], // Thu
    ]);
  });

  it('lists the holidays of 2026 with their observed dates', () => {
    expect(table(2026)).toEqual([
      ["New Year's Day", '2026-01-01', '2026-01-01'], // Thu
      ['Martin Luther King Jr. Day', '2026-01-19', '2026-01-19'],
      ["Washington's Birthday", '2026-02-16', '2026-02-16'],
      ['Memorial Day', '2026-05-25', '2026-05-25'],
      ['Juneteenth National Independence Day', '2026-06-19', '2026-06-19'], // Fri
      ['Independence Day', '2026-07-04', '2026-07-03'], // Sat → observed Fri
      ['Labor Day', '2026-09-07', '2026-09-07'],
      ['Columbus Day', '2026-10-12', '2026-10-12'],
      ['Veterans Day', '2026-11-11', '2026-11-11'], // Wed
      ['Thanksgiving Day', '2026-11-26', '2026-11-26'],
      ['Christmas Day', '2026-12-25', '2026-12-25'], // Fri
    ]);
  });

  it('moves Saturday holidays to the Friday before and Sunday holidays to the Monday after (2027, 2028)', () => {
    const observed = (year: number, name: string) => federalHolidays(year).find((h) => h.name === name)?.observed;
    expect(observed(2027, 'Juneteenth National Independence Day')).toBe('2027-06-18'); // Sat Jun 19 → Fri
    expect(observed(2027, 'Independence Day')).toBe('2027-07-05'); // Sun Jul 4 → Mon
    expect(observed(2027, 'Christmas Day')).toBe('2027-12-24'); // Sat Dec 25 → Fri
    expect(observed(2028, "New Year's Day")).toBe('2027-12-31'); // Sat Jan 1 2028 → Fri Dec 31 2027
    expect(observed(2028, 'Veterans Day')).toBe('2028-11-10'); // Sat Nov 11 → Fri
  });

  it('has no Juneteenth before 2021', () => {
    expect(federalHolidays(2020).map((h) => h.name)).not.toContain('Juneteenth National Independence Day');
    expect(federalHolidays(2020)).toHaveLength(10);
    expect(federalHolidays(2021).find((h) => h.name.startsWith('Juneteenth'))?.observed).toBe('2021-06-18'); // Sat → Fri
  });

  it('counts the observed days by the calendar year they fall in', () => {
    const y2027 = observedHolidays(2027);
    expect(y2027).toHaveLength(12); // 11 of its own plus New Year's Day 2028 seen on Fri Dec 31 2027
    expect(y2027[0]).toBe('2027-01-01'); // Fri
    expect(y2027.at(-1)).toBe('2027-12-31');
    const y2028 = observedHolidays(2028);
    expect(y2028).toHaveLength(10); // its New Year's Day was observed in 2027
    expect(y2028[0]).toBe('2028-01-17'); // MLK Day, 3rd Mon of January
  });

  it('tells observed holidays apart from the actual weekend dates', () => {
    expect(isFederalHoliday('2026-07-03')).toBe(true); // Fri, observed Independence Day
    expect(isFederalHoliday('2026-07-04')).toBe(false); // Sat, the actual date: a weekend day, not a closure day
    expect(isFederalHoliday('2027-12-31')).toBe(true); // Fri, observed New Year's Day 2028
    expect(isFederalHoliday('2026-12-31')).toBe(false); // Thu
  });
});

describe('isBusinessDay', () => {
  it('excludes weekends and observed holidays', () => {
    expect(isBusinessDay('2026-03-06')).toBe(true); // Fri
    expect(isBusinessDay('2026-03-07')).toBe(false); // Sat
    expect(isBusinessDay('2026-03-08')).toBe(false); // Sun
    expect(isBusinessDay('2026-03-09')).toBe(true); // Mon
    expect(isBusinessDay('2026-11-26')).toBe(false); // Thu, Thanksgiving
    expect(isBusinessDay('2026-11-27')).toBe(true); // Fri after Thanksgiving is a business day
    expect(isBusinessDay('2026-07-03')).toBe(false); // Fri, Independence Day observed
    expect(isBusinessDay('2027-12-31')).toBe(false); // Fri, New Year's Day 2028 observed
    expect(isBusinessDay('2027-07-05')).toBe(false); // Mon, Independence Day observed
  });

  it('reads a Date by its UTC calendar day', () => {
    expect(isBusinessDay(new Date('2026-11-26T23:59:59Z'))).toBe(false); // Thanksgiving in UTC
    expect(isBusinessDay(new Date('2026-11-26T20:00:00-05:00'))).toBe(true); // = Fri 2026-11-27T01:00Z
  });
});

describe('addDays', () => {
  it('returns the start unchanged for 0 days in both modes, even on a weekend or holiday', () => {
    expect(addDays('2026-03-07', 0)).toBe('2026-03-07'); // Sat
    expect(addDays('2026-03-07', 0, true)).toBe('2026-03-07');
    expect(addDays('2026-11-26', 0, true)).toBe('2026-11-26'); // Thanksgiving
  });

  it('counts business days across a weekend', () => {
    expect(addDays('2026-03-06', 1, true)).toBe('2026-03-09'); // Fri → Mon
    expect(addDays('2026-03-06', 5, true)).toBe('2026-03-13'); // Fri → next Fri
    expect(addDays('2026-03-07', 1, true)).toBe('2026-03-09'); // Sat → Mon: the start is not counted
    expect(addDays('2026-03-08', 1, true)).toBe('2026-03-09'); // Sun → Mon
  });

  it('skips a federal holiday', () => {
    // Wed Nov 25 2026; Thu 26 is Thanksgiving; Fri 27 is day 1; Sat, Sun skipped; Mon 30 is day 2.
    expect(addDays('2026-11-25', 1, true)).toBe('2026-11-27');
    expect(addDays('2026-11-25', 2, true)).toBe('2026-11-30');
    expect(addDays('2026-11-26', 1, true)).toBe('2026-11-27'); // from the holiday itself
    // Thu Jul 2 2026; Fri Jul 3 is Independence Day observed → Mon Jul 6.
    expect(addDays('2026-07-02', 1, true)).toBe('2026-07-06');
    // Thu Jun 17 2027; Fri Jun 18 is Juneteenth observed → Mon Jun 21.
    expect(addDays('2027-06-17', 1, true)).toBe('2027-06-21');
  });

  it('skips New Year observed on the Friday before', () => {
    // Thu Dec 30 2027; Fri Dec 31 is New Year's Day 2028 observed; Sat Jan 1, Sun Jan 2 → Mon Jan 3 2028.
    expect(addDays('2027-12-30', 1, true)).toBe('2028-01-03');
    // Thu Dec 23 2027; Fri Dec 24 is Christmas observed → Mon Dec 27.
    expect(addDays('2027-12-23', 1, true)).toBe('2027-12-27');
    // Thu Dec 31 2026; Fri Jan 1 2027 is New Year's Day → Mon Jan 4 2027.
    expect(addDays('2026-12-31', 1, true)).toBe('2027-01-04');
  });

  it('counts business days over a leap day', () => {
    expect(addDays('2028-02-28', 1, true)).toBe('2028-02-29'); // Mon → Tue Feb 29
  });

  it('counts calendar days across month and year ends and leap days', () => {
    expect(addDays('2026-01-30', 30)).toBe('2026-03-01'); // 2026 has no Feb 29
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2025-12-20', 15)).toBe('2026-01-04');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2028-02-28', 2)).toBe('2028-03-01');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2028-02-29', 365)).toBe('2029-02-28');
    expect(addDays('2028-02-29', 366)).toBe('2029-03-01');
    expect(addDays('2026-03-07', 1, false)).toBe('2026-03-08'); // calendar mode counts weekends: Sat → Sun
    expect(addDays('2026-11-25', 1, false)).toBe('2026-11-26'); // and holidays: Wed → Thanksgiving
  });

  it('rejects negative or fractional counts and malformed dates', () => {
    expect(() => addDays('2026-03-02', -1)).toThrow(RangeError);
    expect(() => addDays('2026-03-02', 1.5, true)).toThrow(RangeError);
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
    expect(() => addDays('03/02/2026', 1)).toThrow(RangeError);
    expect(() => addDays(new Date('nope'), 1)).toThrow(RangeError);
  });

  it('gives the same answers in any process time zone', () => {
    const saved = process.env.TZ;
    try {
      for (const tz of ['UTC', 'America/Los_Angeles', 'Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
        process.env.TZ = tz;
        expect(addDays('2027-12-30', 1, true)).toBe('2028-01-03');
        expect(addDays('2028-02-28', 2)).toBe('2028-03-01');
        expect(toDateOnly(new Date('2026-03-02T23:30:00Z'))).toBe('2026-03-02');
        expect(isBusinessDay('2026-07-03')).toBe(false);
      }
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    }
  });
});

describe('dueDate', () => {
  const start = { receivedDate: '2026-03-02', dataEntryCompleteDate: '2026-03-05' }; // Mon, Thu

  it('counts from the received date when StartOnFull is false', () => {
    expect(dueDate({ DaysFromPending: 10, IsBusinessDays: false, StartOnFull: false }, start)).toBe('2026-03-12');
    expect(dueDate({ DaysFromPending: 5, IsBusinessDays: true, StartOnFull: false }, start)).toBe('2026-03-09'); // Mon → Mon
  });

  it('counts from the data-entry-complete date when StartOnFull is true', () => {
    expect(dueDate({ DaysFromPending: 10, IsBusinessDays: false, StartOnFull: true }, start)).toBe('2026-03-15');
    expect(dueDate({ DaysFromPending: 5, IsBusinessDays: true, StartOnFull: true }, start)).toBe('2026-03-12'); // Thu → Thu
    // Tue Nov 24 2026 + 5 business days: Wed 25, (Thanksgiving), Fri 27, Mon 30, Tue Dec 1, Wed Dec 2.
    const rule: DeadlineRule = {
      DaysFromPending: 5,
      IsBusinessDays: true,
      StartOnFull: true,
      IsACD: true,
      ActiveFrom: null,
      ActiveTo: null,
    };
    expect(dueDate(rule, { receivedDate: '2026-11-20', dataEntryCompleteDate: '2026-11-24' })).toBe('2026-12-02');
  });

  it('answers null when the date the rule starts from is missing, without falling back to the other', () => {
    const full = { DaysFromPending: 3, IsBusinessDays: true, StartOnFull: true };
    const received = { DaysFromPending: 3, IsBusinessDays: true, StartOnFull: false };
    expect(dueDate(full, { receivedDate: '2026-03-02', dataEntryCompleteDate: null })).toBeNull();
    expect(dueDate(full, { receivedDate: '2026-03-02' })).toBeNull();
    expect(dueDate(received, { receivedDate: null, dataEntryCompleteDate: '2026-03-05' })).toBeNull();
    expect(dueDate(received, {})).toBeNull();
  });

  it('accepts Date inputs by their UTC day', () => {
    const rule = { DaysFromPending: 1, IsBusinessDays: true, StartOnFull: true };
    // Data entry completed Wed 2026-11-25 at 22:00 in New York = Thu 2026-11-26T03:00Z (Thanksgiving) → Fri Nov 27.
    expect(dueDate(rule, { dataEntryCompleteDate: new Date('2026-11-25T22:00:00-05:00') })).toBe('2026-11-27');
    expect(dueDate(rule, { dataEntryCompleteDate: new Date('2026-11-25T12:00:00Z') })).toBe('2026-11-27');
  });
});

describe('isActive and activeRule', () => {
  const q1 = { ActiveFrom: '2026-01-01', ActiveTo: '2026-03-31' };

  it('includes the first and last active day', () => {
    expect(isActive(q1, '2025-12-31')).toBe(false); // day before
    expect(isActive(q1, '2026-01-01')).toBe(true); // first day
    expect(isActive(q1, '2026-03-31')).toBe(true); // last day
    expect(isActive(q1, '2026-04-01')).toBe(false); // day after
  });

  it('allows open ends', () => {
    expect(isActive({ ActiveFrom: null, ActiveTo: null }, '1999-01-01')).toBe(true);
    expect(isActive({}, '2099-12-31')).toBe(true);
    expect(isActive({ ActiveFrom: '', ActiveTo: '' }, '2026-06-01')).toBe(true);
    expect(isActive({ ActiveFrom: null, ActiveTo: '2026-03-31' }, '1900-01-01')).toBe(true);
    expect(isActive({ ActiveFrom: null, ActiveTo: '2026-03-31' }, '2026-04-01')).toBe(false);
    expect(isActive({ ActiveFrom: '2026-01-01', ActiveTo: null }, '2025-12-31')).toBe(false);
    expect(isActive({ ActiveFrom: '2026-01-01', ActiveTo: null }, '2999-01-01')).toBe(true);
  });

  it('reads a Date on-date by its UTC day', () => {
    expect(isActive(q1, new Date('2026-03-31T23:59:59Z'))).toBe(true);
    expect(isActive(q1, new Date('2026-04-01T00:00:00Z'))).toBe(false);
  });

  it('picks the active rule at the boundaries, and null when none is active', () => {
    const rules = [{ id: 'q1', ...q1 }];
    expect(activeRule(rules, '2025-12-31')).toBeNull();
    expect(activeRule(rules, '2026-01-01')?.id).toBe('q1');
    expect(activeRule(rules, '2026-03-31')?.id).toBe('q1');
    expect(activeRule(rules, '2026-04-01')).toBeNull();
    expect(activeRule([], '2026-01-01')).toBeNull();
  });

  it('prefers the latest ActiveFrom among overlapping rules, an open start counting as earliest', () => {
    const rules = [
      { id: 'always', ActiveFrom: null, ActiveTo: null },
      { id: 'march', ActiveFrom: '2026-03-01', ActiveTo: '2026-03-31' },
      { id: 'from2026', ActiveFrom: '2026-01-01', ActiveTo: null },
    ];
    expect(activeRule(rules, '2025-06-01')?.id).toBe('always');
    expect(activeRule(rules, '2026-01-01')?.id).toBe('from2026');
    expect(activeRule(rules, '2026-02-28')?.id).toBe('from2026');
    expect(activeRule(rules, '2026-03-01')?.id).toBe('march');
    expect(activeRule(rules, '2026-03-31')?.id).toBe('march');
    expect(activeRule(rules, '2026-04-01')?.id).toBe('from2026');
  });

  it('keeps the first listed rule when two active rules start on the same day', () => {
    const rules = [
      { id: 'first', ActiveFrom: '2026-01-01', ActiveTo: '2026-12-31' },
      { id: 'second', ActiveFrom: '2026-01-01', ActiveTo: null },
    ];
    expect(activeRule(rules, '2026-06-01')?.id).toBe('first');
    expect(activeRule(rules, '2027-01-01')?.id).toBe('second');
  });

  it('returns the rule object itself, typed as the input', () => {
    const rule: DeadlineRule = {
      DaysFromPending: 30,
      IsBusinessDays: false,
      StartOnFull: false,
      IsACD: false,
      ActiveFrom: '2026-01-01',
      ActiveTo: null,
    };
    const found = activeRule([rule], '2026-05-05');
    expect(found).toBe(rule);
    expect(found && dueDate(found, { receivedDate: '2026-05-05' })).toBe('2026-06-04');
  });
});
