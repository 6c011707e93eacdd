import type { DataProvider, GetListParams, GetListResult, RaRecord } from 'react-admin';
import type { ResourceDeclaration } from '../resources/declaration.js';
import { resourceByName } from '../resources/index.js';
import { request } from './httpClient.js';
import { configurationMethods } from './configuration.js';
import { identityMethods } from './identity.js';
import type { LookupListState, OrgState, SessionPermissions } from './session.js';

export interface SecuritySettings {
  AutoLogoutTime: number | null;
  EnablePasswordExpiration: boolean;
  PasswordExpirationTime: number | null;
}

/** A value at a dotted path ('UOM.Description'). */
export function valueAt(record: object, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value == null ? value : (value as Record<string, unknown>)[key]), record);
}

const text = (value: unknown) => (value == null ? '' : typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value));

/**
 * Filter, sort and page a fully loaded list the way react-admin asks: every filter is a case-insensitive
 * "contains" on the field path it names (booleans match 'yes'/'no'), `Hidden` filters by status.
 */
export function pageInMemory<T extends object>(rows: readonly T[], params: GetListParams): GetListResult<T & RaRecord> {
  const filters = Object.entries(params.filter ?? {}).filter(([, v]) => v !== undefined && v !== '' && v !== null);
  let out = rows.filter((row) =>
    filters.every(([path, wanted]) =>
      typeof wanted === 'boolean' ? valueAt(row, path) === wanted : text(valueAt(row, path)).toLowerCase().includes(String(wanted).toLowerCase()),
    ),
  );
  if (params.sort?.field) {
    const { field, order } = params.sort;
    const direction = order === 'DESC' ? -1 : 1;
    out = [...out].sort((a, b) => direction * text(valueAt(a, field)).localeCompare(text(valueAt(b, field)), undefined, { numeric: true }));
  }
  const total = out.length;
  if (params.pagination) {
    const { page, perPage } = params.pagination;
    out = out.slice((page - 1) * perPage, page * perPage);
  }
  return { data: out as (T & RaRecord)[], total };
}

function declarationOf(resource: string): ResourceDeclaration {
  const declaration = resourceByName(resource);
  if (!declaration) throw new Error(`No declaration for resource ${resource}`);
  return declaration;
}

/** A record as the API answers it. */
type ApiRow = { Id: number } & Record<string, unknown>;
type Row = RaRecord & ApiRow;

/** react-admin keys records by `id`; the API's key is `Id`. */
const withId = (row: ApiRow): Row => ({ ...row, id: row.Id });
const fetchAll = async (resource: string, signal?: AbortSignal) =>
  (await request<ApiRow[]>(declarationOf(resource).api, { signal })).map(withId);

/** The base: every declared resource maps to its API per its declaration. */
const resourceProvider: DataProvider = {
  async getList(resource, params) {
    return pageInMemory(await fetchAll(resource, params.signal), params) as never;
  },
  async getOne(resource, params) {
    return { data: withId(await request<ApiRow>(`${declarationOf(resource).api}/${params.id}`, { signal: params.signal })) } as never;
  },
  async getMany(resource, params) {
    const ids = new Set(params.ids.map(String));
    return { data: (await fetchAll(resource, params.signal)).filter((r) => ids.has(String(r.Id))) } as never;
  },
  async getManyReference(resource, params) {
    const rows = await fetchAll(resource, params.signal);
    return pageInMemory(rows.filter((r) => String(r[params.target]) === String(params.id)), params) as never;
  },
  async create(resource, params) {
    return { data: withId(await request<ApiRow>(declarationOf(resource).api, { method: 'POST', body: params.data })) } as never;
  },
  async update(resource, params) {
    const declaration = declarationOf(resource);
    const data = await request<ApiRow>(`${declaration.api}/${params.id}`, { method: declaration.updateMethod, body: params.data });
    return { data: withId(data) } as never;
  },
  async updateMany(resource, params) {
    const declaration = declarationOf(resource);
    for (const id of params.ids) await request(`${declaration.api}/${id}`, { method: declaration.updateMethod, body: params.data });
    return { data: params.ids } as never;
  },
  async delete(resource, params) {
    return { data: withId(await request<ApiRow>(`${declarationOf(resource).api}/${params.id}`, { method: 'DELETE' })) } as never;
  },
  async deleteMany(resource, params) {
    for (const id of params.ids) await request(`${declarationOf(resource).api}/${id}`, { method: 'DELETE' });
    return { data: params.ids } as never;
  },
};

/** Named calls of the documented API that are not CRUD on a declared resource. */
export const customMethods = {
  getSecuritySettings: () => request<SecuritySettings>('/api/security'),
  saveSecuritySettings: (settings: SecuritySettings) => request<SecuritySettings>('/api/security', { method: 'PUT', body: settings }),
  getLookupLists: () => request<LookupListState[]>('/api/types'),
  getOrgs: () => request<OrgState[]>('/api/orgs', { query: { includeHidden: true } }),
  getCurrentUser: () => request<Record<string, unknown>>('/api/user'),
  getUserPermissions: () => request<SessionPermissions>('/api/user/permissions'),
  /** A list-of-values source: `GET /api/{url}`, answered as sorted options. */
  getOptions: (url: string) => request<{ Id: number; Short?: string; Description?: string | null }[]>(`/api/${url.replace(/^\/+/, '')}`),
};

const allMethods = { ...customMethods, ...configurationMethods, ...identityMethods };

export type DossierDataProvider = DataProvider & typeof allMethods;

export const dataProvider: DossierDataProvider = { ...resourceProvider, ...allMethods };
