import { sql, type Compilable, type RawBuilder } from 'kysely';
import { Groups } from '../../../shared/permissions.js';
import { CASE_STATE_LABELS, ITEM_STATUS_LABELS } from '../../../shared/workflow.js';
import type { ParameterDeclaration, QueryInput, ReportContext, ReportRow, ValidValue } from '../definition.js';

/**
 * What the reports of the catalogue (server/reports/catalogue.ts) build their queries and parameters from: SQL parts
 * read the same in every report, and the parameters several reports share.
 */

export const rows = <T extends object>(query: Compilable<T>) => query as unknown as Compilable<ReportRow>;
export const count = (condition?: RawBuilder<unknown>) => (condition ? sql<number>`count(*) filter (where ${condition})` : sql<number>`count(*)`);
/** A moment at the start of a UTC day. */
export const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);
export const subject = sql<string>`concat_ws(', ', c."SubjectLastName", c."SubjectFirstName")`;
export const person = (alias: string) => sql<string>`concat_ws(', ', ${sql.ref(`${alias}.LastName`)}, ${sql.ref(`${alias}.FirstName`)})`;
/** A state or status as people read it ('In Review'), by the labels the screens use. */
const labelled = (column: string, labels: Readonly<Record<string, string>>) =>
  sql<string>`case ${sql.ref(column)} ${sql.join(Object.entries(labels).map(([value, label]) => sql`when ${value} then ${label}`), sql` `)} else ${sql.ref(column)} end`;
export const caseState = labelled('c.WorkflowState', CASE_STATE_LABELS).as('WorkflowState');
export const itemStatus = labelled('i.ItemStatus', ITEM_STATUS_LABELS).as('ItemStatus');
export const daysPast = (input: QueryInput, column: string) => sql<number>`(${input.today}::date - ${sql.ref(column)})`;

// ---- parameters shared by several reports --------------------------------------------------------------------

/** The orgs the caller may see, by name (a client user: its own org and the orgs below it). */
async function scopedOrgs(context: ReportContext): Promise<ValidValue[]> {
  let query = context.db.selectFrom('orgs').select(['Id', 'Name']).orderBy('Name').orderBy('Id');
  if (!context.scope.all) query = query.where('Id', 'in', [...context.scope.ids, 0]);
  return (await query.execute()).map((o) => ({ value: o.Id, label: o.Name }));
}

/** The members of the field groups (Investigator, Independent Contractor), by last name. */
async function investigators(context: ReportContext): Promise<ValidValue[]> {
  const people = await context.db
    .selectFrom('users as u')
    .select(['u.Id', 'u.FirstName', 'u.LastName'])
    .where((eb) =>
      eb.exists(
        eb.selectFrom('user_groups as ug').innerJoin('groups as g', 'g.Id', 'ug.Group_Id').select(sql.lit(1).as('one')).whereRef('ug.User_Id', '=', 'u.Id').where('g.Name', 'in', [Groups.INVESTIGATOR, Groups.INDEPENDENT_CONTRACTOR]),
      ),
    )
    .orderBy('u.LastName')
    .orderBy('u.FirstName')
    .orderBy('u.Id')
    .execute();
  return people.map((u) => ({ value: u.Id, label: `${u.LastName}, ${u.FirstName}` }));
}

export const orgParameter: ParameterDeclaration = { name: 'Org', prompt: 'Org', type: 'Integer', nullable: true, validValues: scopedOrgs };
export const investigatorParameter: ParameterDeclaration = { name: 'Investigator', prompt: 'Investigator', type: 'Integer', nullable: true, validValues: investigators };
export const fromParameter = (prompt: string, fallback?: (now: Date) => string): ParameterDeclaration => ({ name: 'From', prompt, type: 'DateTime', nullable: true, default: fallback });
export const toParameter = (prompt: string): ParameterDeclaration => ({ name: 'To', prompt, type: 'DateTime', nullable: true });

/** The cases of the report's Org parameter (with the orgs below it) within the caller's scope. */
export const caseOrgs = async (input: QueryInput, column = 'c.Client_Id') => input.inScope(column, await input.orgSubtree(input.parameters.integer('Org')));
