import { sqlMigration } from './sqlMigration.js';

/**
 * The invoice history (issue 22 §2) lists one org's invoices — or an org's with the orgs below it — newest invoice date
 * first, ties by id: `invoices_org_date` serves that order whole, where `invoices_org` (migration 005) lacked the id
 * and left a sort to do. It replaces `invoices_org`, whose every use it also serves ("Invoices by date" of one org).
 * Every org's invoices in date order stay with `invoices_date` (migration 014); a page's case counts and an invoice's
 * lines read the primary keys of `invoice_cases` and `invoice_lines`.
 */
export default sqlMigration([
  `CREATE INDEX IF NOT EXISTS invoices_org_date ON invoices ("Org_Id", "InvoiceDate" DESC, "Id" DESC)`,
  `DROP INDEX IF EXISTS invoices_org`,
]);
