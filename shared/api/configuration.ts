/**
 * The configuration entities as the API answers them (spec 002 §3), shared by the server (which fills them with
 * `Date`s) and the client (which receives ISO strings): `D` is the type of a moment.
 */

export interface SectionTemplate<D = string> {
  Id: number;
  SectionName: string;
  Version: number;
  LatestVersion: number;
  Enabled: boolean;
  CreatedDate: D;
  /** The definition as JSON text (spec 002 §7: Template serialised as text). */
  Template: string;
  ROITemplate: string | null;
}

/**
 * A section of an item template. `Id` is the section template's id (the same as `SectionId`): a section appears at
 * most once per item template, so it names the link in /api/item-types/{id}/sections/{sectionId} and in swaps.
 */
export interface ItemTypeSection {
  Id: number;
  SectionId: number;
  SectionName: string;
  Version: number;
  Required: boolean;
  DisplayOrder: number;
}

export interface ItemTypeAsset<D = string> {
  Id: number;
  Name: string;
  FileName: string;
  CreatedDate: D;
}

export interface ItemType<D = string> {
  Id: number;
  Name: string;
  Description: string | null;
  Hidden: boolean;
  Sections: ItemTypeSection[];
  Assets: ItemTypeAsset<D>[];
}

export interface CaseTemplateItemInput {
  ItemType_Id: number;
  AutoAdd: boolean;
  ShowInReport: boolean;
  ShowTitle: boolean;
  DisplayOrder?: number | null;
}

export interface CaseTemplateBody {
  Label: string;
  ContractType_Id: number;
  CaseType_Id?: number | null;
  ROICoversheetTemplate?: string | null;
  ROIStylesheet?: string | null;
  ROIHeader?: string | null;
  ROIFooter?: string | null;
  ShowCoverPage?: boolean;
  ItemTypeIds?: CaseTemplateItemInput[];
}

export interface CaseTemplateItem {
  Id: number;
  ItemType: { Id: number; Short: string; Description: string | null };
  AutoAdd: boolean;
  ShowInReport: boolean;
  ShowTitle: boolean;
  DisplayOrder: number;
}

export interface CaseTemplate {
  Id: number;
  Label: string;
  CaseType_Id: number | null;
  ContractType_Id: number;
  ContractType: { Id: number; Description: string | null } | null;
  ROICoversheetTemplate: string | null;
  ROIStylesheet: string | null;
  ROIHeader: string | null;
  ROIFooter: string | null;
  ShowCoverPage: boolean;
  Items: CaseTemplateItem[];
}

/** The JSON inside a refused case-template delete's Message (spec 002 §8). */
export interface CaseTemplateInUse {
  Cases: { Id: number; CaseNumber: string }[];
  OrgCaseTypes: { Org_Id: number; Name: string }[];
}
