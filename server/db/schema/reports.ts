import type { CreatedAt, Json } from './columns.js';

/** A generated report's instance: its parameters and creator, fetched again by Id (docs/data-model.md, "Billing and reports"). */

export interface ReportInstancesTable {
  Id: string;
  Group: string;
  Name: string;
  Parameters: Json<unknown>;
  Rows: Json<unknown>;
  CreatedBy_Id: number;
  CreatedDate: CreatedAt;
}

export interface ReportTables {
  report_instances: ReportInstancesTable;
}
