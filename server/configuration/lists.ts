import { sql } from 'kysely';
import { ConfigurationTexts } from '../../shared/texts/configuration.js';
import type { Database } from '../db/database.js';
import { badRequest, notFound, ValidationError } from '../http/errors.js';
import type { LookupList } from '../../shared/api/configuration.js';
import { loadLookupLists } from '../types/lookups.js';
import { defineStore } from '../resources/store.js';

const T = ConfigurationTexts.lists;

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


const lookupItem = {
  type: 'object',
  properties: { Id: { type: 'integer' }, Short: { type: 'string' }, Description: { type: ['string', 'null'] }, Hidden: { type: 'boolean' } },
} as const;

export const lookupListResponse = {
  type: 'object',
  properties: {
    TableName: { type: 'string' },
    FormattedTableName: { type: 'string' },
    IsDynamic: { type: 'boolean' },
    Types: { type: 'array', items: lookupItem },
  },
} as const;

/** Items are added only to a list that exists (the rule of the declared `list-items` resource). */
export const listItemsStore = defineStore({
  async validate(context, values) {
    if (typeof values.TableName === 'string') await findList(context.db, values.TableName);
    else if (typeof context.parentKey === 'string') await findList(context.db, context.parentKey);
  },
});

/**
 * Lookup lists (/lists, spec 002 §2.5), the `lists` declaration's store: every signed-in screen reads them (the
 * session caches them all); dynamic lists are created, renamed and deleted; items of any list are the `list-items`
 * resource. A list's TableName is derived from its first name and never changes (section templates refer to it).
 */
export const listsStore = defineStore({
  responses: { record: lookupListResponse, list: { type: 'array', items: lookupListResponse } },
  audit: { entity: 'type_lists', action: (action) => (action === 'update' ? 'rename' : action) },
  summaries: {
    list: 'All lookup lists with their items',
    one: 'One lookup list with its items, sorted by Short',
    create: 'Create a dynamic list; its TableName is derived from the name (PascalCase letters and digits)',
    update: 'Rename a dynamic list (FormattedTableName only; TableName stays, section templates refer to it)',
    delete: 'Delete a dynamic list and its items; refused for static lists and lists a section template uses',
  },
  list: (context) => loadLookupLists(context.db),
  read: (context, key) => findList(context.db, String(key)),
  async validate(context, values, existing) {
    const name = String(values.TypeName);
    if (existing && !existing.IsDynamic) throw badRequest(T.staticRename);
    if (!existing && !tableNameOf(name)) throw ValidationError.field('TypeName', T.nameNeedsLetters);
    await checkListName(context.db, name, existing ? String(existing.TableName) : undefined);
  },
  async insert(context, values) {
    const name = String(values.TypeName);
    const tableName = await freeTableName(context.db, tableNameOf(name));
    await context.db.insertInto('type_lists').values({ TableName: tableName, FormattedTableName: name, IsDynamic: true }).execute();
    return tableName;
  },
  async change(context, key, values) {
    await context.db.updateTable('type_lists').set({ FormattedTableName: String(values.TypeName) }).where('TableName', '=', String(key)).execute();
  },
  async remove(context, key, existing) {
    if (!existing.IsDynamic) throw badRequest(T.staticDelete);
    const users = await sectionsUsingList(context.db, String(key));
    if (users.length) throw badRequest(T.inUse(String(existing.FormattedTableName), users));
    await context.db.deleteFrom('type_lists').where('TableName', '=', String(key)).execute();
  },
});
