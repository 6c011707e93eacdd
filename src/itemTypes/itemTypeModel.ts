import { useQueryClient } from '@tanstack/react-query';
import type { Identifier } from 'react-admin';
import type { ItemType, SectionTemplate } from '../../dataProvider/configuration.js';

import { itemTypeTitle as titleOf } from '../../resources/itemTypes.js';

export { failureOf, type Failure } from '../../dataProvider/httpClient.js';

/** "Name (Header)" as the table and pickers show an item template. */
export const itemTypeTitle = (name: string, description: string | null | undefined) => titleOf({ Name: name, Description: description });

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

type Cached = { data?: { id: Identifier }[] } | undefined;

/**
 * Puts what a named workflow call answered (an item template after a section change, a renamed asset) into
 * react-admin's cached lists of that resource, so the screen shows it without reloading the list.
 */
export function useCachedRecords<R extends object>(resource: string) {
  const queryClient = useQueryClient();
  return {
    change(id: Identifier, change: (record: R) => R) {
      queryClient.setQueriesData<Cached>({ queryKey: [resource, 'getList'] }, (old) =>
        old?.data ? { ...old, data: old.data.map((r) => (String(r.id) === String(id) ? { ...r, ...change(r as unknown as R) } : r)) } : old,
      );
    },
    /** Loads the resource's lists again (after an upload added rows). */
    reload: () => queryClient.invalidateQueries({ queryKey: [resource] }),
  };
}

/** An API answer of a typed shape as the plain record the declarations' texts read. */
export const asRecord = (value: object) => value as Record<string, unknown>;
