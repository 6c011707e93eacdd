import type { Kysely } from 'kysely';
import type { DB } from '../schema.js';
import type { SeedContext } from './demoIdentity.js';
import type { TemplateIds } from './demoTemplates.js';

/** Org case types with prices and fees, deadlines and expense rules; inherited by the orgs below. */
export async function seedDemoOrgConfiguration(db: Kysely<DB>, ctx: SeedContext, t: TemplateIds): Promise<void> {
  const root = ctx.orgs.get('DI')!;
  const prices: Record<string, number> = { T1: 450, T3: 1250, T5: 3400, RI: 900, EV: 275 };
  for (const [label, template] of t.caseTemplates) {
    const { Id } = await db
      .insertInto('org_case_types')
      .values({
        Org_Id: root,
        CaseType_Id: ctx.lookup('CaseType', template.caseType),
        CaseTemplate_Id: template.id,
        BaseCost: prices[template.caseType],
      })
      .returning('Id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('case_fees')
      .values([
        { OrgCaseType_Id: Id, DaysAfter: 5, PriceAdjustment: -10, IsPercentage: true, ForDiscontinued: false },
        { OrgCaseType_Id: Id, DaysAfter: 0, PriceAdjustment: -50, IsPercentage: true, ForDiscontinued: true },
      ])
      .execute();
    if (label === 'Tier 3 Standard') {
      // The Department of Commerce negotiated its own Tier 3 price: an old range and the current one.
      const doc = ctx.orgs.get('DOC')!;
      const year = ctx.now.getUTCFullYear();
      await db
        .insertInto('org_case_types')
        .values([
          { Org_Id: doc, CaseType_Id: ctx.lookup('CaseType', 'T3'), CaseTemplate_Id: template.id, BaseCost: 1100, ActiveFrom: `${year - 2}-01-01`, ActiveTo: `${year - 1}-12-31` },
          { Org_Id: doc, CaseType_Id: ctx.lookup('CaseType', 'T3'), CaseTemplate_Id: template.id, BaseCost: 1175, ActiveFrom: `${year}-01-01`, ActiveTo: null },
        ])
        .returning('Id')
        .execute()
        .then(async ([, current]) => {
          // Its current price has a fee of its own: 15% off when a case completes 10 or more days late.
          await db.insertInto('case_fees').values({ OrgCaseType_Id: current.Id, DaysAfter: 10, PriceAdjustment: -15, IsPercentage: true, ForDiscontinued: false }).execute();
        });
    }
    await db
      .insertInto('org_deadlines')
      .values({ Org_Id: root, CaseType_Id: ctx.lookup('CaseType', template.caseType), DaysFromPending: template.caseType === 'T5' ? 60 : 30, IsBusinessDays: false, StartOnFull: true, IsACD: false })
      .execute();
    await db
      .insertInto('org_deadlines')
      .values(
        template.items.map((item) => ({
          Org_Id: root,
          CaseType_Id: ctx.lookup('CaseType', template.caseType),
          ItemType_Id: item.itemTypeId,
          DaysFromPending: 10,
          IsBusinessDays: true,
          StartOnFull: false,
          IsACD: true,
        })),
      )
      .execute();
  }
  const rules: [string, number, boolean][] = [
    ['Mileage', 0.67, false],
    ['Court Record Fee', 15, true],
    ['Copy Fees', 0.25, true],
    ['Parking', 12, false],
    ['Overnight Lodging', 145, false],
    ['Translator', 60, true],
  ];
  await db
    .insertInto('org_expense_rules')
    .values(rules.map(([name, cpu, passthrough]) => ({ Org_Id: root, ExpenseType_Id: t.expenseTypes.get(name)!, CPU: cpu, IsPassthrough: passthrough })))
    .execute();
  await db
    .insertInto('org_expense_rules')
    .values({ Org_Id: ctx.orgs.get('DOC')!, ExpenseType_Id: t.expenseTypes.get('Mileage')!, CPU: 0.6, IsPassthrough: false, ActiveFrom: `${ctx.now.getUTCFullYear()}-01-01` })
    .execute();
  // Three levels below the provider (Federal Clients → Department of Commerce → its Atlanta field office): federal
  // clients have a faster Tier 1 critical date of their own, which Commerce and Atlanta inherit; Atlanta pays its
  // own parking rate and inherits the rest.
  await db
    .insertInto('org_deadlines')
    .values({ Org_Id: ctx.orgs.get('FED')!, CaseType_Id: ctx.lookup('CaseType', 'T1'), DaysFromPending: 20, IsBusinessDays: true, StartOnFull: true, IsACD: false })
    .execute();
  await db
    .insertInto('org_expense_rules')
    .values({ Org_Id: ctx.orgs.get('DOC-ATL')!, ExpenseType_Id: t.expenseTypes.get('Parking')!, CPU: 15, IsPassthrough: true, ActiveFrom: `${ctx.now.getUTCFullYear()}-01-01` })
    .execute();
  for (const userName of ['client', 'palmetto', 'ncsc']) {
    const user = await db.selectFrom('users').select(['Id', 'Org_Id']).where('UserName', '=', userName).executeTakeFirstOrThrow();
    await db
      .insertInto('org_user_settings')
      .values({ Org_Id: user.Org_Id!, User_Id: user.Id, PointOfContact: true, SendCompletionNotice: true, IncludeROI: true })
      .execute();
  }
  const doc = ctx.orgs.get('DOC')!;
  await db.updateTable('orgs').set({ QboId: '58', QboName: 'Department of Commerce' }).where('Id', '=', doc).execute();
}
