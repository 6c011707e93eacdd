import { Groups, Permissions as P, Tags, type Permission } from '../../../shared/permissions.js';

export interface GroupSeed {
  name: string;
  description: string;
  tags: readonly string[];
  roles: readonly Permission[];
}

const caseViewing: Permission[] = [
  P.Cases.VIEW_CASES,
  P.Cases.VIEW_CASE_CRITICAL_DATE,
  P.CaseAttachments.VIEW_ATTACHMENTS,
  P.CaseMessages.VIEW_MESSAGES,
  P.CaseMessages.CREATE_MESSAGE,
  P.Items.VIEW_ITEMS,
  P.Items.SEARCH_ITEMS,
  P.Cases.DOWNLOAD_REPORT,
];

const fieldWork: Permission[] = [
  P.Items.VIEW_ITEMS,
  P.Items.SEARCH_ITEMS,
  P.Items.EDIT_ITEMS,
  P.CaseItems.UPDATE_CASE_ITEM_STATUS,
  P.CaseItems.EDIT_CASE_ITEMS,
  P.ItemAttachments.VIEW,
  P.ItemAttachments.ADD,
  P.ItemAttachments.DELETE,
  P.ItemExpenses.MANAGE,
  P.StockPhrases.ADD,
  P.StockPhrases.DELETE,
  P.CaseMessages.VIEW_MESSAGES,
  P.CaseMessages.CREATE_MESSAGE,
];

const configuration: Permission[] = [
  P.Cases.CREATE_CASE_TEMPLATE,
  ...Object.values(P.CaseTemplates),
  ...Object.values(P.ItemTypes),
  ...Object.values(P.Sections),
  ...Object.values(P.Types),
  ...Object.values(P.ExpenseTypes),
  ...Object.values(P.Orgs),
];

/**
 * Permissions that reach an existing installation with a later release, and the tag of the groups that get them on
 * arrival (as the demo's groups of that tag have them): a firm's case admins keep reading whole SSNs.
 */
export const ROLES_ON_ARRIVAL: Readonly<Partial<Record<Permission, string>>> = {
  [P.CaseSubjects.VIEW_FULL_SSN]: Tags.CASE_ADMIN,
};

/** The demo firm's groups: who does what. Administrators change these in /identity/groups. */
export const GROUP_SEEDS: readonly GroupSeed[] = [
  {
    name: Groups.SYSTEM_ADMINISTRATORS,
    description: 'Full access to every screen and setting.',
    tags: [Tags.SYSTEM_ADMIN, Tags.EMPLOYEE],
    roles: [P.General.SYSTEM_ADMINISTRATOR, P.General.VIEW_JSON_EDITOR],
  },
  {
    name: 'Case Admins',
    description: 'Run the case workflow end to end and maintain templates and orgs.',
    tags: [Tags.CASE_ADMIN, Tags.EMPLOYEE],
    roles: [
      ...Object.values(P.Cases),
      ...Object.values(P.CaseColumns),
      ...Object.values(P.CaseAttachments),
      ...Object.values(P.CaseMessages),
      ...Object.values(P.CaseSubjects),
      ...Object.values(P.CaseItems),
      ...Object.values(P.Items),
      ...Object.values(P.ItemAssignments),
      ...Object.values(P.ItemAttachments),
      ...Object.values(P.ItemExpenses),
      ...Object.values(P.StockPhrases),
      ...configuration,
      P.Invoices.VIEW_INVOICE_DETAILS,
      P.ReportData.VIEW_REPORT,
      P.General.VIEW_JSON_EDITOR,
    ],
  },
  {
    name: 'Managers',
    description: 'Oversee workload, billing and reports.',
    tags: [Tags.EMPLOYEE],
    roles: [
      P.General.DASHBOARD,
      ...caseViewing,
      ...Object.values(P.CaseColumns),
      P.Cases.ASSIGN_REVIEWER,
      P.Cases.EDIT_CASE_DEADLINE,
      P.Cases.DOWNLOAD_INCOMPLETE_REPORT,
      P.ItemAssignments.ADD_ITEM_ASSIGNMENTS,
      P.CaseItems.MANAGE_CASE_ITEM_DEADLINES,
      P.Invoices.VIEW_INVOICE_DETAILS,
      P.Invoices.CREATE_INVOICES,
      P.ReportData.VIEW_REPORT,
      P.Orgs.VIEW_ORGANIZATIONS,
      P.Orgs.GET_ORG_CASE_TYPES,
      P.Orgs.GET_ORG_DEADLINES,
      P.Orgs.GET_ORG_USERS,
      P.Orgs.GET_ORG_EXPENSE_RULES,
      P.Orgs.GET_ORG_INVOICE_SETTINGS,
      P.Orgs.UPDATE_ORG_INVOICE_SETTINGS,
      P.Users.VIEW_USERS,
      P.Groups.VIEW_GROUPS,
      P.Roles.VIEW_ROLES,
    ],
  },
  {
    name: 'Data Entry',
    description: 'Enter case papers and prepare cases for assignment.',
    tags: [Tags.DATA_ENTRY, Tags.EMPLOYEE],
    roles: [
      ...caseViewing,
      P.Cases.CREATE_CASE,
      P.Cases.EDIT_CASES,
      P.Cases.MARK_DATA_ENTRY_COMPLETE,
      P.CaseColumns.RECEIVED_DATE,
      P.CaseAttachments.CREATE_ATTACHMENTS,
      P.CaseAttachments.DELETE_ATTACHMENTS,
      P.CaseSubjects.EDIT_SUBJECT,
      P.Items.CREATE_ITEMS,
      P.Items.EDIT_ITEMS,
      P.Items.DELETE_ITEMS,
      P.Items.REORDER_ITEMS,
      P.CaseItems.EDIT_CASE_ITEMS,
    ],
  },
  {
    name: 'Reviewers',
    description: 'Review submitted items and accept or reject them.',
    tags: [Tags.REVIEWER, Tags.EMPLOYEE],
    roles: [
      ...caseViewing,
      P.CaseColumns.REVIEWER,
      P.CaseColumns.COMPLETION_DATE,
      P.Cases.EDIT_CASES,
      P.Items.EDIT_ITEMS,
      P.CaseItems.REVIEW_CASE_ITEMS,
      P.CaseItems.EDIT_CASE_ITEMS,
      P.CaseItems.EDIT_ITEMS_IN_REVIEW,
      P.CaseItems.MANAGE_CASE_ITEM_DEADLINES,
      P.ItemAssignments.ADD_ITEM_ASSIGNMENTS,
      P.ItemAttachments.VIEW,
      P.ItemAttachments.ADD,
      P.ItemExpenses.MANAGE,
      P.StockPhrases.ADD,
    ],
  },
  {
    name: Groups.INVESTIGATOR,
    description: 'Staff investigators who work assigned items in the field.',
    tags: [Tags.EMPLOYEE],
    roles: fieldWork,
  },
  {
    name: Groups.INDEPENDENT_CONTRACTOR,
    description: 'Contract investigators who work assigned items in the field.',
    tags: [],
    roles: fieldWork,
  },
  {
    name: Groups.CLIENT,
    description: 'Client users who order cases and read reports for their organisation.',
    tags: [],
    roles: [
      P.Cases.VIEW_CASES,
      P.Cases.CREATE_CASE,
      P.Cases.DOWNLOAD_REPORT,
      P.CaseColumns.RECEIVED_DATE,
      P.CaseColumns.COMPLETION_DATE,
      P.CaseAttachments.VIEW_ATTACHMENTS,
      P.CaseAttachments.CREATE_ATTACHMENTS,
      P.CaseMessages.VIEW_MESSAGES,
      P.CaseMessages.CREATE_MESSAGE,
    ],
  },
  {
    name: Groups.PALMETTO,
    description: 'Partner exchanging request and acknowledgment files.',
    tags: [],
    roles: [],
  },
  {
    name: Groups.NCSC,
    description: 'Partner exchanging request and report files.',
    tags: [],
    roles: [],
  },
];

export const ALL_TAGS: readonly string[] = Object.values(Tags);
