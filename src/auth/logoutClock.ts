import { Timing } from '../../shared/constants.js';
import { LOGOUT_AT_KEY, readState } from '../../dataProvider/session.js';

/**
 * The auto-logout clock: a logout time in local storage (shared by every tab), pushed forward by activity.
 * The warning appears 10 minutes before logout, or 2 minutes before when the timeout is shorter than 20 minutes,
 * and never later than the 2-minute mark (a timeout of 2 minutes or less warns at once).
 */
export function readLogoutAt(): number | null {
  const raw = localStorage.getItem(LOGOUT_AT_KEY);
  const value = raw ? Number(raw) : NaN;
  return Number.isFinite(value) ? value : null;
}

export function timeoutMs(minutes: number | null | undefined): number {
  return (minutes ?? Timing.DEFAULT_AUTO_LOGOUT_MINUTES) * 60_000;
}

export function currentTimeoutMs(): number {
  return timeoutMs(readState().account.autoLogoutMinutes);
}

export function startLogoutClock(minutes: number, now = Date.now()): void {
  localStorage.setItem(LOGOUT_AT_KEY, String(now + timeoutMs(minutes)));
}

export function extendLogoutClock(now = Date.now()): void {
  localStorage.setItem(LOGOUT_AT_KEY, String(now + currentTimeoutMs()));
}

/** How long before logout the warning shows, for a timeout of `totalMs`. */
export function warningLeadMs(totalMs: number): number {
  const lead = totalMs >= 2 * Timing.LOGOUT_WARNING_LONG_MS ? Timing.LOGOUT_WARNING_LONG_MS : Timing.LOGOUT_WARNING_SHORT_MS;
  return Math.min(lead, totalMs);
}

/** `m:ss` */
export function formatCountdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
