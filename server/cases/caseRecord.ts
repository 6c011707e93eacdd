import type { Database } from '../db/database.js';
import type { StoredSsn } from './subjectSsn.js';

/**
 * A case as the detail answers it (spec 001 §3 "Case (detail)"): its fields, its case type and contract type (Id,
 * Short, Description), its client org (Id, Name, Code), the people on it (requesting official, data-entry clerk,
 * reviewer: Id, FirstName, LastName), its case template (Id, Label) and its subject (as `Subject`, and as `CaseSubject`, the form's writable copy)
 * — one query. The subject's SSN is as `ssn` presents it to the caller (whole or masked: server/cases/subjectSsn.ts).
 */
export async function caseRecord(db: Database, caseId: number, ssn: (stored: StoredSsn) => string | null): Promise<Record<string, unknown>> {
  const row = await db
    .selectFrom('cases as c')
    .innerJoin('orgs as o', 'o.Id', 'c.Client_Id')
    .leftJoin('type_items as ct', 'ct.Id', 'c.CaseType_Id')
    .leftJoin('type_items as k', 'k.Id', 'c.ContractType_Id')
    .leftJoin('case_subjects as s', 's.Case_Id', 'c.Id')
    .leftJoin('users as ro', 'ro.Id', 'c.RequestingOfficial_Id')
    .leftJoin('users as de', 'de.Id', 'c.DataEntryClerk_Id')
    .leftJoin('users as rv', 'rv.Id', 'c.Reviewer_Id')
    .leftJoin('case_templates as tpl', 'tpl.Id', 'c.CaseTemplate_Id')
    .select([
      'c.Id', 'c.CaseNumber', 'c.Client_Id', 'c.RequestingOfficial_Id', 'c.ContractType_Id', 'c.DataEntryClerk_Id',
      'c.Reviewer_Id', 'c.Notes', 'c.DataEntryComplete', 'c.CaseStatusType', 'c.WorkflowState', 'c.ReceivedDate',
      'c.ScheduledDate', 'c.DueDate', 'c.CompletionDate', 'c.CaseType_Id', 'c.CaseTemplate_Id', 'c.LockedTo_Id',
      'o.Name as OrgName', 'o.Code as OrgCode', 'tpl.Label as TemplateLabel',
      'ct.Short as CaseTypeShort', 'ct.Description as CaseTypeDescription',
      'k.Short as ContractShort', 'k.Description as ContractDescription',
      's.Id as SubjectId', 's.FirstName', 's.MiddleName', 's.LastName', 's.SSNCipher', 's.SSNKeyId',
      'ro.FirstName as RoFirst', 'ro.LastName as RoLast', 'de.FirstName as DeFirst', 'de.LastName as DeLast', 'rv.FirstName as RvFirst', 'rv.LastName as RvLast',
    ])
    .where('c.Id', '=', caseId)
    .executeTakeFirstOrThrow();
  const { OrgName, OrgCode, TemplateLabel, CaseTypeShort, CaseTypeDescription, ContractShort, ContractDescription, SubjectId, FirstName, MiddleName, LastName, SSNCipher, SSNKeyId, RoFirst, RoLast, DeFirst, DeLast, RvFirst, RvLast, ...fields } =
    row;
  const person = (Id: number | null, First: string | null, Last: string | null) => (Id === null ? null : { Id, FirstName: First, LastName: Last });
  const subject = SubjectId === null ? null : { Id: SubjectId, FirstName, MiddleName, LastName, SSN: ssn({ SSNCipher, SSNKeyId }) };
  return {
    ...fields,
    RequestingOfficial: person(row.RequestingOfficial_Id, RoFirst, RoLast),
    DataEntryClerk: person(row.DataEntryClerk_Id, DeFirst, DeLast),
    Reviewer: person(row.Reviewer_Id, RvFirst, RvLast),
    CaseType: { Id: row.CaseType_Id, Short: CaseTypeShort, Description: CaseTypeDescription },
    ContractType: row.ContractType_Id === null ? null : { Id: row.ContractType_Id, Short: ContractShort, Description: ContractDescription },
    Org: { Id: row.Client_Id, Name: OrgName, Code: OrgCode },
    CaseTemplate: row.CaseTemplate_Id === null ? null : { Id: row.CaseTemplate_Id, Label: TemplateLabel },
    Subject: subject,
    CaseSubject: subject,
  };
}
