import type { ViewsByResource } from './resources/views.js';
import { sectionsViews, sectionVersionsViews } from './sections/sectionViews.js';
import { itemTypeAssetsViews, itemTypeSectionsViews, itemTypesViews } from './itemTypes/itemTypeViews.js';
import { caseTemplatesViews } from './caseTemplates/caseTemplateViews.js';
import { groupsViews, rolesViews, usersViews } from './identity/identityViews.js';
import { accountViews } from './account/accountViews.js';
import { auditLogViews, securityViews } from './admin/adminViews.js';
import {
  completedCaseFeesViews,
  discontinuedCaseFeesViews,
  orgAcdsViews,
  orgCaseTypeRangesViews,
  orgCaseTypesViews,
  orgCdsViews,
  orgExpenseRulesViews,
  orgInvoiceSettingsViews,
  orgsViews,
  orgUsersViews,
} from './orgs/orgViews.js';
import { caseMessagesViews, casePapersViews, casesViews } from './cases/caseViews.js';
import {
  caseItemsViews,
  itemAttachmentsViews,
  itemExpensesViews,
  itemHistoryViews,
  itemIssueCodesViews,
  itemSectionsViews,
  itemsViews,
} from './items/itemViews.js';
import { reportsViews } from './reports/reportViews.js';
import { invoiceHistoryViews, invoiceLinesViews, invoicesViews, qboCustomersViews } from './invoices/invoiceViews.js';
import { expenseTypesViews, listItemsViews, listsViews, stockPhrasesViews } from './configuration/configurationViews.js';
import { webhookDeliveriesViews, webhooksViews } from './webhooks/webhookViews.js';

/**
 * Each resource's views, by its declared name: the one place where the app meets its areas. A resource not named
 * here has the generic screens alone; tests/ui/declarations.test.ts checks every name is a declared resource.
 */
export const views: ViewsByResource = {
  sections: sectionsViews,
  'section-versions': sectionVersionsViews,
  'item-types': itemTypesViews,
  'item-type-sections': itemTypeSectionsViews,
  'item-type-assets': itemTypeAssetsViews,
  'case-templates': caseTemplatesViews,
  users: usersViews,
  groups: groupsViews,
  roles: rolesViews,
  account: accountViews,
  security: securityViews,
  'audit-log': auditLogViews,
  orgs: orgsViews,
  'org-users': orgUsersViews,
  'org-case-types': orgCaseTypesViews,
  'org-case-type-ranges': orgCaseTypeRangesViews,
  'completed-case-fees': completedCaseFeesViews,
  'discontinued-case-fees': discontinuedCaseFeesViews,
  'org-cds': orgCdsViews,
  'org-acds': orgAcdsViews,
  'org-expense-rules': orgExpenseRulesViews,
  'org-invoice-settings': orgInvoiceSettingsViews,
  cases: casesViews,
  'case-papers': casePapersViews,
  'case-messages': caseMessagesViews,
  'case-items': caseItemsViews,
  items: itemsViews,
  'item-attachments': itemAttachmentsViews,
  'item-expenses': itemExpensesViews,
  'item-history': itemHistoryViews,
  'item-issue-codes': itemIssueCodesViews,
  'item-sections': itemSectionsViews,
  reports: reportsViews,
  invoices: invoicesViews,
  'qbo-customers': qboCustomersViews,
  'invoice-history': invoiceHistoryViews,
  'invoice-lines': invoiceLinesViews,
  'expense-types': expenseTypesViews,
  lists: listsViews,
  'list-items': listItemsViews,
  'stock-phrases': stockPhrasesViews,
  webhooks: webhooksViews,
  'webhook-deliveries': webhookDeliveriesViews,
};
