import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { CaseState, ItemStatus } from '../../shared/workflow.js';

/**
 * The database tables as Kysely sees them. Column names are the API's field names (PascalCase, `Org_Id`), so a
 * row maps to JSON without a renaming layer. docs/data-model.md explains each table and why it exists.
 */

type Id = Generated<number>;
/** A timestamp column with a database default. */
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** `date` columns travel as 'YYYY-MM-DD' strings (the type parser is set so on both drivers). */
type DateOnly = ColumnType<string | null, string | null | undefined, string | null>;
/** A NOT NULL `date` column. */
type Day = ColumnType<string, string, string>;
/** numeric columns are parsed to numbers on read. */
type Money = ColumnType<number, number | string, number | string>;
type NullableMoney = ColumnType<number | null, number | string | null | undefined, number | string | null>;
type Flag = ColumnType<boolean, boolean | undefined, boolean>;
type Json<T> = ColumnType<T, string, string>;

// ---- settings, sessions, audit -------------------------------------------------------------------------------

export interface SecuritySettingsTable {
  Id: ColumnType<number, number | undefined, never>;
  AutoLogoutTime: number | null;
  EnablePasswordExpiration: Flag;
  PasswordExpirationTime: number | null;
  UpdatedDate: CreatedAt;
  UpdatedBy_Id: number | null;
}

export interface SessionsTable {
  Id: Id;
  User_Id: number;
  TokenHash: string;
  CreatedDate: CreatedAt;
  LastActivityDate: CreatedAt;
  EndedDate: NullableTimestamp;
  /** 'logout' | 'replaced' | 'expired' */
  EndReason: string | null;
}

export interface SignInFailuresTable {
  UserKey: string;
  FailedCount: number;
  LockedUntil: NullableTimestamp;
  LastFailedDate: Timestamp;
}

/** Append-only (migration 019): written by server/audit/auditLog.ts alone; UPDATE, DELETE and TRUNCATE are refused. */
export interface AuditLogTable {
  Id: Id;
  /** Who acted; kept when the user is deleted (no foreign key), with their username as it was. */
  User_Id: number | null;
  UserName: string | null;
  Entity: string;
  /** The record's key as text ('' when the action concerns no one record). */
  Entity_Id: string;
  Action: string;
  /** Names of the fields changed (or, for a read of an SSN, read): never their values. */
  Fields: ColumnType<string[], string[] | undefined, string[]>;
  ClientAddress: string | null;
  UserAgent: string | null;
  /** The request's id, as the server log and the X-Request-Id header name it. */
  RequestId: string | null;
  CreatedDate: CreatedAt;
}

// ---- lookup lists ----------------------------------------------------------------------------------------------

export interface TypeListsTable {
  TableName: string;
  FormattedTableName: string;
  IsDynamic: Flag;
  CreatedDate: CreatedAt;
}

export interface TypeItemsTable {
  Id: Id;
  TableName: string;
  Short: string;
  Description: string | null;
  Hidden: Flag;
}

// ---- identity --------------------------------------------------------------------------------------------------

export interface RolesTable {
  Id: Id;
  Name: string;
  Key: string;
  Category: string;
}

export interface TagsTable {
  Id: Id;
  Name: string;
}

export interface GroupsTable {
  Id: Id;
  Name: string;
  Description: string | null;
}

export interface GroupRolesTable {
  Group_Id: number;
  Role_Id: number;
}

export interface GroupTagsTable {
  Group_Id: number;
  Tag_Id: number;
}

export interface OrgsTable {
  Id: Id;
  Name: string;
  Code: string | null;
  ParentOrg_Id: number | null;
  Hidden: Flag;
  ContractType_Id: number | null;
  Address1: string | null;
  Address2: string | null;
  City: string | null;
  RegionType_Id: number | null;
  PostalCode: string | null;
  Phone1: string | null;
  Phone2: string | null;
  Fax: string | null;
  ROIEncrpytionPassword: string | null;
  PrependAttachmentsToROI: Flag;
  QboId: string | null;
  /** The company's name when it was chosen (migration 016). */
  QboName: string | null;
  IncludeLast4SSN: Flag;
  CreatedDate: CreatedAt;
}

export interface UsersTable {
  Id: Id;
  UserName: string;
  PasswordHash: string | null;
  PasswordChangedDate: CreatedAt;
  Email: string | null;
  EmailConfirmed: Flag;
  FirstName: string;
  MiddleName: string | null;
  LastName: string;
  Org_Id: number | null;
  WorkStatusType_Id: number | null;
  EmploymentStatusType_Id: number | null;
  GeoRegionType_Id: number | null;
  Manager_Id: number | null;
  Title: string | null;
  PINumber: string | null;
  CredNumber: string | null;
  Notes: string | null;
  LockoutEndDateUtc: NullableTimestamp;
  Latitude: number | null;
  Longitude: number | null;
  CreatedDate: CreatedAt;
  UpdatedDate: CreatedAt;
}

export interface UserGroupsTable {
  User_Id: number;
  Group_Id: number;
}

export interface UserContractTypesTable {
  User_Id: number;
  ContractType_Id: number;
}

export interface UserEmailsTable {
  Id: Id;
  User_Id: number;
  Address: string;
  EmailType_Id: number | null;
  IsPrimary: Flag;
}

export interface UserPhonesTable {
  Id: Id;
  User_Id: number;
  Number: string;
  PhoneNumberType_Id: number | null;
  IsPrimary: Flag;
}

export interface UserAddressesTable {
  Id: Id;
  User_Id: number;
  AddressType_Id: number | null;
  Line1: string | null;
  Line2: string | null;
  City: string;
  RegionType_Id: number | null;
  PostalCode: string;
  IsPrimary: Flag;
}

export interface UserCredentialsTable {
  Id: Id;
  User_Id: number;
  CredentialType_Id: number;
  License: string;
  RegionType_Id: number;
  Expiration: Day;
}

export interface UserClearancesTable {
  Id: Id;
  User_Id: number;
  ClearanceType_Id: number;
  LastInvestigation: Day;
  OrgCode: string;
}

export interface PasswordHistoryTable {
  Id: Id;
  User_Id: number;
  PasswordHash: string;
  CreatedDate: CreatedAt;
}

export interface UserTokensTable {
  Id: Id;
  User_Id: number;
  /** 'reset' | 'confirm' */
  Purpose: string;
  CodeHash: string;
  ExpiresDate: Timestamp;
  UsedDate: NullableTimestamp;
  CreatedDate: CreatedAt;
  /** Confirm codes of "resend verification": the deactivation that confirming lifts (only while still in force). */
  ReleasesLockout: NullableTimestamp;
}

export interface OrgUserSettingsTable {
  Org_Id: number;
  User_Id: number;
  PointOfContact: Flag;
  SendOnHoldNotice: Flag;
  SendSubmissionNotice: Flag;
  SendCompletionNotice: Flag;
  IncludeROI: Flag;
  EncryptROI: Flag;
  ViewClosedCases: Flag;
}

// ---- templates -------------------------------------------------------------------------------------------------

export interface ExpenseTypesTable {
  Id: Id;
  Short: string;
  Description: string | null;
  UOMType_Id: number;
  MultipleUnitsAllowed: Flag;
  Reimbursable: Flag;
  Hidden: Flag;
}

export interface SectionsTable {
  Id: Id;
  SectionName: string;
  Version: number;
  Enabled: Flag;
  CreatedDate: CreatedAt;
  Template: Json<unknown>;
  ROITemplate: string | null;
}

export interface ItemTypesTable {
  Id: Id;
  Name: string;
  Description: string | null;
  Hidden: Flag;
  CreatedDate: CreatedAt;
}

export interface ItemTypeSectionsTable {
  Id: Id;
  ItemType_Id: number;
  Section_Id: number;
  Required: Flag;
  DisplayOrder: number;
}

export interface ItemTypeAssetsTable {
  Id: Id;
  ItemType_Id: number;
  Name: string;
  FileName: string;
  StorageKey: string;
  ContentType: string | null;
  Size: number;
  CreatedDate: CreatedAt;
}

export interface PartnerFilesTable {
  Id: Id;
  Folder: string;
  Name: string;
  StorageKey: string;
  Size: number;
  UploadedBy_Id: number | null;
  CreatedDate: CreatedAt;
}

export interface RateLimitHitsTable {
  Key: string;
  WindowStart: Timestamp;
  Count: number;
}

export interface CaseTemplatesTable {
  Id: Id;
  Label: string;
  CaseType_Id: number | null;
  ContractType_Id: number;
  ROICoversheetTemplate: string | null;
  ROIStylesheet: string | null;
  ROIHeader: string | null;
  ROIFooter: string | null;
  ShowCoverPage: Flag;
}

export interface CaseTemplateItemsTable {
  Id: Id;
  CaseTemplate_Id: number;
  ItemType_Id: number;
  AutoAdd: Flag;
  ShowInReport: Flag;
  ShowTitle: Flag;
  DisplayOrder: number;
}

// ---- org configuration -----------------------------------------------------------------------------------------

export interface OrgCaseTypesTable {
  Id: Id;
  Org_Id: number;
  CaseType_Id: number;
  CaseTemplate_Id: number | null;
  BaseCost: Money;
  ActiveFrom: DateOnly;
  ActiveTo: DateOnly;
}

export interface CaseFeesTable {
  Id: Id;
  OrgCaseType_Id: number;
  DaysAfter: number;
  PriceAdjustment: Money;
  IsPercentage: Flag;
  ForDiscontinued: Flag;
}

export interface OrgDeadlinesTable {
  Id: Id;
  Org_Id: number;
  CaseType_Id: number;
  ItemType_Id: number | null;
  DaysFromPending: number;
  IsBusinessDays: Flag;
  StartOnFull: Flag;
  IsACD: Flag;
  ActiveFrom: DateOnly;
  ActiveTo: DateOnly;
}

export interface OrgExpenseRulesTable {
  Id: Id;
  Org_Id: number;
  ExpenseType_Id: number;
  CPU: Money;
  IsPassthrough: Flag;
  ActiveFrom: DateOnly;
  ActiveTo: DateOnly;
}

// ---- cases -----------------------------------------------------------------------------------------------------

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

// ---- items -----------------------------------------------------------------------------------------------------

export interface ItemsTable {
  Id: Id;
  Case_Id: number;
  DisplayOrder: number;
  ItemType_Id: number;
  ACD: DateOnly;
  Label: string | null;
  Address1: string | null;
  Address2: string | null;
  City: string | null;
  RegionType_Id: number | null;
  PostalCode: string | null;
  ShowInReport: Flag;
  /** 'AWAITING_ASSIGNMENT' | 'ASSIGNED' | 'IN_REVIEW' | 'ACCEPTED' | 'REJECTED' */
  ItemStatus: ItemStatus;
  AssignedTo_Id: number | null;
  CompletedDate: NullableTimestamp;
  RejectionReason: string | null;
  CreatedDate: CreatedAt;
  UpdatedDate: CreatedAt;
}

export interface ItemSectionsTable {
  Id: Id;
  Item_Id: number;
  Section_Id: number;
  Definition: Json<unknown>;
  DisplayOrder: number;
  UpdatedDate: CreatedAt;
}

export interface ItemHistoryTable {
  Id: Id;
  Item_Id: number;
  Status: string;
  TriggeredBy_Id: number | null;
  Note: string | null;
  CreatedDate: CreatedAt;
}

export interface ItemIssueCodesTable {
  Id: Id;
  Item_Id: number;
  IssueCodeType_Id: number;
  EnteredBy_Id: number;
  EnteredDate: CreatedAt;
}

export interface ItemExpensesTable {
  Id: Id;
  Item_Id: number;
  ExpenseType_Id: number;
  Units: Money;
  Cost: Money;
  Passthrough: Flag;
  IncurredBy_Id: number;
  Note: string | null;
  Reimbursable: Flag;
  Override: NullableMoney;
  CreatedDate: CreatedAt;
}

export interface ItemAttachmentsTable {
  Id: Id;
  Item_Id: number;
  Name: string;
  StorageKey: string;
  ContentType: string | null;
  Size: number;
  DisplayOrder: number;
  CorruptPDF: Flag;
  CreatedDate: CreatedAt;
}

export interface StockPhrasesTable {
  Id: Id;
  FieldKey: string;
  Phrase: string;
  CreatedBy_Id: number | null;
  CreatedDate: CreatedAt;
}

// ---- billing and reports ---------------------------------------------------------------------------------------

export interface InvoicesTable {
  Id: Id;
  Org_Id: number;
  InvoiceDate: Day;
  QboInvoiceId: string | null;
  Total: Money;
  CreatedBy_Id: number;
  CreatedDate: CreatedAt;
}

export interface InvoiceCasesTable {
  Invoice_Id: number;
  Case_Id: number;
  Amount: Money;
}

export interface InvoiceLinesTable {
  Invoice_Id: number;
  LineNumber: number;
  Case_Id: number;
  Description: string;
  Amount: Money;
}

export interface QboConnectionsTable {
  Id: ColumnType<number, number | undefined, never>;
  RealmId: string | null;
  AccessToken: string | null;
  RefreshToken: string | null;
  ExpiresDate: NullableTimestamp;
  UpdatedDate: CreatedAt;
}

export interface ReportInstancesTable {
  Id: string;
  Group: string;
  Name: string;
  Parameters: Json<unknown>;
  Rows: Json<unknown>;
  CreatedBy_Id: number;
  CreatedDate: CreatedAt;
}

export interface DB {
  security_settings: SecuritySettingsTable;
  sessions: SessionsTable;
  sign_in_failures: SignInFailuresTable;
  audit_log: AuditLogTable;
  type_lists: TypeListsTable;
  type_items: TypeItemsTable;
  roles: RolesTable;
  tags: TagsTable;
  groups: GroupsTable;
  group_roles: GroupRolesTable;
  group_tags: GroupTagsTable;
  orgs: OrgsTable;
  users: UsersTable;
  user_groups: UserGroupsTable;
  user_contract_types: UserContractTypesTable;
  user_emails: UserEmailsTable;
  user_phones: UserPhonesTable;
  user_addresses: UserAddressesTable;
  user_credentials: UserCredentialsTable;
  user_clearances: UserClearancesTable;
  password_history: PasswordHistoryTable;
  user_tokens: UserTokensTable;
  org_user_settings: OrgUserSettingsTable;
  expense_types: ExpenseTypesTable;
  sections: SectionsTable;
  item_types: ItemTypesTable;
  item_type_sections: ItemTypeSectionsTable;
  item_type_assets: ItemTypeAssetsTable;
  partner_files: PartnerFilesTable;
  rate_limit_hits: RateLimitHitsTable;
  case_templates: CaseTemplatesTable;
  case_template_items: CaseTemplateItemsTable;
  org_case_types: OrgCaseTypesTable;
  case_fees: CaseFeesTable;
  org_deadlines: OrgDeadlinesTable;
  org_expense_rules: OrgExpenseRulesTable;
  cases: CasesTable;
  case_history: CaseHistoryTable;
  case_number_counters: CaseNumberCountersTable;
  case_subjects: CaseSubjectsTable;
  case_attachments: CaseAttachmentsTable;
  case_messages: CaseMessagesTable;
  case_message_recipients: CaseMessageRecipientsTable;
  case_parameters: CaseParametersTable;
  items: ItemsTable;
  item_sections: ItemSectionsTable;
  item_history: ItemHistoryTable;
  item_issue_codes: ItemIssueCodesTable;
  item_expenses: ItemExpensesTable;
  item_attachments: ItemAttachmentsTable;
  stock_phrases: StockPhrasesTable;
  invoices: InvoicesTable;
  invoice_cases: InvoiceCasesTable;
  invoice_lines: InvoiceLinesTable;
  qbo_connections: QboConnectionsTable;
  report_instances: ReportInstancesTable;
}

export type Row<T extends keyof DB> = Selectable<DB[T]>;
export type NewRow<T extends keyof DB> = Insertable<DB[T]>;
export type RowUpdate<T extends keyof DB> = Updateable<DB[T]>;
