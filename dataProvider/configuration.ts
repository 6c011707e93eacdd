import { request, type FileAnswer } from './httpClient.js';
import type { LookupListState } from './session.js';

export type LookupItem = LookupListState['Types'][number];

import type { CaseTemplate, CaseTemplateBody as ApiCaseTemplateBody, ItemType, ItemTypeAsset, SectionTemplate } from '../shared/api/configuration.js';

export type { CaseTemplate, CaseTemplateInUse, CaseTemplateItem, ItemType, ItemTypeAsset, ItemTypeSection, SectionTemplate } from '../shared/api/configuration.js';

/** A case template as the editor sends it: items always listed, in order. */
export type CaseTemplateBody = ApiCaseTemplateBody & { ItemTypeIds: NonNullable<ApiCaseTemplateBody['ItemTypeIds']> };

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
