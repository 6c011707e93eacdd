import type { ColumnType } from 'kysely';
import type { CaseState } from '../../../shared/workflow.js';
import type { CreatedAt, DateOnly, Flag, Id, NullableTimestamp } from './columns.js';

/** A case and what hangs on it: history, number counters, subject, papers, messages, parameters (docs/data-model.md, "Cases and items"). */

export interface CasesTable {
  Id: Id;
  CaseNumber: string;
  Client_Id: number;
  RequestingOfficial_Id: number | null;
  ContractType_Id: number | null;
  DataEntryClerk_Id: number | null;
  Reviewer_Id: number | null;
  Notes: string | null;
  DataEntryComplete: Flag;
  /** 'NORMAL' | 'HOLD' */
  CaseStatusType: ColumnType<string, string | undefined, string>;
  WorkflowState: CaseState;
  /** The state a discontinued case returns to on Resume. */
  ResumeState: string | null;
  ReceivedDate: DateOnly;
  ScheduledDate: DateOnly;
  DueDate: DateOnly;
  CompletionDate: NullableTimestamp;
  CaseType_Id: number;
  CaseTemplate_Id: number | null;
  LockedTo_Id: number | null;
  Invoice_Id: number | null;
  CreatedDate: CreatedAt;
  UpdatedDate: CreatedAt;
  /**
   * The subject's names (case_subjects), copied by triggers on case_subjects (migration 013) so the cases search
   * filters and sorts on `cases` alone. Never written by the server; null only until the case's subject is inserted.
   */
  SubjectFirstName: ColumnType<string | null, never, never>;
  SubjectLastName: ColumnType<string | null, never, never>;
}

/** One transition of a case's workflow (migration 012). */
export interface CaseHistoryTable {
  Id: Id;
  Case_Id: number;
  FromState: string | null;
  ToState: string;
  Action: string;
  TriggeredBy_Id: number | null;
  Note: string | null;
  CreatedDate: CreatedAt;
}

/** The last case number given in a year. */
export interface CaseNumberCountersTable {
  Year: number;
  LastNumber: number;
}

export interface CaseSubjectsTable {
  Id: Id;
  Case_Id: number;
  FirstName: string;
  MiddleName: string | null;
  LastName: string;
  /** The SSN sealed (server/security/ssnVault.ts): base64url(nonce ‖ AES-256-GCM ciphertext ‖ tag). */
  SSNCipher: string | null;
  /** The id of the key that sealed it (server/security/keyring.ts). */
  SSNKeyId: string | null;
  /** HMAC-SHA-256 of the SSN under a key derived from the secret: finds equal SSNs (duplicates) without revealing one. */
  SSNHash: string | null;
}

export interface CaseAttachmentsTable {
  Id: Id;
  Case_Id: number;
  Name: string;
  FedExTracking: string | null;
  StorageKey: string | null;
  ContentType: string | null;
  Size: number | null;
  CreatedDate: CreatedAt;
}

export interface CaseMessagesTable {
  Id: Id;
  Case_Id: number;
  SentBy_Id: number;
  Message: string;
  CreatedDate: CreatedAt;
}

export interface CaseMessageRecipientsTable {
  Message_Id: number;
  User_Id: number;
}

export interface CaseParametersTable {
  Id: Id;
  Case_Id: number;
  ParameterName: string;
  ParameterReference: string;
  ParameterValue: string | null;
  ParameterType: 'text' | 'TextArea';
}

export interface CaseTables {
  cases: CasesTable;
  case_history: CaseHistoryTable;
  case_number_counters: CaseNumberCountersTable;
  case_subjects: CaseSubjectsTable;
  case_attachments: CaseAttachmentsTable;
  case_messages: CaseMessagesTable;
  case_message_recipients: CaseMessageRecipientsTable;
  case_parameters: CaseParametersTable;
}
