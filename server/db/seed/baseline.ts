import type { Kysely } from 'kysely';
import { PERMISSION_CATALOGUE, Permissions } from '../../../shared/permissions.js';
import type { DB } from '../schema.js';
import { ALL_TAGS, GROUP_SEEDS, ROLES_ON_ARRIVAL } from './groups.js';
import { STATIC_LISTS, type ListSeed } from './lists.js';

/**
 * What every installation needs, demo or not, applied at every start and safe to repeat: the permission
 * catalogue as roles, the static lookup lists, the group tags, the System Administrators group and a root org.
 */
export async function applyBaseline(db: Kysely<DB>, rootOrgName: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await syncRoles(trx);
    for (const list of STATIC_LISTS) await ensureList(trx, list);
    const existingTags = new Set((await trx.selectFrom('tags').select('Name').execute()).map((t) => t.Name.toLowerCase()));
    const missingTags = ALL_TAGS.filter((name) => !existingTags.has(name.toLowerCase()));
    if (missingTags.length) await trx.insertInto('tags').values(missingTags.map((Name) => ({ Name }))).execute();
    const admins = GROUP_SEEDS[0];
    await ensureGroup(trx, admins.name, admins.description, admins.tags, admins.roles);
    const anyOrg = await trx.selectFrom('orgs').select('Id').limit(1).executeTakeFirst();
    if (!anyOrg) await trx.insertInto('orgs').values({ Name: rootOrgName, Code: 'HQ' }).execute();
  });
}

/**
 * Every catalogue permission exists as a role; names and categories follow the catalogue. A permission added to an
 * installation that already has groups goes to the groups that would have had it from the start (ROLES_ON_ARRIVAL).
 */
async function syncRoles(db: Kysely<DB>): Promise<void> {
  const known = new Set((await db.selectFrom('roles').select('Key').execute()).map((role) => role.Key));
  for (const entry of PERMISSION_CATALOGUE) {
    await db
      .insertInto('roles')
      .values({ Name: entry.name, Key: entry.key, Category: entry.category })
      .onConflict((oc) => oc.column('Key').doUpdateSet({ Name: entry.name, Category: entry.category }))
      .execute();
    const tag = ROLES_ON_ARRIVAL[entry.name];
    if (known.size && !known.has(entry.key) && tag) await grantToTagged(db, entry.name, tag);
  }
}

/** Gives a role to every group carrying the tag. */
async function grantToTagged(db: Kysely<DB>, role: string, tag: string): Promise<void> {
  const { Id } = await db.selectFrom('roles').select('Id').where('Name', '=', role).executeTakeFirstOrThrow();
  const groups = await db
    .selectFrom('group_tags as gt')
    .innerJoin('tags as t', 't.Id', 'gt.Tag_Id')
    .select('gt.Group_Id')
    .where((eb) => eb(eb.fn('lower', ['t.Name']), '=', tag.toLowerCase()))
    .execute();
  if (groups.length) await db.insertInto('group_roles').values(groups.map((g) => ({ Group_Id: g.Group_Id, Role_Id: Id }))).onConflict((oc) => oc.doNothing()).execute();
}

export async function ensureList(db: Kysely<DB>, list: ListSeed): Promise<void> {
  const exists = await db.selectFrom('type_lists').select('TableName').where('TableName', '=', list.TableName).executeTakeFirst();
  if (exists) return;
  await db
    .insertInto('type_lists')
    .values({ TableName: list.TableName, FormattedTableName: list.FormattedTableName, IsDynamic: list.IsDynamic ?? false })
    .execute();
  if (list.items.length) {
    await db
      .insertInto('type_items')
      .values(list.items.map(([Short, Description]) => ({ TableName: list.TableName, Short, Description })))
      .execute();
  }
}

export async function ensureGroup(
  db: Kysely<DB>,
  name: string,
  description: string,
  tags: readonly string[],
  roles: readonly string[],
): Promise<number> {
  const existing = await db
    .selectFrom('groups')
    .select('Id')
    .where((eb) => eb(eb.fn('lower', ['Name']), '=', name.toLowerCase()))
    .executeTakeFirst();
  if (existing) return existing.Id;
  const { Id } = await db.insertInto('groups').values({ Name: name, Description: description }).returning('Id').executeTakeFirstOrThrow();
  const roleRows = roles.length
    ? await db.selectFrom('roles').select('Id').where('Name', 'in', [...new Set(roles)]).execute()
    : [];
  if (roleRows.length) await db.insertInto('group_roles').values(roleRows.map((r) => ({ Group_Id: Id, Role_Id: r.Id }))).execute();
  const tagRows = tags.length ? await db.selectFrom('tags').select('Id').where('Name', 'in', [...tags]).execute() : [];
  if (tagRows.length) await db.insertInto('group_tags').values(tagRows.map((t) => ({ Group_Id: Id, Tag_Id: t.Id }))).execute();
  return Id;
}

export const SYSTEM_ADMINISTRATOR_ROLE = Permissions.General.SYSTEM_ADMINISTRATOR;
