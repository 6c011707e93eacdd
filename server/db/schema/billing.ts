import type { CreatedAt, Day, FixedId, Id, Money, NullableTimestamp } from './columns.js';

/** Invoices with their cases and lines, and the accounting service's connection (docs/data-model.md, "Billing and reports"). */

export interface InvoicesTable {
  Id: Id;
  Org_Id: number;
  InvoiceDate: Day;
  QboInvoiceId: string | null;
  Total: Money;
  CreatedBy_Id: number;
  CreatedDate: CreatedAt;
}

export interface InvoiceCasesTable {
  Invoice_Id: number;
  Case_Id: number;
  Amount: Money;
}

export interface InvoiceLinesTable {
  Invoice_Id: number;
  LineNumber: number;
  Case_Id: number;
  Description: string;
  Amount: Money;
}

export interface QboConnectionsTable {
  Id: FixedId;
  RealmId: string | null;
  AccessToken: string | null;
  RefreshToken: string | null;
  ExpiresDate: NullableTimestamp;
  UpdatedDate: CreatedAt;
}

export interface BillingTables {
  invoices: InvoicesTable;
  invoice_cases: InvoiceCasesTable;
  invoice_lines: InvoiceLinesTable;
  qbo_connections: QboConnectionsTable;
}
