import { sql } from 'kysely';
import { ItemStatuses } from '../../../shared/workflow.js';
import { defineReport, type QueryInput } from '../definition.js';
import { caseOrgs, count, daysPast, investigatorParameter, itemStatus, orgParameter, person, rows } from './common.js';

/** The Investigators folder of the report catalogue: items past their ACD, investigator workload. */

const I = ItemStatuses;
/** Items whose investigator has not yet handed them in (past the ACD while in one of these). */
const PENDING_ITEMS = [I.AWAITING_ASSIGNMENT, I.ASSIGNED, I.REJECTED];
/** Items on an investigator's desk or waiting on review. */
const WORKLOAD_ITEMS = [I.ASSIGNED, I.REJECTED, I.IN_REVIEW];

/** Items past their ACD and not yet handed in (served by items_status: status, ACD). */
async function overdueItems(input: QueryInput) {
  const investigator = input.parameters.integer('Investigator');
  let query = input.context.db
    .selectFrom('items as i')
    .innerJoin('cases as c', 'c.Id', 'i.Case_Id')
    .where('i.ItemStatus', 'in', PENDING_ITEMS)
    .where('i.ACD', '<', input.today)
    .where(await caseOrgs(input));
  if (investigator !== null) query = query.where('i.AssignedTo_Id', '=', investigator);
  return query;
}

const itemsPastAcd = defineReport({
  group: 'Investigators',
  name: 'Items past their ACD by investigator',
  description: 'Items not yet handed in whose ACD has passed, counted per investigator (unassigned items together), with the items.',
  parameters: [investigatorParameter, orgParameter],
  columns: [
    { field: 'Investigator', label: 'Investigator', type: 'text' },
    { field: 'Items', label: 'Items', type: 'integer' },
    { field: 'OldestACD', label: 'Oldest ACD', type: 'date' },
    { field: 'MostDaysPast', label: 'Most Days Past', type: 'integer' },
  ],
  async query(input) {
    const base = await overdueItems(input);
    return rows(
      base
        .leftJoin('users as u', 'u.Id', 'i.AssignedTo_Id')
        .select([
          sql<number>`coalesce(i."AssignedTo_Id", 0)`.as('Investigator_Id'),
          sql<string>`coalesce(nullif(${person('u')}, ''), 'Unassigned')`.as('Investigator'),
          count().as('Items'),
          sql<string>`min(i."ACD")`.as('OldestACD'),
          sql<number>`max(${daysPast(input, 'i.ACD')})`.as('MostDaysPast'),
        ])
        .groupBy(['i.AssignedTo_Id', 'u.LastName', 'u.FirstName'])
        .orderBy(sql`2`)
        .orderBy(sql`1`),
    );
  },
  details: {
    key: 'Investigator_Id',
    columns: [
      { field: 'CaseNumber', label: 'Case Number', type: 'text' },
      { field: 'Item', label: 'Item', type: 'text' },
      { field: 'City', label: 'City', type: 'text' },
      { field: 'ItemStatus', label: 'Status', type: 'text' },
      { field: 'ACD', label: 'ACD', type: 'date' },
      { field: 'DaysPast', label: 'Days Past', type: 'integer' },
    ],
    async query(input, parents) {
      const keys = parents.map((p) => Number(p.Investigator_Id));
      const people = keys.filter((k) => k !== 0);
      const base = await overdueItems(input);
      return rows(
        base
          .innerJoin('item_types as it', 'it.Id', 'i.ItemType_Id')
          .where((eb) => eb.or([eb('i.AssignedTo_Id', 'in', [...people, 0]), ...(keys.includes(0) ? [eb('i.AssignedTo_Id', 'is', null)] : [])]))
          .select([sql<number>`coalesce(i."AssignedTo_Id", 0)`.as('ParentKey'), 'c.CaseNumber', 'it.Name as Item', 'i.City', itemStatus, 'i.ACD', daysPast(input, 'i.ACD').as('DaysPast')])
          .orderBy('i.ACD')
          .orderBy('i.Id'),
      );
    },
  },
});

/** Items on investigators' desks or in review (served by items_assignee: assignee, status). */
async function workloadItems(input: QueryInput) {
  const investigator = input.parameters.integer('Investigator');
  let query = input.context.db
    .selectFrom('items as i')
    .innerJoin('cases as c', 'c.Id', 'i.Case_Id')
    .where('i.AssignedTo_Id', 'is not', null)
    .where('i.ItemStatus', 'in', WORKLOAD_ITEMS)
    .where(input.inScope('c.Client_Id'));
  if (investigator !== null) query = query.where('i.AssignedTo_Id', '=', investigator);
  return query;
}

const investigatorWorkload = defineReport({
  group: 'Investigators',
  name: 'Investigator workload',
  description: 'Per investigator: items assigned, rejected (back for rework), in review, and past their ACD, with the items.',
  parameters: [investigatorParameter],
  columns: [
    { field: 'Investigator', label: 'Investigator', type: 'text' },
    { field: 'Assigned', label: 'Assigned', type: 'integer' },
    { field: 'Rejected', label: 'Rejected', type: 'integer' },
    { field: 'InReview', label: 'In Review', type: 'integer' },
    { field: 'PastACD', label: 'Past ACD', type: 'integer' },
    { field: 'OldestACD', label: 'Oldest ACD', type: 'date' },
  ],
  async query(input) {
    const base = await workloadItems(input);
    return rows(
      base
        .innerJoin('users as u', 'u.Id', 'i.AssignedTo_Id')
        .select([
          'u.Id as Investigator_Id',
          person('u').as('Investigator'),
          count(sql`i."ItemStatus" = ${I.ASSIGNED}`).as('Assigned'),
          count(sql`i."ItemStatus" = ${I.REJECTED}`).as('Rejected'),
          count(sql`i."ItemStatus" = ${I.IN_REVIEW}`).as('InReview'),
          count(sql`i."ItemStatus" <> ${I.IN_REVIEW} and i."ACD" < ${input.today}::date`).as('PastACD'),
          sql<string>`min(i."ACD") filter (where i."ItemStatus" <> ${I.IN_REVIEW})`.as('OldestACD'),
        ])
        .groupBy(['u.Id', 'u.LastName', 'u.FirstName'])
        .orderBy('u.LastName')
        .orderBy('u.FirstName')
        .orderBy('u.Id'),
    );
  },
  details: {
    key: 'Investigator_Id',
    columns: [
      { field: 'CaseNumber', label: 'Case Number', type: 'text' },
      { field: 'Item', label: 'Item', type: 'text' },
      { field: 'City', label: 'City', type: 'text' },
      { field: 'ItemStatus', label: 'Status', type: 'text' },
      { field: 'ACD', label: 'ACD', type: 'date' },
    ],
    async query(input, parents) {
      const base = await workloadItems(input);
      return rows(
        base
          .innerJoin('item_types as it', 'it.Id', 'i.ItemType_Id')
          .where('i.AssignedTo_Id', 'in', [...parents.map((p) => Number(p.Investigator_Id)), 0])
          .select(['i.AssignedTo_Id as ParentKey', 'c.CaseNumber', 'it.Name as Item', 'i.City', itemStatus, 'i.ACD'])
          .orderBy('i.ACD')
          .orderBy('i.Id'),
      );
    },
  },
});

export const investigatorReports = [itemsPastAcd, investigatorWorkload];
