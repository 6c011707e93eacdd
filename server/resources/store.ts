import type { FastifyRequest } from 'fastify';
import type { ApiRecord, Operations, TableQuery } from '../../resources/declaration.js';
import type { AuthContext } from '../auth/sessions.js';
import type { Database } from '../db/database.js';
import type { ModelStateBuilder } from '../http/errors.js';

/** A record's key as the path carries it: a number for `Id` keys, a text for others (a list's TableName); null for a singleton. */
export type RecordKey = number | string | null;

export type WriteAction = 'create' | 'update' | 'delete';

/** What a store's functions see of the call: the database, who calls, the path's values and the clock. */
export interface StoreContext {
  /** The database; inside a write, the write's transaction. */
  db: Database;
  request: FastifyRequest;
  auth: AuthContext;
  /** The path's placeholders (a sub-resource's parent key, `id`). */
  params: Record<string, string | number>;
  /** A sub-resource's parent key (from the path), else undefined. */
  parentKey: unknown;
  /** The query string, as the operation's `query` declares it (a flag, a filter). */
  query: Record<string, unknown>;
  now: Date;
}

/** Why a record is looked up: to answer it, or before changing or deleting it (a stricter check may apply). */
export type ReadPurpose = 'read' | 'update' | 'delete';

/**
 * The server half of a declared resource that the declaration itself cannot say: how its records are stored when
 * they are not one row of one table, and its domain rules. The routes (paths, permissions, schemas, transaction,
 * audit, answers) are built from the declaration by server/resources/resourceRoutes.ts; a store only fills in.
 * Every function is optional: without it, the declaration's `store.table` is used (server/resources/tableStore.ts).
 *
 * Order of a write: `read` (update, delete) → `validate` (create, update; all messages at once) → one transaction of
 * `beforeWrite` → `insert` / `change` / `remove` → `afterWrite` → the audit entry → commit → `afterCommit` → answer.
 */
export interface ResourceStore {
  /** The records of the list call: an array (browser paging), or the page answer (server paging, `query` set). */
  list?(context: StoreContext, query: TableQuery | undefined): Promise<object[] | object>;
  /** One record, or a 404 — also when the caller may not see it, or (for `update`/`delete`) may not change it. */
  read?(context: StoreContext, key: RecordKey, purpose: ReadPurpose): Promise<object>;
  /** Stores a new record (inside the transaction); answers its key. */
  insert?(context: StoreContext, values: ApiRecord): Promise<RecordKey>;
  /**
   * Stores the changes of a record (inside the transaction). Answers the record's key when the change gave it a new
   * one (an inherited record edited becomes the org's own copy); the write then answers that record.
   */
  change?(context: StoreContext, key: RecordKey, values: ApiRecord, existing: ApiRecord): Promise<RecordKey | void>;
  /** Deletes the record, or toggles it hidden (inside the transaction); may refuse with an HttpError. */
  remove?(context: StoreContext, key: RecordKey, existing: ApiRecord): Promise<void>;

  /** Adds ModelState messages for a create (`existing` null) or an update, before anything is written. */
  validate?(context: StoreContext, values: ApiRecord, existing: ApiRecord | null, errors: ModelStateBuilder): Promise<void>;
  /** Shapes the values inside the transaction, before they are stored (e.g. a value that needs a row lock). */
  beforeWrite?(context: StoreContext, action: WriteAction, values: ApiRecord, existing: ApiRecord | null): Promise<ApiRecord>;
  /** Runs inside the transaction after the record changed (rows that depend on it). */
  afterWrite?(context: StoreContext, action: WriteAction, key: RecordKey, values: ApiRecord): Promise<void>;
  /** Runs after the commit (mail, notices): what must not happen unless the write landed. */
  afterCommit?(context: StoreContext, action: WriteAction, record: ApiRecord): Promise<void>;
  /** The answer of a write when it is not the record (default: the record after create/update, before delete). */
  answer?(context: StoreContext, action: WriteAction, key: RecordKey, existing: ApiRecord | null): Promise<unknown>;

  /**
   * Answer schemas when the record's schema does not describe the answer whole: `write` answers create, update and
   * delete, `delete` a delete when it answers something else than the record.
   */
  responses?: { record?: object; list?: object; write?: object; delete?: object };
  /**
   * The audit entry: the entity name (default: the table, else the resource name), a word for the action, and
   * the entity's id when it is not the record's key (a section added to an item template is a change of the item
   * template; the own account is the signed-in user).
   */
  audit?: { entity?: string; action?(action: WriteAction, existing: ApiRecord | null): string; entityId?(context: StoreContext, key: RecordKey): unknown };
  /** A sentence per operation for the API reference (docs/api.md). */
  summaries?: Partial<Record<keyof Operations, string>>;
}

/** Identity function that checks a store's shape; server/resources/stores.ts maps each resource name to its store. */
export function defineStore(store: ResourceStore): ResourceStore {
  return store;
}
