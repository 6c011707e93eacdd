import { useMemo, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useGetMany, useListContext, type Identifier, type RaRecord } from 'react-admin';
import type { ApiRecord, ResourceDeclaration } from '../../resources/declaration.js';
import { parentValuesOf } from '../resources/recordValues.js';

export type ItemRow = RaRecord & ApiRecord;

/** The selected items of one case: what one bulk call sends. */
export interface CaseGroup {
  caseId: number;
  caseNumber: string;
  items: ItemRow[];
  ids: number[];
}

const caseNumberOf = (item: ItemRow, parent?: ApiRecord) => {
  if (parent && String(parent.Id ?? parent.id) === String(item.Case_Id)) return String(parent.CaseNumber ?? '');
  return String((item.Case as { CaseNumber?: string } | undefined)?.CaseNumber ?? item.Case_Id ?? '');
};

/** Items grouped by their case (in the order met), each case's items in their order. */
export function groupByCase(items: readonly ItemRow[], parent?: ApiRecord): CaseGroup[] {
  const groups = new Map<number, CaseGroup>();
  for (const item of items) {
    const caseId = Number(item.Case_Id);
    const group = groups.get(caseId) ?? { caseId, caseNumber: caseNumberOf(item, parent), items: [], ids: [] };
    group.items.push(item);
    groups.set(caseId, group);
  }
  return [...groups.values()].map((group) => {
    const items = [...group.items].sort((a, b) => Number(a.DisplayId ?? 0) - Number(b.DisplayId ?? 0));
    return { ...group, items, ids: items.map((item) => Number(item.Id)) };
  });
}

/** Every row of `resource` its list calls answered so far, in this page load: the pages visited and "select all"'s read. */
function useListedRows(resource: string, current: readonly ItemRow[]): ItemRow[] {
  const queryClient = useQueryClient();
  const byId = new Map<string, ItemRow>();
  for (const [, answer] of queryClient.getQueriesData<{ data?: ItemRow[] }>({ queryKey: [resource, 'getList'] })) {
    for (const row of answer?.data ?? []) byId.set(String(row.id), row);
  }
  for (const row of current) byId.set(String(row.id), row);
  return [...byId.values()];
}

/** Whether two groupings hold the same rows (the same answers of the list's calls) in the same groups. */
const sameGroups = (a: readonly CaseGroup[], b: readonly CaseGroup[]) =>
  a.length === b.length && a.every((group, i) => group.caseId === b[i].caseId && group.items.length === b[i].items.length && group.items.every((item, j) => item === b[i].items[j]));

/**
 * The grouping of the last render while it holds the same rows: the rows read from the query cache come as a new
 * array on every render, and the modal's calls about the selected items (the assign list, what the server says of
 * them) must run again only when they change.
 */
function useStableGroups(groups: CaseGroup[], rereading: boolean): CaseGroup[] {
  const last = useRef(groups);
  // While the checked items are read again they are still the ones shown: the modal keeps its lists and fields.
  if (rereading && groups.length === 0) return last.current;
  if (!sameGroups(last.current, groups)) last.current = groups;
  return last.current;
}

/**
 * The items the user checked in the list, grouped by case. Under a parent (a case's items) they are read again with
 * the case's list call, so items checked on another page of the table (react-admin's "select all") are there too;
 * otherwise (item search) they are the rows the list's calls answered on every page visited and by "select all".
 * `count` is what the bulk call will act on.
 */
export function useSelectedItems(declaration: ResourceDeclaration, parent?: ApiRecord): { groups: CaseGroup[]; count: number; isPending: boolean; error: unknown } {
  const { selectedIds, data = [] } = useListContext<ItemRow>();
  const meta = useMemo(() => (parent && declaration.parent ? parentValuesOf(declaration, parent) : undefined), [declaration, parent]);
  const { data: read, isPending, error } = useGetMany<ItemRow>(declaration.name, { ids: selectedIds, meta }, { enabled: Boolean(meta) && selectedIds.length > 0 });
  const listed = useListedRows(declaration.name, data);
  const groups = useMemo(() => {
    const wanted = new Set(selectedIds.map((id: Identifier) => String(id)));
    const rows = meta ? (read ?? []) : listed;
    return groupByCase(rows.filter((row) => wanted.has(String(row.id))), parent);
  }, [selectedIds, meta, read, listed, parent]);
  const stable = useStableGroups(groups, Boolean(meta) && read === undefined && selectedIds.length > 0);
  const count = meta ? selectedIds.length : stable.reduce((sum, group) => sum + group.ids.length, 0);
  return { groups: stable, count, isPending: Boolean(meta) && isPending, error };
}
