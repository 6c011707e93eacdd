import type { Kysely } from 'kysely';
import { CURRENT_DATE_VALUE, type FieldList, type SectionField } from '../../../shared/sections.js';
import type { CaseState, ItemStatus } from '../../../shared/workflow.js';
import type { DB } from '../schema.js';
import type { SeedContext } from './demoIdentity.js';
import type { TemplateIds } from './demoTemplates.js';
import type { SsnVault } from '../../security/ssnVault.js';
import { CITIES, FIRST_NAMES, LAST_NAMES, STREETS } from './random.js';

const DAY = 86_400_000;
const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/** The furthest a case's history reaches after it was received, in days (completion: 20 to 35). */
const LONGEST_CASE_DAYS = 35;

/**
 * The moments of a case's history, `days` after it was received: as planned when the case was received long enough
 * ago, else the plan squeezed into the time since (up to nine tenths of it), so nothing lies after the seed's now —
 * a case received three days ago that completes "after 20 days" completes yesterday. Deadlines (due date, ACDs) keep
 * their plan: they look ahead.
 */
function caseTimeline(received: Date, now: Date): (days: number) => Date {
  const scale = Math.min(1, (0.9 * (now.getTime() - received.getTime())) / (LONGEST_CASE_DAYS * DAY));
  return (days) => new Date(received.getTime() + days * DAY * scale);
}

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

/** How many demo cases sit in each workflow state. */
const CASE_PLAN: readonly [CaseState, number][] = [
  ['AWAITING_CASE_PAPERS', 4],
  ['AWAITING_DATA_ENTRY', 5],
  ['DATA_ENTRY_IN_PROCESS', 3],
  ['AWAITING_ASSIGNMENT', 5],
  ['IN_PROCESS', 10],
  ['IN_REVIEW', 6],
  ['COMPLETE', 10],
  ['HOLD', 2],
  ['DISCONTINUED', 3],
];

/** Item statuses that fit a case's state, cycled over its items. */
const ITEM_MIX: Record<CaseState, readonly ItemStatus[]> = {
  AWAITING_CASE_PAPERS: [],
  AWAITING_DATA_ENTRY: ['AWAITING_ASSIGNMENT'],
  DATA_ENTRY_IN_PROCESS: ['AWAITING_ASSIGNMENT'],
  AWAITING_ASSIGNMENT: ['AWAITING_ASSIGNMENT'],
  IN_PROCESS: ['ASSIGNED', 'IN_REVIEW', 'ACCEPTED', 'REJECTED', 'ASSIGNED', 'AWAITING_ASSIGNMENT'],
  IN_REVIEW: ['IN_REVIEW', 'ACCEPTED', 'IN_REVIEW'],
  COMPLETE: ['ACCEPTED'],
  HOLD: ['ASSIGNED', 'ACCEPTED'],
  DISCONTINUED: ['ASSIGNED', 'ACCEPTED', 'AWAITING_ASSIGNMENT'],
};

const SAMPLE_TEXT = [
  'The subject was cooperative and answered every question.',
  'Records were reviewed on site; no derogatory information was found.',
  'The source has known the subject for six years and recommends the subject for a position of trust.',
  'Dates of employment were confirmed by the human resources office.',
];

/** Fills a section definition with plausible values (all of them when complete, the first ones otherwise). */
function fillDefinition(template: FieldList, ctx: SeedContext, complete: boolean): FieldList {
  const fill = (field: SectionField, index: number): SectionField => {
    const out: SectionField = { ...field };
    if (!complete && index > 1) return out;
    switch (field['@type']) {
      case 'text':
        out['#text'] = `${ctx.random.pick(LAST_NAMES)} ${ctx.random.pick(['Office', 'Records', 'Associates', 'Group'])}`;
        break;
      case 'textarea':
        out['#text'] = ctx.random.pick(SAMPLE_TEXT);
        break;
      case 'checkbox':
        out['#text'] = ctx.random.chance(0.7) ? 'true' : 'false';
        break;
      case 'phoneNumber':
        out['#text'] = `${ctx.random.int(200, 989)}-555-${String(ctx.random.int(100, 9999)).padStart(4, '0')}`;
        break;
      case 'date':
        out['#text'] = field['@allowCurrent'] && ctx.random.chance(0.3)
          ? CURRENT_DATE_VALUE
          : isoDate(new Date(ctx.now.getTime() - ctx.random.int(5, 900) * DAY));
        break;
      case 'address': {
        const place = ctx.random.pick(CITIES);
        Object.assign(out, { line1: `${ctx.random.int(10, 999)} ${ctx.random.pick(STREETS)}`, city: place.city, region: place.state, postalCode: place.zip });
        break;
      }
      case 'list':
        out['#text'] = field['@listType'] === 'RegionType' ? 'SC' : field['@listType'] === 'SourceType' ? 'NEIGHBOR' : 'E';
        break;
      case 'template':
        out.entries = [0, 1].map(() => ({ fields: { field: field.Template!.fields.field.map((f, i) => fill(f, i)) } }));
        break;
    }
    return out;
  };
  return { fields: { field: template.fields.field.map(fill) } };
}

/** Cases in every workflow state with items in every status, sections, history, expenses, messages and invoices. */
export async function seedDemoCases(db: Kysely<DB>, ctx: SeedContext, t: TemplateIds, vault: SsnVault): Promise<void> {
  const { now, random } = ctx;
  const user = (name: string) => ctx.users.get(name)!;
  const staffIds = async (group: string) =>
    (await db.selectFrom('user_groups').innerJoin('groups', 'groups.Id', 'user_groups.Group_Id').select('user_groups.User_Id').where('groups.Name', '=', group).execute()).map((r) => r.User_Id);
  const investigators = [...(await staffIds('Investigator')), ...(await staffIds('Independent Contractor'))];
  const reviewers = await staffIds('Reviewers');
  const clerks = await staffIds('Data Entry');
  const clientOrgs = ['DOC', 'DOC-ATL', 'OPR', 'PRA', 'NCSC', 'ACME'];
  const clientUsers = await db.selectFrom('users').innerJoin('user_groups', 'user_groups.User_Id', 'users.Id').innerJoin('groups', 'groups.Id', 'user_groups.Group_Id').select(['users.Id', 'users.Org_Id']).where('groups.Name', '=', 'Client').execute();
  const templates = [...t.caseTemplates.values()];
  const sectionById = new Map([...t.sections.values()].map((s) => [s.id, s.template]));
  const invoiceByOrg = new Map<number, number>();

  let sequence = 100;
  for (const [state, count] of CASE_PLAN) {
    for (let n = 0; n < count; n += 1) {
      sequence += 1;
      const orgCode = clientOrgs[sequence % clientOrgs.length];
      const orgId = ctx.orgs.get(orgCode)!;
      const template = templates[sequence % templates.length];
      const received = new Date(now.getTime() - random.int(state === 'COMPLETE' ? 40 : 2, state === 'COMPLETE' ? 120 : 45) * DAY);
      const after = caseTimeline(received, now);
      const official = clientUsers.find((u) => u.Org_Id === orgId)?.Id ?? user('client');
      const hasPapers = state !== 'AWAITING_CASE_PAPERS';
      const completed = state === 'COMPLETE' || state === 'DISCONTINUED';
      const resumeState: CaseState | null = state === 'HOLD' ? 'IN_PROCESS' : state === 'DISCONTINUED' ? 'IN_PROCESS' : null;
      const { Id: caseId } = await db
        .insertInto('cases')
        .values({
          CaseNumber: `DOS-${now.getUTCFullYear()}-${String(sequence).padStart(6, '0')}`,
          Client_Id: orgId,
          RequestingOfficial_Id: official,
          ContractType_Id: ctx.lookup('ContractType', orgCode === 'ACME' ? 'COM' : ['PRA', 'NCSC'].includes(orgCode) ? 'STATE' : 'FED'),
          DataEntryClerk_Id: hasPapers ? (state === 'DATA_ENTRY_IN_PROCESS' ? user('dataentry') : random.pick(clerks)) : null,
          Reviewer_Id: ['IN_PROCESS', 'IN_REVIEW', 'COMPLETE', 'HOLD', 'DISCONTINUED'].includes(state) ? (n % 2 ? user('reviewer') : random.pick(reviewers)) : null,
          Notes: n === 0 ? 'Subject relocated recently; check prior residence first.' : null,
          DataEntryComplete: !['AWAITING_CASE_PAPERS', 'AWAITING_DATA_ENTRY', 'DATA_ENTRY_IN_PROCESS'].includes(state),
          CaseStatusType: state === 'HOLD' ? 'HOLD' : 'NORMAL',
          WorkflowState: state,
          ResumeState: resumeState,
          ReceivedDate: isoDate(received),
          ScheduledDate: isoDate(new Date(received.getTime() + 2 * DAY)),
          DueDate: hasPapers ? isoDate(new Date(received.getTime() + 30 * DAY)) : null,
          CompletionDate: completed ? after(random.int(20, 35)) : null,
          CaseType_Id: ctx.lookup('CaseType', template.caseType),
          CaseTemplate_Id: template.id,
          LockedTo_Id: state === 'DATA_ENTRY_IN_PROCESS' ? user('dataentry') : null,
          CreatedDate: received,
          UpdatedDate: received,
        })
        .returning('Id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('case_subjects')
        .values({
          Case_Id: caseId,
          FirstName: random.pick(FIRST_NAMES),
          MiddleName: random.chance(0.5) ? random.pick(FIRST_NAMES) : null,
          LastName: random.pick(LAST_NAMES) + (orgCode === 'PRA' && n === 0 ? ' (PALMETTO)' : ''),
          // Area numbers from 900 up are never issued: the demo's SSNs cannot be anyone's.
          ...vault.seal(`9${String(random.int(0, 99_999_999)).padStart(8, '0')}`),
        })
        .execute();
      // The case history: created awaiting papers, then the step that brought it where it is.
      await db
        .insertInto('case_history')
        .values([
          { Case_Id: caseId, FromState: null, ToState: 'AWAITING_CASE_PAPERS', Action: 'create', TriggeredBy_Id: official, CreatedDate: received },
          ...(state === 'AWAITING_CASE_PAPERS' ? [] : [{ Case_Id: caseId, FromState: 'AWAITING_CASE_PAPERS', ToState: state, Action: 'settle', TriggeredBy_Id: user('caseadmin'), CreatedDate: after(1) }]),
        ])
        .execute();
      if (hasPapers) {
        await db
          .insertInto('case_attachments')
          .values([
            // The file itself is stored by seedDemoPapers (the storage is not the database seed's).
            { Case_Id: caseId, Name: 'Signed release forms.pdf', ContentType: 'application/pdf', CreatedDate: received },
            { Case_Id: caseId, Name: 'Original papers', FedExTracking: `7${random.int(10000000000, 99999999999)}`, CreatedDate: received },
          ])
          .execute();
      }
      if (n % 3 === 0 && hasPapers) {
        const { Id: messageId } = await db
          .insertInto('case_messages')
          .values({ Case_Id: caseId, SentBy_Id: official, Message: 'Please prioritise this case; the start date is next month.', CreatedDate: after(1) })
          .returning('Id')
          .executeTakeFirstOrThrow();
        await db.insertInto('case_message_recipients').values({ Message_Id: messageId, User_Id: user('caseadmin') }).execute();
      }
      await db
        .insertInto('case_parameters')
        .values([
          { Case_Id: caseId, ParameterName: 'Position Title', ParameterReference: 'PositionTitle', ParameterValue: random.pick(['Analyst', 'Contract Specialist', 'Engineer', 'Auditor']), ParameterType: 'text' },
          { Case_Id: caseId, ParameterName: 'Special Instructions', ParameterReference: 'SpecialInstructions', ParameterValue: null, ParameterType: 'TextArea' },
        ])
        .execute();

      const mix = ITEM_MIX[state];
      const itemPlan = mix.length ? template.items : [];
      for (const [order, planned] of itemPlan.entries()) {
        const status = mix[order % mix.length];
        const place = random.pick(CITIES);
        const assigned = status !== 'AWAITING_ASSIGNMENT' ? random.pick(investigators) : null;
        const done = status === 'ACCEPTED';
        const { Id: itemId } = await db
          .insertInto('items')
          .values({
            Case_Id: caseId,
            DisplayOrder: order + 1,
            ItemType_Id: planned.itemTypeId,
            ACD: isoDate(new Date(received.getTime() + random.int(8, 25) * DAY)),
            Label: `${place.city} area`,
            Address1: `${random.int(100, 9899)} ${random.pick(STREETS)}`,
            City: place.city,
            RegionType_Id: ctx.lookup('RegionType', place.state),
            PostalCode: place.zip,
            ItemStatus: status,
            AssignedTo_Id: assigned,
            CompletedDate: done ? after(random.int(10, 20)) : null,
            RejectionReason: status === 'REJECTED' ? 'Required information is missing' : null,
            CreatedDate: received,
          })
          .returning('Id')
          .executeTakeFirstOrThrow();
        const history: { Status: string; TriggeredBy_Id: number | null; Note: string | null; CreatedDate: Date }[] = [
          { Status: 'AWAITING_ASSIGNMENT', TriggeredBy_Id: user('dataentry'), Note: null, CreatedDate: received },
        ];
        if (assigned) history.push({ Status: 'ASSIGNED', TriggeredBy_Id: user('caseadmin'), Note: null, CreatedDate: after(3) });
        if (['IN_REVIEW', 'ACCEPTED', 'REJECTED'].includes(status)) history.push({ Status: 'IN_REVIEW', TriggeredBy_Id: assigned, Note: null, CreatedDate: after(8) });
        if (status === 'ACCEPTED') history.push({ Status: 'ACCEPTED', TriggeredBy_Id: user('reviewer'), Note: null, CreatedDate: after(10) });
        if (status === 'REJECTED') history.push({ Status: 'REJECTED', TriggeredBy_Id: user('reviewer'), Note: 'Required information is missing', CreatedDate: after(10) });
        await db.insertInto('item_history').values(history.map((h) => ({ ...h, Item_Id: itemId }))).execute();

        if (assigned) {
          const sectionLinks = t.itemTypeSections.get(planned.itemTypeId) ?? [];
          const complete = status !== 'ASSIGNED';
          const sectionRows = sectionLinks
            .filter((link, index) => complete || index === 0)
            .map((link, index) => ({
              Item_Id: itemId,
              Section_Id: link.sectionId,
              Definition: JSON.stringify(fillDefinition(sectionById.get(link.sectionId)!, ctx, complete)),
              DisplayOrder: index + 1,
            }));
          if (sectionRows.length) await db.insertInto('item_sections').values(sectionRows).execute();
          if (complete && random.chance(0.5)) {
            await db
              .insertInto('item_expenses')
              .values({
                Item_Id: itemId,
                ExpenseType_Id: t.expenseTypes.get('Mileage')!,
                Units: random.int(8, 140),
                Cost: 0.67,
                Passthrough: false,
                IncurredBy_Id: assigned,
                Note: 'Round trip to interview location',
                Reimbursable: true,
              })
              .execute();
          }
          if (complete && random.chance(0.3)) {
            await db
              .insertInto('item_expenses')
              .values({ Item_Id: itemId, ExpenseType_Id: t.expenseTypes.get('Court Record Fee')!, Units: 1, Cost: 15, Passthrough: true, IncurredBy_Id: assigned, Note: null, Reimbursable: false })
              .execute();
          }
          if (status === 'IN_REVIEW' && order === 0) {
            await db
              .insertInto('item_issue_codes')
              .values({ Item_Id: itemId, IssueCodeType_Id: ctx.lookup('IssueCodeType', 'F'), EnteredBy_Id: assigned })
              .execute();
          }
        }
      }

      // Half of the completed cases are already invoiced; the rest wait on the invoicing screen.
      if (state === 'COMPLETE' && n % 2 === 0) {
        let invoiceId = invoiceByOrg.get(orgId);
        if (!invoiceId) {
          ({ Id: invoiceId } = await db
            .insertInto('invoices')
            .values({ Org_Id: orgId, InvoiceDate: isoDate(new Date(now.getTime() - 7 * DAY)), QboInvoiceId: null, Total: 0, CreatedBy_Id: user('manager') })
            .returning('Id')
            .executeTakeFirstOrThrow());
          invoiceByOrg.set(orgId, invoiceId);
        }
        const amount = 1000 + random.int(0, 500);
        await db.insertInto('invoice_cases').values({ Invoice_Id: invoiceId, Case_Id: caseId, Amount: amount }).execute();
        await db.updateTable('cases').set({ Invoice_Id: invoiceId }).where('Id', '=', caseId).execute();
      }
    }
  }
  // Each invoice as Create Invoice records it: a line per case, the total, and a date on or after its last case's
  // completion (and never after the seed's now).
  for (const invoiceId of invoiceByOrg.values()) {
    const cases = await db
      .selectFrom('invoice_cases as ic')
      .innerJoin('cases as c', 'c.Id', 'ic.Case_Id')
      .innerJoin('case_subjects as s', 's.Case_Id', 'c.Id')
      .select(['c.Id', 'c.CaseNumber', 'c.CompletionDate', 's.FirstName', 's.LastName', 'ic.Amount'])
      .where('ic.Invoice_Id', '=', invoiceId)
      .orderBy('c.Id')
      .execute();
    await db
      .insertInto('invoice_lines')
      .values(cases.map((c, i) => ({ Invoice_Id: invoiceId, LineNumber: i + 1, Case_Id: c.Id, Description: `${c.CaseNumber} ${c.FirstName} ${c.LastName}`, Amount: c.Amount })))
      .execute();
    const lastCompleted = Math.max(...cases.map((c) => new Date(c.CompletionDate!).getTime()));
    const invoiceDate = new Date(Math.min(lastCompleted + 2 * DAY, now.getTime()));
    const total = cases.reduce((sum, c) => sum + Number(c.Amount), 0);
    await db.updateTable('invoices').set({ Total: total, InvoiceDate: isoDate(invoiceDate) }).where('Id', '=', invoiceId).execute();
  }
  await db
    .insertInto('stock_phrases')
    .values([
      { FieldKey: 'Subject Interview.Summary', Phrase: 'The subject was interviewed in person and was cooperative.' },
      { FieldKey: 'Subject Interview.Summary', Phrase: 'The subject provided all requested documentation.' },
      { FieldKey: 'Law Enforcement Record Check.Findings', Phrase: 'No record was found for the subject.' },
    ])
    .execute();
}
