import type { Database } from '../db/database.js';
import type { StoredSsn } from './subjectSsn.js';

/**
 * A case as the detail answers it (spec 001 §3 "Case (detail)"): its fields, its case type and contract type (Id,
 * Short, Description), its client org (Id, Name, Code), the people on it (requesting official, data-entry clerk,
 * reviewer: Id, FirstName, LastName), its case template (Id, Label) and its subject (as `Subject`, and as `CaseSubject`, the form's writable copy)
 * — one query. The subject's SSN is as `ssn` presents it to the caller (whole or masked: server/cases/subjectSsn.ts).
 *
 * The case joins its org and its subject; the names of its types, template and people are read by their keys in
 * subqueries of their own. As nine joined tables PostgreSQL spent ~1.7 ms planning the order of the joins for a
 * statement that runs in ~0.1 ms (docs/performance.md, "Where a request's time goes"); as three, ~0.3 ms.
 */
export async function caseRecord(db: Database, caseId: number, ssn: (stored: StoredSsn) => string | null): Promise<Record<string, unknown>> {
  const row = await db
    .selectFrom('cases as c')
    .innerJoin('orgs as o', 'o.Id', 'c.Client_Id')
    .leftJoin('case_subjects as s', 's.Case_Id', 'c.Id')
    .select([
      'c.Id', 'c.CaseNumber', 'c.Client_Id', 'c.RequestingOfficial_Id', 'c.ContractType_Id', 'c.DataEntryClerk_Id',
      'c.Reviewer_Id', 'c.Notes', 'c.DataEntryComplete', 'c.CaseStatusType', 'c.WorkflowState', 'c.ReceivedDate',
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
