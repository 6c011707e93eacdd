import type { ViewsByResource } from './resources/views.js';
import { sectionsViews, sectionVersionsViews } from './sections/sectionViews.js';
import { itemTypesViews } from './itemTypes/itemTypeViews.js';
import { caseTemplatesViews } from './caseTemplates/caseTemplateViews.js';
import { accountViews, groupsViews, usersViews } from './identity/identityViews.js';
import { orgsViews, orgUsersViews } from './orgs/orgViews.js';
import { caseMessagesViews, casePapersViews, casesViews } from './cases/caseViews.js';
import { caseItemsViews, itemAttachmentsViews, itemsViews } from './items/itemViews.js';
import { reportsViews } from './reports/reportViews.js';
import { invoicesViews, qboCustomersViews } from './invoices/invoiceViews.js';

/**
 * Each resource's views, by its declared name: the one place where the app meets its areas. A resource not named
 * here has the generic screens alone; tests/ui/declarations.test.ts checks every name is a declared resource.
 */
export const views: ViewsByResource = {
  sections: sectionsViews,
  'section-versions': sectionVersionsViews,
  'item-types': itemTypesViews,
  'case-templates': caseTemplatesViews,
  users: usersViews,
  account: accountViews,
  groups: groupsViews,
  orgs: orgsViews,
  'org-users': orgUsersViews,
  cases: casesViews,
  'case-papers': casePapersViews,
  'case-messages': caseMessagesViews,
  'case-items': caseItemsViews,
  items: itemsViews,
  'item-attachments': itemAttachmentsViews,
  reports: reportsViews,
  invoices: invoicesViews,
  'qbo-customers': qboCustomersViews,
};
