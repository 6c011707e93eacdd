import { sql } from 'kysely';
import { CaseStates } from '../../../shared/workflow.js';
import { containing } from '../../db/likePatterns.js';
import { defineReport, type QueryInput, type ReportContext, type ValidValue } from '../definition.js';
import { caseOrgs, caseState, count, daysPast, orgParameter, rows, subject } from './common.js';

/** The Cases folder of the report catalogue: open cases by org, cases past their critical date. */

const C = CaseStates;
/** Cases still being worked (neither complete nor discontinued). */
const OPEN_STATES = [C.AWAITING_CASE_PAPERS, C.AWAITING_DATA_ENTRY, C.DATA_ENTRY_IN_PROCESS, C.AWAITING_ASSIGNMENT, C.IN_PROCESS, C.IN_REVIEW, C.HOLD];

/** The case types in use (not hidden), as the Case Type parameter offers them. */
async function caseTypes(context: ReportContext): Promise<ValidValue[]> {
  const types = await context.db.selectFrom('type_items').select(['Id', 'Short', 'Description']).where('TableName', '=', 'CaseType').where('Hidden', '=', false).orderBy('Short').execute();
  return types.map((t) => ({ value: t.Id, label: t.Description ? `${t.Short} - ${t.Description}` : t.Short }));
}

const openCasesByOrg = defineReport({
  group: 'Cases',
  name: 'Open cases by org',
  description: 'Cases still being worked, counted per client org, with the cases under each org.',
  parameters: [
    orgParameter,
    { name: 'ReceivedFrom', prompt: 'Received From', type: 'DateTime', nullable: true },
    { name: 'ReceivedTo', prompt: 'Received To', type: 'DateTime', nullable: true },
    { name: 'IncludeOnHold', prompt: 'Include cases on hold', type: 'Boolean', default: true },
  ],
  columns: [
    { field: 'Org', label: 'Org', type: 'text' },
    { field: 'Code', label: 'Code', type: 'text' },
    { field: 'OpenCases', label: 'Open Cases', type: 'integer' },
    { field: 'OnHold', label: 'On Hold', type: 'integer' },
    { field: 'PastCriticalDate', label: 'Past Critical Date', type: 'integer' },
    { field: 'OldestReceived', label: 'Oldest Received', type: 'date' },
  ],
  async query(input) {
    const base = await openCases(input);
    return rows(
      base
        .innerJoin('orgs as o', 'o.Id', 'c.Client_Id')
        .select([
          'o.Id as Org_Id',
          'o.Name as Org',
          'o.Code',
          count().as('OpenCases'),
          count(sql`c."WorkflowState" = ${C.HOLD}`).as('OnHold'),
          count(sql`c."DueDate" < ${input.today}::date`).as('PastCriticalDate'),
          sql<string>`min(c."ReceivedDate")`.as('OldestReceived'),
        ])
        .groupBy(['o.Id', 'o.Name', 'o.Code'])
        .orderBy('o.Name')
        .orderBy('o.Id'),
    );
  },
  details: {
    key: 'Org_Id',
    columns: [
      { field: 'CaseNumber', label: 'Case Number', type: 'text' },
      { field: 'Subject', label: 'Subject', type: 'text' },
      { field: 'WorkflowState', label: 'State', type: 'text' },
      { field: 'ReceivedDate', label: 'Received', type: 'date' },
      { field: 'DueDate', label: 'Critical Date', type: 'date' },
    ],
    async query(input, parents) {
      const base = await openCases(input);
      return rows(
        base
          .where('c.Client_Id', 'in', parents.map((p) => Number(p.Org_Id)))
          .select(['c.Client_Id as ParentKey', 'c.CaseNumber', subject.as('Subject'), caseState, 'c.ReceivedDate', 'c.DueDate'])
          .orderBy('c.ReceivedDate')
          .orderBy('c.Id'),
      );
    },
  },
});

/** The open cases the "Open cases by org" parameters pick (served by cases_state: state, received date). */
async function openCases(input: QueryInput) {
  const p = input.parameters;
  const states = p.flag('IncludeOnHold') ? OPEN_STATES : OPEN_STATES.filter((s) => s !== C.HOLD);
  let query = input.context.db.selectFrom('cases as c').where('c.WorkflowState', 'in', states).where(await caseOrgs(input));
  const from = p.day('ReceivedFrom');
  const to = p.day('ReceivedTo');
  if (from) query = query.where('c.ReceivedDate', '>=', from);
  if (to) query = query.where('c.ReceivedDate', '<=', to);
  return query;
}

const casesPastCriticalDate = defineReport({
  group: 'Cases',
  name: 'Cases past their critical date',
  description: 'Open cases whose critical date has passed, the longest overdue first.',
  parameters: [
    orgParameter,
    { name: 'CaseType', prompt: 'Case Type', type: 'Integer', nullable: true, validValues: caseTypes },
    { name: 'CaseNumber', prompt: 'Case Number contains', type: 'String', nullable: true },
  ],
  columns: [
    { field: 'CaseNumber', label: 'Case Number', type: 'text' },
    { field: 'Org', label: 'Org', type: 'text' },
    { field: 'Subject', label: 'Subject', type: 'text' },
    { field: 'CaseType', label: 'Case Type', type: 'text' },
    { field: 'WorkflowState', label: 'State', type: 'text' },
    { field: 'DueDate', label: 'Critical Date', type: 'date' },
    { field: 'DaysPast', label: 'Days Past', type: 'integer' },
  ],
  async query(input) {
    const caseType = input.parameters.integer('CaseType');
    let query = input.context.db
      .selectFrom('cases as c')
      .innerJoin('orgs as o', 'o.Id', 'c.Client_Id')
      .innerJoin('type_items as ct', 'ct.Id', 'c.CaseType_Id')
      .where('c.DueDate', '<', input.today)
      .where('c.WorkflowState', 'in', OPEN_STATES)
      .where(await caseOrgs(input));
    if (caseType !== null) query = query.where('c.CaseType_Id', '=', caseType);
    // Served by the trigram index on the case number (cases_number_trgm), as the cases list's search is.
    const number = input.parameters.text('CaseNumber');
    if (number) query = query.where('c.CaseNumber', 'ilike', containing(number));
    return rows(
      query
        .select(['c.Id', 'c.CaseNumber', 'o.Name as Org', subject.as('Subject'), 'ct.Short as CaseType', caseState, 'c.DueDate', daysPast(input, 'c.DueDate').as('DaysPast')])
        .orderBy('c.DueDate')
        .orderBy('c.Id'),
    );
  },
});

export const caseReports = [openCasesByOrg, casesPastCriticalDate];
