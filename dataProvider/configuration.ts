import { request } from './httpClient.js';
import type { LookupListState } from './session.js';

export type LookupItem = LookupListState['Types'][number];

const list = (tableName: string) => `/api/types/${encodeURIComponent(tableName)}`;

/** Calls of the configuration screens (spec 002 §7) that are not declared resources. */
export const configurationMethods = {
  createList: (TypeName: string) => request<LookupListState>('/api/types', { method: 'POST', body: { TypeName } }),
  renameList: (tableName: string, TypeName: string) => request<LookupListState>(list(tableName), { method: 'PATCH', body: { TypeName } }),
  deleteList: (tableName: string) => request<LookupListState>(list(tableName), { method: 'DELETE' }),
  addListItem: (tableName: string, item: { Short: string; Description: string | null }) =>
    request<LookupItem>(`${list(tableName)}/items`, { method: 'POST', body: item }),
  updateListItem: (tableName: string, id: number, item: { Short: string; Description: string | null }) =>
    request<LookupItem>(`${list(tableName)}/items/${id}`, { method: 'PATCH', body: item }),
  toggleListItem: (tableName: string, id: number) => request<LookupItem>(`${list(tableName)}/items/${id}`, { method: 'DELETE' }),
};
