import { formatDate } from '../../shared/format.js';

const pad = (n: number) => String(n).padStart(2, '0');

/** An audit entry's moment in the browser's time zone, to the second: 03/05/2026 3:04:17 PM. */
export function formatWhen(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const hours = date.getHours();
  return `${formatDate(date)} ${hours % 12 || 12}:${pad(date.getMinutes())}:${pad(date.getSeconds())} ${hours < 12 ? 'AM' : 'PM'}`;
}

const full = new Intl.DateTimeFormat('en-US', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit', timeZoneName: 'short' });

/** The same moment in words with its time zone (a tooltip, an entry's details): Thursday, March 5, 2026 at 3:04:17 PM EST. */
export function whenInFull(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : full.format(date);
}
