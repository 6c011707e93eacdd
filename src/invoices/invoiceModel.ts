import type { InvoiceableOrg } from '../../schemas/types.js';
import { sumMoney } from '../../shared/billing.js';

/** A case of the invoicing table: the answer's case with react-admin's `id`. */
export type InvoiceCase = InvoiceableOrg['Cases'][number] & { id: number };
export type InvoiceExpense = InvoiceCase['Expenses'][number] & { id: number };

/** A partner-group marker in parentheses at the end of a name ("Smith (PALMETTO)") is not shown (spec 002 §2.7). */
const stripMarker = (name: string) => name.replace(/\s*\([^)]*\)\s*$/, '').trim();

/** The subject's first and last name as the cases table shows it. */
export const subjectName = (subject: InvoiceCase['Subject']): string => [stripMarker(subject.FirstName), stripMarker(subject.LastName)].filter(Boolean).join(' ');

/** The UTC day a case completed, YYYY-MM-DD (spec 002 §9: the completion date filter works in UTC days). */
export const completedOn = (completionDate: string): string => new Date(completionDate).toISOString().slice(0, 10);

/** Whether a case completed within the filter: inclusive at both ends, either end open. */
export function withinDates(completionDate: string, start: string, end: string): boolean {
  const day = completedOn(completionDate);
  return (!start || day >= start) && (!end || day <= end);
}

/** The rows of an org's table: its cases within the dates, with their `id`. */
export const shownCases = (group: InvoiceableOrg, start: string, end: string): InvoiceCase[] =>
  group.Cases.filter((c) => withinDates(c.CompletionDate, start, end)).map((c) => ({ ...c, id: c.Id }));

/** The total of the cases shown (the table's footer). */
export const totalOf = (cases: readonly Pick<InvoiceCase, 'TotalCost'>[]): number => sumMoney(cases.map((c) => c.TotalCost));
