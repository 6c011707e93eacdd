import type { CreatedAt, DateOnly, Flag, Id, Money } from './columns.js';

/**
 * Organisations, their users' settings and their configuration: the case types offered, fees, deadlines and expense
 * rules, each inherited down the org tree (docs/data-model.md, "Organisations and their configuration").
 */

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

export interface OrgTables {
  orgs: OrgsTable;
  org_user_settings: OrgUserSettingsTable;
  org_case_types: OrgCaseTypesTable;
  case_fees: CaseFeesTable;
  org_deadlines: OrgDeadlinesTable;
  org_expense_rules: OrgExpenseRulesTable;
}
