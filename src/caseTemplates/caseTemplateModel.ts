import type { CaseTemplate, CaseTemplateInUse, CaseTemplateItem, ItemType } from '../../dataProvider/configuration.js';
import { failureOf } from '../../dataProvider/httpClient.js';
import type { ApiRecord } from '../../resources/declaration.js';

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

/** The form's starting values: a saved template with its items in display order, or an empty one (Show Cover Page On Report checked). */
export function formValuesOf(template?: ApiRecord): ApiRecord {
  const saved = (template ?? {}) as Partial<CaseTemplate>;
  return {
    ...template,
    Label: saved.Label ?? '',
    ShowCoverPage: saved.ShowCoverPage ?? true,
    ...Object.fromEntries(XSLT_EDITORS.map(({ field }) => [field, saved[field] ?? ''])),
    ItemTypeIds: draftItemsOf(saved.Items),
  };
}

/** The saved items of a template, in display order, as the editor holds them. */
export function draftItemsOf(items: readonly CaseTemplateItem[] = []): DraftItem[] {
  return [...items]
    .sort((a, b) => a.DisplayOrder - b.DisplayOrder)
    .map((item) => ({
      key: `saved-${item.Id}`,
      savedId: item.Id,
      ItemType: item.ItemType,
      AutoAdd: item.AutoAdd,
      ShowInReport: item.ShowInReport,
      ShowTitle: item.ShowTitle,
    }));
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

/** Whether moving the item at `index` by `delta` is a swap of two saved items, which the server makes at once. */
export function isSavedSwap(items: readonly DraftItem[], index: number, delta: -1 | 1): boolean {
  return items[index]?.savedId !== undefined && items[index + delta]?.savedId !== undefined;
}

/**
 * The items with the server's answer to a swap (saved item id → new DisplayOrder) applied: the saved items take
 * the places saved items hold, in their new order; items added in the editor and not saved yet stay where they are.
 */
export function applyItemOrder(items: readonly DraftItem[], orders: Record<string, number>): DraftItem[] {
  // An item the answer does not name (gone from the server meanwhile) keeps its place after the named ones.
  const saved = items
    .map((item, index) => ({ item, order: orders[String(item.savedId)] ?? Number.POSITIVE_INFINITY, index }))
    .filter(({ item }) => item.savedId !== undefined)
    .sort((a, b) => a.order - b.order || a.index - b.index)
    .map(({ item }) => item);
  let next = 0;
  return items.map((item) => (item.savedId !== undefined ? saved[next++] : item));
}

/** The refusal of a delete (400 whose Message is JSON of the cases and org case types using it), or null. */
export function inUseOf(error: unknown): CaseTemplateInUse | null {
  const { status, body } = failureOf(error);
  if (status !== 400 || !body?.Message) return null;
  try {
    const parsed = JSON.parse(body.Message) as Partial<CaseTemplateInUse>;
    if (!Array.isArray(parsed.Cases) && !Array.isArray(parsed.OrgCaseTypes)) return null;
    return { Cases: parsed.Cases ?? [], OrgCaseTypes: parsed.OrgCaseTypes ?? [] };
  } catch {
    return null;
  }
}
