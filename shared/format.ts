/** Display formats of the spec (shared/constants.ts Formats), in one place. */

/** US phone with dash delimiters as the user types: 5555555555 → 555-555-5555. */
export function formatPhone(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 10);
  if (digits.length <= 3) return digits;
  if (digits.length <= 6) return `${digits.slice(0, 3)}-${digits.slice(3)}`;
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/** $0,0.00 */
export function formatMoney(value: number | null | undefined): string {
  return money.format(value ?? 0);
}

/** Text typed into a money input ("$1,234.5") as a number, or null when empty or not a number. */
export function parseMoney(text: string): number | null {
  const cleaned = text.replace(/[$,\s]/g, '');
  if (cleaned === '') return null;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : null;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const pad = (n: number) => String(n).padStart(2, '0');

function toDate(value: string | Date): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  // A date-only value is a calendar day, not a moment: read it without a time zone shift.
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (day) return new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3]));
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** MM/DD/YYYY */
export function formatDate(value: string | Date | null | undefined): string {
  const date = value ? toDate(value) : null;
  return date ? `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()}` : '';
}

/** MM/DD/YY (tables) */
export function formatShortDate(value: string | Date | null | undefined): string {
  const date = value ? toDate(value) : null;
  return date ? `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${String(date.getFullYear()).slice(2)}` : '';
}

/** MMMM DD, YYYY (e.g. "March 05, 2026") */
export function formatLongDate(value: string | Date | null | undefined): string {
  const date = value ? toDate(value) : null;
  return date ? `${MONTHS[date.getMonth()]} ${pad(date.getDate())}, ${date.getFullYear()}` : '';
}

/** MMMM DD YYYY, h:mm A for a moment in the browser's time zone (messages: "March 05 2026, 2:07 PM"). */
export function formatDateTime(value: string | Date | null | undefined): string {
  const date = value ? toDate(value) : null;
  if (!date) return '';
  const hours = date.getHours();
  return `${MONTHS[date.getMonth()]} ${pad(date.getDate())} ${date.getFullYear()}, ${hours % 12 || 12}:${pad(date.getMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** Month name, day, year for lock dates ("March 5, 2026"). */
export function formatLockDate(value: string | Date | null | undefined): string {
  const date = value ? toDate(value) : null;
  return date ? `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}` : '';
}

/** A local calendar day as YYYY-MM-DD. */
export function isoDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A person as most screens name them: 'First Last' (either part may be missing); no person, no text. */
export function formatPersonName(person: unknown): string {
  const who = person as { FirstName?: unknown; LastName?: unknown } | null | undefined;
  if (!who) return '';
  return `${who.FirstName == null ? '' : String(who.FirstName)} ${who.LastName == null ? '' : String(who.LastName)}`.trim();
}
