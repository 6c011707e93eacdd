import type { Case, CasePaper, CaseSubject } from '../schemas/types.js';
import { request, type FileAnswer } from './httpClient.js';

const theCase = (id: number) => `/api/cases/${id}`;

/** What a workflow step answers (spec 001 §7: the case's new state and the fields the step may change). */
export interface CaseStepAnswer {
  WorkflowState: NonNullable<Case['WorkflowState']>;
  CaseStatusType: 'NORMAL' | 'HOLD';
  DueDate: string | null;
  CompletionDate: string | null;
  LockedTo_Id: number | null;
}

/** A case's workflow state as the case page polls it (GET /api/workflows/cases/{id}). */
export interface CaseWorkflow extends CaseStepAnswer {
  Id: number;
  /** The first and last name of the user holding the case (LockedTo_Id). */
  LockedToName: string | null;
  /** The workflow steps the caller may take now, and why they may not change the case (null when they may), as the case answers them. */
  Steps: NonNullable<Case['Steps']>;
  LockedReason: string | null;
}

/** An additional setting of a case (spec 001 §3). */
export interface CaseParameter {
  ParameterName: string;
  ParameterReference: string;
  ParameterValue: string | null;
  ParameterType: 'text' | 'TextArea';
}

const step = (path: string) => (id: number) => request<CaseStepAnswer>(`${theCase(id)}/${path}`, { method: 'PUT', body: {} });

/**
 * The case calls that are not CRUD of the `cases`, `case-papers` and `case-messages` declarations (spec 001 §7):
 * the workflow steps, the subject and the reviewer, papers' upload, download and tracking, the message recipients
 * and the additional settings.
 */
export const caseMethods = {
  startDataEntry: step('start-data-entry'),
  completeDataEntry: step('data-entry-complete'),
  /** Puts the case on hold, or reactivates a case on hold. */
  toggleCaseHold: step('toggle-on-hold'),
  discontinueCase: step('discontinue'),
  resumeCase: step('resume'),
  saveCaseSubject: (id: number, subject: CaseSubject) => request<CaseSubject & { Id: number }>(`${theCase(id)}/subject`, { method: 'PUT', body: subject }),
  /** The subject's whole SSN (View Full SSN); the server writes each reveal to the audit log. */
  revealSubjectSsn: (id: number) => request<{ SSN: string | null }>(`${theCase(id)}/subject/ssn`),
  assignCaseReviewer: (id: number, reviewerId: number) => request<{ Id: number; Reviewer_Id: number }>(`${theCase(id)}/reviewer/${reviewerId}`, { method: 'PUT', body: {} }),
  uploadCasePapers: (id: number, files: File[]) => {
    const formData = new FormData();
    for (const file of files) formData.append('file', file, file.name);
    return request<CasePaper[]>(`${theCase(id)}/attachments`, { method: 'POST', formData });
  },
  downloadCasePaper: (id: number, paperId: number) => request<FileAnswer>(`${theCase(id)}/attachments/${paperId}/file`, { asFile: true }),
  addCaseTracking: (id: number, Name: string, FedExTracking: string) =>
    request<CasePaper[]>(`${theCase(id)}/tracking`, { method: 'POST', body: { Case_Id: id, Name, FedExTracking } }),
  getCaseRecipients: (id: number) => request<{ Id: number; FirstName: string; LastName: string; Name: string }[]>(`${theCase(id)}/recipients`),
  getCaseParameters: (id: number) => request<CaseParameter[]>(`${theCase(id)}/CaseCustomParameters`),
  saveCaseParameters: (id: number, parameters: readonly CaseParameter[]) => {
    const formData = new FormData();
    for (const p of parameters) formData.append(p.ParameterReference, p.ParameterValue ?? '');
    return request<CaseParameter[]>(`/api/cases/${id}/UpdateCaseCustomParameters`, { method: 'POST', formData });
  },
  /** The case XML (GET /api/cases/{id}/xml), saved as `{CaseNumber}.xml`. */
  downloadCaseXml: (id: number) => request<FileAnswer>(`${theCase(id)}/xml`, { asFile: true }),
  /** The case's report stylesheet (GET /api/cases/{id}/xslt), saved as `{CaseNumber}.xslt`. */
  downloadCaseXslt: (id: number) => request<FileAnswer>(`${theCase(id)}/xslt`, { asFile: true }),
  /** The report of investigation (GET /api/cases/{id}/report), a PDF saved under the name its content-disposition gives. */
  downloadCaseReport: (id: number) => request<FileAnswer>(`${theCase(id)}/report`, { asFile: true }),
  /** The case's workflow state, which the case page polls (GET /api/workflows/cases/{id}). */
  getCaseWorkflow: (id: number) => request<CaseWorkflow>(`/api/workflows/cases/${id}`),
  getCaseHistory: (id: number) =>
    request<{ Id: number; FromState: string | null; ToState: string; Action: string; Note: string | null; CreatedDate: string; FirstName: string | null; LastName: string | null }[]>(
      `${theCase(id)}/history`,
    ),
};
