/**
 * What a case costs (issue 13 item 2, spec 002 §9; docs/decisions.md "Billing: what a case costs"): the pure rules,
 * shared by the invoicing screen, the invoice and the reports. The server's loader (server/billing/caseCost.ts)
 * reads the prices, fees and expenses of many cases at once and hands them here.
 *
 * - The base cost is the org case type's date range active on the case's received date (ActiveFrom and ActiveTo
 *   inclusive, open ends allowed); when several are, the one that started last (then the newest row).
 * - A completed case adds the completed-case fee, a discontinued one the discontinued fee, whose DaysAfter matches
 *   how many days after the critical date (DueDate) the case completed: the fee with the largest DaysAfter not above
 *   that number; none when no fee is that low or the case has no critical date. A fee is an amount, or (IsPercentage)
 *   a percentage of the base cost.
 * - Passthrough expenses are added: an expense's Override when set, otherwise Cost × Units.
 * - Money is counted in whole cents; every amount is rounded to the cent, halves away from zero (as PostgreSQL rounds).
 */

/** A date range of an org case type's price (own or inherited). Dates are YYYY-MM-DD, null for an open end. */
export interface PriceRange {
  Id: number;
  BaseCost: number;
  ActiveFrom: string | null;
  ActiveTo: string | null;
  /** The range's fees, completed and discontinued. */
  Fees: readonly CaseFee[];
}

export interface CaseFee {
  Id: number;
  DaysAfter: number;
  PriceAdjustment: number;
  IsPercentage: boolean;
  ForDiscontinued: boolean;
}

/** What of an expense the price reads. */
export interface PricedExpense {
  Cost: number;
  Units: number;
  Override: number | null;
  Passthrough: boolean;
}

/** What of a case the price reads. Dates are YYYY-MM-DD (the completion day in UTC). */
export interface PricedCase {
  /** The day whose price applies (the received date). */
  PricedOn: string | null;
  /** The critical date. */
  DueDate: string | null;
  /** The day the case completed or was discontinued. */
  CompletedOn: string | null;
  Discontinued: boolean;
}

/** A case's cost, broken down. */
export interface CaseCost {
  /** The price range applied; null when none was active on the received date (the base cost is then 0). */
  Range_Id: number | null;
  BaseCost: number;
  /** The fee applied (completed or discontinued), null for none. */
  Fee_Id: number | null;
  /** Days after the critical date the case completed; null without a critical date or completion. */
  DaysAfter: number | null;
  FeeAmount: number;
  /** The passthrough expenses' total. */
  Expenses: number;
  /** Base cost + fee + passthrough expenses. */
  Total: number;
}

const DAY_MS = 86_400_000;

/** An amount in whole cents (rounded half away from zero). */
export function toCents(amount: number): number {
  return roundHalfAway(amount * 100);
}

/** Whole cents as an amount. */
export const fromCents = (cents: number): number => cents / 100;

/** An amount rounded to the cent. */
export const roundMoney = (amount: number): number => fromCents(toCents(amount));

function roundHalfAway(value: number): number {
  // Amounts arrive with at most a few decimals: a tiny epsilon keeps 0.5 that binary floats store as 0.49999… a half.
  const rounded = Math.round(Math.abs(value) + 1e-9);
  return value < 0 ? -rounded : rounded;
}

/** Whether the range holds the day (inclusive ends, open ends allowed). */
export function rangeHolds(range: Pick<PriceRange, 'ActiveFrom' | 'ActiveTo'>, day: string): boolean {
  return (range.ActiveFrom === null || range.ActiveFrom <= day) && (range.ActiveTo === null || day <= range.ActiveTo);
}

/** The range active on the day: the one that started last among those that hold it, then the newest row; null for none. */
export function rangeOn<R extends Pick<PriceRange, 'Id' | 'ActiveFrom' | 'ActiveTo'>>(ranges: readonly R[], day: string | null): R | null {
  if (day === null) return null;
  let best: R | null = null;
  for (const range of ranges) {
    if (!rangeHolds(range, day)) continue;
    if (!best) best = range;
    else {
      const a = range.ActiveFrom ?? '';
      const b = best.ActiveFrom ?? '';
      if (a > b || (a === b && range.Id > best.Id)) best = range;
    }
  }
  return best;
}

/** Whole days from the critical date to the completion day (negative when early); null when either is missing. */
export function daysAfterDue(dueDate: string | null, completedOn: string | null): number | null {
  if (!dueDate || !completedOn) return null;
  return Math.round((Date.parse(`${completedOn}T00:00:00Z`) - Date.parse(`${dueDate}T00:00:00Z`)) / DAY_MS);
}

/** The fee of the kind (completed or discontinued) with the largest DaysAfter not above `days`; null for none. */
export function feeFor<F extends CaseFee>(fees: readonly F[], discontinued: boolean, days: number | null): F | null {
  if (days === null) return null;
  let best: F | null = null;
  for (const fee of fees) {
    if (fee.ForDiscontinued !== discontinued || fee.DaysAfter > days) continue;
    if (!best || fee.DaysAfter > best.DaysAfter || (fee.DaysAfter === best.DaysAfter && fee.Id > best.Id)) best = fee;
  }
  return best;
}

/** A fee in cents: its amount, or its percentage of the base cost. */
export function feeCents(fee: Pick<CaseFee, 'PriceAdjustment' | 'IsPercentage'>, baseCents: number): number {
  return fee.IsPercentage ? roundHalfAway((baseCents * toCents(fee.PriceAdjustment)) / 10_000) : toCents(fee.PriceAdjustment);
}

/** An expense line's amount in cents: its Override when set, otherwise Cost × Units. */
export function expenseCents(expense: Pick<PricedExpense, 'Cost' | 'Units' | 'Override'>): number {
  if (expense.Override !== null) return toCents(expense.Override);
  return roundHalfAway((toCents(expense.Cost) * toCents(expense.Units)) / 100);
}

/** An expense line's amount: its Override when set, otherwise Cost × Units, to the cent. */
export const expenseAmount = (expense: Pick<PricedExpense, 'Cost' | 'Units' | 'Override'>): number => fromCents(expenseCents(expense));

/** What a case costs: its range's base cost on the received date, the fee of how late it completed, its passthrough expenses. */
export function caseCost(subject: PricedCase, ranges: readonly PriceRange[], expenses: readonly PricedExpense[]): CaseCost {
  const range = rangeOn(ranges, subject.PricedOn);
  const baseCents = range ? toCents(range.BaseCost) : 0;
  const days = daysAfterDue(subject.DueDate, subject.CompletedOn);
  const fee = range ? feeFor(range.Fees, subject.Discontinued, days) : null;
  const feeAmountCents = fee ? feeCents(fee, baseCents) : 0;
  const expenseTotal = expenses.filter((e) => e.Passthrough).reduce((sum, e) => sum + expenseCents(e), 0);
  return {
    Range_Id: range?.Id ?? null,
    BaseCost: fromCents(baseCents),
    Fee_Id: fee?.Id ?? null,
    DaysAfter: days,
    FeeAmount: fromCents(feeAmountCents),
    Expenses: fromCents(expenseTotal),
    Total: fromCents(baseCents + feeAmountCents + expenseTotal),
  };
}

/** The sum of amounts, to the cent. */
export const sumMoney = (amounts: readonly number[]): number => fromCents(amounts.reduce((sum, a) => sum + toCents(a), 0));
