import type { ItemStatus } from '../../../shared/workflow.js';
import type { CreatedAt, DateOnly, Flag, Id, Json, Money, NullableMoney, NullableTimestamp } from './columns.js';

/** An item of a case and what hangs on it: sections, history, issue codes, expenses, attachments; and the stock phrases (docs/data-model.md, "Cases and items"). */

export interface ItemsTable {
  Id: Id;
  Case_Id: number;
  DisplayOrder: number;
  ItemType_Id: number;
  ACD: DateOnly;
  Label: string | null;
  Address1: string | null;
  Address2: string | null;
  City: string | null;
  RegionType_Id: number | null;
  PostalCode: string | null;
  ShowInReport: Flag;
  /** 'AWAITING_ASSIGNMENT' | 'ASSIGNED' | 'IN_REVIEW' | 'ACCEPTED' | 'REJECTED' */
  ItemStatus: ItemStatus;
  AssignedTo_Id: number | null;
  CompletedDate: NullableTimestamp;
  RejectionReason: string | null;
  CreatedDate: CreatedAt;
  UpdatedDate: CreatedAt;
}

export interface ItemSectionsTable {
  Id: Id;
  Item_Id: number;
  Section_Id: number;
  Definition: Json<unknown>;
  DisplayOrder: number;
  UpdatedDate: CreatedAt;
}

export interface ItemHistoryTable {
  Id: Id;
  Item_Id: number;
  Status: string;
  TriggeredBy_Id: number | null;
  Note: string | null;
  CreatedDate: CreatedAt;
}

export interface ItemIssueCodesTable {
  Id: Id;
  Item_Id: number;
  IssueCodeType_Id: number;
  EnteredBy_Id: number;
  EnteredDate: CreatedAt;
}

export interface ItemExpensesTable {
  Id: Id;
  Item_Id: number;
  ExpenseType_Id: number;
  Units: Money;
  Cost: Money;
  Passthrough: Flag;
  IncurredBy_Id: number;
  Note: string | null;
  Reimbursable: Flag;
  Override: NullableMoney;
  CreatedDate: CreatedAt;
}

export interface ItemAttachmentsTable {
  Id: Id;
  Item_Id: number;
  Name: string;
  StorageKey: string;
  ContentType: string | null;
  Size: number;
  DisplayOrder: number;
  CorruptPDF: Flag;
  CreatedDate: CreatedAt;
}

export interface StockPhrasesTable {
  Id: Id;
  FieldKey: string;
  Phrase: string;
  CreatedBy_Id: number | null;
  CreatedDate: CreatedAt;
}

export interface ItemTables {
  items: ItemsTable;
  item_sections: ItemSectionsTable;
  item_history: ItemHistoryTable;
  item_issue_codes: ItemIssueCodesTable;
  item_expenses: ItemExpensesTable;
  item_attachments: ItemAttachmentsTable;
  stock_phrases: StockPhrasesTable;
}
