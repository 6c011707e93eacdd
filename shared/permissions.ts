/**
 * The permission catalogue: every permission ("role" in the product's words) that any screen or route checks.
 * One module, read by the server (route declarations, seed) and the client (menus, buttons, canAccess).
 *
 * Keys follow the spec's `Area.KEY` notation (`Cases.VIEW_CASES`); values are the role names users see in the
 * group editor and that `GET /api/user/permissions` answers.
 */
export const Permissions = {
  General: {
    SYSTEM_ADMINISTRATOR: 'System Administrator',
    VIEW_JSON_EDITOR: 'View JSON Editor',
    DASHBOARD: 'Dashboard',
    ENGINE_XSL: 'Engine XSL',
  },
  Admin: {
    ADMIN_SECURITY: 'Admin Security',
    VIEW_AUDIT_LOG: 'View Audit Log',
  },
  Cases: {
    VIEW_CASES: 'View Cases',
    CREATE_CASE: 'Create Case',
    EDIT_CASES: 'Edit Cases',
    DELETE_CASES: 'Delete Cases',
    EDIT_INACTIVE_CASES: 'Edit Inactive Cases',
    CHANGE_CASE_TYPE: 'Change Case Type',
    CHANGE_REQUESTING_OFFICIAL: 'Change Requesting Official',
    ASSIGN_DATA_ENTRY: 'Assign Data Entry',
    ASSIGN_REVIEWER: 'Assign Reviewer',
    MARK_DATA_ENTRY_COMPLETE: 'Mark Data Entry Complete',
    PUT_CASE_ON_HOLD: 'Put Case On Hold',
    DISCONTINUE_CASE: 'Discontinue Case',
    RESUME_A_CASE: 'Resume A Case',
    DOWNLOAD_REPORT: 'Download Report',
    DOWNLOAD_INCOMPLETE_REPORT: 'Download Incomplete Report',
    EDIT_CASE_DEADLINE: 'Edit Case Deadline',
    VIEW_CASE_XML: 'Case XML',
    VIEW_CASE_XSLT: 'Case XSLT',
    VIEW_CASE_CRITICAL_DATE: 'View Case Critical Date',
    EDIT_CASE_CRITICAL_DATE: 'View and Edit Case Critical Date',
    EDIT_CASE_COMPLETION_DATE: 'Edit Case Completion Date',
    CREATE_CASE_TEMPLATE: 'Admin Case Templates',
  },
  CaseColumns: {
    ORG: 'Case Column Org',
    REVIEWER: 'Case Column Reviewer',
    COMPLETION_DATE: 'Case Column Completion Date',
    RECEIVED_DATE: 'Case Column Received Date',
  },
  CaseAttachments: {
    VIEW_ATTACHMENTS: 'View Case Attachments',
    CREATE_ATTACHMENTS: 'Create Case Attachments',
    DELETE_ATTACHMENTS: 'Delete Case Attachments',
  },
  CaseMessages: {
    VIEW_MESSAGES: 'View Case Messages',
    CREATE_MESSAGE: 'Create Case Message',
  },
  CaseSubjects: {
    EDIT_SUBJECT: 'Edit Case Subject',
    /** Read a subject's whole SSN (others see its last four digits); every such read is in the audit log. */
    VIEW_FULL_SSN: 'View Full SSN',
  },
  CaseItems: {
    MANAGE_CASE_ITEM_DEADLINES: 'Manage Case Item Deadlines',
    REVIEW_CASE_ITEMS: 'Review Case Items',
    UPDATE_CASE_ITEM_STATUS: 'Update Case Item Status',
    EDIT_CASE_ITEMS: 'Edit Case Items',
    EDIT_ITEMS_IN_REVIEW: 'Edit Items In Review',
  },
  CaseTemplates: {
    CREATE_CASE_TEMPLATE: 'Create Case Template',
    UPDATE_CASE_TEMPLATE: 'Update Case Template',
    DELETE_CASE_TEMPLATE: 'Delete Case Template',
    ADD_ITEM_TO_CASE_TEMPLATE: 'Add Item To Case Template',
    REMOVE_ITEM_FROM_CASE_TEMPLATE: 'Remove Item From Case Template',
    REORDER_CASE_TEMPLATE_ITEMS: 'Reorder Case Template Items',
  },
  Items: {
    VIEW_ITEMS: 'View Items',
    SEARCH_ITEMS: 'Search Items',
    CREATE_ITEMS: 'Create Items',
    EDIT_ITEMS: 'Edit Items',
    DELETE_ITEMS: 'Delete Items',
    REORDER_ITEMS: 'Reorder Items',
  },
  ItemAssignments: {
    ADD_ITEM_ASSIGNMENTS: 'Add Item Assignments',
  },
  ItemAttachments: {
    VIEW: 'View Item Attachments',
    ADD: 'Add Item Attachments',
    DELETE: 'Delete Item Attachments',
  },
  ItemExpenses: {
    MANAGE: 'Manage Item Expenses',
  },
  StockPhrases: {
    ADD: 'Add Stock Phrases',
    DELETE: 'Delete Stock Phrases',
  },
  ItemTypes: {
    VIEW_ITEM_TYPES: 'View Item Types',
    CREATE_ITEM_TYPES: 'Create Item Types',
    EDIT_ITEM_TYPES: 'Edit Item Types',
    DELETE_ITEM_TYPES: 'Delete Item Types',
    ADD_SECTION_TO_ITEM_TYPE: 'Add Section To Item Type',
    REMOVE_SECTION_FROM_ITEM_TYPE: 'Remove Section From Item Type',
    REORDER_ITEM_TYPE_SECTIONS: 'Reorder Item Type Sections',
  },
  Sections: {
    VIEW_SECTION_TEMPLATES: 'View Section Templates',
    CREATE_SECTION_TEMPLATES: 'Create Section Templates',
    DELETE_SECTION_TEMPLATES: 'Delete Section Templates',
    ADMIN_SECTION_TEMPLATES: 'Admin Section Templates',
  },
  Types: {
    VIEW_TYPE: 'View Types',
    CREATE_TYPE: 'Create Types',
    EDIT_TYPE: 'Edit Types',
    DELETE_TYPE: 'Delete Types',
  },
  ExpenseTypes: {
    VIEW: 'View Expense Types',
    CREATE: 'Create Expense Types',
    EDIT: 'Edit Expense Types',
    DELETE: 'Delete Expense Types',
  },
  ExpenseRules: {
    VIEW: 'View Expense Rules',
  },
  Invoices: {
    VIEW_INVOICE_DETAILS: 'View Invoice Details',
    CREATE_INVOICES: 'Create Invoices',
  },
  ReportData: {
    VIEW_REPORT: 'View Report Data',
  },
  Orgs: {
    VIEW_ORGANIZATIONS: 'View Organizations',
    CREATE_ORGANIZATION: 'Create Organization',
    EDIT_ORGANIZATION: 'Edit Organization',
    DELETE_ORGANIZATION: 'Delete Organization',
    CHANGE_PARENT_ORGANIZATION: 'Change Parent Organization',
    GET_ORG_CASE_TYPES: 'Get Org Case Types',
    ADD_CASE_TYPE_TO_ORG: 'Add Case Type To Org',
    REMOVE_CASE_TYPE_FROM_ORG: 'Remove Case Type From Org',
    UPDATE_ORG_CASE_TYPE: 'Update Org Case Type',
    ADD_FEE_TO_ORG_CASE_TYPE: 'Add Fee To Org Case Type',
    UPDATE_FEE_ON_ORG_CASE_TYPE: 'Update Fee On Org Case Type',
    DELETE_FEE_FROM_ORG_CASE_TYPE: 'Delete Fee From Org Case Type',
    GET_ORG_DEADLINES: 'Get Org Deadlines',
    ADD_ORG_DEADLINE: 'Add Org Deadline',
    UPDATE_ORG_DEADLINE: 'Update Org Deadline',
    DELETE_ORG_DEADLINE: 'Delete Org Deadline',
    GET_ORG_USERS: 'Get Org Users',
    UPDATE_USER_ORG_SETTINGS: 'Update User Org Settings',
    GET_ORG_EXPENSE_RULES: 'Get Org Expense Rules',
    UPDATE_ORG_EXPENSE_RULE: 'Update Org Expense Rule',
    DELETE_ORG_EXPENSE_RULE: 'Delete Org Expense Rule',
    GET_ORG_INVOICE_SETTINGS: 'Get Org Invoice Settings',
    UPDATE_ORG_INVOICE_SETTINGS: 'Update Org Invoice Settings',
  },
  Users: {
    VIEW_USERS: 'Admin View Users',
    CREATE_USER: 'Admin Create User',
    EDIT_USERS: 'Admin Edit Users',
    DELETE_USERS: 'Admin Delete Users',
  },
  Roles: {
    VIEW_ROLES: 'Admin View Roles',
  },
  Groups: {
    VIEW_GROUPS: 'Admin View Groups',
    CREATE_GROUP: 'Admin Create Group',
    EDIT_GROUP: 'Admin Edit Group',
    DELETE_GROUP: 'Admin Delete Group',
  },
} as const;

type Catalogue = typeof Permissions;
export type PermissionCategory = keyof Catalogue;
/** A permission (role) name, e.g. `'View Cases'`. */
export type Permission = { [C in PermissionCategory]: Catalogue[C][keyof Catalogue[C]] }[PermissionCategory];

/** Display names of the categories, as the group editor shows them. */
export const CATEGORY_LABELS: Record<PermissionCategory, string> = {
  General: 'General',
  Admin: 'Admin',
  Cases: 'Cases',
  CaseColumns: 'Case Columns',
  CaseAttachments: 'Case Attachments',
  CaseMessages: 'Case Messages',
  CaseSubjects: 'Case Subjects',
  CaseItems: 'Case Items',
  CaseTemplates: 'Case Templates',
  Items: 'Items',
  ItemAssignments: 'Item Assignments',
  ItemAttachments: 'Item Attachments',
  ItemExpenses: 'Item Expenses',
  StockPhrases: 'Stock Phrases',
  ItemTypes: 'Item Types',
  Sections: 'Section Templates',
  Types: 'Types',
  ExpenseTypes: 'Expense Types',
  ExpenseRules: 'Expense Rules',
  Invoices: 'Invoices',
  ReportData: 'Reports',
  Orgs: 'Orgs',
  Users: 'Users',
  Roles: 'Roles',
  Groups: 'Groups',
};

export interface CatalogueEntry {
  key: string;
  name: Permission;
  category: PermissionCategory;
}

/** Every permission with its `Area.KEY` key and category, in catalogue order. */
export const PERMISSION_CATALOGUE: readonly CatalogueEntry[] = (
  Object.entries(Permissions) as [PermissionCategory, Record<string, Permission>][]
).flatMap(([category, entries]) =>
  Object.entries(entries).map(([key, name]) => ({ key: `${category}.${key}`, name, category })),
);

export const ALL_PERMISSIONS: readonly Permission[] = PERMISSION_CATALOGUE.map((p) => p.name);

/** Permissions that open some part of the admin menu; holding any of them shows the menu. */
export const ADMIN_MENU_PERMISSIONS: readonly Permission[] = [
  Permissions.Orgs.VIEW_ORGANIZATIONS,
  Permissions.Orgs.EDIT_ORGANIZATION,
  Permissions.Cases.CREATE_CASE_TEMPLATE,
  Permissions.ItemTypes.VIEW_ITEM_TYPES,
  Permissions.Sections.VIEW_SECTION_TEMPLATES,
  Permissions.ExpenseTypes.VIEW,
  Permissions.Types.VIEW_TYPE,
  Permissions.Users.VIEW_USERS,
  Permissions.Roles.VIEW_ROLES,
  Permissions.Groups.VIEW_GROUPS,
  Permissions.Admin.ADMIN_SECURITY,
  Permissions.Admin.VIEW_AUDIT_LOG,
];

/** Group tags the product reads. */
export const Tags = {
  EMPLOYEE: 'Employee',
  CASE_ADMIN: 'Case Admin',
  SYSTEM_ADMIN: 'System Admin',
  DATA_ENTRY: 'data entry',
  REVIEWER: 'reviewer',
} as const;

/** Groups with a fixed meaning: the partner file tool and the new-user presets. */
export const Groups = {
  SYSTEM_ADMINISTRATORS: 'System Administrators',
  INVESTIGATOR: 'Investigator',
  INDEPENDENT_CONTRACTOR: 'Independent Contractor',
  CLIENT: 'Client',
  PALMETTO: 'Palmetto',
  NCSC: 'NCSC',
} as const;

/**
 * The one authorisation rule: a check passes when the holder has any of the listed permissions;
 * System Administrator passes everything. An empty list means "any signed-in user".
 */
export function hasAnyPermission(held: ReadonlySet<string> | readonly string[], required: readonly string[]): boolean {
  const set = held instanceof Set ? held : new Set(held as readonly string[]);
  if (set.has(Permissions.General.SYSTEM_ADMINISTRATOR)) return true;
  if (required.length === 0) return true;
  return required.some((p) => set.has(p));
}
