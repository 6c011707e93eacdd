import type { ResourceDeclaration } from './declaration.js';
import expenseTypes from './expenseTypes.js';
import lists from './lists.js';
import listItems from './listItems.js';
import roles from './roles.js';
import securitySettings from './securitySettings.js';
import sections from './sections.js';
import sectionVersions from './sectionVersions.js';
import itemTypes from './itemTypes.js';
import itemTypeSections from './itemTypeSections.js';
import itemTypeAssets from './itemTypeAssets.js';
import caseTemplates from './caseTemplates.js';
import users from './users.js';
import groups from './groups.js';
import account from './account.js';
import tags from './tags.js';
import categories from './categories.js';
import orgs from './orgs.js';
import orgCaseTypes from './orgCaseTypes.js';
import orgCaseTypeRanges from './orgCaseTypeRanges.js';
import { completedCaseFees, discontinuedCaseFees } from './caseFees.js';
import { orgAcds, orgCds } from './orgDeadlines.js';
import orgUsers from './orgUsers.js';
import orgExpenseRules from './orgExpenseRules.js';
import orgInvoiceSettings from './orgInvoiceSettings.js';
import qboCustomers from './qboCustomers.js';
import accountingStatus from './accountingStatus.js';
import cases from './cases.js';
import casePapers from './casePapers.js';
import itemAttachments from './itemAttachments.js';
import caseMessages from './caseMessages.js';
import caseItems, { availableItemTypes } from './caseItems.js';
import reviewers from './reviewers.js';
import items from './items.js';
import itemHistory from './itemHistory.js';
import { caseStates, itemStates } from './workflowStates.js';
import itemSections from './itemSections.js';
import stockPhrases from './stockPhrases.js';
import { caseReviewers, dataEntryClerks, requestingOfficials } from './casePeople.js';
import itemIssueCodes from './itemIssueCodes.js';
import itemExpenses, { itemExpenseIncurrers, itemExpenseTypes } from './itemExpenses.js';
import reports from './reports.js';
import invoices from './invoices.js';
import invoiceHistory from './invoiceHistory.js';
import invoiceLines from './invoiceLines.js';
import auditLog from './auditLog.js';
import webhooks, { webhookDeliveries } from './webhooks.js';

/** Every declared resource. The client mounts each as a react-admin Resource; the server registers its routes. */
export const resources: readonly ResourceDeclaration[] = [expenseTypes, lists, listItems, roles, securitySettings, caseTemplates, itemTypes, itemTypeSections, itemTypeAssets, users, groups, sections, sectionVersions, account, tags, categories,
  orgs, orgCaseTypes, orgCaseTypeRanges, completedCaseFees, discontinuedCaseFees, orgCds, orgAcds, orgUsers, orgExpenseRules, orgInvoiceSettings, qboCustomers, accountingStatus,
  cases, casePapers, caseMessages, caseItems, availableItemTypes, items, itemHistory, reviewers, caseStates, itemStates,
  requestingOfficials, dataEntryClerks, caseReviewers,
  itemSections, stockPhrases,
  itemAttachments,
  itemIssueCodes, itemExpenses, itemExpenseTypes, itemExpenseIncurrers,
  reports,
  invoices, invoiceHistory, invoiceLines,
  auditLog,
  webhooks, webhookDeliveries,
];

export function resourceByName(name: string): ResourceDeclaration | undefined {
  return resources.find((r) => r.name === name);
}
