import { request, type FileAnswer } from './httpClient.js';
import type { LookupListState } from './session.js';

export type LookupItem = LookupListState['Types'][number];

/** A section template version as the API answers it (Template is the definition as JSON text). */
export interface SectionTemplate {
  Id: number;
  SectionName: string;
  Version: number;
  LatestVersion: number;
  Enabled: boolean;
  CreatedDate: string;
  Template: string;
  ROITemplate: string | null;
}

export interface ItemTypeSection {
  /** The section template's id (same as SectionId). */
  Id: number;
  SectionId: number;
  SectionName: string;
  Version: number;
  Required: boolean;
  DisplayOrder: number;
}

export interface ItemTypeAsset {
  Id: number;
  Name: string;
  FileName: string;
  CreatedDate: string;
}

export interface ItemType {
  Id: number;
  Name: string;
  Description: string | null;
  Hidden: boolean;
  Sections: ItemTypeSection[];
  Assets: ItemTypeAsset[];
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

export interface CaseTemplateBody {
  Label: string;
  ContractType_Id: number;
  CaseType_Id?: number | null;
  ROICoversheetTemplate?: string | null;
  ROIStylesheet?: string | null;
  ROIHeader?: string | null;
  ROIFooter?: string | null;
  ShowCoverPage?: boolean;
  ItemTypeIds: { ItemType_Id: number; AutoAdd: boolean; ShowInReport: boolean; ShowTitle: boolean; DisplayOrder: number }[];
}

/** The JSON inside a refused case-template delete's Message (spec 002 §8). */
export interface CaseTemplateInUse {
  Cases: { Id: number; CaseNumber: string }[];
  OrgCaseTypes: { Org_Id: number; Name: string }[];
}

const list = (tableName: string) => `/api/types/${encodeURIComponent(tableName)}`;
const itemType = (id: number) => `/api/item-types/${id}`;

/** Calls of the configuration screens (spec 002 §7) that are not declared resources. */
export const configurationMethods = {
  // Lists
  createList: (TypeName: string) => request<LookupListState>('/api/types', { method: 'POST', body: { TypeName } }),
  renameList: (tableName: string, TypeName: string) => request<LookupListState>(list(tableName), { method: 'PATCH', body: { TypeName } }),
  deleteList: (tableName: string) => request<LookupListState>(list(tableName), { method: 'DELETE' }),
  addListItem: (tableName: string, item: { Short: string; Description: string | null }) =>
    request<LookupItem>(`${list(tableName)}/items`, { method: 'POST', body: item }),
  updateListItem: (tableName: string, id: number, item: { Short: string; Description: string | null }) =>
    request<LookupItem>(`${list(tableName)}/items/${id}`, { method: 'PATCH', body: item }),
  toggleListItem: (tableName: string, id: number) => request<LookupItem>(`${list(tableName)}/items/${id}`, { method: 'DELETE' }),

  // Section templates
  getSections: () => request<SectionTemplate[]>('/api/sections'),
  saveSection: (body: { SectionName: string; Template: string; ROITemplate?: string | null }) =>
    request<SectionTemplate>('/api/sections', { method: 'POST', body }),
  toggleSection: (id: number) => request<SectionTemplate>(`/api/sections/${id}`, { method: 'DELETE' }),
  saveSectionRoi: (section: SectionTemplate, ROITemplate: string) =>
    request<SectionTemplate>(`/api/sections/${section.Id}/roi`, { method: 'PUT', body: { SectionName: section.SectionName, Template: section.Template, ROITemplate } }),

  // Item templates
  getItemTypes: () => request<ItemType[]>('/api/item-types'),
  createItemType: (body: { Name: string; Description: string; Sections: { SectionId: number; Required: boolean }[] }) =>
    request<ItemType>('/api/item-types', { method: 'POST', body }),
  updateItemType: (id: number, body: { Name: string; Description: string; Sections?: { SectionId: number; Required: boolean }[] }) =>
    request<ItemType>(itemType(id), { method: 'PATCH', body }),
  toggleItemType: (id: number) => request<ItemType>(itemType(id), { method: 'DELETE' }),
  addItemTypeSection: (id: number, SectionId: number, Required: boolean) =>
    request<ItemType>(`${itemType(id)}/sections`, { method: 'POST', body: { SectionId, Required } }),
  setItemTypeSectionRequired: (id: number, sectionId: number, Required: boolean) =>
    request<ItemType>(`${itemType(id)}/sections/${sectionId}`, { method: 'POST', body: { Required } }),
  removeItemTypeSection: (id: number, sectionId: number) => request<ItemType>(`${itemType(id)}/sections/${sectionId}`, { method: 'DELETE' }),
  swapItemTypeSections: (id: number, SwapFromSection_Id: number, SwapToSection_Id: number) =>
    request<Record<string, number>>(`${itemType(id)}/sections/swap`, { method: 'PUT', body: { SwapFromSection_Id, SwapToSection_Id } }),
  getItemTypeAssets: (id: number) => request<ItemTypeAsset[]>(`${itemType(id)}/assets`),
  uploadItemTypeAssets: (id: number, files: File[]) => {
    const formData = new FormData();
    for (const file of files) formData.append('file', file, file.name);
    return request<ItemTypeAsset[]>(`${itemType(id)}/assets`, { method: 'POST', formData });
  },
  downloadItemTypeAsset: (id: number, assetId: number) => request<FileAnswer>(`${itemType(id)}/assets/${assetId}`, { asFile: true }),
  deleteItemTypeAsset: (id: number, assetId: number) => request<ItemTypeAsset>(`${itemType(id)}/assets/${assetId}`, { method: 'DELETE' }),
  renameItemTypeAsset: (id: number, assetId: number, name: string) =>
    request<ItemTypeAsset>(`${itemType(id)}/assets/${assetId}/${encodeURIComponent(name)}`, { method: 'PUT', body: {} }),

  // Case templates
  getCaseTemplates: () => request<CaseTemplate[]>('/api/case-templates'),
  createCaseTemplate: (body: CaseTemplateBody) => request<CaseTemplate>('/api/case-templates', { method: 'POST', body }),
  updateCaseTemplate: (id: number, body: CaseTemplateBody) => request<CaseTemplate>(`/api/case-templates/${id}`, { method: 'PATCH', body }),
  deleteCaseTemplate: (id: number) => request<CaseTemplate>(`/api/case-templates/${id}`, { method: 'DELETE' }),
  swapCaseTemplateItems: (id: number, SwapFromItem_Id: number, SwapToItem_Id: number) =>
    request<Record<string, number>>(`/api/case-templates/${id}/items/swap`, { method: 'PUT', body: { SwapFromItem_Id, SwapToItem_Id } }),
};
