import { anyOf } from '../shared/access.js';
import { Permissions, Tags } from '../shared/permissions.js';
import { STEP_PERMISSIONS } from '../shared/workflow.js';
import { defineOperations } from './operation.js';

const P = Permissions.Cases;

/**
 * The named operations of the cases contract (spec 001 §7): the workflow steps (each refused with a 409 from a wrong
 * state or on a case held by another user, by the rule that also answers the case's `Steps`), the subject and its
 * SSN, the reviewer, the case XML and stylesheet, the workflow history and poll, the additional settings, the message
 * recipients, the people the case form picks from, and the report of investigation. Handlers: server/cases/routes.ts (workflow, subject, reviewer,
 * downloads, history), workflowStates.ts (the poll), parameters.ts, messages.ts, people.ts,
 * server/roi/routes.ts (the report).
 */
export const caseOperations = defineOperations({
  startDataEntry: {
    method: 'PUT',
    path: '/api/cases/:id/start-data-entry',
    access: anyOf(STEP_PERMISSIONS.startDataEntry),
    summary: 'Start data entry: AWAITING_DATA_ENTRY → DATA_ENTRY_IN_PROCESS, locked to the caller',
    answer: 'caseStepAnswer.json',
  },
  completeDataEntry: {
    method: 'PUT',
    path: '/api/cases/:id/data-entry-complete',
    access: anyOf(STEP_PERMISSIONS.dataEntryComplete),
    summary: "Complete data entry: sets the critical date and the items' ACDs from the org's deadline rules; → AWAITING_ASSIGNMENT (or the state the items imply)",
    answer: 'caseStepAnswer.json',
  },
  toggleHold: {
    method: 'PUT',
    path: '/api/cases/:id/toggle-on-hold',
    access: anyOf(STEP_PERMISSIONS.hold),
    summary: 'Put the case on hold (→ HOLD), or reactivate a case on hold (→ the state its papers and items imply)',
    answer: 'caseStepAnswer.json',
  },
  discontinue: {
    method: 'PUT',
    path: '/api/cases/:id/discontinue',
    access: anyOf(STEP_PERMISSIONS.discontinue),
    summary: 'Discontinue the case (→ DISCONTINUED, CompletionDate now)',
    answer: 'caseStepAnswer.json',
  },
  resume: {
    method: 'PUT',
    path: '/api/cases/:id/resume',
    access: anyOf(STEP_PERMISSIONS.resume),
    summary: 'Resume a discontinued case: → the state its papers and items imply',
    answer: 'caseStepAnswer.json',
  },
  saveSubject: {
    method: 'PUT',
    path: '/api/cases/:id/subject',
    access: anyOf(Permissions.CaseSubjects.EDIT_SUBJECT, P.EDIT_CASES),
    summary: 'Change the subject of a case (first, middle and last name, SSN); answers the subject, its SSN as the caller may see it',
    body: 'caseSubject.json',
    answer: 'caseSubject.json',
  },
  revealSsn: {
    method: 'GET',
    path: '/api/cases/:id/subject/ssn',
    access: anyOf(Permissions.CaseSubjects.VIEW_FULL_SSN),
    summary: "Reveal the subject's whole SSN (the case page's Reveal); each reveal is in the audit log",
    answer: 'caseSsn.json',
  },
  assignReviewer: {
    method: 'PUT',
    path: '/api/cases/:id/reviewer/:reviewerId',
    access: anyOf(P.ASSIGN_REVIEWER),
    summary: "Assign the case's reviewer; answers the case's Id and Reviewer_Id",
    answer: 'caseReviewerAnswer.json',
  },
  downloadXml: {
    method: 'GET',
    path: '/api/cases/:id/xml',
    access: anyOf(P.VIEW_CASE_XML),
    summary: "The case XML (the data its report is built from: case, subject, org, items with their sections' values), as {CaseNumber}.xml",
    answer: 'file',
    produces: ['application/xml'],
  },
  downloadXslt: {
    method: 'GET',
    path: '/api/cases/:id/xslt',
    access: anyOf(P.VIEW_CASE_XSLT),
    summary: "The case template's report stylesheet (a default one when the template has none), as {CaseNumber}.xslt",
    answer: 'file',
    produces: ['application/xslt+xml'],
  },
  history: {
    method: 'GET',
    path: '/api/cases/:id/history',
    access: anyOf(P.VIEW_CASES),
    summary: "The case's workflow history, newest first: from, to, the step, who and when",
    answer: { list: 'caseHistoryEntry.json' },
  },
  workflow: {
    method: 'GET',
    path: '/api/workflows/cases/:id',
    access: anyOf(P.VIEW_CASES),
    summary:
      "The case's workflow state for the case page's poll: Id, WorkflowState, CaseStatusType, DueDate, CompletionDate, LockedTo_Id, the holder's name, and the caller's Steps and LockedReason",
    answer: 'caseWorkflow.json',
  },
  parameters: {
    method: 'GET',
    path: '/api/cases/:id/CaseCustomParameters',
    access: anyOf(P.VIEW_CASES),
    summary: "The case's additional settings: ParameterName, ParameterReference, ParameterValue, ParameterType (text or TextArea)",
    answer: { list: 'caseParameter.json' },
  },
  saveParameters: {
    method: 'POST',
    path: '/api/cases/:caseId/UpdateCaseCustomParameters',
    access: anyOf(P.EDIT_CASES),
    summary: "Save the case's additional settings (multipart form, one entry per parameter by reference or name); answers them",
    consumes: 'multipart/form-data',
    answer: { list: 'caseParameter.json' },
  },
  recipients: {
    method: 'GET',
    path: '/api/cases/:id/recipients',
    access: anyOf(Permissions.CaseMessages.CREATE_MESSAGE, Permissions.CaseMessages.VIEW_MESSAGES),
    summary: "Who may receive a message on the case: the people on the case and the client org's users (Id, FirstName, LastName)",
    answer: { list: 'caseRecipient.json' },
  },
  requestingOfficials: {
    method: 'GET',
    path: '/api/cases/requesting-official/:clientId',
    access: anyOf(P.CREATE_CASE, P.EDIT_CASES, P.VIEW_CASES),
    summary: 'The requesting officials a case of the org may name: the users of the org and the orgs above it (below the top org)',
    answer: { list: 'person.json' },
  },
  assignees: {
    method: 'GET',
    path: '/api/cases/assignees/:clientId/:groupTag',
    access: anyOf(P.CREATE_CASE, P.ASSIGN_DATA_ENTRY, P.ASSIGN_REVIEWER),
    summary: 'The users a case of the org may be assigned to: the users of the groups carrying the tag (data entry, reviewer)',
    params: { groupTag: { enum: [Tags.DATA_ENTRY, Tags.REVIEWER] } },
    answer: { list: 'person.json' },
  },
  reviewersOfCase: {
    method: 'GET',
    path: '/api/cases/:caseId/org/:clientId/reviewers',
    access: anyOf(P.ASSIGN_REVIEWER, P.VIEW_CASES),
    summary: 'The reviewers a case may be given: the users of the groups tagged reviewer',
    answer: { list: 'person.json' },
  },
  report: {
    method: 'GET',
    path: '/api/cases/:id/report',
    access: anyOf(P.DOWNLOAD_REPORT, P.DOWNLOAD_INCOMPLETE_REPORT),
    summary:
      "The report of investigation as a PDF ({CaseNumber}.pdf): the case XML through the case template's cover sheet, stylesheet, header and footer XSLTs and each section's ROI XSLT; " +
      "the case papers in front when the org prepends attachments; password protected with the org's ROI password when the user's Encrypt ROI is on. " +
      'An incomplete case (no completion date, not COMPLETE or DISCONTINUED) needs Download Incomplete Report (403); a template that fails answers 422 naming it',
    answer: 'file',
    produces: ['application/pdf'],
  },
});
