import type { ResourceStore } from './store.js';
import { orgsStore } from '../orgs/orgStore.js';
import { casesStore } from '../cases/caseStore.js';
import { casePapersStore } from '../cases/papers.js';
import { itemAttachmentsStore } from '../items/attachments.js';
import { caseMessagesStore } from '../cases/messages.js';
import { caseItemsStore } from '../items/itemStore.js';
import { itemSearchStore } from '../items/itemSearch.js';
import { itemHistoryStore } from '../items/itemHistory.js';
import { reviewersStore } from '../cases/people.js';
import { itemSectionsStore } from '../items/itemSections.js';
import { stockPhrasesStore } from '../items/stockPhrases.js';
import { itemIssueCodesStore } from '../items/issueCodes.js';
import { itemExpenseIncurrersStore, itemExpensesStore } from '../items/expenses.js';
import { caseStatesStore, itemStatesStore } from '../cases/workflowStates.js';
import { caseFeesStore, orgCaseTypesStore } from '../orgs/caseTypes.js';
import { orgDeadlinesStore } from '../orgs/deadlines.js';
import { orgExpenseRulesStore } from '../orgs/expenseRules.js';
import { orgUsersStore } from '../orgs/orgUsers.js';
import { orgInvoiceSettingsStore } from '../orgs/invoiceSettings.js';
import { qboCustomersStore } from '../billing/qboCustomers.js';
import { accountingStatusStore } from '../billing/accountingStatus.js';
import { listItemsStore, listsStore } from '../configuration/lists.js';
import { categoriesStore, groupsStore, rolesStore, tagsStore } from '../identity/groupRoutes.js';
import { accountStore } from '../account/routes.js';
import { securityStore } from '../security/store.js';
import { usersStore } from '../identity/userRoutes.js';
import { sectionsStore, sectionVersionsStore } from '../configuration/sectionTemplates.js';
import { itemTypeSectionsStore, itemTypesStore } from '../configuration/itemTypes.js';
import { itemTypeAssetsStore } from '../configuration/itemTypeAssets.js';
import { caseTemplatesStore } from '../configuration/caseTemplates.js';
import { reportsStore } from '../reports/routes.js';
import { auditLogStore } from '../audit/auditLogStore.js';
import { invoiceHistoryStore, invoiceLinesStore } from '../billing/invoicing.js';
import { webhookDeliveriesStore, webhooksStore } from '../webhooks/endpointStore.js';

/**
 * The store of each declared resource whose records are not plain rows of its `store.table`, or that has domain
 * rules (server/resources/store.ts), by the declaration's name. A new store is one line here; a declaration whose
 * calls find neither a store nor a table fails when the app is built.
 */
export const stores: Readonly<Record<string, ResourceStore>> = {
  lists: listsStore,
  'list-items': listItemsStore,
  users: usersStore,
  roles: rolesStore,
  groups: groupsStore,
  tags: tagsStore,
  categories: categoriesStore,
  account: accountStore,
  security: securityStore,
  sections: sectionsStore,
  'section-versions': sectionVersionsStore,
  'item-types': itemTypesStore,
  'item-type-sections': itemTypeSectionsStore,
  'item-type-assets': itemTypeAssetsStore,
  'case-templates': caseTemplatesStore,
  reports: reportsStore,
  'audit-log': auditLogStore,
  orgs: orgsStore,
  cases: casesStore,
  'case-papers': casePapersStore,
  'item-attachments': itemAttachmentsStore,
  'case-messages': caseMessagesStore,
  'case-items': caseItemsStore,
  items: itemSearchStore,
  'item-history': itemHistoryStore,
  reviewers: reviewersStore,
  'item-sections': itemSectionsStore,
  'stock-phrases': stockPhrasesStore,
  'item-issue-codes': itemIssueCodesStore,
  'item-expenses': itemExpensesStore,
  'item-expense-incurrers': itemExpenseIncurrersStore,
  'case-states': caseStatesStore,
  'item-states': itemStatesStore,
  'org-case-types': orgCaseTypesStore,
  'completed-case-fees': caseFeesStore,
  'org-cds': orgDeadlinesStore,
  'org-expense-rules': orgExpenseRulesStore,
  'org-users': orgUsersStore,
  'org-invoice-settings': orgInvoiceSettingsStore,
  'qbo-customers': qboCustomersStore,
  'accounting-status': accountingStatusStore,
  'invoice-history': invoiceHistoryStore,
  'invoice-lines': invoiceLinesStore,
  webhooks: webhooksStore,
  'webhook-deliveries': webhookDeliveriesStore,
};
