import { lazyOrgPicker } from '../components/lazyOrgPicker.js';
import type { FormView } from '../resources/formParts.js';

/**
 * A case's form (spec 001 §2 "Case form"): the new-case modal names the client org (chosen in the org tree); the
 * detail form shows the number and dates; the subject on both. Fields only some users may change name the contract's
 * actions (the server checks the same); a save the server finds a duplicate of asks to continue.
 */
export const CASE_FORM: FormView = {
  sections: [
    { title: 'New Case', fields: ['Client_Id', 'RequestingOfficial_Id', 'CaseType_Id', 'DataEntryClerk_Id', 'Reviewer_Id', 'Notes'], on: 'create' },
    { title: 'Case', fields: ['CaseNumber', 'RequestingOfficial_Id', 'CaseType_Id', 'DataEntryClerk_Id', 'Reviewer_Id', 'Notes'], on: 'existing' },
    { title: 'Dates', fields: ['ReceivedDate', 'ScheduledDate', 'DueDate', 'CompletionDate'], on: 'existing' },
    { title: 'Subject', fields: ['CaseSubject'] },
    // The case template shows to a system administrator only (read only: it follows the case type).
    { title: 'Template', fields: ['CaseTemplate_Id'], on: 'existing', action: 'viewCaseTemplate' },
  ],
  inputs: { Client_Id: lazyOrgPicker },
  fieldPermissions: {
    RequestingOfficial_Id: 'changeRequestingOfficial',
    DataEntryClerk_Id: 'assignDataEntry',
    Reviewer_Id: 'assignReviewer',
    CaseType_Id: 'changeCaseType',
    CompletionDate: 'editCompletionDate',
    DueDate: 'editCriticalDate',
  },
  confirm: { flag: 'IsDuplicate', field: 'CreateDuplicate', submitLabel: 'Continue', resetOn: ['CaseSubject.FirstName', 'CaseSubject.LastName', 'CaseSubject.SSN'] },
  saveWhenChanged: true,
};
