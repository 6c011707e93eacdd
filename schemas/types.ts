/**
 * The types of the records and bodies that schemas/*.json describe, generated from them by `npm run schemas:types`
 * (scripts/generateSchemaTypes.ts); tests/api/schemaTypes.test.ts fails when this file is out of date. Do not edit:
 * change the schema and run the script. A schema's type is named after its file (user.json → User), each of its
 * `$defs` after the file and the entry (user.json#/$defs/Email → UserEmail). The schemas' readOnly properties
 * are `readonly` here: the API answers them and never takes them.
 */

// schemas/account.json

/**
 * What users may change of their own account. Settings, credentials and clearances count only for users in a group tagged Employee.
 */
export interface Account {
  FirstName: string;
  MiddleName?: string | null;
  LastName: string;
  Emails: UserEmail[];
  PhoneNumbers?: UserPhoneNumber[];
  Addresses?: UserAddress[];
  WorkStatusType_Id?: number | null;
  GeoRegionType_Id?: number | null;
  PINumber?: string | null;
  CredNumber?: string | null;
  Credentials?: UserCredential[];
  Clearances?: UserClearance[];
}

// schemas/accountingConnected.json

/**
 * The accounting service's authorisation was saved.
 */
export interface AccountingConnected {
  Status: 'connected';
}

// schemas/accountingStatus.json

/**
 * Where the accounting service stands (spec 002 §2.7, §7): notConfigured (no accounting service set up: invoices are recorded in Dossier only), notAuthorised (set up, its authorisation not given or lost), connected.
 */
export interface AccountingStatus {
  readonly Status: 'notConfigured' | 'notAuthorised' | 'connected';
}

// schemas/anonymousPassword.json

export interface AnonymousPassword {
  UserName: string;
  OldPassword: string;
  NewPassword: string;
  ConfirmPassword: string;
}

// schemas/auditEntry.json

/**
 * One entry of the audit log (issue 21 §3): who did what to which record, when, from where and in which request. Only the names of the fields concerned are kept, never their values.
 */
export interface AuditEntry {
  readonly Id?: number;
  readonly CreatedDate?: string;
  readonly User_Id?: number | null;
  readonly UserName?: string | null;
  readonly Action?: string;
  readonly Entity?: string;
  readonly Entity_Id?: string;
  readonly Fields?: string[];
  readonly ClientAddress?: string | null;
  readonly UserAgent?: string | null;
  readonly RequestId?: string | null;
  /**
   * The page of the record, when it still exists and has one (a case, an item, an org).
   */
  readonly Link?: string | null;
}

// schemas/auditLogChoices.json

/**
 * The actions and entities the audit log holds, offered by its filters.
 */
export interface AuditLogChoices {
  Actions: string[];
  Entities: string[];
}

// schemas/auditLogExport.json

/**
 * The audit log list's filters as query values of its CSV export; From and To are instants (the days chosen, in the browser's time zone).
 */
export interface AuditLogExport {
  UserName?: string;
  Action?: string;
  Entity?: string;
  Entity_Id?: string;
  From?: string;
  To?: string;
}

// schemas/auditLogQuery.json

export interface AuditLogQuery {
  pageSize?: number;
  page?: number;
  sorted?: {
    id: 'CreatedDate';
    desc?: boolean;
  }[];
  filtered?: {
    id: 'UserName' | 'Action' | 'Entity' | 'Entity_Id';
    value: string;
  }[];
  additional?: {
    /**
     * Entries at or after this moment (the start of the day the user chose, in their time zone).
     */
    From?: string | null;
    /**
     * Entries before this moment (the end of the day the user chose).
     */
    To?: string | null;
  };
}

// schemas/billableOrg.json

/**
 * An org with completed or discontinued cases not yet invoiced (spec 002 §2.7: shown in bold in the invoicing tree).
 */
export interface BillableOrg {
  Id: number;
  Name: string;
}

// schemas/case.json

/**
 * A case (spec 001 §3 "Case (detail)"): the subject person, the client org, the case type, the people working it and its workflow state, which only the workflow calls change.
 */
export interface Case {
  readonly Id?: number;
  readonly CaseNumber?: string;
  RequestingOfficial_Id: number;
  /**
   * The client org; chosen when the case is created, never changed.
   */
  Client_Id?: number;
  DataEntryClerk_Id?: number | null;
  Reviewer_Id?: number | null;
  Notes?: string | null;
  CaseType_Id: number;
  ReceivedDate?: string | null;
  ScheduledDate?: string | null;
  readonly ContractType_Id?: number | null;
  DueDate?: string | null;
  CompletionDate?: string | null;
  readonly DataEntryComplete?: boolean;
  readonly CaseStatusType?: 'NORMAL' | 'HOLD';
  readonly WorkflowState?:
    | 'AWAITING_CASE_PAPERS'
    | 'AWAITING_DATA_ENTRY'
    | 'DATA_ENTRY_IN_PROCESS'
    | 'AWAITING_ASSIGNMENT'
    | 'IN_PROCESS'
    | 'IN_REVIEW'
    | 'COMPLETE'
    | 'HOLD'
    | 'DISCONTINUED';
  readonly CaseTemplate_Id?: number | null;
  readonly LockedTo_Id?: number | null;
  /**
   * The workflow steps the caller may take on the case now, in the order the case page shows them; any other step is refused.
   */
  readonly Steps?: ('startDataEntry' | 'dataEntryComplete' | 'reactivate' | 'resume' | 'hold' | 'discontinue')[];
  /**
   * Why the caller may not change the case, its papers and its items (held by another user, or inactive without Edit Inactive Cases); null when they may.
   */
  readonly LockedReason?: string | null;
  /**
   * The case type: Id, Short, Description.
   */
  readonly CaseType?: {
    Id?: number;
    Short?: string | null;
    Description?: string | null;
  } | null;
  /**
   * The contract type: Id, Short, Description.
   */
  readonly ContractType?: {
    Id?: number;
    Short?: string | null;
    Description?: string | null;
  } | null;
  /**
   * The client org: Id, Name, Code.
   */
  readonly Org?: {
    Id?: number;
    Name?: string;
    Code?: string | null;
  } | null;
  /**
   * The case template the case was made from: Id, Label.
   */
  readonly CaseTemplate?: {
    Id?: number;
    Label?: string | null;
  } | null;
  /**
   * The subject person (changed through PUT /api/cases/{id}/subject).
   */
  readonly Subject?: {
    Id?: number;
    FirstName?: string | null;
    MiddleName?: string | null;
    LastName?: string | null;
    /**
     * Whole or masked, as the caller may see it.
     */
    SSN?: string | null;
  } | null;
  /**
   * The requesting official: Id, FirstName, LastName.
   */
  readonly RequestingOfficial?: {
    Id?: number;
    FirstName?: string | null;
    LastName?: string | null;
  } | null;
  /**
   * The data-entry clerk: Id, FirstName, LastName.
   */
  readonly DataEntryClerk?: {
    Id?: number;
    FirstName?: string | null;
    LastName?: string | null;
  } | null;
  /**
   * The reviewer: Id, FirstName, LastName.
   */
  readonly Reviewer?: {
    Id?: number;
    FirstName?: string | null;
    LastName?: string | null;
  } | null;
  /**
   * The subject of a new case.
   */
  CaseSubject?: {
    readonly Id?: number;
    FirstName: string;
    MiddleName?: string | null;
    LastName: string;
    SSN: string;
  };
  /**
   * Create the case even though the server flagged a duplicate.
   */
  CreateDuplicate?: boolean;
  [k: string]: unknown;
}

// schemas/caseCreate.json

export interface CaseCreate {
  RequestingOfficial_Id: number;
  Client_Id: number;
  DataEntryClerk_Id?: number | null;
  Reviewer_Id?: number | null;
  Notes?: string | null;
  CaseType_Id: number;
  ReceivedDate?: string | null;
  ScheduledDate?: string | null;
  CaseSubject: {
    readonly Id?: number;
    FirstName: string;
    MiddleName?: string | null;
    LastName: string;
    SSN: string;
  };
  CreateDuplicate?: boolean;
  [k: string]: unknown;
}

// schemas/caseFee.json

/**
 * A price adjustment of an org case type's date range (spec 002 §3): DaysAfter the critical date, an amount or a percentage of the base cost, for completed or for discontinued cases.
 */
export interface CaseFee {
  readonly Id?: number;
  readonly OrgCaseType_Id?: number;
  DaysAfter: number;
  PriceAdjustment: number;
  IsPercentage?: boolean;
  ForDiscontinued?: boolean;
}

// schemas/caseHistoryEntry.json

/**
 * One step of a case's workflow history: from and to which state, the step, its note, who took it and when.
 */
export interface CaseHistoryEntry {
  Id: number;
  FromState: string | null;
  ToState: string;
  Action: string;
  Note: string | null;
  CreatedDate: string;
  UserId: number | null;
  FirstName: string | null;
  LastName: string | null;
}

// schemas/caseMessage.json

/**
 * A message on a case (spec 001 §3 "Message"): text sent to chosen recipients, each e-mailed.
 */
export interface CaseMessage {
  readonly Id?: number;
  Case_Id?: number;
  Message: string;
  /**
   * On a send: the recipients' user ids. Answered as the recipients (Id, FirstName, LastName, Name).
   */
  Recipients: number[];
  readonly SentBy?: {
    [k: string]: unknown;
  };
  readonly CreatedDate?: string;
}

// schemas/casePaper.json

/**
 * A case paper (spec 001 §3 "Case attachment"): an uploaded file, or a tracking-only entry (a shipment of papers on its way).
 */
export interface CasePaper {
  readonly Id?: number;
  Case_Id?: number;
  Name: string;
  FedExTracking?: string | null;
  /**
   * An uploaded file (false for a tracking-only entry).
   */
  readonly HasFile?: boolean;
  readonly CreatedDate?: string;
}

// schemas/caseParameter.json

/**
 * An additional setting of a case (spec 001 §2 "Additional Settings").
 */
export interface CaseParameter {
  ParameterName: string;
  ParameterReference: string;
  ParameterValue: string | null;
  ParameterType: 'text' | 'TextArea';
}

// schemas/caseRecipient.json

/**
 * Someone a case's message may go to: a person on the case or a user of the client org.
 */
export interface CaseRecipient {
  Id: number;
  FirstName: string;
  LastName: string;
  /**
   * First and last name
   */
  Name: string;
}

// schemas/caseReviewerAnswer.json

/**
 * The case and the reviewer now assigned to it.
 */
export interface CaseReviewerAnswer {
  Id: number;
  Reviewer_Id: number;
}

// schemas/caseRow.json

/**
 * A case as the cases list shows it (spec 001 §7 POST /api/cases/search): a column the caller may not see (column permissions) is left out of every row.
 */
export interface CaseRow {
  Id: number;
  CaseNumber: string;
  /**
   * Received date (YYYY-MM-DD)
   */
  ReceivedDate?: string | null;
  /**
   * Scheduled date (YYYY-MM-DD)
   */
  ScheduledDate?: string | null;
  /**
   * The critical date (CD), shown as ACD to investigators
   */
  DueDate?: string | null;
  /**
   * When the case was completed or discontinued
   */
  CompletionDate?: string | null;
  WorkflowState: string;
  CaseStatusType: string;
  Reviewer_Id?: number | null;
  Client_Id: number;
  LockedTo_Id?: number | null;
  /**
   * The client org's code
   */
  Code?: string | null;
  /**
   * The case type's short name
   */
  CaseType?: string | null;
  /**
   * The subject's first and last name
   */
  CaseName?: string;
  /**
   * The reviewer's name
   */
  Reviewer?: string | null;
  /**
   * Why the caller may not change the case; null when they may
   */
  LockedReason: string | null;
}

// schemas/caseSsn.json

/**
 * The subject's whole SSN, for a holder of View Full SSN (null when the case has none).
 */
export interface CaseSsn {
  SSN: string | null;
}

// schemas/caseStepAnswer.json

/**
 * What a workflow step answers (spec 001 §7): the case's new state and the fields the step may change.
 */
export interface CaseStepAnswer {
  WorkflowState:
    | 'AWAITING_CASE_PAPERS'
    | 'AWAITING_DATA_ENTRY'
    | 'DATA_ENTRY_IN_PROCESS'
    | 'AWAITING_ASSIGNMENT'
    | 'IN_PROCESS'
    | 'IN_REVIEW'
    | 'COMPLETE'
    | 'HOLD'
    | 'DISCONTINUED';
  CaseStatusType: 'NORMAL' | 'HOLD';
  DueDate: string | null;
  CompletionDate: string | null;
  LockedTo_Id: number | null;
}

// schemas/caseSubject.json

export interface CaseSubject {
  readonly Id?: number;
  FirstName: string;
  MiddleName?: string | null;
  LastName: string;
  SSN: string;
}

// schemas/caseTemplate.json

/**
 * Create or update a case template. ItemTypeIds, when sent, replaces the template's items (ordered by DisplayOrder, then by position). CaseType_Id 0 or null means no case type. On update, CaseType_Id, an XSLT text or ShowCoverPage that is not sent stays as it is.
 */
export interface CaseTemplate {
  readonly Id?: number;
  Label: string;
  ContractType_Id: number;
  CaseType_Id?: number | null;
  ROICoversheetTemplate?: string | null;
  ROIStylesheet?: string | null;
  ROIHeader?: string | null;
  ROIFooter?: string | null;
  ShowCoverPage?: boolean;
  ItemTypeIds?: {
    ItemType_Id: number;
    AutoAdd?: boolean;
    ShowInReport?: boolean;
    ShowTitle?: boolean;
    DisplayOrder?: number | null;
  }[];
  /**
   * The lookup item of ContractType_Id.
   */
  readonly ContractType?: {
    Id: number;
    Description: string | null;
  } | null;
  /**
   * The template's items in display order (1, 2, …), as ItemTypeIds set them.
   */
  readonly Items?: CaseTemplateItem[];
}

export interface CaseTemplateItem {
  Id: number;
  /**
   * The item template (Short is its name).
   */
  ItemType: {
    Id: number;
    Short: string;
    Description: string | null;
  };
  AutoAdd: boolean;
  ShowInReport: boolean;
  ShowTitle: boolean;
  DisplayOrder: number;
}

// schemas/caseTemplateItemSwap.json

/**
 * Both ids are item ids of the case template (Items[].Id).
 */
export interface CaseTemplateItemSwap {
  SwapFromItem_Id: number;
  SwapToItem_Id: number;
}

// schemas/caseTracking.json

export interface CaseTracking {
  Case_Id?: number;
  Name: string;
  FedExTracking: string;
}

// schemas/caseWorkflow.json

/**
 * A case's workflow state as the case page polls it, with the caller's steps and lock.
 */
export interface CaseWorkflow {
  Id: number;
  WorkflowState:
    | 'AWAITING_CASE_PAPERS'
    | 'AWAITING_DATA_ENTRY'
    | 'DATA_ENTRY_IN_PROCESS'
    | 'AWAITING_ASSIGNMENT'
    | 'IN_PROCESS'
    | 'IN_REVIEW'
    | 'COMPLETE'
    | 'HOLD'
    | 'DISCONTINUED';
  CaseStatusType: 'NORMAL' | 'HOLD';
  DueDate: string | null;
  CompletionDate: string | null;
  LockedTo_Id: number | null;
  /**
   * The first and last name of the user holding the case (LockedTo_Id)
   */
  LockedToName: string | null;
  /**
   * The workflow steps the caller may take now (as the case answers them)
   */
  Steps: ('startDataEntry' | 'dataEntryComplete' | 'reactivate' | 'resume' | 'hold' | 'discontinue')[];
  /**
   * Why the caller may not change the case, or null (as the case answers it)
   */
  LockedReason: string | null;
}

// schemas/casesQuery.json

export interface CasesQuery {
  pageSize?: number;
  page?: number;
  sorted?: {
    id:
      | 'CaseNumber'
      | 'CaseName'
      | 'Code'
      | 'ReceivedDate'
      | 'ScheduledDate'
      | 'DueDate'
      | 'CompletionDate'
      | 'Reviewer'
      | 'CaseType'
      | 'WorkflowState';
    desc?: boolean;
  }[];
  filtered?: {
    id: 'CaseNumber' | 'CaseName';
    value: string;
  }[];
  additional?: {
    CaseStateIDs?: (
      | 'AWAITING_CASE_PAPERS'
      | 'AWAITING_DATA_ENTRY'
      | 'DATA_ENTRY_IN_PROCESS'
      | 'AWAITING_ASSIGNMENT'
      | 'IN_PROCESS'
      | 'IN_REVIEW'
      | 'COMPLETE'
      | 'HOLD'
      | 'DISCONTINUED'
    )[];
    OrgIds?: number[];
    ItemStateIDS?: ('AWAITING_ASSIGNMENT' | 'ASSIGNED' | 'IN_REVIEW' | 'ACCEPTED' | 'REJECTED')[];
    StartDate?: string | null;
    EndDate?: string | null;
    IncludePeopleWhoWorkForMe?: boolean;
    OnlyShowCasesAssignedToMe?: boolean;
    Reviewer_Id?: number | null;
  };
}

// schemas/confirmEmail.json

export interface ConfirmEmail {
  UserId: number | string;
  Code: string;
}

// schemas/dashboard.json

/**
 * A manager's figures for the caller's org scope (and the picked org's subtree): each figure's numbers and, for each, the cases list's filter to link to (Filter: the cases list's panel filters — OrgIds, CaseStateIDs, ItemStateIDS, StartDate, EndDate, Reviewer_Id).
 */
export interface Dashboard {
  From: string;
  To: string;
  Today: string;
  Org_Id: number | null;
  OpenCases: number;
  OverdueCases: number;
  OverdueItems: number;
  OpenByState: {
    State: string;
    Label: string;
    Count: number;
    Filter: DashboardFilter;
  }[];
  OverdueByOrg: DashboardOverdueRow[];
  OverdueByInvestigator: DashboardOverdueRow[];
  Workload: {
    User_Id: number;
    Name: string;
    Role: 'Investigator' | 'Reviewer';
    Assigned: number;
    InReview: number;
    Overdue: number;
    Filter: DashboardFilter;
  }[];
  Weekly: {
    WeekStart: string;
    Received: number;
    Completed: number;
    Filter: DashboardFilter;
  }[];
  Revenue: {
    Month: string;
    Invoiced: number;
    Uninvoiced: number;
  }[];
  Turnaround: {
    CaseType_Id: number;
    Name: string;
    Cases: number;
    MedianDays: number;
    Filter: DashboardFilter;
  }[];
}

export interface DashboardFilter {
  OrgIds?: number[];
  CaseStateIDs?: string[];
  ItemStateIDS?: string[];
  StartDate?: string;
  EndDate?: string;
  Reviewer_Id?: number;
}

export interface DashboardOverdueRow {
  Id: number;
  Name: string;
  Cases: number;
  Items: number;
  Filter: DashboardFilter;
}

// schemas/dashboardQuery.json

/**
 * The dashboard's figures for an org and the orgs below it (Org_Id; none: the caller's whole org scope) and a range of days From–To (both included; To defaults to today, From to 90 days before To). The 12 weeks and 12 months end at To.
 */
export interface DashboardQuery {
  Org_Id?: number;
  From?: string;
  To?: string;
}

// schemas/displayOrders.json

/**
 * Record id → its display order after a move, for every record of the list that was reordered.
 */
export interface DisplayOrders {
  [k: string]: number;
}

// schemas/emailConfirmed.json

/**
 * A confirmed address: the spec's message, the user name, and for a user without a password a reset code to choose the first one.
 */
export interface EmailConfirmed {
  Message: string;
  UserName: string;
  Code: string | null;
}

// schemas/expenseType.json

export interface ExpenseType {
  readonly Id?: number;
  Short: string;
  Description?: string | null;
  UOMType_Id: number;
  MultipleUnitsAllowed?: boolean;
  Reimbursable?: boolean;
  readonly Hidden?: boolean;
  /**
   * The lookup item UOMType_Id points at.
   */
  readonly UOM?: LookupItem;
}

// schemas/forgotPassword.json

export interface ForgotPassword {
  Username: string;
}

// schemas/forgotUsername.json

export interface ForgotUsername {
  /**
   * An e-mail address (the same rule as a user's email addresses; spaces around it are ignored). A malformed address is refused; a well-formed unknown one answers like a known one, so accounts are not disclosed. The forgot-username page checks it with this pattern and message before sending.
   */
  Email: string;
}

// schemas/group.json

export interface Group {
  Id?: number;
  Name: string;
  Description?: string | null;
  /**
   * The ids of the roles granted to the group.
   */
  readonly Roles?: number[];
  /**
   * The tags of the group, by name.
   */
  readonly Tags?: {
    Id: number;
    Name: string;
  }[];
}

// schemas/groupRole.json

/**
 * The role by Id, or by Name when no Id is given.
 */
export interface GroupRole {
  Id?: number;
  Name?: string;
}

// schemas/groupTags.json

/**
 * The group's complete tag list. A tag is found by Id, else by name (any letter case); an unknown name creates the tag.
 */
export type GroupTags = {
  Id?: number | null;
  Name: string;
}[];

// schemas/investigatorOption.json

/**
 * One person the selected items may be assigned to (spec 001 §3 "Investigator option").
 */
export interface InvestigatorOption {
  Id: number;
  FirstName: string;
  LastName: string;
  WorkStatus: {
    Id: number;
    Short: string;
    Description: string | null;
  } | null;
  /**
   * The average great-circle distance in miles (2 decimals) to the selected items; null when it is not known.
   */
  AverageDistance: number | null;
}

// schemas/invoice.json

/**
 * An invoice of an org's cases (spec 002 §2.7, §7): Create Invoice sends the checked cases (Case_Ids), the org's name and the date (today when none); the answer is the invoice with its total, each case's amount and its lines (one per case, one per passthrough expense: what the accounting service receives), QboInvoiceId the accounting service's id of it (null when recorded locally only).
 */
export interface Invoice {
  readonly Id: number;
  readonly Org_Id: number;
  OrgName: string | null;
  InvoiceDate: string | null;
  readonly Total: number;
  readonly QboInvoiceId: string | null;
  readonly Cases: {
    Case_Id: number;
    CaseNumber: string;
    Amount: number;
  }[];
  readonly Lines: {
    Case_Id: number;
    Description: string;
    Amount: number;
  }[];
  Case_Ids?: number[];
}

// schemas/invoiceCasesQuery.json

/**
 * The orgs whose uninvoiced cases the invoicing screen shows (spec 002 §7 POST /api/invoices/get-cases).
 */
export interface InvoiceCasesQuery {
  Org_Ids: number[];
}

// schemas/invoiceLine.json

/**
 * A line of an invoice as it was billed, in order: one per case (its base cost and fee) and one per passthrough expense — the lines the accounting service received.
 */
export interface InvoiceLine {
  readonly Invoice_Id: number;
  readonly LineNumber: number;
  readonly Case_Id: number;
  readonly CaseNumber: string;
  readonly Description: string;
  readonly Amount: number;
}

// schemas/invoiceListQuery.json

/**
 * One page of the invoice history, newest invoice date first: the invoices of an org and the orgs below it (Org_Id), dated within From–To (days, both included), always within the caller's org scope.
 */
export interface InvoiceListQuery {
  pageSize?: number;
  page?: number;
  sorted?: {
    id: 'InvoiceDate';
    desc?: boolean;
  }[];
  filtered?: unknown[];
  additional?: {
    Org_Id?: number | null;
    From?: string | null;
    To?: string | null;
  };
}

// schemas/invoiceRequest.json

/**
 * Create Invoice (spec 002 §3, §7): the checked cases of one org, the org's name as shown, and the invoice date (YYYY-MM-DD; today when none).
 */
export interface InvoiceRequest {
  Case_Ids: number[];
  OrgName?: string | null;
  InvoiceDate?: string | null;
}

// schemas/invoiceSummary.json

/**
 * An invoice already created, as the invoice history lists it (issue 22 §2): its org, date, total, how many cases it holds, the accounting service's id of it (null when it was recorded in Dossier only), who created it and when. Its lines are read with GET /api/invoices/{id}/lines.
 */
export interface InvoiceSummary {
  readonly Id: number;
  readonly Org_Id: number;
  readonly OrgName: string;
  readonly InvoiceDate: string;
  readonly Total: number;
  readonly CaseCount: number;
  readonly QboInvoiceId: string | null;
  readonly CreatedBy: string | null;
  readonly CreatedDate: string;
}

// schemas/invoiceableOrg.json

/**
 * An org's uninvoiced cases (spec 002 §3 "Invoiceable org group"): each completed or discontinued case not yet invoiced, with its cost broken down and its expense lines. QboId is the org's accounting-service company (null: none); CanInvoice says whether Create Invoice is offered for the org (docs/decisions.md "Invoicing").
 */
export interface InvoiceableOrg {
  Org_Id: number;
  OrgName: string;
  QboId: string | null;
  CanInvoice: boolean;
  Cases: {
    Id: number;
    CaseNumber: string;
    Subject: {
      FirstName: string;
      LastName: string;
    };
    CompletionDate: string;
    Discontinued: boolean;
    QboId: string | null;
    BaseCost: number;
    FeeAmount: number;
    ExpensesTotal: number;
    TotalCost: number;
    Expenses: {
      Id: number;
      Item_Id: number;
      ExpenseType: {
        Id: number;
        Description: string;
        UOM: {
          Description: string;
        };
      };
      Cost: number;
      Units: number;
      Override: number | null;
      Passthrough: boolean;
      Total: number;
      Subject: {
        Id: number;
        FirstName: string;
        LastName: string;
      };
    }[];
  }[];
}

// schemas/item.json

/**
 * An item of a case (spec 001 §3 "Item"): a check at a location, with its deadline (ACD), status and investigator.
 */
export interface Item {
  readonly Id?: number;
  readonly Case_Id?: number;
  /**
   * 1-based order within the case.
   */
  readonly DisplayId?: number;
  ItemType_Id: number;
  /**
   * Id and Description of the item template.
   */
  readonly ItemType?: {
    Id?: number;
    Description?: string | null;
  } | null;
  ACD?: string | null;
  Label?: string | null;
  Address1?: string | null;
  Address2?: string | null;
  City?: string | null;
  RegionType_Id?: number | null;
  PostalCode?: string | null;
  /**
   * Label, Address1, Address2, City, Region (Id, Short), PostalCode.
   */
  readonly Location?: {
    Label?: string | null;
    Address1?: string | null;
    Address2?: string | null;
    City?: string | null;
    Region?: {
      Id?: number;
      Short?: string | null;
    } | null;
    PostalCode?: string | null;
  } | null;
  ShowInReport?: boolean;
  readonly ItemStatus?: 'AWAITING_ASSIGNMENT' | 'ASSIGNED' | 'IN_REVIEW' | 'ACCEPTED' | 'REJECTED';
  readonly AssignedTo_Id?: number | null;
  /**
   * Id, FirstName, LastName of the investigator.
   */
  readonly AssignedTo?: {
    Id?: number;
    FirstName?: string | null;
    LastName?: string | null;
  } | null;
  readonly CompletedDate?: string | null;
  readonly RejectionReason?: string | null;
  readonly HasAttachments?: boolean;
}

// schemas/itemAcds.json

/**
 * Set the ACD (deadline) of the selected items of a case; the date is not before today.
 */
export interface ItemAcds {
  ACD: string;
  ItemIds: number[];
}

// schemas/itemAssign.json

/**
 * Assign the selected items of a case to an investigator (one of the assign list), or unassign them (Investigator_Id null).
 */
export interface ItemAssign {
  Investigator_Id: number | null;
  ItemIds: number[];
}

// schemas/itemAttachment.json

/**
 * An item attachment (spec 001 §3 "Item attachment"): an uploaded file of an item, in the item's order. Added by the multipart upload, never by a form; Item_Id and Case_Id are the item's, which the list call's path names.
 */
export interface ItemAttachment {
  readonly Id?: number;
  /**
   * The item (the path's item id).
   */
  readonly Item_Id?: number;
  /**
   * The item's case (the path's case id).
   */
  readonly Case_Id?: number;
  /**
   * The item id, as the API names it.
   */
  readonly Goal_Id?: number;
  /**
   * The file's name; a download is saved under it.
   */
  readonly Name?: string;
  readonly CreatedDate?: string;
  /**
   * A file named .pdf (or sent as application/pdf) that does not parse as a PDF: stored, and flagged.
   */
  readonly CorruptPDF?: boolean;
  /**
   * The attachment's place in the item's order, 1..n.
   */
  readonly DisplayOrder?: number;
}

// schemas/itemAttachmentSwap.json

/**
 * Both ids are attachments of the item in the path (spec 001 §3 "Item attachment": the swap payload).
 */
export interface ItemAttachmentSwap {
  SwapFrom_Id: number;
  SwapTo_Id: number;
}

// schemas/itemCreate.json

/**
 * The item create payload (spec 001 §3): an item template the case's template offers, an ACD not before today, and where. Without ShowInReport the case template's setting for the item template applies.
 */
export interface ItemCreate {
  ItemType_Id: number;
  ACD?: string | null;
  Label?: string | null;
  Address1?: string | null;
  Address2?: string | null;
  City?: string | null;
  RegionType_Id?: number | null;
  PostalCode?: string | null;
  ShowInReport?: boolean;
}

// schemas/itemDetail.json

/**
 * One item as the item page reads it (GET /api/cases/{caseId}/items/{itemId}, spec 001 §3 "Item"; its create, update and delete answer it too): the fields of the item as the items list answers them (item.json, which this schema extends: every field present, its item template with the template's assets), the case it belongs to, its sections (Definition as JSON text), the template's sections (AvailableSections) and LockedReason.
 */
export interface ItemDetail {
  readonly Id: number;
  readonly Case_Id: number;
  /**
   * 1-based order within the case.
   */
  readonly DisplayId: number;
  ItemType_Id: number;
  /**
   * The item template and the files it offers for download, by name.
   */
  readonly ItemType: {
    Id: number;
    Description: string | null;
    Assets: {
      Id: number;
      Name: string;
    }[];
  };
  ACD: string | null;
  Label: string | null;
  Address1: string | null;
  Address2: string | null;
  City: string | null;
  RegionType_Id: number | null;
  PostalCode: string | null;
  /**
   * Label, Address1, Address2, City, Region (Id, Short), PostalCode.
   */
  readonly Location: {
    Label: string | null;
    Address1: string | null;
    Address2: string | null;
    City: string | null;
    Region: {
      Id: number;
      Short: string | null;
    } | null;
    PostalCode: string | null;
  };
  ShowInReport: boolean;
  readonly ItemStatus: 'AWAITING_ASSIGNMENT' | 'ASSIGNED' | 'IN_REVIEW' | 'ACCEPTED' | 'REJECTED';
  readonly AssignedTo_Id: number | null;
  /**
   * Id, FirstName, LastName of the investigator.
   */
  readonly AssignedTo: {
    Id: number;
    FirstName: string | null;
    LastName: string | null;
  } | null;
  readonly CompletedDate: string | null;
  readonly RejectionReason: string | null;
  readonly HasAttachments: boolean;
  Case: ItemDetailCase;
  Sections: ItemDetailSection[];
  /**
   * The sections of the item template in order, as Add Section offers them and the submit rules read them.
   */
  AvailableSections: {
    Id: number;
    SectionName: string;
    Required: boolean;
    Enabled: boolean;
  }[];
  /**
   * Why the caller may not change the item (spec 001 §4), or null.
   */
  LockedReason: string | null;
}

/**
 * The case the item belongs to: number, state, client org, subject's last name, org code, case type and reviewer.
 */
export interface ItemDetailCase {
  Id: number;
  CaseNumber: string;
  WorkflowState: string;
  Client_Id: number;
  Subject: {
    LastName: string | null;
  };
  Org: {
    Code: string | null;
  };
  CaseType: {
    Short: string | null;
  };
  Reviewer: {
    Id: number;
    Name: string;
  } | null;
}

/**
 * A section on the item: its section template (version) and the definition with the entered values, as JSON text.
 */
export interface ItemDetailSection {
  Id: number;
  Section_Id: number;
  Section: {
    Id: number;
    SectionName: string;
  };
  /**
   * The section definition with its values, as JSON text (a fields.field list).
   */
  Definition: string;
  DisplayOrder: number;
}

// schemas/itemEligibility.json

/**
 * Which of a case's selected items a bulk action may change now, and why the others are left out.
 */
export interface ItemEligibility {
  Action: 'assign' | 'unassign' | 'setAcd' | 'accept' | 'reject' | 'submit';
  /**
   * The items the action may change now, in the case's order
   */
  Eligible: number[];
  /**
   * The other items, each with why: the case's lock, the item's status, or (submit) its sections
   */
  LeftOut: ItemEligibilityLeftOut[];
}

/**
 * An item a bulk action leaves out, and the server's reason (a submit's also names the sections).
 */
export interface ItemEligibilityLeftOut {
  Id: number;
  DisplayId: number;
  Reason: string;
  Kind?: 'missingSections' | 'unfinishedSections';
  Sections?: string[];
}

// schemas/itemEligibilityQuery.json

/**
 * What a bulk modal asks before it acts: the action and the selected items of the case.
 */
export interface ItemEligibilityQuery {
  /**
   * The bulk action: assign, unassign, setAcd, accept, reject or submit
   */
  Action: 'assign' | 'unassign' | 'setAcd' | 'accept' | 'reject' | 'submit';
  ItemIds: ItemIds['ItemIds'];
}

// schemas/itemExpense.json

/**
 * An expense of an item (spec 001 §3 "Expense", §5 "Expense form"): units of an expense type that someone of the provider's staff incurred. The expense type needs an expense rule of the case's org (its own or inherited) active today; its cost per unit and passthrough flag are copied from that rule when the expense is created or its type changes. TotalAmount is Cost × Units; an Override (0 or blank: none) replaces it (docs/decisions.md "Item expenses").
 */
export interface ItemExpense {
  readonly Id?: number;
  /**
   * The item's case (the path's case id).
   */
  readonly Case_Id?: number;
  /**
   * The item (the path's item id).
   */
  readonly Item_Id?: number;
  /**
   * An expense type with an expense rule of the case's org active today (GET /api/orgs/{clientId}/expense-rules).
   */
  ExpenseType_Id: number;
  readonly ExpenseType?: {
    Id?: number;
    Short?: string;
    Description?: string | null;
    [k: string]: unknown;
  };
  Units: number;
  /**
   * A member of the provider's staff, or the item's investigator (GET /api/cases/{caseId}/items/{itemId}/expenses/incurred-by).
   */
  IncurredBy_Id: number;
  readonly IncurredBy?: {
    Id?: number;
    FirstName?: string;
    LastName?: string;
    [k: string]: unknown;
  } | null;
  Note?: string | null;
  Reimbursable?: boolean;
  /**
   * An amount that replaces the total; 0 or blank means no override (stored as null).
   */
  Override?: number | null;
  /**
   * The cost per unit, copied from the expense rule.
   */
  readonly Cost?: number;
  /**
   * Copied from the expense rule: the expense is passed through to the invoice.
   */
  readonly Passthrough?: boolean;
  /**
   * Cost × Units, rounded to cents.
   */
  readonly TotalAmount?: number;
  readonly CreatedDate?: string;
}

// schemas/itemHistoryEntry.json

export interface ItemHistoryEntry {
  readonly Id?: number;
  readonly Item_Id?: number;
  readonly Status?: {
    Short?: string;
    Description?: string;
    [k: string]: unknown;
  };
  readonly TriggeredBy?: {
    Id?: number;
    FirstName?: string | null;
    LastName?: string | null;
    [k: string]: unknown;
  } | null;
  readonly Note?: string | null;
  readonly CreatedDate?: string;
}

// schemas/itemIds.json

/**
 * The selected items of one case (accept, submit, the assign list): ids of items of the case in the path.
 */
export interface ItemIds {
  ItemIds: number[];
}

// schemas/itemIssueCode.json

/**
 * An issue code of an item (spec 001 §3 "Issue code"): an item of the IssueCodeType list, who entered it and when. Added by choosing an issue code type (the caller is EnteredBy, now is EnteredDate) and removed; never changed.
 */
export interface ItemIssueCode {
  readonly Id?: number;
  /**
   * The item's case (the path's case id).
   */
  readonly Case_Id?: number;
  /**
   * The item (the path's item id).
   */
  readonly Item_Id?: number;
  IssueCodeType_Id: number;
  /**
   * The issue code type: Id, Short (the code) and Description.
   */
  readonly Code?: {
    Id?: number;
    Short?: string;
    Description?: string | null;
    [k: string]: unknown;
  };
  /**
   * Who added the issue code: Id, FirstName, LastName.
   */
  readonly EnteredBy?: {
    Id?: number;
    FirstName?: string;
    LastName?: string;
    [k: string]: unknown;
  } | null;
  readonly EnteredDate?: string;
}

// schemas/itemReject.json

/**
 * Reject the selected items of a case that are in review, with the reason (the item page sends a Rejection Reason Type's description).
 */
export interface ItemReject {
  Reason: string;
  ItemIds: number[];
}

// schemas/itemRejectReason.json

/**
 * The item page's Reject: the reason, by the bulk reject's rule.
 */
export interface ItemRejectReason {
  Reason: ItemReject['Reason'];
}

// schemas/itemRow.json

/**
 * An item as the item search lists it (spec 001 §7 POST /api/items/search): the item as a case's items answer it (schemas/item.json), with the case it belongs to.
 */
export interface ItemRow {
  Id: number;
  Case_Id: number;
  /**
   * 1-based order within the case
   */
  DisplayId: number;
  ItemType_Id: number;
  /**
   * The item template
   */
  ItemType: {
    Id: number;
    Description: string | null;
  };
  /**
   * The item's deadline (YYYY-MM-DD)
   */
  ACD: string | null;
  Label: string | null;
  Address1: string | null;
  Address2: string | null;
  City: string | null;
  RegionType_Id: number | null;
  PostalCode: string | null;
  /**
   * The location's fields together, with its region
   */
  Location: {
    Label: string | null;
    Address1: string | null;
    Address2: string | null;
    City: string | null;
    Region: {
      Id: number;
      Short: string | null;
    } | null;
    PostalCode: string | null;
  };
  ShowInReport: boolean;
  ItemStatus: 'AWAITING_ASSIGNMENT' | 'ASSIGNED' | 'IN_REVIEW' | 'ACCEPTED' | 'REJECTED';
  AssignedTo_Id: number | null;
  /**
   * The investigator; null when the item is not assigned
   */
  AssignedTo: {
    Id: number;
    FirstName: string;
    LastName: string;
  } | null;
  /**
   * When the item was accepted (ISO 8601 date and time)
   */
  CompletedDate: string | null;
  RejectionReason: string | null;
  HasAttachments: boolean;
  /**
   * The case of the item, with what the item search shows and sorts by of it
   */
  Case: {
    Id: number;
    CaseNumber: string;
    WorkflowState: string;
    Subject: {
      LastName: string | null;
    };
    /**
     * The client org
     */
    Org: {
      Code: string | null;
    };
    CaseType: {
      Short: string | null;
    };
    Reviewer: {
      /**
       * The reviewer's first and last name; null without a reviewer
       */
      Name: string | null;
    };
    Client_Id: number;
  };
}

// schemas/itemSection.json

/**
 * A section on an item (spec 001 §3 "Item section"): a section template (version) with its definition holding the entered values, as JSON text. An update sends the Definition; the server keeps the section's settings and takes only the values (docs/decisions.md "Item sections: what the server accepts").
 */
export interface ItemSection {
  readonly Id?: number;
  readonly Case_Id?: number;
  readonly Item_Id?: number;
  Section_Id?: number;
  /**
   * Id and SectionName of the section template.
   */
  readonly Section?: {
    Id?: number;
    SectionName?: string;
  };
  /**
   * The section definition with its values, as JSON text (a fields.field list).
   */
  Definition: string;
  readonly DisplayOrder?: number;
}

// schemas/itemSectionCreate.json

/**
 * Add a section to an item (spec 001 §5 "Add section: section required"): an enabled section of the item's template that the item does not have yet. It starts as the section template's definition, with no values.
 */
export interface ItemSectionCreate {
  Section_Id: number;
}

// schemas/itemSwap.json

/**
 * Both ids are items of the case in the path.
 */
export interface ItemSwap {
  SwapFromItem_Id: number;
  SwapToItem_Id: number;
}

// schemas/itemType.json

/**
 * Create or update an item template. On create, Sections are the sections to add in order; on update, Sections set the Required flag of sections already on the template (adding, removing and reordering have their own calls).
 */
export interface ItemType {
  readonly Id?: number;
  Name: string;
  Description: string;
  Sections?: ItemTypeSection[];
  readonly Hidden?: boolean;
  /**
   * The files of the item template, oldest first.
   */
  readonly Assets?: ItemTypeAsset[];
}

// schemas/itemTypeAsset.json

export interface ItemTypeAsset {
  readonly Id?: number;
  Name: string;
  readonly FileName?: string;
  readonly CreatedDate?: string;
}

// schemas/itemTypeChoice.json

/**
 * An item template Add Item offers: its id and description.
 */
export interface ItemTypeChoice {
  Id: number;
  Description: string;
}

// schemas/itemTypeSection.json

export interface ItemTypeSection {
  /**
   * The section template's id, as SectionId: it names the section in the item template's calls.
   */
  readonly Id?: number;
  SectionId: number;
  Required?: boolean;
  readonly SectionName?: string;
  readonly Version?: number;
  /**
   * 1, 2, … in the item template's order.
   */
  readonly DisplayOrder?: number;
}

// schemas/itemTypeSectionRequired.json

export interface ItemTypeSectionRequired {
  Required: boolean;
}

// schemas/itemTypeSectionSwap.json

/**
 * Both ids are section template ids (the Id / SectionId of the item template's Sections).
 */
export interface ItemTypeSectionSwap {
  SwapFromSection_Id: number;
  SwapToSection_Id: number;
}

// schemas/itemsQuery.json

export interface ItemsQuery {
  pageSize?: number;
  page?: number;
  sorted?: {
    id:
      | 'Case.CaseNumber'
      | 'Case.Subject.LastName'
      | 'Case.Org.Code'
      | 'Case.CaseType.Short'
      | 'DisplayId'
      | 'Label'
      | 'AssignedTo.LastName'
      | 'Case.Reviewer.Name'
      | 'ACD'
      | 'ItemStatus'
      | 'ItemType.Description'
      | 'CompletedDate';
    desc?: boolean;
  }[];
  filtered?: {
    id: 'CaseNumber' | 'Location' | 'LastName' | 'ItemType';
    value: string;
  }[];
  additional?: {
    ItemStateIDS?: ('AWAITING_ASSIGNMENT' | 'ASSIGNED' | 'IN_REVIEW' | 'ACCEPTED' | 'REJECTED')[];
  };
}

// schemas/lookupItem.json

/**
 * An item of a lookup list as a record that points at it answers it (a declaration's `store.expand`, an expense type's UOM): its Id, short name and description.
 */
export interface LookupItem {
  Id: number;
  Short: string;
  Description: string | null;
}

// schemas/message.json

/**
 * An answer that says what was done, in the spec's words.
 */
export interface Message {
  Message: string;
}

// schemas/org.json

/**
 * An organisation (spec 002 §2.1, §3): a node of the client hierarchy with its general settings. The list answers Id, Name, ParentOrg_Id, Hidden, ContractType_Id and Code; GET and PUT /api/orgs/{id}/general the general fields (ROIEncrpytionPassword is spelled so in the contract). The parent changes only through PUT /api/orgs/{id}/parent.
 */
export interface Org {
  readonly Id?: number;
  Name: string;
  Code: string;
  ParentOrg_Id?: number | null;
  readonly Hidden?: boolean;
  ContractType_Id?: number | null;
  Address1: string;
  Address2?: string | null;
  City: string;
  RegionType_Id?: number | null;
  PostalCode: string;
  Phone1: string;
  Phone2?: string | null;
  Fax?: string | null;
  ROIEncrpytionPassword?: string | null;
  PrependAttachmentsToROI?: boolean;
}

// schemas/orgCaseType.json

/**
 * A case type an org offers, one date range of its price (spec 002 §3): the case type, its case template, the base cost and the active range, with the completed and discontinued case fees. An org without own ranges of a case type inherits the nearest ancestor's (Inherited). Writes send BasePrice; answers carry BaseCost.
 */
export interface OrgCaseType {
  readonly Id?: number;
  readonly Org_Id?: number;
  CaseType_Id?: number;
  CaseTemplate_Id?: number | null;
  BasePrice: number;
  ActiveFrom?: string | null;
  ActiveTo?: string | null;
  /**
   * Copy the inherited ranges (and fees) of this case type first (the same as ?overrideCaseTypes=true).
   */
  Override?: boolean;
  readonly BaseCost?: number;
  readonly CaseType?: {
    Id?: number;
    Short?: string;
    Description?: string | null;
    [k: string]: unknown;
  };
  readonly CaseTemplate?: {
    Id?: number;
    Label?: string;
    [k: string]: unknown;
  } | null;
  readonly Inherited?: boolean;
  readonly InheritedFrom?: {
    Id?: number;
    Name?: string;
    [k: string]: unknown;
  } | null;
  readonly CompletedCaseFees?: CaseFee[];
  readonly DiscontinuedCaseFees?: CaseFee[];
  /**
   * A list filter: only the ranges active today (the case form's case types).
   */
  OnlyActive?: boolean;
}

// schemas/orgCaseTypeCreate.json

export type OrgCaseTypeCreate = OrgCaseType & {
  CaseType_Id: number;
  CaseTemplate_Id: number;
  BasePrice: number;
};

// schemas/orgCreate.json

export type OrgCreate = Org & {
  ParentOrg_Id: number;
};

// schemas/orgDeadline.json

/**
 * A deadline rule of an org for a case type (spec 002 §3): a CD (the case's critical date) or, with IsACD, an ACD for one item template; DaysFromPending calendar or business days, counted from the received date or, with StartOnFull, from data entry complete; an active range. Lists and write answers are { CaseTypes: CDs, ItemTypes: ACDs } for one case type (?caseTypeId=).
 */
export interface OrgDeadline {
  readonly Id?: number;
  /**
   * The org the call is for (the path's org decides).
   */
  Org_Id?: number;
  CaseType_Id: number;
  ItemType_Id?: number | null;
  readonly ItemType?: {
    Id?: number;
    Description?: string | null;
    Name?: string;
    [k: string]: unknown;
  } | null;
  DaysFromPending: number;
  IsBusinessDays?: boolean;
  StartOnFull?: boolean;
  IsACD?: boolean;
  ActiveFrom?: string | null;
  ActiveTo?: string | null;
  readonly Inherited?: boolean;
  readonly InheritedFrom?: {
    Id?: number;
    Name?: string;
    [k: string]: unknown;
  } | null;
}

// schemas/orgExpenseRule.json

/**
 * What an org pays per unit of an expense type (spec 002 §3): the cost per unit (CPU), whether it is passed through to the invoice, an active range. An org without own rules of an expense type inherits the nearest ancestor's.
 */
export interface OrgExpenseRule {
  readonly Id?: number;
  /**
   * The org the call is for (the path's org decides).
   */
  Org_Id?: number;
  ExpenseType_Id: number;
  readonly ExpenseType?: {
    Id?: number;
    Description?: string | null;
    [k: string]: unknown;
  };
  CPU: number;
  readonly UOM?: {
    Description?: string | null;
    [k: string]: unknown;
  } | null;
  IsPassthrough?: boolean;
  ActiveFrom?: string | null;
  ActiveTo?: string | null;
  readonly Inherited?: boolean;
  readonly InheritedFrom?: {
    Id?: number;
    Name?: string;
    [k: string]: unknown;
  } | null;
}

// schemas/orgInvoiceSettings.json

/**
 * How an org is invoiced (spec 002 §2.1 Invoices tab, §3): its accounting-service company (null: none) and whether invoice details show the subject's last 4 SSN.
 */
export interface OrgInvoiceSettings {
  readonly Org_Id?: number;
  QboId: string | null;
  /**
   * The chosen company as it was named when chosen (Id, DisplayName): what users who may only read the settings see, and what shows while the accounting service cannot list its companies.
   */
  readonly QboCompany?: {
    Id?: string;
    DisplayName?: string | null;
  } | null;
  IncludeLast4SSN?: boolean;
}

// schemas/orgParent.json

/**
 * Moves an org under another (PUT /api/orgs/{id}/parent).
 */
export interface OrgParent {
  ParentOrg_Id: number;
}

// schemas/orgSummary.json

/**
 * An org as the tree and the pickers hold it.
 */
export interface OrgSummary {
  Id: number;
  Name: string;
  ParentOrg_Id: number | null;
  Hidden: boolean;
  ContractType_Id: number | null;
  Code: string | null;
}

// schemas/orgUser.json

/**
 * A user as an org's Users tab shows it (spec 002 §3): the org's own users and those of its ancestors below the provider (Inherited), each with this org's notice settings. PUT /api/orgs/{orgId}/users/{userId}/settings sends the seven flags; answers carry them as Settings.
 */
export interface OrgUser {
  readonly Id?: number;
  readonly Org_Id?: number;
  readonly FirstName?: string;
  readonly MiddleName?: string | null;
  readonly LastName?: string;
  readonly Email?: string | null;
  readonly Emails?: {
    Address?: string;
    [k: string]: unknown;
  }[];
  readonly Phones?: {
    Number?: string;
    [k: string]: unknown;
  }[];
  readonly Groups?: {
    Name?: string;
    [k: string]: unknown;
  }[];
  readonly Inherited?: boolean;
  readonly InheritedFrom?: {
    Id?: number;
    Name?: string;
    [k: string]: unknown;
  } | null;
  readonly Settings?: {
    PointOfContact?: boolean;
    SendOnHoldNotice?: boolean;
    SendSubmissionNotice?: boolean;
    SendCompletionNotice?: boolean;
    IncludeROI?: boolean;
    EncryptROI?: boolean;
    ViewClosedCases?: boolean;
    [k: string]: unknown;
  };
  PointOfContact: boolean;
  SendOnHoldNotice: boolean;
  SendSubmissionNotice: boolean;
  SendCompletionNotice: boolean;
  IncludeROI: boolean;
  EncryptROI: boolean;
  ViewClosedCases: boolean;
}

// schemas/ownPhone.json

/**
 * A phone number of the signed-in user.
 */
export interface OwnPhone {
  Id: number;
  Number: string;
  PhoneNumberType_Id: number | null;
  IsPrimary: boolean;
}

// schemas/partnerFile.json

/**
 * A file of the partner file tool: FilePath names it in a request (the FullName it was answered with); the other fields are answered.
 */
export interface PartnerFile {
  FilePath: string;
  /**
   * The file name.
   */
  readonly Name?: string;
  readonly CreationTime?: string;
  /**
   * Folder/Name: the FilePath of this file.
   */
  readonly FullName?: string;
}

// schemas/partnerFileEntry.json

/**
 * A file of a partner folder: its name, when it was stored, and its FullName ("Folder/Name") by which it is downloaded or deleted.
 */
export interface PartnerFileEntry {
  Name: string;
  CreationTime: string;
  FullName: string;
}

// schemas/partnerFileUploaded.json

/**
 * An uploaded partner file: the spec's message, the name it was filed under and its FullName.
 */
export interface PartnerFileUploaded {
  Message: string;
  Name: string;
  FullName: string;
}

// schemas/partnerFolder.json

export interface PartnerFolder {
  Folder: string;
}

// schemas/passwordChange.json

/**
 * The signed-in user's password change: the old one and the new one twice (the rules are checked on the server, failures by field).
 */
export interface PasswordChange {
  OldPassword: string;
  NewPassword: string;
  ConfirmPassword: string;
  [k: string]: unknown;
}

// schemas/person.json

/**
 * A user as pickers offer them (reviewers, data-entry clerks, requesting officials): Id and names.
 */
export interface Person {
  readonly Id?: number;
  readonly FirstName?: string;
  readonly LastName?: string;
}

// schemas/qboCustomer.json

/**
 * A customer (company) of the accounting service, as the org Invoices tab offers it.
 */
export interface QboCustomer {
  readonly Id?: string;
  readonly DisplayName?: string;
}

// schemas/qboToken.json

/**
 * What the /qbo/auth pop-up page was sent back with by QuickBooks (spec 002 §2.10, §7): its query string (code, state, realmId, or error), posted to POST /api/qbo/token.
 */
export interface QboToken {
  QboResult: string;
}

// schemas/readBatch.json

/**
 * The reads a page asks for in one request (POST /api/reads): GET addresses of the API, each answered as if it had been asked for on its own.
 */
export interface ReadBatch {
  /**
   * Items: A GET address of the API with its query, as the page would ask for it: /api/cases/12?ssn=masked
   */
  Paths: string[];
}

// schemas/readBatchAnswer.json

/**
 * Each read of a batch in the order asked: its address, the status and the JSON body its own GET answers (its access, scope, audit and schema are that route's; the route's own entry describes the body).
 */
export interface ReadBatchAnswer {
  Answers: {
    Path: string;
    Status: number;
    /**
     * The read's JSON answer (null for an empty one), as its route describes it
     */
    Body: {
      [k: string]: unknown;
    };
  }[];
}

// schemas/report.json

/**
 * A report of the catalogue (spec 002 §3 "Report"): its folder (Group) and name; Id is Group/Name.
 */
export interface Report {
  readonly Id: string;
  readonly Group: string;
  readonly Name: string;
  readonly Description: string;
}

// schemas/reportInstance.json

/**
 * A generated report kept for fetching by Id (spec 002 §3 "Report instance").
 */
export interface ReportInstance {
  readonly Id: string;
}

// schemas/reportParameters.json

/**
 * GET /api/reports/{group}/{name}/parameters (spec 002 §3, §7): the report and its parameters, each with name, prompt, type, nullable, valid values (value and label) and default values. DateTime defaults are MM/DD/YYYY.
 */
export interface ReportParameters {
  Group: string;
  Name: string;
  Parameters: ReportParametersParameter[];
}

export interface ReportParametersParameter {
  Name: string;
  Prompt: string;
  Type: 'Boolean' | 'DateTime' | 'Integer' | 'String';
  Nullable: boolean;
  ValidValues:
    | {
        Value: string | number | boolean;
        Label: string;
      }[]
    | null;
  DefaultValues: (string | number | boolean)[];
}

// schemas/reportRequest.json

/**
 * POST /api/reports/{group}/{name} (spec 002 §7): the parameters as name/value pairs (an empty nullable parameter null, dates MM/DD/YYYY) and a format. With Instance true the answer is { Id } of a report instance, fetched by GET /api/reports/instance/{Id}/{format}; otherwise the file itself.
 */
export interface ReportRequest {
  Group?: string;
  Name?: string;
  Parameters?: {
    Name: string;
    Value?: string | number | boolean | null;
  }[];
  Format: 'xml' | 'csv' | 'pdf';
  Instance?: boolean;
}

// schemas/resendMail.json

export interface ResendMail {
  UserId: number | string;
}

// schemas/resetPassword.json

export interface ResetPassword {
  Username: string;
  Password: string;
  ConfirmPassword: string;
  Code: string;
}

// schemas/role.json

/**
 * A permission of the catalogue (shared/permissions.ts); granted to groups, never created or edited.
 */
export interface Role {
  readonly Id?: number;
  readonly Name?: string;
  readonly Category?: string;
}

// schemas/secondFactorChallenge.json

/**
 * The mfa_token a sign-in answered with mfa_enrollment_required: it allows only the enrolment calls, for its few minutes.
 */
export interface SecondFactorChallenge {
  MfaToken: string;
}

// schemas/secondFactorChallengeCode.json

/**
 * The sign-in's mfa_token and a code from the authenticator app, confirming the enrolment begun with it.
 */
export interface SecondFactorChallengeCode {
  MfaToken: string;
  Code: string;
}

// schemas/secondFactorCode.json

/**
 * A code from the authenticator app, confirming an enrolment.
 */
export interface SecondFactorCode {
  Code: string;
}

// schemas/secondFactorDisable.json

/**
 * The own password and a code from the authenticator app or an unused recovery code.
 */
export interface SecondFactorDisable {
  Password: string;
  Code: string;
}

// schemas/secondFactorEnrolment.json

/**
 * A TOTP secret made for an enrolment not yet confirmed: the otpauth:// URI an authenticator app scans (as a QR code) and the secret as base32 text to type by hand. Answered only until the enrolment is confirmed.
 */
export interface SecondFactorEnrolment {
  Uri: string;
  Secret: string;
  Issuer: string;
  AccountName: string;
  Digits: number;
  Period: number;
}

// schemas/secondFactorRecoveryCodes.json

/**
 * Two-step sign-in is on: the ten single-use recovery codes, answered this once (only their hashes are kept).
 */
export interface SecondFactorRecoveryCodes {
  Message: string;
  RecoveryCodes: string[];
}

// schemas/secondFactorStatus.json

/**
 * Whether a user's second sign-in factor (TOTP) is on, whether their groups require it, and how many of their recovery codes are unused. The secret is never answered.
 */
export interface SecondFactorStatus {
  Enabled: boolean;
  Required: boolean;
  ConfirmedDate: string | null;
  RecoveryCodesLeft: number;
}

// schemas/sectionDefinition.json

export type SectionDefinitionField = SectionDefinitionFieldBase & {
  '@type'?: 'text' | 'textarea' | 'checkbox' | 'phoneNumber' | 'date' | 'address' | 'list' | 'template';
};

export type SectionDefinitionNestedField = SectionDefinitionFieldBase & {
  '@type'?: 'text' | 'textarea' | 'checkbox' | 'phoneNumber' | 'date' | 'address' | 'list';
};

/**
 * The form a section template describes (spec 002 §3): a fields.field list; a template field holds a nested list of fields, which cannot contain another template. Flags (@required, @showInReport, @allowMultiple, ...) are JSON booleans; the XML attribute form ("true" / "false") is accepted and stored as booleans. Unknown keys are dropped. The server also checks that field names are unique within their level and that @listType names an existing list.
 */
export interface SectionDefinition {
  fields: {
    field: SectionDefinitionField[];
    [k: string]: unknown;
  };
  [k: string]: unknown;
}

export interface SectionDefinitionFieldBase {
  '@id'?: string;
  '@type': string;
  '@name': string;
  '@label': string;
  '@instructions'?: string | null;
  '@required'?: boolean;
  '@showInReport'?: boolean;
  '@disableDatesBefore'?: string | null;
  '@disableDatesBeforeToday'?: boolean;
  '@disableDatesAfter'?: string | null;
  '@disableDatesAfterToday'?: boolean;
  '@allowCurrent'?: boolean;
  '@listType'?: string;
  '@allowMultiple'?: boolean;
  '@allowStockPhrases'?: boolean;
  '#text'?: string;
  Template?: SectionDefinitionNestedFieldList;
}

export interface SectionDefinitionNestedFieldList {
  fields: {
    field: SectionDefinitionNestedField[];
    [k: string]: unknown;
  };
  [k: string]: unknown;
}

// schemas/sectionRoi.json

/**
 * The report (ROI) XSLT of one section template version. The client sends the whole section; only ROITemplate is read.
 */
export interface SectionRoi {
  ROITemplate: string | null;
  [k: string]: unknown;
}

// schemas/sectionTemplate.json

/**
 * Save a section template. Template is the definition (sectionDefinition.json) serialised as JSON text. Saving under an existing name (case-insensitive) creates the next version of that section.
 */
export interface SectionTemplate {
  readonly Id?: number;
  SectionName: string;
  Template: string;
  ROITemplate?: string | null;
  readonly Version?: number;
  readonly LatestVersion?: number;
  readonly Enabled?: boolean;
  readonly CreatedDate?: string;
}

// schemas/securitySettings.json

export interface SecuritySettings {
  /**
   * Signed-in users are signed out after this many minutes without activity. Empty means 30.
   */
  AutoLogoutTime?: number | null;
  EnablePasswordExpiration?: boolean;
  /**
   * With expiration on, a password older than this must be changed at the next sign-in.
   */
  PasswordExpirationTime?: number | null;
  /**
   * Members of these groups without a second sign-in factor set it up at their next sign-in.
   */
  SecondFactorGroupIds?: number[];
}

// schemas/stockPhrase.json

/**
 * A saved phrase for a textarea field (spec 001 §3 "Stock phrase"), grouped by the field key: the section name, a dot and the field name. A phrase is saved once per key, in any letter case.
 */
export interface StockPhrase {
  readonly Id?: number;
  /**
   * Section name + '.' + field name.
   */
  readonly FieldKey?: string;
  Phrase: string;
  readonly CreatedDate?: string;
}

// schemas/typeItem.json

export interface TypeItem {
  readonly Id?: number;
  Short: string;
  Description?: string | null;
  readonly Hidden?: boolean;
}

// schemas/typeList.json

/**
 * Create or rename a dynamic list. The list's TableName is derived from the first name and never changes.
 */
export interface TypeList {
  TypeName: string;
  readonly TableName?: string;
  readonly FormattedTableName?: string;
  readonly IsDynamic?: boolean;
  /**
   * The items of the list, by Short.
   */
  readonly Types?: TypeItem[];
}

// schemas/user.json

/**
 * A user as identity administration edits it. Sub-lists absent from an update stay as they are; a sub-list sent replaces the stored one (entries keep their Id).
 */
export interface User {
  readonly Id?: number;
  UserName?: string;
  FirstName: string;
  MiddleName?: string | null;
  LastName: string;
  /**
   * The address of the primary email (null without emails).
   */
  readonly Email?: string | null;
  /**
   * Whether the user confirmed an email address (a new user has not yet).
   */
  readonly EmailConfirmed?: boolean;
  /**
   * The end of a deactivation (null when the account is active).
   */
  readonly LockoutEndDateUtc?: string | null;
  Org_Id: number;
  /**
   * The org of Org_Id.
   */
  readonly Org?: UserOrg | null;
  WorkStatusType_Id?: number | null;
  /**
   * The lookup item of WorkStatusType_Id.
   */
  readonly WorkStatus?: UserLookupItem | null;
  EmploymentStatusType_Id?: number | null;
  GeoRegionType_Id?: number | null;
  Manager_Id?: number | null;
  /**
   * The user of Manager_Id.
   */
  readonly Manager?: {
    Id: number;
    FirstName: string;
    LastName: string;
  } | null;
  Title?: string | null;
  PINumber?: string | null;
  CredNumber?: string | null;
  Notes?: string | null;
  ContractTypeIds?: number[];
  /**
   * The lookup items of ContractTypeIds, by Short.
   */
  readonly ContractTypes?: UserLookupItem[];
  GroupIds?: number[];
  /**
   * The groups of GroupIds, by name, with their tags.
   */
  readonly Groups?: UserGroup[];
  Emails: UserEmail[];
  PhoneNumbers?: UserPhoneNumber[];
  Addresses?: UserAddress[];
  Credentials?: UserCredential[];
  Clearances?: UserClearance[];
}

export interface UserOrg {
  Id: number;
  Name: string;
  Code: string | null;
}

export interface UserLookupItem {
  Id: number;
  Short: string;
  Description: string | null;
}

/**
 * A group of the user; the users table answers it without Tags.
 */
export interface UserGroup {
  Id: number;
  Name: string;
  Tags?: UserTag[];
}

export interface UserTag {
  Id: number;
  Name: string;
}

export interface UserEmail {
  readonly Id?: number | null;
  Address: string;
  EmailType_Id?: number | null;
  IsPrimary?: boolean;
}

export interface UserPhoneNumber {
  readonly Id?: number | null;
  /**
   * A US phone number: 10 digits, optionally after the country code 1 (spaces, dots, dashes and parentheses allowed). Checked on the server (shared/validationMessages.ts UsPhone) and stored as 555-123-4567.
   */
  Number: string;
  PhoneNumberType_Id?: number | null;
  IsPrimary?: boolean;
}

export interface UserAddress {
  readonly Id?: number | null;
  AddressType_Id?: number | null;
  Line1?: string | null;
  Line2?: string | null;
  City: string;
  RegionType_Id?: number | null;
  PostalCode: string;
  IsPrimary?: boolean;
}

export interface UserCredential {
  readonly Id?: number | null;
  CredentialType_Id: number;
  License: string;
  RegionType_Id: number;
  Expiration: string;
}

export interface UserClearance {
  readonly Id?: number | null;
  ClearanceType_Id: number;
  LastInvestigation: string;
  OrgCode: string;
}

// schemas/userCreate.json

export type UserCreate = User & {
  UserName: unknown;
};

// schemas/userLock.json

/**
 * LockUntil is a date (YYYY-MM-DD, or an ISO date-time whose date part counts); the account stays deactivated through the end of that day (UTC). No date, or LockForever, deactivates indefinitely.
 */
export interface UserLock {
  LockUntil?: string | null;
  LockForever?: boolean;
}

// schemas/userLockState.json

/**
 * When a user's deactivation ends: a moment, or null when the user is active.
 */
export interface UserLockState {
  LockoutEndDateUtc: string | null;
}

// schemas/usersQuery.json

export interface UsersQuery {
  pageSize?: number;
  page?: number;
  sorted?: {
    id: 'UserName' | 'FirstName' | 'LastName' | 'Email' | 'Organization';
    desc?: boolean;
  }[];
  filtered?: {
    id: 'UserName' | 'FirstName' | 'LastName' | 'Email' | 'Organization';
    value: string;
  }[];
  additional?: {
    OrgIds?: number[];
    GroupIds?: number[];
    HideIDSUsers?: boolean;
    Active?: boolean;
    Inactive?: boolean;
  };
}

// schemas/webhookDelivery.json

export interface WebhookDelivery {
  readonly Id: number;
  readonly Endpoint_Id: number;
  readonly Event_Id: number;
  readonly EventType: string;
  readonly Case_Id?: number | null;
  readonly Status: 'pending' | 'delivered' | 'failed';
  readonly Attempts: number;
  readonly NextAttemptAt?: string | null;
  readonly LastAttemptDate?: string | null;
  readonly LastStatusCode?: number | null;
  readonly ResponseMs?: number | null;
  readonly LastError?: string | null;
  readonly DeliveredDate?: string | null;
  readonly CreatedDate: string;
}

// schemas/webhookEndpoint.json

export interface WebhookEndpoint {
  readonly Id?: number;
  Url: string;
  Description?: string | null;
  /**
   * Write-only: empty keeps the current one.
   */
  Secret?: string;
  EventTypes: (
    | 'case.created'
    | 'case.state_changed'
    | 'item.status_changed'
    | 'item.submitted'
    | 'report.ready'
    | 'invoice.created'
  )[];
  Org_Id?: number | null;
  readonly OrgName?: string | null;
  Active?: boolean;
  readonly Pending?: number;
  readonly Failed?: number;
  readonly CreatedDate?: string;
  readonly UpdatedDate?: string;
}

// schemas/workflowState.json

/**
 * A case workflow state or an item status as the server lists them (spec 001 §3: "The case and item state lists come from the server"): its code and its name.
 */
export interface WorkflowState {
  readonly Id?: string;
  readonly Description?: string;
}

/** Every schema's type by its file name (its `$id`): a contract names a body or an answer by file, and its type follows. */
export interface SchemaTypes {
  'account.json': Account;
  'accountingConnected.json': AccountingConnected;
  'accountingStatus.json': AccountingStatus;
  'anonymousPassword.json': AnonymousPassword;
  'auditEntry.json': AuditEntry;
  'auditLogChoices.json': AuditLogChoices;
  'auditLogExport.json': AuditLogExport;
  'auditLogQuery.json': AuditLogQuery;
  'billableOrg.json': BillableOrg;
  'case.json': Case;
  'caseCreate.json': CaseCreate;
  'caseFee.json': CaseFee;
  'caseHistoryEntry.json': CaseHistoryEntry;
  'caseMessage.json': CaseMessage;
  'casePaper.json': CasePaper;
  'caseParameter.json': CaseParameter;
  'caseRecipient.json': CaseRecipient;
  'caseReviewerAnswer.json': CaseReviewerAnswer;
  'caseRow.json': CaseRow;
  'caseSsn.json': CaseSsn;
  'caseStepAnswer.json': CaseStepAnswer;
  'caseSubject.json': CaseSubject;
  'caseTemplate.json': CaseTemplate;
  'caseTemplateItemSwap.json': CaseTemplateItemSwap;
  'caseTracking.json': CaseTracking;
  'caseWorkflow.json': CaseWorkflow;
  'casesQuery.json': CasesQuery;
  'confirmEmail.json': ConfirmEmail;
  'dashboard.json': Dashboard;
  'dashboardQuery.json': DashboardQuery;
  'displayOrders.json': DisplayOrders;
  'emailConfirmed.json': EmailConfirmed;
  'expenseType.json': ExpenseType;
  'forgotPassword.json': ForgotPassword;
  'forgotUsername.json': ForgotUsername;
  'group.json': Group;
  'groupRole.json': GroupRole;
  'groupTags.json': GroupTags;
  'investigatorOption.json': InvestigatorOption;
  'invoice.json': Invoice;
  'invoiceCasesQuery.json': InvoiceCasesQuery;
  'invoiceLine.json': InvoiceLine;
  'invoiceListQuery.json': InvoiceListQuery;
  'invoiceRequest.json': InvoiceRequest;
  'invoiceSummary.json': InvoiceSummary;
  'invoiceableOrg.json': InvoiceableOrg;
  'item.json': Item;
  'itemAcds.json': ItemAcds;
  'itemAssign.json': ItemAssign;
  'itemAttachment.json': ItemAttachment;
  'itemAttachmentSwap.json': ItemAttachmentSwap;
  'itemCreate.json': ItemCreate;
  'itemDetail.json': ItemDetail;
  'itemEligibility.json': ItemEligibility;
  'itemEligibilityQuery.json': ItemEligibilityQuery;
  'itemExpense.json': ItemExpense;
  'itemHistoryEntry.json': ItemHistoryEntry;
  'itemIds.json': ItemIds;
  'itemIssueCode.json': ItemIssueCode;
  'itemReject.json': ItemReject;
  'itemRejectReason.json': ItemRejectReason;
  'itemRow.json': ItemRow;
  'itemSection.json': ItemSection;
  'itemSectionCreate.json': ItemSectionCreate;
  'itemSwap.json': ItemSwap;
  'itemType.json': ItemType;
  'itemTypeAsset.json': ItemTypeAsset;
  'itemTypeChoice.json': ItemTypeChoice;
  'itemTypeSection.json': ItemTypeSection;
  'itemTypeSectionRequired.json': ItemTypeSectionRequired;
  'itemTypeSectionSwap.json': ItemTypeSectionSwap;
  'itemsQuery.json': ItemsQuery;
  'lookupItem.json': LookupItem;
  'message.json': Message;
  'org.json': Org;
  'orgCaseType.json': OrgCaseType;
  'orgCaseTypeCreate.json': OrgCaseTypeCreate;
  'orgCreate.json': OrgCreate;
  'orgDeadline.json': OrgDeadline;
  'orgExpenseRule.json': OrgExpenseRule;
  'orgInvoiceSettings.json': OrgInvoiceSettings;
  'orgParent.json': OrgParent;
  'orgSummary.json': OrgSummary;
  'orgUser.json': OrgUser;
  'ownPhone.json': OwnPhone;
  'partnerFile.json': PartnerFile;
  'partnerFileEntry.json': PartnerFileEntry;
  'partnerFileUploaded.json': PartnerFileUploaded;
  'partnerFolder.json': PartnerFolder;
  'passwordChange.json': PasswordChange;
  'person.json': Person;
  'qboCustomer.json': QboCustomer;
  'qboToken.json': QboToken;
  'readBatch.json': ReadBatch;
  'readBatchAnswer.json': ReadBatchAnswer;
  'report.json': Report;
  'reportInstance.json': ReportInstance;
  'reportParameters.json': ReportParameters;
  'reportRequest.json': ReportRequest;
  'resendMail.json': ResendMail;
  'resetPassword.json': ResetPassword;
  'role.json': Role;
  'secondFactorChallenge.json': SecondFactorChallenge;
  'secondFactorChallengeCode.json': SecondFactorChallengeCode;
  'secondFactorCode.json': SecondFactorCode;
  'secondFactorDisable.json': SecondFactorDisable;
  'secondFactorEnrolment.json': SecondFactorEnrolment;
  'secondFactorRecoveryCodes.json': SecondFactorRecoveryCodes;
  'secondFactorStatus.json': SecondFactorStatus;
  'sectionDefinition.json': SectionDefinition;
  'sectionRoi.json': SectionRoi;
  'sectionTemplate.json': SectionTemplate;
  'securitySettings.json': SecuritySettings;
  'stockPhrase.json': StockPhrase;
  'typeItem.json': TypeItem;
  'typeList.json': TypeList;
  'user.json': User;
  'userCreate.json': UserCreate;
  'userLock.json': UserLock;
  'userLockState.json': UserLockState;
  'usersQuery.json': UsersQuery;
  'webhookDelivery.json': WebhookDelivery;
  'webhookEndpoint.json': WebhookEndpoint;
  'workflowState.json': WorkflowState;
}
