import { Permissions } from '../shared/permissions.js';
import { anyOf } from '../shared/access.js';
import { defineOperations } from './operation.js';

/**
 * The manager's dashboard (issue 26 §1): one call answering every figure of the page at /dashboard
 * (src/dashboard/DashboardPage.tsx) for the caller's org scope, the picked org's subtree and a range of days. The page
 * is a page of src/navigation.ts, not a declared resource, so the contract has no declaration. Handler:
 * server/dashboard/routes.ts.
 */
export const dashboardOperations = defineOperations({
  figures: {
    method: 'GET',
    path: '/api/dashboard',
    access: anyOf(Permissions.General.DASHBOARD),
    summary:
      "The dashboard's figures within the caller's org scope (Org_Id: that org and the orgs below it): open cases by workflow state; cases past their critical " +
      'date and items past their ACD by org and by investigator; workload per investigator and reviewer; cases received and completed per week for 12 weeks ' +
      'and revenue invoiced and uninvoiced per month for 12 months, both ending at To; median days from received to complete by case type for cases ' +
      'completed From–To. Each figure carries the cases list filter it links to.',
    query: 'dashboardQuery.json',
    answer: 'dashboard.json',
  },
});
