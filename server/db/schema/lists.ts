import type { CreatedAt, Flag, Id } from './columns.js';

/** The lookup lists every `…Type_Id` column points into (docs/data-model.md, "Lookup lists"). */

export interface TypeListsTable {
  TableName: string;
  FormattedTableName: string;
  IsDynamic: Flag;
  CreatedDate: CreatedAt;
}

export interface TypeItemsTable {
  Id: Id;
  TableName: string;
  Short: string;
  Description: string | null;
  Hidden: Flag;
}

export interface ListTables {
  type_lists: TypeListsTable;
  type_items: TypeItemsTable;
}
