import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { caseCost, daysAfterDue, expenseAmount, feeFor, rangeOn, roundMoney, sumMoney, type CaseFee, type PriceRange } from '../../shared/billing.js';
import { costCases, selectCostedCases } from '../../server/billing/caseCost.js';
import type { Database } from '../../server/db/database.js';
import { startTestApp, type TestApp } from '../support/testApp.js';
import { acmeDiscontinued, billedCase, orgId } from '../support/billing.js';

/**
 * The billing rules (issue 13 item 2; docs/decisions.md "Billing: what a case costs"): the pure core
 * (shared/billing.ts) on made-up prices, then the loader (server/billing/caseCost.ts) on the demo firm's real prices,
 * inheritance and expenses, in a fixed number of queries whatever the number of cases.
 */

const fee = (Id: number, DaysAfter: number, PriceAdjustment: number, IsPercentage = false, ForDiscontinued = false): CaseFee => ({ Id, DaysAfter, PriceAdjustment, IsPercentage, ForDiscontinued });
const range = (Id: number, BaseCost: number, ActiveFrom: string | null, ActiveTo: string | null, Fees: CaseFee[] = []): PriceRange => ({ Id, BaseCost, ActiveFrom, ActiveTo, Fees });

describe('the pure rules', () => {
  const ranges = [range(1, 1000, null, '2024-12-31'), range(2, 1200, '2025-01-01', '2025-06-30'), range(3, 1300, '2025-07-01', null)];

  it('takes the range active on the received date, inclusive at both ends, open ends allowed', () => {
    expect(rangeOn(ranges, '2020-05-05')?.Id).toBe(1);
    expect(rangeOn(ranges, '2024-12-31')?.Id).toBe(1);
    expect(rangeOn(ranges, '2025-01-01')?.Id).toBe(2);
    expect(rangeOn(ranges, '2025-06-30')?.Id).toBe(2);
    expect(rangeOn(ranges, '2025-07-01')?.Id).toBe(3);
    expect(rangeOn(ranges, '2031-01-01')?.Id).toBe(3);
    expect(rangeOn([range(9, 5, '2025-01-01', '2025-01-31')], '2025-02-01')).toBeNull();
    expect(rangeOn(ranges, null)).toBeNull();
    // Overlapping ranges: the one that started last.
    expect(rangeOn([range(1, 1, null, null), range(2, 2, '2025-03-01', null)], '2025-04-01')?.Id).toBe(2);
  });

  it('counts days after the critical date in whole UTC days, negative when early', () => {
    expect(daysAfterDue('2025-03-01', '2025-03-11')).toBe(10);
    expect(daysAfterDue('2025-03-01', '2025-02-27')).toBe(-2);
    // Across the spring clock change, still whole days.
    expect(daysAfterDue('2025-03-01', '2025-04-01')).toBe(31);
    expect(daysAfterDue(null, '2025-04-01')).toBeNull();
  });

  it('picks the fee with the largest DaysAfter not above the days late, of the right kind, or none', () => {
    const fees = [fee(1, 0, -5), fee(2, 5, -10), fee(3, 10, -20), fee(4, 0, -50, true, true)];
    expect(feeFor(fees, false, 0)?.Id).toBe(1);
    expect(feeFor(fees, false, 4)?.Id).toBe(1);
    expect(feeFor(fees, false, 5)?.Id).toBe(2);
    expect(feeFor(fees, false, 9)?.Id).toBe(2);
    expect(feeFor(fees, false, 45)?.Id).toBe(3);
    expect(feeFor(fees, false, -1)).toBeNull();
    expect(feeFor(fees, false, null)).toBeNull();
    expect(feeFor(fees, true, 3)?.Id).toBe(4);
    expect(feeFor([fee(1, 5, 10)], false, 2)).toBeNull();
  });

  it('adds an amount fee or a percentage of the base, rounded to the cent', () => {
    const completed = { PricedOn: '2025-02-01', DueDate: '2025-03-01', CompletedOn: '2025-03-08', Discontinued: false };
    expect(caseCost(completed, [range(1, 1000, null, null, [fee(1, 5, 75)])], []).Total).toBe(1075);
    const percent = caseCost(completed, [range(1, 1175, null, null, [fee(1, 5, -15, true)])], []);
    expect(percent).toMatchObject({ Range_Id: 1, BaseCost: 1175, Fee_Id: 1, DaysAfter: 7, FeeAmount: -176.25, Total: 998.75 });
    // 333.33 × 12.5% = 41.66625 → 41.67.
    expect(caseCost(completed, [range(1, 333.33, null, null, [fee(1, 0, 12.5, true)])], []).FeeAmount).toBe(41.67);
    // No fee applies: the base alone.
    expect(caseCost({ ...completed, CompletedOn: '2025-02-20' }, [range(1, 1000, null, null, [fee(1, 5, 75)])], [])).toMatchObject({ Fee_Id: null, FeeAmount: 0, Total: 1000 });
  });

  it('bills a discontinued case its discontinued fee, never the completed one', () => {
    const fees = [fee(1, 0, -10, true), fee(2, 0, -50, true, true), fee(3, 20, -75, true, true)];
    const discontinued = { PricedOn: '2025-02-01', DueDate: '2025-03-01', CompletedOn: '2025-03-04', Discontinued: true };
    expect(caseCost(discontinued, [range(1, 900, null, null, fees)], [])).toMatchObject({ Fee_Id: 2, FeeAmount: -450, Total: 450 });
    expect(caseCost({ ...discontinued, CompletedOn: '2025-03-25' }, [range(1, 900, null, null, fees)], [])).toMatchObject({ Fee_Id: 3, Total: 225 });
    expect(caseCost({ ...discontinued, Discontinued: false }, [range(1, 900, null, null, fees)], [])).toMatchObject({ Fee_Id: 1, Total: 810 });
  });

  it('adds passthrough expenses only: the override when set, otherwise cost × units', () => {
    const subject = { PricedOn: '2025-02-01', DueDate: null, CompletedOn: '2025-03-04', Discontinued: false };
    const expenses = [
      { Cost: 15, Units: 2, Override: null, Passthrough: true },
      { Cost: 0.67, Units: 133, Override: null, Passthrough: true },
      { Cost: 60, Units: 3, Override: 99.99, Passthrough: true },
      { Cost: 145, Units: 1, Override: null, Passthrough: false },
    ];
    expect(expenseAmount(expenses[1])).toBe(89.11);
    expect(expenseAmount(expenses[2])).toBe(99.99);
    const cost = caseCost(subject, [range(1, 450, null, null)], expenses);
    expect(cost).toMatchObject({ BaseCost: 450, Expenses: 219.1, Total: 669.1 });
    // Without any range active on the received date, the base is 0 and the expenses still count.
    expect(caseCost(subject, [], expenses)).toMatchObject({ Range_Id: null, BaseCost: 0, Total: 219.1 });
  });

  it('rounds money to the cent, halves away from zero, and sums in cents', () => {
    expect(roundMoney(0.125)).toBe(0.13);
    expect(roundMoney(-0.125)).toBe(-0.13);
    expect(roundMoney(1.005)).toBe(1.01);
    expect(sumMoney([0.1, 0.2])).toBe(0.3);
    expect(expenseAmount({ Cost: 0.25, Units: 0.5, Override: null })).toBe(0.13);
  });
});

/** A view of the database that counts the statements it runs. */
function counting(db: Database): { db: Database; count: () => number } {
  let statements = 0;
  const plugin: KyselyPlugin = {
    transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
      statements += 1;
      return args.node;
    },
    async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      return args.result;
    },
  };
  return { db: db.withPlugin(plugin), count: () => statements };
}

describe('the loader on the demo firm', () => {
  let t: TestApp;
  const year = new Date().getUTCFullYear();
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it("prices a case by its org's own range active on the received date, with the range's own fee", async () => {
    // The Department of Commerce: Tier 3 at 1,175 from this January, 15% off when 10 or more days late.
    const { id } = await billedCase(t, { org: 'DOC', caseType: 'T3', received: `${year}-01-15`, due: `${year}-02-14`, completed: `${year}-02-26T15:00:00Z` });
    const [costed] = await costCases(t.database.db, await selectCostedCases(t.database.db, [id]));
    expect(costed.cost).toMatchObject({ BaseCost: 1175, DaysAfter: 12, FeeAmount: -176.25, Expenses: 0, Total: 998.75 });
  });

  it("prices a field office's case by the nearest ancestor's older range, which has no fee", async () => {
    // DOC Atlanta has no Tier 3 price: Commerce's 1,100 of two years ago applies, and that range has no fees.
    const { id } = await billedCase(t, { org: 'DOC-ATL', caseType: 'T3', received: `${year - 1}-06-01`, due: `${year - 1}-07-01`, completed: `${year - 1}-07-30T10:00:00Z` });
    const [costed] = await costCases(t.database.db, await selectCostedCases(t.database.db, [id]));
    expect(costed.cost).toMatchObject({ BaseCost: 1100, Fee_Id: null, Total: 1100 });
  });

  it("prices a discontinued case with the provider's discontinued fee and its passthrough expenses", async () => {
    // Acme inherits the provider's Tier 3 at 1,250, 50% off when discontinued; 2 × 15 court fees, an override of 12.34.
    const { id } = await billedCase(t, acmeDiscontinued(year));
    const [costed] = await costCases(t.database.db, await selectCostedCases(t.database.db, [id]));
    expect(costed.cost).toMatchObject({ BaseCost: 1250, FeeAmount: -625, Expenses: 42.34, Total: 667.34 });
    expect(costed.expenses.map((e) => [e.ExpenseType.Description, e.Total, e.Passthrough])).toEqual([
      ['Court Record Fee', 30, true],
      ['Copy Fees', 12.34, true],
      ['Mileage', 67, false],
    ]);
    expect(costed.expenses[0].ExpenseType.UOM.Description).toBeTruthy();
    expect(costed.expenses[0].Subject.LastName).toBeTruthy();
  });

  it('gives an early case no fee', async () => {
    const { id } = await billedCase(t, { org: 'ACME', caseType: 'T1', received: `${year}-03-01`, due: `${year}-03-31`, completed: `${year}-03-29T09:00:00Z` });
    const [costed] = await costCases(t.database.db, await selectCostedCases(t.database.db, [id]));
    expect(costed.cost).toMatchObject({ BaseCost: 450, DaysAfter: -2, Fee_Id: null, Total: 450 });
  });

  it('reads one case or every case in the same four queries', async () => {
    const db = t.database.db;
    const all = await db.selectFrom('cases').select('Id').execute();
    expect(all.length).toBeGreaterThan(40);
    const rows = await selectCostedCases(db, all.map((c) => c.Id));
    const one = counting(db);
    await costCases(one.db, rows.slice(0, 1));
    const many = counting(db);
    const costed = await costCases(many.db, rows);
    expect(one.count()).toBe(4);
    expect(many.count()).toBe(4);
    expect(costed).toHaveLength(rows.length);
    // Every seeded client org inherits a price, so no case is free.
    expect(costed.every((c) => c.cost.BaseCost > 0)).toBe(true);
    expect(await orgId(db, 'DOC')).toBeGreaterThan(0);
  });
});
