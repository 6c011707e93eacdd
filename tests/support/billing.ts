import type { Database } from '../../server/db/database.js';
import type { TestApp } from './testApp.js';
import { TEST_VAULT } from './testVault.js';

/** What a billed case of the tests is: its org, case type, dates and state, and its expenses. */
export interface BilledCaseSpec {
  org: string;
  caseType: string;
  received: string;
  due: string | null;
  /** The moment it completed (or was discontinued), ISO. */
  completed: string;
  discontinued?: boolean;
  expenses?: { type: string; cost: number; units: number; override?: number | null; passthrough: boolean }[];
  subject?: { first: string; last: string };
}

/**
 * A discontinued Tier 3 case of Acme, which inherits the provider's price (1,250, 50 % off when discontinued), with
 * 2 × 15 court fees, copy fees overridden to 12.34 (both passthrough) and mileage that is not passed through.
 */
export const acmeDiscontinued = (year: number): BilledCaseSpec => ({
  org: 'ACME',
  caseType: 'T3',
  received: `${year}-03-01`,
  due: `${year}-03-31`,
  completed: `${year}-04-03T09:00:00Z`,
  discontinued: true,
  expenses: [
    { type: 'Court Record Fee', cost: 15, units: 2, passthrough: true },
    { type: 'Copy Fees', cost: 0.25, units: 40, override: 12.34, passthrough: true },
    { type: 'Mileage', cost: 0.67, units: 100, passthrough: false },
  ],
});

let made = 0;

/** The id of a seeded org by its code. */
export async function orgId(db: Database, code: string): Promise<number> {
  return (await db.selectFrom('orgs').select('Id').where('Code', '=', code).executeTakeFirstOrThrow()).Id;
}

/**
 * A completed (or discontinued) case written straight to the database, as the workflow leaves one, with one item
 * holding its expenses; answers its id and number.
 */
export async function billedCase(t: TestApp, spec: BilledCaseSpec): Promise<{ id: number; number: string }> {
  const db = t.database.db;
  made += 1;
  const number = `BILL-${process.pid}-${made}`;
  const clerk = await db.selectFrom('users').select('Id').where('UserName', '=', 'dataentry').executeTakeFirstOrThrow();
  const investigator = await db.selectFrom('users').select('Id').where('UserName', '=', 'investigator').executeTakeFirstOrThrow();
  const { Id } = await db
    .insertInto('cases')
    .values({
      CaseNumber: number,
      Client_Id: await orgId(db, spec.org),
      WorkflowState: spec.discontinued ? 'DISCONTINUED' : 'COMPLETE',
      ResumeState: spec.discontinued ? 'IN_PROCESS' : null,
      DataEntryComplete: true,
      ReceivedDate: spec.received,
      DueDate: spec.due,
      CompletionDate: spec.completed,
      CaseType_Id: t.lookup('CaseType', spec.caseType),
      DataEntryClerk_Id: clerk.Id,
      CreatedDate: `${spec.received}T12:00:00Z`,
    })
    .returning('Id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('case_subjects')
    .values({ Case_Id: Id, FirstName: spec.subject?.first ?? 'Bill', LastName: spec.subject?.last ?? `Subject${made}`, ...TEST_VAULT.seal(`12345${String(made).padStart(4, '0')}`) })
    .execute();
  if (spec.expenses?.length) {
    const itemType = await db.selectFrom('item_types').select('Id').orderBy('Id').executeTakeFirstOrThrow();
    const item = await db
      .insertInto('items')
      .values({ Case_Id: Id, DisplayOrder: 1, ItemType_Id: itemType.Id, ItemStatus: 'ACCEPTED', AssignedTo_Id: investigator.Id })
      .returning('Id')
      .executeTakeFirstOrThrow();
    for (const e of spec.expenses) {
      const type = await db.selectFrom('expense_types').select('Id').where('Short', '=', e.type).executeTakeFirstOrThrow();
      await db
        .insertInto('item_expenses')
        .values({ Item_Id: item.Id, ExpenseType_Id: type.Id, Cost: e.cost, Units: e.units, Override: e.override ?? null, Passthrough: e.passthrough, IncurredBy_Id: investigator.Id })
        .execute();
    }
  }
  return { id: Id, number };
}
