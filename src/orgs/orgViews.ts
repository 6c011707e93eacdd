import { lazy } from 'react';
import type { ResourceViews } from '../resources/views.js';
import { sideList } from '../resources/SchemaList.js';
import {
  completedCaseFeesTexts,
  discontinuedCaseFeesTexts,
  orgAcdsTexts,
  orgCaseTypeRangesTexts,
  orgCaseTypesTexts,
  orgCdsTexts,
  orgExpenseRulesTexts,
  orgInvoiceSettingsTexts,
  orgsTexts,
  orgUsersTexts,
} from './orgTexts.js';
const caseTypeLists = () => import('./OrgCaseTypeList.js');
const feeLists = () => import('./CaseFeeList.js');
const deadlineLists = () => import('./OrgDeadlineList.js');

/** Orgs (/orgs): the org tree beside the selected org's tabs (their forms: orgForm.ts). */
export const orgsViews: ResourceViews = {
  list: lazy(() => import('./OrgsPage.js')),
  texts: orgsTexts,
};

/** An org's users: the name with its status, and the ways to add a user to the org. */
export const orgUsersViews: ResourceViews = {
  list: sideList(() => import('./OrgUserList.js'), (m) => m.OrgUserList),
  texts: orgUsersTexts,
};

/** An org's case types, their date ranges, fees and deadlines, and its expense rules: their tables' columns. */
export const orgCaseTypesViews: ResourceViews = { list: sideList(caseTypeLists, (m) => m.OrgCaseTypeList), texts: orgCaseTypesTexts };
export const orgCaseTypeRangesViews: ResourceViews = { list: sideList(caseTypeLists, (m) => m.OrgCaseTypeRangeList), texts: orgCaseTypeRangesTexts };
export const completedCaseFeesViews: ResourceViews = { list: sideList(feeLists, (m) => m.CompletedCaseFeeList), texts: completedCaseFeesTexts };
export const discontinuedCaseFeesViews: ResourceViews = { list: sideList(feeLists, (m) => m.DiscontinuedCaseFeeList), texts: discontinuedCaseFeesTexts };
export const orgCdsViews: ResourceViews = { list: sideList(deadlineLists, (m) => m.OrgCdList), texts: orgCdsTexts };
export const orgAcdsViews: ResourceViews = { list: sideList(deadlineLists, (m) => m.OrgAcdList), texts: orgAcdsTexts };
export const orgExpenseRulesViews: ResourceViews = { list: sideList(() => import('./OrgExpenseRuleList.js'), (m) => m.OrgExpenseRuleList), texts: orgExpenseRulesTexts };

/** An org's invoice settings (the Invoices tab, src/orgs/OrgTabs.tsx): its texts. */
export const orgInvoiceSettingsViews: ResourceViews = { texts: orgInvoiceSettingsTexts };
