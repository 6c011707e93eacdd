import type { Permission } from '../shared/permissions.js';
import type { ObjectSchema } from '../schemas/index.js';

// Record callbacks use method syntax so a declaration of a specific record type fits the generic registry.
/**
 * A resource declaration: everything the generic machinery needs to give an entity its screens (client) and its
 * validated, permission-checked routes (server). One file per resource in this folder, plus its JSON Schema.
 * docs/resources.md walks through adding one.
 */
export interface ResourceDeclaration<R extends { Id: number } = { Id: number }> {
  /** react-admin resource name. */
  name: string;
  /** Client route, exactly as in the spec. */
  route: string;
  /** API base path; the routes are `GET|POST {api}`, `GET|PUT|PATCH|DELETE {api}/:id`. */
  api: string;
  /** The entity's JSON Schema: validates writes on the server, drives the form and column titles on the client. */
  schema: ObjectSchema;
  title: string;
  /** Where the menus list the resource. */
  menu: { group: 'top' | 'admin' | 'iam' | 'none'; order: number };
  /** Text of the add button (e.g. 'Add Expense Type'). */
  addLabel: string;
  /** What toasts and confirmations call one record. */
  recordName(record: R): string;
  /** Any-of permissions per action; `view` also gates the route and menu entry. */
  permissions: {
    view: readonly Permission[];
    create?: readonly Permission[];
    edit?: readonly Permission[];
    delete?: readonly Permission[];
  };
  /** What the delete action does: toggle the Hidden flag (hide/restore) or really delete. */
  remove: 'toggleHidden' | 'delete' | 'none';
  /** HTTP method of an update. */
  updateMethod: 'PUT' | 'PATCH';
  list: {
    columns: readonly ColumnDeclaration[];
    /** Rows per page; the pager shows only when there are more rows than this. */
    pageSize: number;
    sort: { field: string; order: 'ASC' | 'DESC' };
    /** A text filter above every column. */
    filterEveryColumn: boolean;
    empty: string;
  };
  /** Form fields in order (properties of the schema that are not readOnly), and what the form adds on save. */
  form: { fields: readonly string[]; beforeSave?(data: Record<string, unknown>): Record<string, unknown> };
  texts: {
    created(record: R): string;
    updated(record: R): string;
    /** Toggle-hide resources: the toast after hiding and after restoring. */
    hidden?(record: R): string;
    shown?(record: R): string;
    deleted?(record: R): string;
  };
  /** Server-side storage: the table and the lookup objects joined into each answered row. */
  store: {
    table: string;
    /** `{ UOM: 'UOMType_Id' }` answers `UOM: { Id, Short, Description }` from the lookup item the column points at. */
    expand?: Record<string, string>;
  };
}

export interface ColumnDeclaration {
  /** Field path, e.g. 'Short' or 'UOM.Description'. */
  source: string;
  label: string;
  type?: 'text' | 'boolean';
}

/** Identity function that checks a declaration's shape. */
export function defineResource<R extends { Id: number }>(declaration: ResourceDeclaration<R>): ResourceDeclaration<R> {
  return declaration;
}
