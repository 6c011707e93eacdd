import { request, type FileAnswer } from './httpClient.js';
import type { LookupListState } from './session.js';

export type LookupItem = LookupListState['Types'][number];

import type { CaseTemplateBody as ApiCaseTemplateBody, ItemType, ItemTypeAsset, SectionTemplate } from '../shared/api/configuration.js';

export type { CaseTemplate, CaseTemplateInUse, CaseTemplateItem, ItemType, ItemTypeAsset, ItemTypeSection, SectionTemplate } from '../shared/api/configuration.js';

/** A case template as the editor sends it: items always listed, in order. */
export type CaseTemplateBody = ApiCaseTemplateBody & { ItemTypeIds: NonNullable<ApiCaseTemplateBody['ItemTypeIds']> };

const itemType = (id: number) => `/api/item-types/${id}`;

/** Calls of the configuration screens (spec 002 §7) that are not CRUD of a declared resource. */
export const configurationMethods = {
  // Section templates
  saveSectionRoi: (section: SectionTemplate, ROITemplate: string) =>
    request<SectionTemplate>(`/api/sections/${section.Id}/roi`, { method: 'PUT', body: { SectionName: section.SectionName, Template: section.Template, ROITemplate } }),

  // Item templates
  setItemTypeSectionRequired: (id: number, sectionId: number, Required: boolean) =>
    request<ItemType>(`${itemType(id)}/sections/${sectionId}`, { method: 'POST', body: { Required } }),
  swapItemTypeSections: (id: number, SwapFromSection_Id: number, SwapToSection_Id: number) =>
    request<Record<string, number>>(`${itemType(id)}/sections/swap`, { method: 'PUT', body: { SwapFromSection_Id, SwapToSection_Id } }),
  uploadItemTypeAssets: (id: number, files: File[]) => {
    const formData = new FormData();
    for (const file of files) formData.append('file', file, file.name);
    return request<ItemTypeAsset[]>(`${itemType(id)}/assets`, { method: 'POST', formData });
  },
  downloadItemTypeAsset: (id: number, assetId: number) => request<FileAnswer>(`${itemType(id)}/assets/${assetId}`, { asFile: true }),
  renameItemTypeAsset: (id: number, assetId: number, name: string) =>
    request<ItemTypeAsset>(`${itemType(id)}/assets/${assetId}/${encodeURIComponent(name)}`, { method: 'PUT', body: {} }),

  // Case templates
  swapCaseTemplateItems: (id: number, SwapFromItem_Id: number, SwapToItem_Id: number) =>
    request<Record<string, number>>(`/api/case-templates/${id}/items/swap`, { method: 'PUT', body: { SwapFromItem_Id, SwapToItem_Id } }),
};
