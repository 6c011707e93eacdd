import type { CaseTemplate, CaseTemplateBody, CaseTemplateInUse, ItemType } from '../../dataProvider/configuration.js';
import type { ErrorBody } from '../../dataProvider/httpClient.js';

export const CASE_TEMPLATES_QUERY_KEY = ['dossier', 'case-templates'] as const;

export const XSLT_EDITORS = [
  { field: 'ROICoversheetTemplate', label: 'Cover Sheet XSLT' },
  { field: 'ROIStylesheet', label: 'Stylesheet XSLT' },
  { field: 'ROIHeader', label: 'Header XSLT' },
  { field: 'ROIFooter', label: 'Footer XSLT' },
] as const;
export type XsltField = (typeof XSLT_EDITORS)[number]['field'];

/** An item in the editor. `key` is a temporary id: unsaved items have one until the template is saved. */
export interface DraftItem {
  key: string;
  /** The saved item's id; absent for an item added in this editor. */
  savedId?: number;
  ItemType: { Id: number; Short: string; Description: string | null };
  AutoAdd: boolean;
  ShowInReport: boolean;
  ShowTitle: boolean;
}

export interface Draft {
  Label: string;
  ContractType_Id: number | null;
  ShowCoverPage: boolean;
  items: DraftItem[];
  xslt: Record<XsltField, string>;
}

/** The editor's starting state: a saved template, or an empty one (Show Cover Page On Report checked). */
export function draftOf(template?: CaseTemplate): Draft {
  return {
    Label: template?.Label ?? '',
    ContractType_Id: template?.ContractType_Id ?? null,
    ShowCoverPage: template?.ShowCoverPage ?? true,
    items: [...(template?.Items ?? [])]
      .sort((a, b) => a.DisplayOrder - b.DisplayOrder)
      .map((item) => ({
        key: `saved-${item.Id}`,
        savedId: item.Id,
        ItemType: item.ItemType,
        AutoAdd: item.AutoAdd,
        ShowInReport: item.ShowInReport,
        ShowTitle: item.ShowTitle,
      })),
    xslt: {
      ROICoversheetTemplate: template?.ROICoversheetTemplate ?? '',
      ROIStylesheet: template?.ROIStylesheet ?? '',
      ROIHeader: template?.ROIHeader ?? '',
      ROIFooter: template?.ROIFooter ?? '',
    },
  };
}

let nextTemporaryId = 0;

/** A new item for an item template, at the end of the list, with its temporary id. */
export function newItem(type: ItemType): DraftItem {
  nextTemporaryId += 1;
  return {
    key: `new-${nextTemporaryId}`,
    ItemType: { Id: type.Id, Short: type.Name, Description: type.Description },
    AutoAdd: true,
    ShowInReport: true,
    ShowTitle: true,
  };
}

/** The list with the item at `index` moved one place up (-1) or down (+1). */
export function moveItem<T>(list: readonly T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  if (target < 0 || target >= list.length) return [...list];
  const next = [...list];
  [next[index], next[target]] = [next[target], next[index]];
  return next;
}

/** The PATCH/POST body: the items in the editor's order, numbered 1..n as DisplayOrder. */
export function bodyOf(draft: Draft): CaseTemplateBody {
  return {
    Label: draft.Label.trim(),
    ContractType_Id: draft.ContractType_Id!,
    ShowCoverPage: draft.ShowCoverPage,
    ...draft.xslt,
    ItemTypeIds: draft.items.map((item, index) => ({
      ItemType_Id: item.ItemType.Id,
      AutoAdd: item.AutoAdd,
      ShowInReport: item.ShowInReport,
      ShowTitle: item.ShowTitle,
      DisplayOrder: index + 1,
    })),
  };
}

/** The refusal of a delete (400 whose Message is JSON of the cases and org case types using it), or null. */
export function inUseOf(error: unknown): CaseTemplateInUse | null {
  const { status, body } = error as { status?: number; body?: ErrorBody };
  if (status !== 400 || !body?.Message) return null;
  try {
    const parsed = JSON.parse(body.Message) as Partial<CaseTemplateInUse>;
    if (!Array.isArray(parsed.Cases) && !Array.isArray(parsed.OrgCaseTypes)) return null;
    return { Cases: parsed.Cases ?? [], OrgCaseTypes: parsed.OrgCaseTypes ?? [] };
  } catch {
    return null;
  }
}
