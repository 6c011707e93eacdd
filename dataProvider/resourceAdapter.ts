import type { DataProvider, GetListParams, GetListResult, Identifier, RaRecord } from 'react-admin';
import { fillPath, fillQuery, type ApiRecord, type Operation, type ResourceDeclaration, type TableQuery } from '../resources/declaration.js';
import type { FilterDeclaration } from '../resources/screenParts.js';
import { request } from './httpClient.js';

/** A value at a dotted path ('UOM.Description'). */
export function valueAt(record: object, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value == null ? value : (value as Record<string, unknown>)[key]), record);
}

const text = (value: unknown) => (value == null ? '' : typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value));

/** Filters a filter value leaves out: unset, empty text, and the "show all" choice (null). */
const isActive = (value: unknown) => value !== undefined && value !== '' && value !== null;

/**
 * Filter, sort and page a fully loaded list the way react-admin asks. A text filter is a case-insensitive
 * "contains" on the field path it names (`q` searches every column); a boolean or choice filter is an equality.
 */
export function pageInMemory<T extends object>(
  rows: readonly T[],
  params: Pick<GetListParams, 'filter' | 'sort' | 'pagination'>,
  declared: readonly FilterDeclaration[] = [],
  represent: (row: T) => string = () => '',
): GetListResult<T & RaRecord> {
  const filters = Object.entries(params.filter ?? {}).filter(([, v]) => isActive(v));
  let out = rows.filter((row) =>
    filters.every(([path, wanted]) => {
      const declaration = declared.find((f) => f.source === path);
      // A search (react-admin's `q`) looks where the list's filter says, else in what a picker shows of each record.
      if (path === 'q' && !declaration?.matches) return represent(row).toLowerCase().includes(String(wanted).toLowerCase());
      const exact = typeof wanted !== 'string' || (declaration !== undefined && declaration.match !== 'contains');
      if (exact) return String(valueAt(row, path)) === String(wanted);
      const term = String(wanted).toLowerCase();
      return (declaration?.matches ?? [path]).some((field) => text(valueAt(row, field)).toLowerCase().includes(term));
    }),
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

type Row = RaRecord & ApiRecord;

/** A server answer as the declaration reads it: the parent's values added where the answer lacks them, `afterRead` applied. */
function shape(declaration: ResourceDeclaration, raw: ApiRecord, parent?: ApiRecord): ApiRecord {
  const missing = Object.entries(parent ?? {}).filter(([field, value]) => value !== undefined && raw[field] === undefined);
  const withParent = missing.length ? { ...raw, ...Object.fromEntries(missing) } : raw;
  return declaration.callbacks?.afterRead ? declaration.callbacks.afterRead(withParent) : withParent;
}

/** A shaped record keyed the react-admin way: `id` from the declaration's key (the name for a singleton). */
const keyed = (declaration: ResourceDeclaration, record: ApiRecord): Row => ({
  ...record,
  id: declaration.singleton ? declaration.name : (record[declaration.key] as Identifier),
});

/** Turns a server answer into a react-admin record of a declaration. */
const toRecord = (declaration: ResourceDeclaration, raw: ApiRecord, parent?: ApiRecord): Row => keyed(declaration, shape(declaration, raw, parent));

function recordsOf(operation: Operation, answer: unknown): ApiRecord[] {
  const records = operation.answer?.records ? valueAt(answer as object, operation.answer.records) : answer;
  return Array.isArray(records) ? (records as ApiRecord[]) : [];
}

/** What a write answers as its record: the answer itself, or the written record out of a refreshed list it answers. */
function writtenOf(declaration: ResourceDeclaration, operation: Operation, raw: unknown): ApiRecord {
  const answered = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as ApiRecord) : {};
  if (!operation.answer?.records) return answered;
  const key = operation.answer.written ? answered[operation.answer.written] : undefined;
  return recordsOf(operation, raw).find((record) => key !== undefined && String(record[declaration.key]) === String(key)) ?? {};
}

function operationOf(declaration: ResourceDeclaration, action: keyof ResourceDeclaration['operations']): Operation {
  const operation = declaration.operations[action];
  if (!operation) throw new Error(`The resource ${declaration.name} declares no ${action} call`);
  return operation;
}

/** The parent key a sub-resource call needs, from the filter (lists) or the record (writes). */
/** The values a record's key fills a path with: `:id`, or the placeholder named after the key field. */
const keyValues = (declaration: ResourceDeclaration, id: Identifier) => ({ id, ...(declaration.singleton ? {} : { [declaration.key]: id }) });

/** The parent's values a sub-resource's call carries (its key, and the fields of `parent.with`), from a filter or a record. */
function parentKeyOf(declaration: ResourceDeclaration, values: Record<string, unknown> | undefined): ApiRecord | undefined {
  const parent = declaration.parent;
  if (!parent || !values) return undefined;
  return Object.fromEntries([parent.field, ...(parent.with ?? [])].map((field) => [field, values[field]]));
}

/**
 * What a write sends: for `record` bodies the form's fields (and the key and the `repeats` fields, where the call
 * repeats them), then the declaration's `beforeSave` callback for the API's quirks; a table query as it is.
 */
function bodyOf(declaration: ResourceDeclaration, operation: Operation, data: unknown): unknown {
  const kind = operation.body ?? (operation.method === 'GET' || operation.method === 'DELETE' ? 'none' : 'record');
  if (kind === 'none') return undefined;
  if (kind === 'tableQuery') return data;
  const values = (data ?? {}) as ApiRecord;
  // A sub-resource's body repeats the parent values its schema writes (an expense rule's Org_Id, a deadline's case type).
  const parentFields = declaration.parent ? [declaration.parent.field, ...(declaration.parent.with ?? [])] : [];
  const written = parentFields.filter((field) => declaration.schema.properties[field] && !declaration.schema.properties[field].readOnly);
  const fields = [...declaration.form.fields, ...written, ...(operation.sendsKey ? [declaration.key] : []), ...(operation.repeats ?? [])];
  const picked = Object.fromEntries(fields.filter((f) => values[f] !== undefined).map((f) => [f, values[f]]));
  return declaration.callbacks?.beforeSave ? declaration.callbacks.beforeSave(picked) : picked;
}

function call<T>(declaration: ResourceDeclaration, operation: Operation, pathValues: Record<string, unknown>, data?: unknown, signal?: AbortSignal): Promise<T> {
  return request<T>(fillPath(operation.path, pathValues), {
    method: operation.method,
    body: bodyOf(declaration, operation, data),
    query: fillQuery(operation.query, pathValues),
    signal,
  });
}

/** Everything the list call answers for a browser-paged resource (the whole table, or one parent's rows). */
async function loadAll(declaration: ResourceDeclaration, filter: Record<string, unknown> | undefined, signal?: AbortSignal): Promise<Row[]> {
  const operation = operationOf(declaration, 'list');
  const parentKey = parentKeyOf(declaration, filter);
  const answer = await call<unknown>(declaration, operation, { ...(filter ?? {}) }, undefined, signal);
  const shaped = recordsOf(operation, answer).map((raw) => shape(declaration, raw, parentKey));
  const rows = declaration.callbacks?.afterReadList ? declaration.callbacks.afterReadList(shaped) : shaped;
  return rows.map((row) => keyed(declaration, row));
}

/** How the caller sees a list's columns, as the server says (`answer.columns`): those left out, and headers by user. */
export interface ColumnView {
  hidden?: readonly string[];
  labels?: Readonly<Record<string, string>>;
}

/** The `:Name` placeholders of a call's path and query. */
function placeholdersOf(operation: Operation): string[] {
  const inPath = [...operation.path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]);
  const inQuery = Object.values(operation.query ?? {}).flatMap((v) => (typeof v === 'string' && v.startsWith(':') ? [v.slice(1)] : []));
  return [...inPath, ...inQuery];
}

/** The body of a server-paged list call: `{ page (0-based), pageSize, sorted, filtered, additional }`. */
export function tableQueryOf(declaration: ResourceDeclaration, params: Pick<GetListParams, 'filter' | 'sort' | 'pagination'>) {
  const { page = 1, perPage = declaration.list.pageSize } = params.pagination ?? {};
  const declaredSources = new Set((declaration.list.filters ?? []).filter((f) => !f.additional).map((f) => f.source));
  const filtered: { id: string; value: unknown }[] = [];
  const additional: Record<string, unknown> = {};
  const checks = new Set((declaration.list.filters ?? []).filter((f) => f.match === 'check').map((f) => f.source));
  for (const [key, value] of Object.entries(params.filter ?? {})) {
    // A checkbox filter that is off is no filter.
    if (!isActive(value) || (checks.has(key) && value !== true)) continue;
    if (declaredSources.has(key)) filtered.push({ id: key, value });
    else additional[key] = value;
  }
  const query: TableQuery = {
    page: page - 1,
    pageSize: perPage,
    sorted: params.sort?.field ? [{ id: params.sort.field, desc: params.sort.order === 'DESC' }] : [],
    filtered,
    additional,
  };
  return declaration.callbacks?.tableQuery ? declaration.callbacks.tableQuery(query) : query;
}

async function getList(declaration: ResourceDeclaration, params: GetListParams): Promise<GetListResult<Row>> {
  if (declaration.paging === 'browser') {
    // A sub-resource keeps exactly its parent's rows (the parent key is an equality, not a text search).
    const parentKey: FilterDeclaration[] = declaration.parent ? [{ source: declaration.parent.field, match: 'equals' }] : [];
    // Values that fill the list call's path or query (an org's id for its people) chose the rows already.
    const operation = operationOf(declaration, 'list');
    const callValues = new Set(placeholdersOf(operation).filter((name) => name !== declaration.parent?.field));
    const rowFilter = Object.fromEntries(Object.entries(params.filter ?? {}).filter(([name]) => !callValues.has(name)));
    return pageInMemory(await loadAll(declaration, params.filter, params.signal), { ...params, filter: rowFilter }, [...(declaration.list.filters ?? []), ...parentKey], (row) => declaration.recordRepresentation(row));
  }
  const operation = operationOf(declaration, 'list');
  const query = tableQueryOf(declaration, params);
  const answer = (await call<Record<string, unknown>>(declaration, operation, { ...(params.filter ?? {}) }, query, params.signal)) ?? {};
  const parentKey = parentKeyOf(declaration, params.filter);
  const data = recordsOf(operation, answer).map((raw) => toRecord(declaration, raw, parentKey));
  const { total: totalField, pageCount: pageCountField, exact: exactField, columns: columnsField } = operation.answer ?? {};
  const meta = columnsField && answer[columnsField] ? { columns: answer[columnsField] as ColumnView } : undefined;
  const exact = !exactField || answer[exactField] !== false;
  if (totalField && exact && typeof answer[totalField] === 'number') return { data, total: answer[totalField] as number, meta };
  // Only a page count, or an estimated total: the pager knows whether more pages follow, not the exact number of rows.
  const pageCount = pageCountField ? Number(answer[pageCountField] ?? 0) : 0;
  return { data, pageInfo: { hasPreviousPage: query.page > 0, hasNextPage: query.page + 1 < pageCount }, meta };
}

async function getOne(declaration: ResourceDeclaration, id: Identifier, meta: Record<string, unknown> | undefined, signal?: AbortSignal): Promise<Row> {
  const operation = declaration.operations.one;
  if (operation) {
    const raw = await call<ApiRecord>(declaration, operation, { ...(meta ?? {}), ...keyValues(declaration, id) }, undefined, signal);
    return toRecord(declaration, raw, parentKeyOf(declaration, meta));
  }
  const found = (await loadAll(declaration, meta, signal)).find((row) => String(row.id) === String(id));
  if (!found) throw Object.assign(new Error(`No ${declaration.recordRepresentation({})} ${id}`), { status: 404 });
  return found;
}

/**
 * The react-admin data provider of every declared resource, built from its operations: getList, getOne, getMany,
 * getManyReference, create, update, updateMany, delete and deleteMany. Sub-resources take their parent's key from
 * the filter (lists) or from the record (writes); singletons read and save one record.
 */
export function resourceDataProvider(declarationOf: (resource: string) => ResourceDeclaration): DataProvider {
  const provider = {
    async getList(resource: string, params: GetListParams) {
      return getList(declarationOf(resource), params);
    },
    async getOne(resource: string, params: { id: Identifier; meta?: Record<string, unknown>; signal?: AbortSignal }) {
      return { data: await getOne(declarationOf(resource), params.id, params.meta, params.signal) };
    },
    async getMany(resource: string, params: { ids: Identifier[]; meta?: Record<string, unknown>; signal?: AbortSignal }) {
      const declaration = declarationOf(resource);
      if (declaration.paging === 'browser' || !declaration.operations.one) {
        const wanted = new Set(params.ids.map(String));
        return { data: (await loadAll(declaration, params.meta, params.signal)).filter((row) => wanted.has(String(row.id))) };
      }
      return { data: await Promise.all(params.ids.map((id) => getOne(declaration, id, params.meta, params.signal))) };
    },
    async getManyReference(
      resource: string,
      params: { target: string; id: Identifier; filter: Record<string, unknown>; sort: GetListParams['sort']; pagination: GetListParams['pagination']; signal?: AbortSignal },
    ) {
      return getList(declarationOf(resource), { ...params, filter: { ...params.filter, [params.target]: params.id } });
    },
    async create(resource: string, params: { data: ApiRecord }) {
      const declaration = declarationOf(resource);
      const operation = operationOf(declaration, 'create');
      const raw = await call<unknown>(declaration, operation, params.data, params.data);
      return { data: toRecord(declaration, writtenOf(declaration, operation, raw), parentKeyOf(declaration, params.data)) };
    },
    async update(resource: string, params: { id: Identifier; data: ApiRecord; previousData?: ApiRecord }) {
      const declaration = declarationOf(resource);
      const values: ApiRecord = { ...(params.previousData ?? {}), ...params.data, ...keyValues(declaration, params.id) };
      const operation = operationOf(declaration, 'update');
      // The body: the key, the fields the call always repeats from the record (`repeats`), then what the form changed.
      const repeated = Object.fromEntries((operation.repeats ?? []).map((field) => [field, values[field]]));
      const raw = await call<unknown>(declaration, operation, values, { [declaration.key]: values[declaration.key], ...repeated, ...params.data });
      return { data: toRecord(declaration, { ...values, ...writtenOf(declaration, operation, raw) }, parentKeyOf(declaration, values)) };
    },
    async updateMany(resource: string, params: { ids: Identifier[]; data: ApiRecord }) {
      const declaration = declarationOf(resource);
      for (const id of params.ids) await call(declaration, operationOf(declaration, 'update'), { ...params.data, ...keyValues(declaration, id) }, params.data);
      return { data: params.ids };
    },
    async delete(resource: string, params: { id: Identifier; previousData?: ApiRecord }) {
      const declaration = declarationOf(resource);
      const values = { ...(params.previousData ?? {}), ...keyValues(declaration, params.id) };
      const operation = operationOf(declaration, 'delete');
      const raw = await call<unknown>(declaration, operation, values);
      return { data: toRecord(declaration, { ...values, ...writtenOf(declaration, operation, raw) }, parentKeyOf(declaration, values)) };
    },
    async deleteMany(resource: string, params: { ids: Identifier[]; meta?: Record<string, unknown> }) {
      const declaration = declarationOf(resource);
      for (const id of params.ids) await call(declaration, operationOf(declaration, 'delete'), { ...(params.meta ?? {}), ...keyValues(declaration, id) });
      return { data: params.ids };
    },
  };
  return provider as unknown as DataProvider;
}
