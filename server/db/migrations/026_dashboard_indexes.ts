import { sqlMigration } from './sqlMigration.js';

/**
 * The dashboard's statements (server/dashboard/figures.ts), each served by an index:
 * - `cases_dashboard_open`: open cases (partial: not COMPLETE or DISCONTINUED) by org, with their state, critical
 *   date and reviewer, so the open-by-state, past-critical-date and reviewer-workload counts read the index alone and
 *   only the open share of the cases, however many have closed;
 * - `cases_dashboard_completed`: completed cases by completion moment with their org, case type and received day
 *   (received and completed per week, median days to complete);
 * - `items_dashboard_open`: items someone still works or reviews (partial), by assignee, with ACD, status and case
 *   (overdue items, investigator workload).
 * Received days use `cases_client` / `cases_received`, invoices `invoices_org_date` / `invoices_date`, uninvoiced
 * cases `cases_uninvoiced`.
 */
export default sqlMigration([
  `CREATE INDEX IF NOT EXISTS cases_dashboard_open ON cases ("Client_Id", "WorkflowState", "DueDate", "Reviewer_Id") WHERE "WorkflowState" NOT IN ('COMPLETE', 'DISCONTINUED')`,
  `CREATE INDEX IF NOT EXISTS cases_dashboard_completed ON cases ("CompletionDate", "Client_Id", "CaseType_Id", "ReceivedDate") WHERE "WorkflowState" = 'COMPLETE'`,
  `CREATE INDEX IF NOT EXISTS items_dashboard_open ON items ("AssignedTo_Id", "ACD", "ItemStatus", "Case_Id") WHERE "ItemStatus" IN ('AWAITING_ASSIGNMENT', 'ASSIGNED', 'REJECTED', 'IN_REVIEW')`,
]);
