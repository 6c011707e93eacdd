import { sqlMigration } from './sqlMigration.js';

/**
 * The date ranges the reports filter by (server/reports/catalogue.ts), each served by an index:
 * - `cases_completion`: cases completed or discontinued in a range ("Completed cases and revenue by org and month");
 *   partial, as most of a million cases at any moment are still open or the range is what matters;
 * - `item_expenses_created`: expenses entered in a range ("Expenses by type");
 * - `invoices_date`: invoices dated in a range across orgs, newest first ("Invoices by date"; `invoices_org`
 *   serves one org's).
 */
export default sqlMigration([
  `CREATE INDEX IF NOT EXISTS cases_completion ON cases ("CompletionDate") WHERE "CompletionDate" IS NOT NULL`,
  `CREATE INDEX IF NOT EXISTS item_expenses_created ON item_expenses ("CreatedDate")`,
  `CREATE INDEX IF NOT EXISTS invoices_date ON invoices ("InvoiceDate" DESC, "Id" DESC)`,
]);
