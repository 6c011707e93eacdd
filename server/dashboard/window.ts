import { ModelStateBuilder } from '../http/errors.js';
import { DashboardLimits } from '../../shared/constants.js';
import type { Window } from './figures.js';

/** Days as the dashboard counts them: YYYY-MM-DD, calendar arithmetic in UTC (no time of day, no zone). */
const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const msOf = (day: string) => Date.parse(`${day}T00:00:00Z`);
export const addDays = (day: string, days: number) => dayOf(msOf(day) + days * DAY_MS);

/** A real calendar day (2026-02-30 is not). */
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(msOf(value)) && dayOf(msOf(value)) === value;

/** The Monday on or before a day. */
export const weekStart = (day: string) => addDays(day, -((new Date(msOf(day)).getUTCDay() + 6) % 7));

/** The first day of the month `back` months before the month of `day`. */
export function monthStart(day: string, back = 0): string {
  const d = new Date(msOf(day));
  return dayOf(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - back, 1));
}

/** The 12 week starts (Mondays) ending with the week of `to`, oldest first. */
export const weekStarts = (to: string) => Array.from({ length: DashboardLimits.WEEKS }, (_, i) => addDays(weekStart(to), -7 * (DashboardLimits.WEEKS - 1 - i)));

/** The 12 months (YYYY-MM) ending with the month of `to`, oldest first. */
export const months = (to: string) => Array.from({ length: DashboardLimits.MONTHS }, (_, i) => monthStart(to, DashboardLimits.MONTHS - 1 - i).slice(0, 7));

/**
 * The days the figures cover: To (default today), From (default DASHBOARD_DEFAULT_DAYS before To), the 12 weeks and
 * 12 months ending at To. A day that is no calendar day, or From after To, is a 400 ModelState.
 */
export function windowOf(query: { From?: string; To?: string }, today: string): Window {
  const errors = new ModelStateBuilder();
  if (query.From !== undefined && !isDay(query.From)) errors.add('From', 'From must be a date.');
  if (query.To !== undefined && !isDay(query.To)) errors.add('To', 'To must be a date.');
  errors.throwIfInvalid();
  const to = query.To ?? today;
  const from = query.From ?? addDays(to, -DashboardLimits.DEFAULT_DAYS);
  if (from > to) errors.add('From', 'From must be on or before To.');
  errors.throwIfInvalid();
  return { today, from, to, weeksFrom: weekStarts(to)[0], monthsFrom: monthStart(to, DashboardLimits.MONTHS - 1) };
}
