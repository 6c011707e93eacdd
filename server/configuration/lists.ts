import { sql } from 'kysely';
import { Permissions } from '../../shared/permissions.js';
import { ConfigurationTexts } from '../../shared/texts/configuration.js';
import { audit } from '../audit.js';
import type { Database } from '../db/database.js';
import { authOf } from '../http/access.js';
import { badRequest, ModelStateBuilder, notFound, ValidationError } from '../http/errors.js';
import { anyOf, route, type ApiArea } from '../http/route.js';
import { lookupListResponse } from '../types/routes.js';
import { loadLookupLists, type LookupItem, type LookupList } from '../types/lookups.js';

const T = ConfigurationTexts.lists;
const P = Permissions.Types;

const listBody = { $ref: 'typeList.json' } as const;
const itemBody = { $ref: 'typeItem.json' } as const;
const listParams = {
  type: 'object',
  properties: { TableName: { type: 'string', title: 'List', pattern: '^[A-Za-z0-9]+$', maxLength: 100 } },
  required: ['TableName'],
} as const;
const itemParams = {
  type: 'object',
  properties: { ...listParams.properties, Id: { type: 'integer', minimum: 1 } },
  required: ['TableName', 'Id'],
} as const;
const itemResponse = lookupListResponse.properties.Types.items;

interface ListBody {
  TypeName: string;
}
interface ItemBody {
  Short: string;
  Description?: string | null;
}

/** "Source type (old)" → "SourceTypeOld": the stable key section templates use in @listType. */
export function tableNameOf(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join('');
}

async function findList(db: Database, tableName: string): Promise<LookupList> {
  const [list] = await loadLookupLists(db, tableName);
  if (!list) throw notFound(T.unknownList(tableName));
  return list;
}

async function findItem(db: Database, tableName: string, id: number): Promise<LookupItem> {
  const item = await db
    .selectFrom('type_items')
    .select(['Id', 'Short', 'Description', 'Hidden'])
    .where('TableName', '=', tableName)
    .where('Id', '=', id)
    .executeTakeFirst();
  if (!item) throw notFound(T.unknownItem);
  return item;
}

/** Refuses a list name that another list already shows (case-insensitive). */
async function checkListName(db: Database, name: string, exceptTableName?: string): Promise<void> {
  let query = db
    .selectFrom('type_lists')
    .select('TableName')
    .where((eb) => eb(eb.fn('lower', ['FormattedTableName']), '=', name.toLowerCase()));
  if (exceptTableName) query = query.where('TableName', '<>', exceptTableName);
  if (await query.executeTakeFirst()) throw ValidationError.field('TypeName', T.nameTaken);
}

/** A TableName no list has yet (compared case-insensitively): the derived name, or it with 2, 3, … appended. */
async function freeTableName(db: Database, base: string): Promise<string> {
  const taken = new Set(
    (
      await db
        .selectFrom('type_lists')
        .select('TableName')
        .where((eb) => eb(eb.fn('lower', ['TableName']), 'like', `${base.toLowerCase()}%`))
        .execute()
    ).map((row) => row.TableName.toLowerCase()),
  );
  let candidate = base;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${base}${n}`;
  return candidate;
}

/** Names of the section templates (any version) whose definition has a field with @listType = tableName. */
export async function sectionsUsingList(db: Database, tableName: string): Promise<string[]> {
  const rows = await db
    .selectFrom('sections')
    .select('SectionName')
    .distinct()
    .where(sql<boolean>`jsonb_path_exists("Template", '$.**."@listType" ? (@ == $list)', jsonb_build_object('list', ${tableName}::text))`)
    .orderBy('SectionName')
    .execute();
  return rows.map((row) => row.SectionName);
}

/** Short is unique within its list, case-insensitively (the unique index backs this up). */
async function checkShort(db: Database, tableName: string, short: string, exceptId?: number): Promise<void> {
  let query = db
    .selectFrom('type_items')
    .select('Id')
    .where('TableName', '=', tableName)
    .where((eb) => eb(eb.fn('lower', ['Short']), '=', short.toLowerCase()));
  if (exceptId) query = query.where('Id', '<>', exceptId);
  if (await query.executeTakeFirst()) new ModelStateBuilder().add('Short', T.shortTaken).throwIfInvalid();
}

const itemValues = (body: ItemBody) => ({ Short: body.Short.trim(), Description: body.Description?.trim() || null });

/**
 * Lookup lists (/lists, spec 002 §2.5): dynamic lists are created, renamed and deleted here; items of any list are
 * added, edited and hidden/restored. Reading all lists is `GET /api/types` (server/types/routes.ts).
 */
export const listsArea: ApiArea = {
  name: 'lists',
  routes: [
    route<{ Params: { TableName: string } }>({
      method: 'GET',
      url: '/api/types/:TableName',
      // Every screen may read the lists (GET /api/types answers all of them to any signed-in user).
      access: 'signedIn',
      summary: 'One lookup list with its items, sorted by Short',
      schema: { params: listParams, response: { 200: lookupListResponse } },
      async handler(request) {
        return findList(request.server.db, request.params.TableName);
      },
    }),
    route<{ Body: ListBody }>({
      method: 'POST',
      url: '/api/types',
      access: anyOf(P.CREATE_TYPE),
      summary: 'Create a dynamic list; its TableName is derived from the name (PascalCase letters and digits)',
      schema: { body: listBody, response: { 200: lookupListResponse } },
      async handler(request) {
        const { db } = request.server;
        const name = request.body.TypeName.trim();
        const base = tableNameOf(name);
        if (!base) throw ValidationError.field('TypeName', T.nameNeedsLetters);
        await checkListName(db, name);
        const tableName = await freeTableName(db, base);
        await db.transaction().execute(async (trx) => {
          await trx.insertInto('type_lists').values({ TableName: tableName, FormattedTableName: name, IsDynamic: true }).execute();
          await audit(trx, { userId: authOf(request).userId, entity: 'type_lists', entityId: tableName, action: 'create', changes: { FormattedTableName: name } });
        });
        return findList(db, tableName);
      },
    }),
    route<{ Params: { TableName: string }; Body: ListBody }>({
      method: 'PATCH',
      url: '/api/types/:TableName',
      access: anyOf(P.EDIT_TYPE),
      summary: 'Rename a dynamic list (FormattedTableName only; TableName stays, section templates refer to it)',
      schema: { params: listParams, body: listBody, response: { 200: lookupListResponse } },
      async handler(request) {
        const { db } = request.server;
        const list = await findList(db, request.params.TableName);
        if (!list.IsDynamic) throw badRequest(T.staticRename);
        const name = request.body.TypeName.trim();
        await checkListName(db, name, list.TableName);
        await db.transaction().execute(async (trx) => {
          await trx.updateTable('type_lists').set({ FormattedTableName: name }).where('TableName', '=', list.TableName).execute();
          await audit(trx, { userId: authOf(request).userId, entity: 'type_lists', entityId: list.TableName, action: 'rename', changes: { from: list.FormattedTableName, to: name } });
        });
        return { ...list, FormattedTableName: name };
      },
    }),
    route<{ Params: { TableName: string } }>({
      method: 'DELETE',
      url: '/api/types/:TableName',
      access: anyOf(P.DELETE_TYPE),
      summary: 'Delete a dynamic list and its items; refused for static lists and lists a section template uses',
      schema: { params: listParams, response: { 200: lookupListResponse } },
      async handler(request) {
        const { db } = request.server;
        const list = await findList(db, request.params.TableName);
        if (!list.IsDynamic) throw badRequest(T.staticDelete);
        const users = await sectionsUsingList(db, list.TableName);
        if (users.length) throw badRequest(T.inUse(list.FormattedTableName, users));
        await db.transaction().execute(async (trx) => {
          await trx.deleteFrom('type_lists').where('TableName', '=', list.TableName).execute();
          await audit(trx, { userId: authOf(request).userId, entity: 'type_lists', entityId: list.TableName, action: 'delete', changes: list });
        });
        return list;
      },
    }),
    route<{ Params: { TableName: string }; Body: ItemBody }>({
      method: 'POST',
      url: '/api/types/:TableName/items',
      access: anyOf(P.CREATE_TYPE),
      summary: 'Add an item to a list; Short is required and unique within the list',
      schema: { params: listParams, body: itemBody, response: { 200: itemResponse } },
      async handler(request) {
        const { db } = request.server;
        const list = await findList(db, request.params.TableName);
        const values = itemValues(request.body);
        await checkShort(db, list.TableName, values.Short);
        return db.transaction().execute(async (trx) => {
          const item = await trx
            .insertInto('type_items')
            .values({ TableName: list.TableName, ...values })
            .returning(['Id', 'Short', 'Description', 'Hidden'])
            .executeTakeFirstOrThrow();
          await audit(trx, { userId: authOf(request).userId, entity: 'type_items', entityId: item.Id, action: 'create', changes: { TableName: list.TableName, ...values } });
          return item;
        });
      },
    }),
    route<{ Params: { TableName: string; Id: number }; Body: ItemBody }>({
      method: 'PATCH',
      url: '/api/types/:TableName/items/:Id',
      access: anyOf(P.EDIT_TYPE),
      summary: 'Change an item of a list (Short and Description)',
      schema: { params: itemParams, body: itemBody, response: { 200: itemResponse } },
      async handler(request) {
        const { db } = request.server;
        const { TableName, Id } = request.params;
        await findItem(db, TableName, Id);
        const values = itemValues(request.body);
        await checkShort(db, TableName, values.Short, Id);
        return db.transaction().execute(async (trx) => {
          const item = await trx
            .updateTable('type_items')
            .set(values)
            .where('Id', '=', Id)
            .returning(['Id', 'Short', 'Description', 'Hidden'])
            .executeTakeFirstOrThrow();
          await audit(trx, { userId: authOf(request).userId, entity: 'type_items', entityId: Id, action: 'update', changes: values });
          return item;
        });
      },
    }),
    route<{ Params: { TableName: string; Id: number } }>({
      method: 'DELETE',
      url: '/api/types/:TableName/items/:Id',
      access: anyOf(P.DELETE_TYPE),
      summary: 'Disable or enable an item of a list (toggles Hidden); answers the item',
      schema: { params: itemParams, response: { 200: itemResponse } },
      async handler(request) {
        const { db } = request.server;
        const { TableName, Id } = request.params;
        const existing = await findItem(db, TableName, Id);
        return db.transaction().execute(async (trx) => {
          const item = await trx
            .updateTable('type_items')
            .set({ Hidden: !existing.Hidden })
            .where('Id', '=', Id)
            .returning(['Id', 'Short', 'Description', 'Hidden'])
            .executeTakeFirstOrThrow();
          await audit(trx, { userId: authOf(request).userId, entity: 'type_items', entityId: Id, action: item.Hidden ? 'hide' : 'restore' });
          return item;
        });
      },
    }),
  ],
};
