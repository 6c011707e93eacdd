import { useQueryClient } from '@tanstack/react-query';
import type { ItemType, SectionTemplate } from '../../dataProvider/configuration.js';

/** react-query keys of the item-template screen (the sections key is the one the Section Templates screen uses). */
import { ITEM_TYPES_QUERY_KEY } from '../session/queryKeys.js';

export { ITEM_TYPES_QUERY_KEY, SECTIONS_QUERY_KEY } from '../session/queryKeys.js';
export const assetsQueryKey = (itemTypeId: number) => ['dossier', 'item-type-assets', itemTypeId] as const;

export { failureOf, type Failure } from '../../dataProvider/httpClient.js';

/**
 * The section templates an item template can still take: enabled versions only, the latest enabled version of each
 * name, and no name the item template already has (a section appears once per item template).
 */
export function availableSections(sections: readonly SectionTemplate[], taken: readonly { SectionName: string }[]): SectionTemplate[] {
  const used = new Set(taken.map((s) => s.SectionName.toLowerCase()));
  const latest = new Map<string, SectionTemplate>();
  for (const section of sections) {
    if (!section.Enabled) continue;
    const key = section.SectionName.toLowerCase();
    if (used.has(key)) continue;
    const current = latest.get(key);
    if (!current || section.Version > current.Version) latest.set(key, section);
  }
  return [...latest.values()].sort((a, b) => a.SectionName.localeCompare(b.SectionName));
}

/** Rows with the display orders of an answered id → DisplayOrder map, in their new order. */
export function applyOrder<T extends { DisplayOrder: number }>(rows: readonly T[], keyOf: (row: T) => number, orders: Record<string, number>): T[] {
  return rows
    .map((row) => ({ ...row, DisplayOrder: orders[String(keyOf(row))] ?? row.DisplayOrder }))
    .sort((a, b) => a.DisplayOrder - b.DisplayOrder);
}

/** The sections of an item template in display order. */
export const sectionsInOrder = (type: ItemType) => [...type.Sections].sort((a, b) => a.DisplayOrder - b.DisplayOrder);

/** "Name (Header)" as the table and pickers show an item template. */
export const itemTypeTitle = (name: string, description: string | null | undefined) => (description ? `${name} (${description})` : name);

/** Puts an item template the server answered into the cached list, so the screen shows it without a reload. */
export function useItemTypeCache() {
  const queryClient = useQueryClient();
  return {
    replace(updated: ItemType) {
      queryClient.setQueryData<ItemType[]>(ITEM_TYPES_QUERY_KEY, (old) => old?.map((t) => (t.Id === updated.Id ? { ...t, ...updated } : t)));
    },
    update(id: number, change: (type: ItemType) => ItemType) {
      queryClient.setQueryData<ItemType[]>(ITEM_TYPES_QUERY_KEY, (old) => old?.map((t) => (t.Id === id ? change(t) : t)));
    },
    invalidate: () => queryClient.invalidateQueries({ queryKey: ITEM_TYPES_QUERY_KEY }),
  };
}
