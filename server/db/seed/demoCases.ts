import type { Kysely } from 'kysely';
import type { CaseState } from '../../../shared/workflow.js';
import type { DB } from '../schema.js';
import type { SeedContext } from './demoIdentity.js';
import type { TemplateIds } from './demoTemplates.js';
import type { SsnVault } from '../../security/ssnVault.js';
import { caseTimeline, DAY, isoDate } from './demoDates.js';
import { seedDemoItems } from './demoItems.js';
import { FIRST_NAMES, LAST_NAMES } from './random.js';

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

      await seedDemoItems(db, ctx, t, { caseId, state, items: template.items, received, after, investigators });

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
