import type { FastifyRequest } from 'fastify';
import type { ApiRecord, Operation, Operations, ResourceDeclaration, TableQuery } from '../../resources/declaration.js';
import { permissionsFor } from '../../resources/declaration.js';
import { resourceByName } from '../../resources/index.js';
import { audit, changedFields, changedFieldsBetween } from '../audit/auditLog.js';
import type { Database } from '../db/database.js';
import { authOf } from '../http/access.js';
import { ModelStateBuilder } from '../http/errors.js';
import { anyOf, route, type Access, type ApiArea, type RouteSpec } from '../http/route.js';
import type { RecordKey, ResourceStore, StoreContext, WriteAction } from './store.js';
import { pickWritable, tableStore } from './tableStore.js';
import { ruleFailures } from '../../shared/schemaValidation.js';
import { isoDay } from '../../shared/format.js';
import { ALL_SCHEMAS } from '../../schemas/index.js';
import { recordResponseSchema } from '../http/answerSchemas.js';

const productSchemas = new Set(ALL_SCHEMAS.map((schema) => (schema as { $id?: string }).$id));
const isProductSchema = (id: string) => productSchemas.has(id);

type OperationName = keyof Operations;
type Params = Record<string, string | number>;

/** The schema of a key in a path: a positive integer for integer keys, else a short text. */
function keySchema(declaration: ResourceDeclaration | undefined): object {
  const property = declaration?.schema.properties[declaration.key];
  const integer = ([] as string[]).concat(property?.type ?? 'integer').includes('integer');
  return integer ? { type: 'integer', minimum: 1 } : { type: 'string', minLength: 1, maxLength: 200 };
}

/** The params schema of a declared path: `:id` (or `:{key}`) the record's key, the parent's placeholder the parent's key, others text. */
function paramsSchema(declaration: ResourceDeclaration, path: string) {
  const names = [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]);
  if (names.length === 0) return {};
  const parent = declaration.parent;
  const properties = Object.fromEntries(
    names.map((name) => [
      name,
      name === 'id' || name === declaration.key ? keySchema(declaration) : name === parent?.field ? keySchema(resourceByName(parent.resource)) : { type: 'string', minLength: 1, maxLength: 200 },
    ]),
  );
  return { params: { type: 'object', properties, required: names } };
}

/**
 * The querystring schema of an operation's declared `query`: a fixed value's type, or a placeholder's type from the
 * schema property it names (`{ caseTypeId: ':CaseType_Id' }` → an integer). Every value is optional here; a store
 * refuses a call that needs one it lacks.
 */
function querySchema(declaration: ResourceDeclaration, operation: Operation) {
  if (!operation.query) return {};
  const properties = Object.fromEntries(
    Object.entries(operation.query).map(([name, value]) => {
      const placeholder = typeof value === 'string' && value.startsWith(':') ? value.slice(1) : null;
      const types = placeholder ? ([] as string[]).concat(declaration.schema.properties[placeholder]?.type ?? 'string').filter((t) => t !== 'null') : [typeof value];
      return [name, { type: types[0] === 'number' ? 'number' : types[0] }];
    }),
  );
  return { querystring: { type: 'object', properties } };
}

/** The fields of a schema a list can sort by: its text, number and flag properties. */
function scalarFields(schema: ResourceDeclaration['schema']): string[] {
  return Object.entries(schema.properties)
    .filter(([, property]) => ([] as string[]).concat(property.type ?? []).some((type) => ['string', 'number', 'integer', 'boolean'].includes(type)))
    .map(([name]) => name);
}

/**
 * The body schema of a server-paged list call, typed from the declaration: `sorted` by its sortable fields,
 * `filtered` by its declared filters, page sizes within the product's limit.
 */
function tableQuerySchema(declaration: ResourceDeclaration) {
  const sortable = declaration.list.sortable ?? scalarFields(declaration.schema);
  const filterable = (declaration.list.filters ?? []).map((f) => f.source);
  return {
    type: 'object',
    properties: {
      page: { type: 'integer', minimum: 0 },
      pageSize: { type: 'integer', minimum: 1, maximum: 100 },
      sorted: { type: 'array', maxItems: 5, items: { type: 'object', properties: { id: { enum: sortable }, desc: { type: 'boolean' } }, required: ['id'] } },
      filtered: {
        type: 'array',
        maxItems: 20,
        items: { type: 'object', properties: { id: { enum: filterable }, value: { type: ['string', 'number', 'boolean'], maxLength: 200 } }, required: ['id', 'value'] },
      },
      additional: { type: 'object' },
    },
    required: ['page', 'pageSize'],
    additionalProperties: false,
  };
}

const ACTION_OF: Record<OperationName, string> = { list: 'list', one: 'show', create: 'create', update: 'edit', delete: 'delete' };

/** Who may call an operation: its own `access` where the declaration gives one, else the action's permissions. */
function accessOf(declaration: ResourceDeclaration, name: OperationName, operation: Operation): Access {
  if (operation.access === 'signedIn') return 'signedIn';
  const permissions = operation.access ?? permissionsFor(declaration, ACTION_OF[name]);
  if (!permissions?.length) throw new Error(`The resource ${declaration.name} declares a ${name} call but no permission for it`);
  return anyOf(...permissions);
}

/**
 * The store functions of a declaration: its own store over the generic table store when it has a table; both
 * stores' `validate` rules run (lookups and unique fields first).
 */
function storageOf(declaration: ResourceDeclaration, custom: ResourceStore): ResourceStore {
  const config = declaration.store;
  const table: ResourceStore = config?.table ? tableStore(declaration, { ...config, table: config.table }) : {};
  const validate =
    table.validate && custom.validate
      ? async (...args: Parameters<NonNullable<ResourceStore['validate']>>) => {
          await table.validate!(...args);
          await custom.validate!(...args);
        }
      : (custom.validate ?? table.validate);
  return { ...table, ...custom, validate };
}

const NEEDS: Record<OperationName, (keyof ResourceStore)[]> = {
  list: ['list'],
  one: ['read'],
  create: ['insert', 'read'],
  update: ['read', 'change'],
  delete: ['read', 'remove'],
};

/**
 * The routes of a declared resource, built from its declaration: each declared call (those `store.routes` names, by
 * default all) at its method and path, with the declared permission, its params, body and answer schemas, and —
 * for writes — validation (schema, then the store's rules, every message at once), one transaction with the audit
 * entry, and the answer. How records are stored and the domain rules are the resource's store
 * (server/resources/stores.ts); without one, its `store.table`.
 */
export function resourceRoutes(declaration: ResourceDeclaration, custom: ResourceStore = {}): ApiArea {
  const { schema } = declaration;
  const config = declaration.store;
  const built = (config?.routes ?? (Object.keys(declaration.operations) as OperationName[])).filter((name) => declaration.operations[name]);
  const store = storageOf(declaration, custom);
  for (const name of built) {
    // A write answers the record as read after it, unless the store says its own answer.
    const missing = NEEDS[name].filter((fn) => !store[fn] && !(fn === 'read' && name !== 'one' && store.answer));
    if (missing.length) throw new Error(`The resource ${declaration.name} declares a ${name} call but has no ${missing.join(', ')} (no store.table and no defineStore)`);
  }
  const record = store.responses?.record ?? recordResponseSchema(schema);
  const written = store.responses?.write ?? record;
  const parentField = declaration.parent?.field;
  const entity = store.audit?.entity ?? config?.table ?? declaration.name;
  const summaries = store.summaries ?? {};
  const title = declaration.title.toLowerCase();
  const singular = (schema.title ?? declaration.title).toLowerCase();
  const one = `${/^[aeiou]/.test(singular) ? 'an' : 'a'} ${singular}`;

  const contextOf = (request: FastifyRequest, db?: Database): StoreContext => {
    const params = (request.params ?? {}) as Params;
    return {
      db: db ?? request.server.db,
      request,
      auth: authOf(request),
      params,
      parentKey: parentField ? params[parentField] : undefined,
      query: (request.query ?? {}) as Record<string, unknown>,
      now: request.server.services.now(),
    };
  };
  const keyOf = (params: Params): RecordKey => (declaration.singleton ? null : (params.id ?? params[declaration.key] ?? null));

  /** One write: rules first (all messages at once), then one transaction with its audit entry, then after-commit work. */
  async function write(request: FastifyRequest, action: WriteAction, key: RecordKey, existing: ApiRecord | null): Promise<unknown> {
    const context = contextOf(request);
    let values: ApiRecord = {};
    if (action !== 'delete') {
      values = pickWritable(schema, (request.body ?? {}) as ApiRecord);
      const errors = new ModelStateBuilder();
      // The schema's rule keywords (a US phone, a date not in the future) by the server's clock, then the store's.
      const schemaId = (action === 'create' && declaration.operations.create?.bodySchema) || schema.$id;
      if (schemaId && isProductSchema(schemaId)) {
        for (const [field, messages] of Object.entries(ruleFailures(schemaId, values, isoDay(context.now)))) for (const m of messages) errors.add(field, m);
      }
      await store.validate?.(context, values, existing, errors);
      errors.throwIfInvalid();
    }
    const savedKey = await request.server.db.transaction().execute(async (trx) => {
      const inner: StoreContext = { ...context, db: trx as Database };
      if (store.beforeWrite) values = await store.beforeWrite(inner, action, values, existing);
      let written = key;
      if (action === 'create') written = await store.insert!(inner, values);
      else if (action === 'update') {
        const moved = await store.change!(inner, key, values, existing!);
        if (moved !== undefined && moved !== null) written = moved;
      }
      else await store.remove!(inner, key, existing!);
      await store.afterWrite?.(inner, action, written, values);
      const word =
        store.audit?.action?.(action, existing) ??
        (action === 'delete' && declaration.remove.kind === 'toggleHidden' ? (existing?.Hidden ? 'restore' : 'hide') : action);
      await audit(trx, {
        userId: context.auth.userId,
        entity,
        entityId: String((store.audit?.entityId ? store.audit.entityId(inner, written) : written) ?? declaration.name),
        action: word,
        fields: action === 'create' ? changedFields(values) : action === 'update' ? changedFieldsBetween(values, existing ?? {}) : declaration.remove.kind === 'toggleHidden' ? ['Hidden'] : [],
      });
      return written;
    });
    const answer = store.answer
      ? await store.answer(context, action, savedKey, existing)
      : action === 'delete' && declaration.remove.kind !== 'toggleHidden'
        ? existing
        : await store.read!(context, savedKey, 'read');
    if (store.afterCommit) await store.afterCommit(context, action, (answer ?? existing ?? {}) as ApiRecord);
    return answer;
  }

  const routes: RouteSpec<never>[] = [];
  const add = (name: OperationName, spec: (operation: Operation) => Omit<RouteSpec<{ Params: Params; Body: unknown }>, 'method' | 'url' | 'access'>) => {
    const operation = declaration.operations[name];
    if (!operation || !built.includes(name)) return;
    const made = spec(operation);
    routes.push(
      route<{ Params: Params; Body: unknown }>({
        ...made,
        method: operation.method,
        url: operation.path,
        access: accessOf(declaration, name, operation),
        summary: summaries[name] ?? made.summary,
        schema: { ...paramsSchema(declaration, operation.path), ...querySchema(declaration, operation), ...made.schema },
      }) as RouteSpec<never>,
    );
  };
  const bodyRef = (operation: Operation) => ({ $ref: operation.bodySchema ?? schema.$id ?? '' });

  add('list', (operation) => {
    const paged = operation.body === 'tableQuery';
    const { records = 'records', pageCount = 'pageCount', total = 'total' } = operation.answer ?? {};
    const page = { type: 'object', properties: { [records]: { type: 'array', items: record }, [pageCount]: { type: 'integer' }, [total]: { type: 'integer' }, totalIsExact: { type: 'boolean' } } };
    return {
      summary: paged ? `One page of ${title} (page, pageSize, sorted, filtered, additional)` : declaration.singleton ? declaration.title : `All ${title}`,
      schema: {
        ...(paged ? { body: operation.bodySchema ? bodyRef(operation) : tableQuerySchema(declaration) } : {}),
        response: { 200: store.responses?.list ?? (declaration.singleton ? record : paged ? page : { type: 'array', items: record }) },
      },
      async handler(request) {
        const context = contextOf(request);
        if (declaration.singleton) return store.read!(context, null, 'read');
        return store.list!(context, paged ? (request.body as TableQuery) : undefined);
      },
    };
  });
  add('one', () => ({
    summary: declaration.singleton ? declaration.title : `One ${singular}`,
    schema: { response: { 200: record } },
    async handler(request) {
      return store.read!(contextOf(request), keyOf(request.params), 'read');
    },
  }));
  add('create', (operation) => ({
    summary: `Create ${one}; answers it`,
    schema: { body: bodyRef(operation), response: { 200: written } },
    async handler(request) {
      return write(request, 'create', null, null);
    },
  }));
  add('update', (operation) => ({
    summary: declaration.singleton ? `Save the ${title}; answers them` : `Update ${one}; answers it`,
    schema: { body: bodyRef(operation), response: { 200: written } },
    async handler(request) {
      const key = keyOf(request.params);
      return write(request, 'update', key, (await store.read!(contextOf(request), key, 'update')) as ApiRecord);
    },
  }));
  add('delete', () => ({
    summary: declaration.remove.kind === 'toggleHidden' ? `Hide or restore ${one} (toggles Hidden); answers it` : `Delete ${one}; answers it`,
    schema: { response: { 200: store.responses?.delete ?? written } },
    async handler(request) {
      const key = keyOf(request.params);
      return write(request, 'delete', key, (await store.read!(contextOf(request), key, 'delete')) as ApiRecord);
    },
  }));
  return { name: declaration.name, routes };
}
