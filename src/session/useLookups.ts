import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { Timing } from '../../shared/constants.js';
import { readState, writeState, type LookupListState, type OrgState } from '../../dataProvider/session.js';
import type { DossierDataProvider } from '../../dataProvider/dataProvider.js';

export const LOOKUPS_QUERY_KEY = ['dossier', 'lookups'] as const;
export const ORGS_QUERY_KEY = ['dossier', 'orgs'] as const;

/**
 * All lookup lists, from the copy stored at sign-in, refreshed when older than 5 minutes. A failed refresh keeps
 * the old lists. Screens that change a list invalidate LOOKUPS_QUERY_KEY.
 */
export function useLookupLists(): LookupListState[] {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const stored = readState().types;
  const { data } = useQuery({
    queryKey: LOOKUPS_QUERY_KEY,
    queryFn: async () => {
      const lists = await dataProvider.getLookupLists();
      writeState((s) => ({ ...s, types: { lists, loadedAt: Date.now() } }));
      return lists;
    },
    initialData: stored.lists,
    initialDataUpdatedAt: stored.loadedAt,
    staleTime: Timing.LOOKUP_CACHE_MS,
  });
  return data;
}

/** The enabled items of one list, sorted by Short. */
export function useLookupItems(tableName: string | undefined, { includeHidden = false } = {}) {
  const lists = useLookupLists();
  const list = lists.find((l) => l.TableName === tableName);
  return (list?.Types ?? [])
    .filter((item) => includeHidden || !item.Hidden)
    .sort((a, b) => a.Short.localeCompare(b.Short, undefined, { numeric: true }));
}

/** All orgs the user may see, refreshed when older than 30 minutes. */
export function useOrgs(): OrgState[] {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const stored = readState().orgs;
  const { data } = useQuery({
    queryKey: ORGS_QUERY_KEY,
    queryFn: async () => {
      const list = await dataProvider.getOrgs();
      writeState((s) => ({ ...s, orgs: { list, loadedAt: Date.now() } }));
      return list;
    },
    initialData: stored.list,
    initialDataUpdatedAt: stored.loadedAt,
    staleTime: Timing.ORG_CACHE_MS,
  });
  return data;
}
