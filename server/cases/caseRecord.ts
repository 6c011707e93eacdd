import { CompiledQuery } from 'kysely';
import type { AuthContext } from '../auth/sessions.js';
import type { Database } from '../db/database.js';
import { executeNamed } from '../db/namedStatements.js';
import { fieldsBesides, rowFields } from '../db/rowFields.js';
import { seenInScope, type CaseRow } from './caseAccess.js';
import type { StoredSsn } from './subjectSsn.js';

/**
 * The statement that reads a case's record: the case joins its org and its subject; the names of its types, template
 * and people are read by their keys in subqueries of their own. As nine joined tables PostgreSQL spent ~1.7 ms
 * planning the order of the joins for a statement that runs in ~0.1 ms (docs/performance.md, "Where a request's time
 * goes"); as three, ~0.3 ms. It also reads what the access rules and the workflow read of a case (`CaseRow`), so that a
 * case page reads its case once.
 */
const recordQuery = (db: Database, caseId: number) =>
  db
    .selectFrom('cases as c')
    .innerJoin('orgs as o', 'o.Id', 'c.Client_Id')
    .leftJoin('case_subjects as s', 's.Case_Id', 'c.Id')
    .select([
      'c.Id', 'c.CaseNumber', 'c.Client_Id', 'c.RequestingOfficial_Id', 'c.ContractType_Id', 'c.DataEntryClerk_Id',
      'c.Reviewer_Id', 'c.Notes', 'c.DataEntryComplete', 'c.CaseStatusType', 'c.WorkflowState', 'c.ResumeState', 'c.ReceivedDate',
      'c.ScheduledDate', 'c.DueDate', 'c.CompletionDate', 'c.CaseType_Id', 'c.CaseTemplate_Id', 'c.LockedTo_Id',
      'o.Name as OrgName', 'o.Code as OrgCode',
      's.Id as SubjectId', 's.FirstName', 's.MiddleName', 's.LastName', 's.SSNCipher', 's.SSNKeyId',
    ])
    .select((eb) => {
      const typeItem = (key: 'c.CaseType_Id' | 'c.ContractType_Id', column: 'Short' | 'Description') => eb.selectFrom('type_items as t').select(`t.${column}`).whereRef('t.Id', '=', key);
      const user = (key: 'c.RequestingOfficial_Id' | 'c.DataEntryClerk_Id' | 'c.Reviewer_Id', column: 'FirstName' | 'LastName') => eb.selectFrom('users as u').select(`u.${column}`).whereRef('u.Id', '=', key);
      return [
        eb.selectFrom('case_templates as tpl').select('tpl.Label').whereRef('tpl.Id', '=', 'c.CaseTemplate_Id').as('TemplateLabel'),
        typeItem('c.CaseType_Id', 'Short').as('CaseTypeShort'),
        typeItem('c.CaseType_Id', 'Description').as('CaseTypeDescription'),
        typeItem('c.ContractType_Id', 'Short').as('ContractShort'),
        typeItem('c.ContractType_Id', 'Description').as('ContractDescription'),
        user('c.RequestingOfficial_Id', 'FirstName').as('RoFirst'),
        user('c.RequestingOfficial_Id', 'LastName').as('RoLast'),
        user('c.DataEntryClerk_Id', 'FirstName').as('DeFirst'),
        user('c.DataEntryClerk_Id', 'LastName').as('DeLast'),
        user('c.Reviewer_Id', 'FirstName').as('RvFirst'),
        user('c.Reviewer_Id', 'LastName').as('RvLast'),
      ];
    })
    .where('c.Id', '=', caseId);

/** A case's record as read, before it is shaped for the answer. */
export type CaseRecordRow = Awaited<ReturnType<ReturnType<typeof recordQuery>['executeTakeFirstOrThrow']>>;

/**
 * The record's statement, built and compiled by Kysely once (its only parameter is the case's id; PostgreSQL and the
 * embedded PGlite compile it alike) and sent with each case's id: building it — 30 columns, 11 subqueries — was
 * most of what Kysely cost a case read. On PostgreSQL it is a named statement (executeNamed), planned once a connection.
 */
let compiled: CompiledQuery<CaseRecordRow> | null = null;

function compiledRecordQuery(db: Database): CompiledQuery<CaseRecordRow> {
  if (!compiled) {
    const once = recordQuery(db, 0).compile();
    if (once.parameters.length !== 1) throw new Error(`The case record's statement takes ${once.parameters.length} parameters, not the case's id alone.`);
    compiled = once;
  }
  return compiled;
}

/** The case's record as read (undefined when there is no such case): one statement, whoever may see it. */
export async function readCaseRecord(db: Database, caseId: number): Promise<CaseRecordRow | undefined> {
  const query = compiledRecordQuery(db);
  return (await executeNamed(db, CompiledQuery.raw(query.sql, [caseId]) as CompiledQuery<CaseRecordRow>))[0];
}

/** What the access rules and the workflow read of a case (caseAccess.ts), from its record. */
export const caseRowOf = (row: CaseRecordRow): CaseRow => ({
  Id: row.Id,
  CaseNumber: row.CaseNumber,
  Client_Id: row.Client_Id,
  CaseType_Id: row.CaseType_Id,
  CaseTemplate_Id: row.CaseTemplate_Id,
  WorkflowState: row.WorkflowState as CaseRow['WorkflowState'],
  CaseStatusType: row.CaseStatusType,
  ResumeState: row.ResumeState,
  DataEntryComplete: row.DataEntryComplete,
  LockedTo_Id: row.LockedTo_Id,
  ReceivedDate: row.ReceivedDate,
  DueDate: row.DueDate,
  CompletionDate: row.CompletionDate,
  Reviewer_Id: row.Reviewer_Id,
  DataEntryClerk_Id: row.DataEntryClerk_Id,
  RequestingOfficial_Id: row.RequestingOfficial_Id,
});

/**
 * The case's record and what the access rules read of it, when it exists and the caller may see it (its org inside
 * the caller's org scope: the rule of `caseInScope`, with the case read once); a 404 otherwise, an id outside the
 * scope not told apart from an unknown one.
 */
export async function caseRecordInScope(db: Database, auth: AuthContext, caseId: number): Promise<{ row: CaseRow; record: CaseRecordRow }> {
  const record = await seenInScope(db, auth, await readCaseRecord(db, caseId));
  return { row: caseRowOf(record), record };
}

/** The record's columns answered in the case's own objects (its org, people, types, subject) or not at all. */
const JOINED_FIELDS: ReadonlySet<string> = new Set([
  'OrgName', 'OrgCode', 'TemplateLabel', 'CaseTypeShort', 'CaseTypeDescription', 'ContractShort', 'ContractDescription', 'SubjectId', 'FirstName',
  'MiddleName', 'LastName', 'SSNCipher', 'SSNKeyId', 'RoFirst', 'RoLast', 'DeFirst', 'DeLast', 'RvFirst', 'RvLast', 'ResumeState',
] satisfies (keyof CaseRecordRow)[]);
/** The record's columns answered as they are: every column of its statement but those (read off the first record). */
let ownFields: (keyof CaseRecordRow)[] | undefined;

/**
 * A case as the detail answers it (spec 001 §3 "Case (detail)"): its fields, its case type and contract type (Id,
 * Short, Description), its client org (Id, Name, Code), the people on it (requesting official, data-entry clerk,
 * reviewer: Id, FirstName, LastName), its case template (Id, Label) and its subject (as `Subject`, and as
 * `CaseSubject`, the form's writable copy), from its record. The subject's SSN is as `ssn` presents it to the caller
 * (whole or masked: server/cases/subjectSsn.ts).
 */
export function shapeCaseRecord(row: CaseRecordRow, ssn: (stored: StoredSsn) => string | null): Record<string, unknown> {
  const { OrgName, OrgCode, TemplateLabel, CaseTypeShort, CaseTypeDescription, ContractShort, ContractDescription, SubjectId, FirstName, MiddleName, LastName, SSNCipher, SSNKeyId, RoFirst, RoLast, DeFirst, DeLast, RvFirst, RvLast } = row;
  ownFields ??= fieldsBesides(row, JOINED_FIELDS);
  const person = (Id: number | null, First: string | null, Last: string | null) => (Id === null ? null : { Id, FirstName: First, LastName: Last });
  const subject = SubjectId === null ? null : { Id: SubjectId, FirstName, MiddleName, LastName, SSN: ssn({ SSNCipher, SSNKeyId }) };
  return Object.assign(rowFields(row, ownFields), {
    RequestingOfficial: person(row.RequestingOfficial_Id, RoFirst, RoLast),
    DataEntryClerk: person(row.DataEntryClerk_Id, DeFirst, DeLast),
    Reviewer: person(row.Reviewer_Id, RvFirst, RvLast),
    CaseType: { Id: row.CaseType_Id, Short: CaseTypeShort, Description: CaseTypeDescription },
    ContractType: row.ContractType_Id === null ? null : { Id: row.ContractType_Id, Short: ContractShort, Description: ContractDescription },
    Org: { Id: row.Client_Id, Name: OrgName, Code: OrgCode },
    CaseTemplate: row.CaseTemplate_Id === null ? null : { Id: row.CaseTemplate_Id, Label: TemplateLabel },
    Subject: subject,
    CaseSubject: subject,
  });
}

/** `shapeCaseRecord` of the case read by its id (one query); the case must exist. */
export async function caseRecord(db: Database, caseId: number, ssn: (stored: StoredSsn) => string | null): Promise<Record<string, unknown>> {
  const row = await readCaseRecord(db, caseId);
  if (!row) throw new Error(`No case ${caseId}.`);
  return shapeCaseRecord(row, ssn);
}
