/**
 * How an SSN travels when the caller may not see it whole (issue 21 §2): five asterisks and its last four digits,
 * `*****1234` — nine characters, so it fits the SSN field's length and a form can send it back unchanged (the
 * server then keeps the stored SSN). Screens show it as `•••-••-1234`.
 */
export const SSN_MASK = '*****';

export const maskSsn = (ssn: string) => `${SSN_MASK}${ssn.slice(-4)}`;

/** A masked SSN as an answer carries it (or a form sends it back). */
export const isMaskedSsn = (value: unknown): boolean => typeof value === 'string' && /^\*{5}[0-9]{0,4}$/.test(value);

/** An SSN as screens show it: masked `•••-••-1234`, nine digits `123-45-6789`, anything shorter as typed. */
export function displaySsn(value: string | null | undefined): string {
  if (!value) return '';
  if (isMaskedSsn(value)) return `•••-••-${value.slice(SSN_MASK.length)}`;
  return /^[0-9]{9}$/.test(value) ? `${value.slice(0, 3)}-${value.slice(3, 5)}-${value.slice(5)}` : value;
}
