import type { CreatedAt, Flag, Id, Json } from './columns.js';

/** Expense types and the section, item and case templates (docs/data-model.md, "Templates"). */

export interface ExpenseTypesTable {
  Id: Id;
  Short: string;
  Description: string | null;
  UOMType_Id: number;
  MultipleUnitsAllowed: Flag;
  Reimbursable: Flag;
  Hidden: Flag;
}

export interface SectionsTable {
  Id: Id;
  SectionName: string;
  Version: number;
  Enabled: Flag;
  CreatedDate: CreatedAt;
  Template: Json<unknown>;
  ROITemplate: string | null;
}

export interface ItemTypesTable {
  Id: Id;
  Name: string;
  Description: string | null;
  Hidden: Flag;
  CreatedDate: CreatedAt;
}

export interface ItemTypeSectionsTable {
  Id: Id;
  ItemType_Id: number;
  Section_Id: number;
  Required: Flag;
  DisplayOrder: number;
}

export interface ItemTypeAssetsTable {
  Id: Id;
  ItemType_Id: number;
  Name: string;
  FileName: string;
  StorageKey: string;
  ContentType: string | null;
  Size: number;
  CreatedDate: CreatedAt;
}

export interface CaseTemplatesTable {
  Id: Id;
  Label: string;
  CaseType_Id: number | null;
  ContractType_Id: number;
  ROICoversheetTemplate: string | null;
  ROIStylesheet: string | null;
  ROIHeader: string | null;
  ROIFooter: string | null;
  ShowCoverPage: Flag;
}

export interface CaseTemplateItemsTable {
  Id: Id;
  CaseTemplate_Id: number;
  ItemType_Id: number;
  AutoAdd: Flag;
  ShowInReport: Flag;
  ShowTitle: Flag;
  DisplayOrder: number;
}

export interface TemplateTables {
  expense_types: ExpenseTypesTable;
  sections: SectionsTable;
  item_types: ItemTypesTable;
  item_type_sections: ItemTypeSectionsTable;
  item_type_assets: ItemTypeAssetsTable;
  case_templates: CaseTemplatesTable;
  case_template_items: CaseTemplateItemsTable;
}
