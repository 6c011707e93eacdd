import { resources } from '../resources/index.js';
import type { ApiArea } from './http/route.js';
import { authArea } from './auth/routes.js';
import { accountArea } from './account/routes.js';
import { orgsArea } from './orgs/orgStore.js';
import { resourceRoutes } from './resources/resourceRoutes.js';
import { stores } from './resources/stores.js';
import { sectionTemplatesArea } from './configuration/sectionTemplates.js';
import { itemTypesArea } from './configuration/itemTypes.js';
import { itemTypeAssetsArea } from './configuration/itemTypeAssets.js';
import { caseTemplatesArea } from './configuration/caseTemplates.js';
import { identityArea } from './identity/routes.js';
import { recoveryArea } from './recovery/routes.js';
import { partnerFilesArea } from './partnerFiles/routes.js';
import { liveArea } from './live/routes.js';
import { casesArea } from './cases/routes.js';
import { casePapersArea } from './cases/papers.js';
import { caseMessagesArea } from './cases/messages.js';
import { caseParametersArea } from './cases/parameters.js';
import { casePeopleArea } from './cases/people.js';
import { workflowStatesArea } from './cases/workflowStates.js';
import { itemsArea } from './items/itemRoutes.js';
import { itemAttachmentsArea } from './items/attachments.js';
import { caseReportArea } from './roi/routes.js';
import { reportsArea } from './reports/routes.js';
import { invoicingArea } from './billing/invoicing.js';
import { accountingArea } from './billing/qboRoutes.js';
import { auditLogArea } from './audit/auditLogStore.js';
import { openApiArea } from './docs/openApiRoutes.js';
import { readBatchArea } from './reads/readBatch.js';
import { secondFactorArea } from './secondFactor/routes.js';
import { webhooksArea } from './webhooks/routes.js';
import { dashboardArea } from './dashboard/routes.js';

/**
 * Every API area: the routes of every declared resource (built from its declaration and its store), and the calls
 * that are not CRUD. A new area is one import and one entry here; declared resources join automatically.
 */
export const apiAreas: readonly ApiArea[] = [
  authArea,
  accountArea,
  orgsArea,
  sectionTemplatesArea,
  itemTypesArea,
  itemTypeAssetsArea,
  caseTemplatesArea,
  identityArea,
  recoveryArea,
  partnerFilesArea,
  liveArea,
  casesArea,
  casePapersArea,
  caseMessagesArea,
  caseParametersArea,
  casePeopleArea,
  workflowStatesArea,
  itemsArea,
  itemAttachmentsArea,
  caseReportArea,
  reportsArea,
  invoicingArea,
  accountingArea,
  auditLogArea,
  openApiArea,
  readBatchArea,
  secondFactorArea,
  webhooksArea,
  dashboardArea,
  ...resources.map((declaration) => resourceRoutes(declaration, stores[declaration.name])),
];
