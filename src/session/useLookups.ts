import { useEffect, useMemo } from 'react';
import { useGetList, type RaRecord } from 'react-admin';
import { PageSizes, Timing } from '../../shared/constants.js';
import { resourceByName } from '../../resources/index.js';
import { readState, writeState, type LookupListState, type OrgState } from '../../dataProvider/session.js';

/**
 * Session-wide copies of lists every screen reads (lookup lists, orgs): react-admin's getList of their declared
 * resource, started from the copy stored at sign-in and asked again once it is older than its cache time. A
 * react-admin refresh (after every declared write) asks again at once; a failed refresh keeps the old list. The
 * `meta` keeps these queries apart from the pages' own lists and records of the same resources.
 */
const SESSION_COPY = { sessionCopy: true } as const;

/** A session list with where its asking stands: fetching, or failed (with a retry). */
export interface SessionListState<T> {
  list: T[];
  isFetching: boolean;
  error: unknown;
  refetch(): void;
}

function useSessionList<T extends object>(resource: string, sort: string, stored: { list: readonly T[]; loadedAt: number }, staleTime: number, save: (list: T[], loadedAt: number) => void): SessionListState<T> {
  const key = resourceByName(resource)?.key ?? 'Id';
  const initialData = useMemo(() => {
    const data = stored.list.map((row) => ({ ...row, id: (row as Record<string, unknown>)[key] }) as T & RaRecord);
    return { data, total: data.length };
    // The stored copy is only where the query starts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const { data, dataUpdatedAt, isFetching, error, refetch } = useGetList<T & RaRecord>(
    resource,
    { pagination: { page: 1, perPage: PageSizes.UNPAGED }, sort: { field: sort, order: 'ASC' }, meta: SESSION_COPY },
    { initialData, initialDataUpdatedAt: stored.loadedAt, staleTime },
  );
  const list = data ?? initialData.data;
  useEffect(() => {
    if (dataUpdatedAt > stored.loadedAt) save(list, dataUpdatedAt);
    // Only a newer answer is stored.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dataUpdatedAt]);
  return { list, isFetching, error, refetch: () => void refetch() };
}

/**
 * All lookup lists, from the copy stored at sign-in, refreshed when older than 5 minutes. A failed refresh keeps
 * the old lists. Screens that change a list refresh (react-admin's refresh after a declared write).
 */
export function useLookupLists(): LookupListState[] {
  const { lists, loadedAt } = readState().types;
  return useSessionList<LookupListState>('lists', 'TableName', { list: lists, loadedAt }, Timing.LOOKUP_CACHE_MS, (saved, at) =>
    writeState((s) => ({ ...s, types: { lists: saved, loadedAt: at } })),
  ).list;
}

/** The enabled items of one list, sorted by Short. */
export function useLookupItems(tableName: string | undefined, { includeHidden = false } = {}) {
  const lists = useLookupLists();
  const list = lists.find((l) => l.TableName === tableName);
  return (list?.Types ?? [])
    .filter((item) => includeHidden || !item.Hidden)
    .sort((a, b) => a.Short.localeCompare(b.Short, undefined, { numeric: true }));
}

/**
 * All orgs the user may see (hidden ones too), cached 30 minutes (spec 002 §9) and asked again after every change
 * to an org: creating, moving, activating or deactivating one and saving its general settings all end in
 * react-admin's refresh, which asks every shown list again.
 */
export function useOrgs(): OrgState[] {
  return useOrgList().list;
}

/** The orgs of useOrgs, with whether they are being asked for or failed to come (a screen that shows them loading). */
export function useOrgList(): SessionListState<OrgState> {
  return useSessionList<OrgState>('orgs', 'Name', readState().orgs, Timing.ORG_CACHE_MS, (list, loadedAt) => writeState((s) => ({ ...s, orgs: { list, loadedAt } })));
}
