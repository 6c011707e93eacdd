import { caseOperations } from './caseOperations.js';
import { caseItemOperations } from './caseItemOperations.js';
import { casePaperOperations } from './casePaperOperations.js';
import { itemAttachmentOperations } from './itemAttachmentOperations.js';
import { sectionOperations } from './sections.js';
import { itemTypeOperations } from './itemTypes.js';
import { itemTypeAssetOperations } from './itemTypeAssets.js';
import { caseTemplateOperations } from './caseTemplates.js';
import { groupOperations } from './groups.js';
import { userOperations } from './users.js';
import { orgOperations } from './orgs.js';
import { accountOperations } from './account.js';
import { partnerFileOperations } from './partnerFiles.js';
import { auditLogOperations } from './auditLog.js';
import { invoiceOperations } from './invoices.js';
import { reportOperations } from './reports.js';
import { readOperations } from './reads.js';
import { webhookOperations } from './webhooks.js';
import { secondFactorOperations } from './secondFactor.js';
import { dashboardOperations } from './dashboard.js';

/**
 * Every contract's named operations by the key a caller names them with (`callOperation('cases', 'resume', id)`,
 * `useOperations('caseItems')`), typed. Each is also its declaration's `named` (the routes test proves they are
 * registered); a new contract is one line here.
 */
export const contracts = {
  cases: caseOperations,
  caseItems: caseItemOperations,
  casePapers: casePaperOperations,
  itemAttachments: itemAttachmentOperations,
  sections: sectionOperations,
  itemTypes: itemTypeOperations,
  itemTypeAssets: itemTypeAssetOperations,
  caseTemplates: caseTemplateOperations,
  groups: groupOperations,
  users: userOperations,
  orgs: orgOperations,
  account: accountOperations,
  partnerFiles: partnerFileOperations,
  auditLog: auditLogOperations,
  invoices: invoiceOperations,
  reports: reportOperations,
  reads: readOperations,
  webhooks: webhookOperations,
  secondFactor: secondFactorOperations,
  dashboard: dashboardOperations,
} as const;

export type Contracts = typeof contracts;
export type ContractName = keyof Contracts;
