import { lazy } from 'react';
import type { ResourceViews } from '../resources/views.js';
import { sideList } from '../resources/SchemaList.js';
const caseTypeLists = () => import('./OrgCaseTypeList.js');
const feeLists = () => import('./CaseFeeList.js');
const deadlineLists = () => import('./OrgDeadlineList.js');

/** Orgs (/orgs): the org tree beside the selected org's tabs (their forms: orgForm.ts). */
export const orgsViews: ResourceViews = {
  list: lazy(() => import('./OrgsPage.js')),
};

/** An org's users: the name with its status, and the ways to add a user to the org. */
export const orgUsersViews: ResourceViews = {
  list: sideList(() => import('./OrgUserList.js'), (m) => m.OrgUserList),
};

/** An org's case types, their date ranges, fees and deadlines, and its expense rules: their tables' columns. */
export const orgCaseTypesViews: ResourceViews = { list: sideList(caseTypeLists, (m) => m.OrgCaseTypeList) };
export const orgCaseTypeRangesViews: ResourceViews = { list: sideList(caseTypeLists, (m) => m.OrgCaseTypeRangeList) };
export const completedCaseFeesViews: ResourceViews = { list: sideList(feeLists, (m) => m.CompletedCaseFeeList) };
export const discontinuedCaseFeesViews: ResourceViews = { list: sideList(feeLists, (m) => m.DiscontinuedCaseFeeList) };
export const orgCdsViews: ResourceViews = { list: sideList(deadlineLists, (m) => m.OrgCdList) };
export const orgAcdsViews: ResourceViews = { list: sideList(deadlineLists, (m) => m.OrgAcdList) };
export const orgExpenseRulesViews: ResourceViews = { list: sideList(() => import('./OrgExpenseRuleList.js'), (m) => m.OrgExpenseRuleList) };
