import type { Kysely } from 'kysely';
import type { ResourceDeclaration } from '../../resources/declaration.js';
import type { ObjectSchema, PropertySchema } from '../../schemas/index.js';
import { audit } from '../audit.js';
import type { Database } from '../db/database.js';
import { authOf } from '../http/access.js';
import { ModelStateBuilder, notFound } from '../http/errors.js';
import { anyOf, idParams, route, type Access, type ApiArea, type RouteSpec } from '../http/route.js';

/** Tables reached by name from a declaration; the declaration's schema describes their columns. */
type LooseDB = Record<string, Record<string, unknown>>;
type Row = Record<string, unknown> & { Id: number };

const loose = (db: Database) => db as unknown as Kysely<LooseDB>;

/** Properties a client may write: everything in the schema that is not readOnly. */
export function writableFields(schema: ObjectSchema): string[] {
  return Object.entries(schema.properties)
    .filter(([, property]) => !property.readOnly)
    .map(([name]) => name);
}

/** The answer schema of a record: every property, nested lookup objects passed through whole. */
export function recordResponseSchema(schema: ObjectSchema) {
  const properties: Record<string, object> = {};
  for (const [name, property] of Object.entries(schema.properties)) {
    const types = ([] as string[]).concat(property.type ?? 'string');
    properties[name] = types.includes('object') ? { type: types, additionalProperties: true } : { type: types };
  }
  return { type: 'object', properties, additionalProperties: false };
}

async function checkLookups(db: Database, schema: ObjectSchema, values: Record<string, unknown>): Promise<void> {
  const errors = new ModelStateBuilder();
  for (const [name, property] of Object.entries(schema.properties) as [string, PropertySchema][]) {
    const list = property['x-lookup'];
    const value = values[name];
    if (!list || value === null || value === undefined) continue;
    const found = await db
      .selectFrom('type_items')
      .select('Id')
      .where('Id', '=', Number(value))
      .where('TableName', '=', list)
      .executeTakeFirst();
    if (!found) errors.add(name, `${property.title ?? name} is not a valid choice.`);
  }
  errors.throwIfInvalid();
}

/** Attaches the declared lookup objects to rows with one query for all of them. */
async function expand(db: Database, declaration: ResourceDeclaration, rows: Row[]): Promise<Row[]> {
  const expansions = Object.entries(declaration.store.expand ?? {});
  if (expansions.length === 0 || rows.length === 0) return rows;
  const ids = new Set<number>();
  for (const row of rows) for (const [, column] of expansions) if (row[column] != null) ids.add(Number(row[column]));
  const items = ids.size
    ? await db.selectFrom('type_items').select(['Id', 'Short', 'Description']).where('Id', 'in', [...ids]).execute()
    : [];
  const byId = new Map(items.map((item) => [item.Id, item]));
  return rows.map((row) => {
    const out: Row = { ...row };
    for (const [as, column] of expansions) out[as] = row[column] != null ? (byId.get(Number(row[column])) ?? null) : null;
    return out;
  });
}

async function findRow(db: Database, declaration: ResourceDeclaration, id: number): Promise<Row> {
  const row = (await loose(db).selectFrom(declaration.store.table).selectAll().where('Id', '=', id).executeTakeFirst()) as
    | Row
    | undefined;
  if (!row) throw notFound(`No ${declaration.title.toLowerCase()} record ${id}.`);
  return (await expand(db, declaration, [row]))[0];
}

function pick(values: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(fields.filter((f) => values[f] !== undefined).map((f) => [f, values[f]]));
}

const accessFor = (permissions: readonly string[] | undefined, fallback: Access): Access =>
  permissions?.length ? anyOf(...(permissions as Parameters<typeof anyOf>)) : fallback;

/**
 * The server half of a declaration: list, read, create, update and delete-or-toggle routes, each validated by
 * the resource's JSON Schema, gated by its declared permissions, audited, and answered with lookup objects.
 */
export function crudArea(declaration: ResourceDeclaration): ApiArea {
  const { api, schema, store, permissions } = declaration;
  const schemaRef = { $ref: schema.$id ?? '' };
  const record = recordResponseSchema(schema);
  const fields = writableFields(schema);
  const table = store.table;
  const viewAccess = accessFor(permissions.view, 'signedIn');
  const singular = (schema.title ?? declaration.title).toLowerCase();
  const one = `${/^[aeiou]/.test(singular) ? 'an' : 'a'} ${singular}`;
  const routes: RouteSpec<never>[] = [
    route({
      method: 'GET',
      url: api,
      access: viewAccess,
      summary: `All ${declaration.title.toLowerCase()}`,
      schema: { response: { 200: { type: 'array', items: record } } },
      async handler(request) {
        const { db } = request.server;
        const rows = (await loose(db)
          .selectFrom(table)
          .selectAll()
          .orderBy(declaration.list.sort.field, declaration.list.sort.order === 'ASC' ? 'asc' : 'desc')
          .orderBy('Id')
          .execute()) as Row[];
        return expand(db, declaration, rows);
      },
    }),
    route<{ Params: { id: number } }>({
      method: 'GET',
      url: `${api}/:id`,
      access: viewAccess,
      summary: `One ${singular}`,
      schema: { params: idParams, response: { 200: record } },
      async handler(request) {
        return findRow(request.server.db, declaration, request.params.id);
      },
    }),
  ];

  if (permissions.create) {
    routes.push(
      route<{ Body: Record<string, unknown> }>({
        method: 'POST',
        url: api,
        access: accessFor(permissions.create, viewAccess),
        summary: `Create ${one}`,
        schema: { body: schemaRef, response: { 200: record } },
        async handler(request) {
          const { db } = request.server;
          const auth = authOf(request);
          const values = pick(request.body, fields);
          await checkLookups(db, schema, values);
          const id = await db.transaction().execute(async (trx) => {
            const created = (await loose(trx as Database)
              .insertInto(table)
              .values(values)
              .returning('Id')
              .executeTakeFirstOrThrow()) as { Id: number };
            await audit(trx, { userId: auth.userId, entity: table, entityId: created.Id, action: 'create', changes: values });
            return created.Id;
          });
          return findRow(db, declaration, id);
        },
      }),
    );
  }

  if (permissions.edit) {
    routes.push(
      route<{ Params: { id: number }; Body: Record<string, unknown> }>({
        method: declaration.updateMethod,
        url: `${api}/:id`,
        access: accessFor(permissions.edit, viewAccess),
        summary: `Update ${one}`,
        schema: { params: idParams, body: schemaRef, response: { 200: record } },
        async handler(request) {
          const { db } = request.server;
          const auth = authOf(request);
          const id = request.params.id;
          await findRow(db, declaration, id);
          const values = pick(request.body, fields);
          await checkLookups(db, schema, values);
          await db.transaction().execute(async (trx) => {
            await loose(trx as Database).updateTable(table).set(values).where('Id', '=', id).execute();
            await audit(trx, { userId: auth.userId, entity: table, entityId: id, action: 'update', changes: values });
          });
          return findRow(db, declaration, id);
        },
      }),
    );
  }

  if (permissions.delete && declaration.remove !== 'none') {
    const toggles = declaration.remove === 'toggleHidden';
    routes.push(
      route<{ Params: { id: number } }>({
        method: 'DELETE',
        url: `${api}/:id`,
        access: accessFor(permissions.delete, viewAccess),
        summary: toggles
          ? `Hide or restore ${one} (toggles Hidden); answers it`
          : `Delete ${one}`,
        schema: { params: idParams, response: { 200: record } },
        async handler(request) {
          const { db } = request.server;
          const auth = authOf(request);
          const id = request.params.id;
          const existing = await findRow(db, declaration, id);
          await db.transaction().execute(async (trx) => {
            if (toggles) {
              await loose(trx as Database).updateTable(table).set({ Hidden: !existing.Hidden }).where('Id', '=', id).execute();
            } else {
              await loose(trx as Database).deleteFrom(table).where('Id', '=', id).execute();
            }
            await audit(trx, {
              userId: auth.userId,
              entity: table,
              entityId: id,
              action: toggles ? (existing.Hidden ? 'restore' : 'hide') : 'delete',
            });
          });
          return toggles ? findRow(db, declaration, id) : existing;
        },
      }),
    );
  }
  return { name: declaration.name, routes };
}
