import { sqlMigration } from './sqlMigration.js';

/**
 * The lines of an invoice as it was billed (issue 13: "recorded locally with its lines"): one per case (base cost
 * and fee) and one per passthrough expense, in order, the same lines the accounting service receives. The case
 * amounts stay in `invoice_cases` (what each case cost, for reports); these are the invoice's own wording.
 */
export default sqlMigration([
  `CREATE TABLE invoice_lines (
    "Invoice_Id" integer NOT NULL REFERENCES invoices ON DELETE CASCADE,
    "LineNumber" integer NOT NULL,
    "Case_Id" integer NOT NULL REFERENCES cases,
    "Description" text NOT NULL,
    "Amount" numeric(12, 2) NOT NULL,
    PRIMARY KEY ("Invoice_Id", "LineNumber")
  )`,
  `CREATE INDEX invoice_lines_case ON invoice_lines ("Case_Id")`,
]);
