import type { Permission } from '../shared/permissions.js';
import type { ObjectSchema } from '../schemas/index.js';
import { permissionsOfAccess, type HttpMethod, type NamedOperations } from './operation.js';
import type { ApiRecord } from './record.js';
import type { FilterDeclaration, RemoveDeclaration } from './screenParts.js';

export type { HttpMethod } from './operation.js';
export type { ApiRecord } from './record.js';

/**
 * A resource declaration: everything the generic machinery needs to give an entity its screens (client), its
 * data-provider calls, and — where the declaration says how it is stored — its validated, permission-checked
 * routes (server). One file per resource in this folder, plus its JSON Schema. docs/resources.md walks through
 * adding one. Everything here is plain data or pure functions, so client and server both read it.
 */


/**
 * One call of the documented API. `path` may hold `:id` (the record's key) and `:Name` placeholders, filled
 * from the parent's key (sub-resources) or the record's fields.
 */
export interface Operation {
  method: HttpMethod;
  path: string;
  /**
   * What the call sends: `record` — the form's writable fields (create and update; default for POST/PUT/PATCH);
   * `tableQuery` — `{ page (0-based), pageSize, sorted, filtered, additional }` (server-paged lists); `none`.
   */
  body?: 'record' | 'tableQuery' | 'none';
  /**
   * Query-string values: fixed (`{ includeHidden: true }`), or `:Name` filled like a path placeholder
   * (`{ caseTypeId: ':CaseType_Id' }`); a placeholder without a value is left out.
   */
  query?: Record<string, string | number | boolean>;
  /**
   * Where the answer holds what the call returns: the records of a list (default: the answer is the array), and
   * for server-paged lists the page count (`pageCount`) or an exact total (`total`). A write that answers a refreshed
   * list names its records and the answer's field holding the key of the record it wrote (`written`).
   */
  answer?: {
    records?: string;
    pageCount?: string;
    total?: string;
    written?: string;
    /** The field saying whether `total` is exact; when it is not, the pager says "more than N" instead of a total. */
    exact?: string;
    /**
     * The field saying how the caller sees the columns: `{ hidden: [sources], labels: { source: header } }` (columns
     * the server leaves out for this user, headers that differ by user).
     */
    columns?: string;
  };
  /**
   * Who may call it, when that differs from the action's permissions: `signedIn` (every screen reads lookup lists),
   * or other permissions that may also call it (the case-template editor reads item templates). The server
   * enforces it; the client's screens still follow `permissions`.
   */
  access?: 'signedIn' | readonly Permission[];
  /** The `$id` of the body's schema when it is not the resource's (a create with more fields, a list query). */
  bodySchema?: string;
  /** The body repeats the record's key (an update that sends `Id` beside the fields). */
  sendsKey?: boolean;
  /**
   * Fields of the record an update's body always repeats from the record, whether or not the form shows or may
   * change them (an item's template, which the API wants with every change and which never changes).
   */
  repeats?: readonly string[];
}

/** The body of a server-paged list call. */
export interface TableQuery {
  page: number;
  pageSize: number;
  sorted: { id: string; desc?: boolean }[];
  filtered: { id: string; value: unknown }[];
  additional: Record<string, unknown>;
}

export interface Operations {
  /** getList (and getMany / getManyReference when no better call exists). */
  list?: Operation;
  /** getOne. Without it getOne reads the record from the list. */
  one?: Operation;
  create?: Operation;
  update?: Operation;
  /** delete: a real delete, or a toggle of Hidden (see `remove`). */
  delete?: Operation;
}

export interface ResourceDeclaration {
  /** react-admin resource name. */
  name: string;
  /** The record's key field: `Id` for most, `TableName` for lookup lists. */
  key: string;
  /** Client route, exactly as in the spec; absent for sub-resources shown inside their parent. */
  route?: string;
  /**
   * A sub-resource's record page (its views' `page`) route, exactly as in the spec, its placeholders naming the parent
   * field and `id` (an item's page: `/cases/:Case_Id/items/:id`).
   */
  pageRoute?: string;
  /** The entity's JSON Schema: validates writes (server and client), drives the form and column titles. */
  schema: ObjectSchema;
  title: string;
  /** Where the menus list the resource. */
  menu: { group: 'top' | 'admin' | 'iam' | 'none'; order: number };
  /** How a record is named in pickers, toasts and aria labels. */
  recordRepresentation(record: ApiRecord): string;
  /**
   * A sub-resource: the parent resource and the record field holding the parent's key (also the path placeholder);
   * `with`: further fields of the parent record its calls need (an org's id for the case type it lists deadlines
   * of), passed along like the key and set on its records.
   */
  parent?: { resource: string; field: string; with?: readonly string[] };
  /** One record without an id (settings): the list call reads it, the update call saves it. */
  singleton?: boolean;
  operations: Operations;
  /**
   * The contract's named operations (resources/operation.ts): workflow steps, reveals, downloads. Each is also an
   * action `canAccess` answers from the operation's own access, so no permission is restated in `permissions.actions`.
   */
  named?: NamedOperations;
  /** Paging: `server` sends page, size, sort and filters; `browser` loads all and pages in memory. */
  paging: 'server' | 'browser';
  /** Any-of permissions per action; `view` also gates the route and menu entry. */
  permissions: {
    view: readonly Permission[];
    create?: readonly Permission[];
    edit?: readonly Permission[];
    delete?: readonly Permission[];
    /**
     * Further actions a screen checks with canAccess (`useCanAccess({ resource, action })`), e.g. a JSON editor switch;
     * `bulk`: who gets the list's selection checkboxes and bulk actions (everyone who lists it, when not declared).
     */
    actions?: Readonly<Record<string, readonly Permission[]>>;
  };
  remove: RemoveDeclaration;
  list: {
    filters?: readonly FilterDeclaration[];
    /**
     * Server-paged lists answered by the declared table (no query schema of their own): the fields a page may be
     * sorted by (default: every text, number and flag field of the schema).
     */
    sortable?: readonly string[];
    /** Rows per page; the pager shows only when there are more rows than this. */
    pageSize: number;
    sort: { field: string; order: 'ASC' | 'DESC' };
    /** A sub-resource whose records are a field of the parent record (a date range's fees): no list call. */
    from?: string;
  };
  /** Sub-resources listed under an expanded row, by name (their declarations say `parent`). */
  subResources?: readonly string[];
  /**
   * The fields a create or update sends, in order (properties of the schema that are not readOnly). How a form lays
   * them out, and which inputs and rules it adds, is its view's (src/resources/formParts.ts).
   */
  form: { fields: readonly string[] };
  /**
   * Quirks of the API that the data provider applies around its calls (react-admin lifecycle callbacks):
   * `afterRead` shapes each answered record, `beforeSave` the body of a create or update.
   */
  callbacks?: {
    afterRead?(record: ApiRecord): ApiRecord;
    /** Shapes the whole answer of a browser-paged list (e.g. versions grouped into one row per name). */
    afterReadList?(records: ApiRecord[]): ApiRecord[];
    beforeSave?(data: ApiRecord): ApiRecord;
    /** Shapes the body of a server-paged list call (a default sort's tie-breakers, filters always sent). */
    tableQuery?(query: TableQuery): TableQuery;
  };
  /**
   * How the server stores the records. The server registers the routes of every declaration
   * (server/resources/resourceRoutes.ts); a resource whose records are rows of one table names it here, others
   * (and domain rules) register a store beside their area's code (server/resources/store.ts, `defineStore`).
   */
  store?: {
    table?: string;
    /** `{ UOM: 'UOMType_Id' }` answers `UOM: { Id, Short, Description }` from the lookup item the column points at. */
    expand?: Record<string, string>;
    /** Fields unique ignoring letter case (within the parent, for a sub-resource), with the ModelState message of a clash. */
    unique?: Record<string, string>;
    /** The operations the server builds from this declaration (default: every declared one); the others are
     * served by another declaration's routes (a sub-resource read through its parent's call). */
    routes?: readonly (keyof Operations)[];
    /** The 404 message for a record that does not exist (default: "No {title} record {id}."). */
    notFound?: string;
  };
}

/** Identity function that checks a declaration's shape. */
export function defineResource(declaration: ResourceDeclaration): ResourceDeclaration {
  return declaration;
}

/** The permissions of a react-admin action on a declaration (list/show need view). */
export function permissionsFor(declaration: ResourceDeclaration, action: string): readonly Permission[] | undefined {
  const { permissions } = declaration;
  switch (action) {
    case 'list':
    case 'show':
    case 'export':
      return permissions.view;
    case 'create':
      return permissions.create;
    case 'edit':
      return permissions.edit;
    case 'delete':
      return declaration.remove.kind === 'none' ? undefined : permissions.delete;
    default: {
      const named = declaration.named?.[action];
      return permissions.actions?.[action] ?? (named ? permissionsOfAccess(named.access) : undefined);
    }
  }
}

/** A query's values with its `:Name` placeholders filled from the values given (missing ones left out). */
export function fillQuery(query: Operation['query'], values: Record<string, unknown>): Record<string, string | number | boolean> | undefined {
  if (!query) return undefined;
  const out: Record<string, string | number | boolean> = {};
  for (const [name, value] of Object.entries(query)) {
    const placeholder = typeof value === 'string' && /^:[A-Za-z_][A-Za-z0-9_]*$/.test(value) ? value.slice(1) : null;
    if (placeholder === null) out[name] = value;
    else {
      const filled = values[placeholder];
      if (filled !== undefined && filled !== null && filled !== '') out[name] = filled as string | number | boolean;
    }
  }
  return out;
}

/** Fills `:name` placeholders of a path from the values given (record fields, `id`, the parent key). */
export function fillPath(path: string, values: Record<string, unknown>): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined || value === null || value === '') throw new Error(`No value for :${name} in ${path}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * The usual REST calls of a resource at `base`: `GET base`, `GET base/:id`, `POST base`, `{update} base/:id` and
 * `DELETE base/:id` (`:key` names the placeholder after the key field instead, e.g. `:TableName`); `listAccess` /
 * `oneAccess` let others read too (see `Operation.access`). Spread it and override what the API does differently.
 */
export function restOperations(
  base: string,
  {
    update = 'PUT',
    key = 'id',
    listAccess,
    oneAccess,
  }: { update?: 'PUT' | 'PATCH'; key?: string; listAccess?: Operation['access']; oneAccess?: Operation['access'] } = {},
): Operations {
  const one = `${base}/:${key}`;
  return {
    list: { method: 'GET', path: base, ...(listAccess && { access: listAccess }) },
    one: { method: 'GET', path: one, ...(oneAccess && { access: oneAccess }) },
    create: { method: 'POST', path: base },
    update: { method: update, path: one },
    delete: { method: 'DELETE', path: one },
  };
}
