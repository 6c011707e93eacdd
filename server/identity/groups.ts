import type { Kysely } from 'kysely';
import type { Group } from '../../shared/api/identity.js';
import { Permissions } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import type { AuthContext } from '../auth/sessions.js';
import type { Database } from '../db/database.js';
import type { DB } from '../db/schema.js';
import { ValidationError, badRequest, forbidden, notFound } from '../http/errors.js';
import { adminGroupIds } from './userAccess.js';

const T = Texts.identity.groups;

/** Groups sorted by name with their role ids and tags: three queries whatever the number of groups. */
export async function loadGroups(db: Database, onlyId?: number): Promise<Group[]> {
  let groups = db.selectFrom('groups').select(['Id', 'Name', 'Description']).orderBy('Name').orderBy('Id');
  let roles = db.selectFrom('group_roles').select(['Group_Id', 'Role_Id']).orderBy('Role_Id');
  let tags = db
    .selectFrom('group_tags as gt')
    .innerJoin('tags as t', 't.Id', 'gt.Tag_Id')
    .select(['gt.Group_Id', 't.Id', 't.Name'])
    .orderBy('t.Name');
  if (onlyId !== undefined) {
    groups = groups.where('Id', '=', onlyId);
    roles = roles.where('Group_Id', '=', onlyId);
    tags = tags.where('gt.Group_Id', '=', onlyId);
  }
  const [groupRows, roleRows, tagRows] = await Promise.all([groups.execute(), roles.execute(), tags.execute()]);
  return groupRows.map((g) => ({
    ...g,
    Roles: roleRows.filter((r) => r.Group_Id === g.Id).map((r) => r.Role_Id),
    Tags: tagRows.filter((t) => t.Group_Id === g.Id).map((t) => ({ Id: t.Id, Name: t.Name })),
  }));
}

export async function loadGroup(db: Database, id: number): Promise<Group> {
  const [group] = await loadGroups(db, id);
  if (!group) throw notFound(T.notFound);
  return group;
}

/** Group names are unique in any letter case. */
export async function assertNameFree(db: Database, name: string, exceptId?: number): Promise<void> {
  let query = db.selectFrom('groups').select('Id').where((eb) => eb(eb.fn('lower', ['Name']), '=', name.toLowerCase()));
  if (exceptId !== undefined) query = query.where('Id', '<>', exceptId);
  if (await query.executeTakeFirst()) throw ValidationError.field('Name', T.nameTaken);
}

export async function systemAdministratorRoleId(db: Database): Promise<number | undefined> {
  const row = await db.selectFrom('roles').select('Id').where('Name', '=', Permissions.General.SYSTEM_ADMINISTRATOR).executeTakeFirst();
  return row?.Id;
}

/** A group that holds System Administrator may be changed only by a system administrator. */
export async function assertMayChangeGroup(db: Database, auth: AuthContext, groupId: number): Promise<void> {
  if (auth.isSystemAdministrator) return;
  if ((await adminGroupIds(db)).includes(groupId)) throw forbidden(T.onlyAdminsChangeAdminGroup);
}

/** Refuses to take System Administrator away from the last group holding it (nobody could administer anymore). */
export async function assertNotLastAdminGroup(db: Database, groupId: number): Promise<void> {
  const groups = await adminGroupIds(db);
  if (groups.length === 1 && groups[0] === groupId) throw badRequest(T.lastAdminGroup);
}

/** The role named by a role body: by Id, else by name in any letter case. */
export async function findRole(db: Database, body: { Id?: number; Name?: string }): Promise<{ Id: number; Name: string }> {
  const name = body.Name?.trim();
  if (body.Id === undefined && !name) throw ValidationError.field('Id', T.roleRequired);
  const query = db.selectFrom('roles').select(['Id', 'Name']);
  const role = await (body.Id !== undefined
    ? query.where('Id', '=', body.Id)
    : query.where((eb) => eb(eb.fn('lower', ['Name']), '=', (name as string).toLowerCase()))
  ).executeTakeFirst();
  if (!role) throw ValidationError.field(body.Id !== undefined ? 'Id' : 'Name', T.unknownRole);
  return role;
}

/** Users still in a group. */
export async function memberCount(db: Database, groupId: number): Promise<number> {
  const { n } = await db
    .selectFrom('user_groups')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('Group_Id', '=', groupId)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/**
 * Sets a group's complete tag list in the caller's transaction. Each tag is found by Id, else by name (any letter
 * case); an unknown name creates the tag. Answers the group's tags.
 */
export async function replaceGroupTags(
  trx: Kysely<DB>,
  groupId: number,
  tags: readonly { Id?: number | null; Name: string }[],
): Promise<{ Id: number; Name: string }[]> {
  const existing = await trx.selectFrom('tags').select(['Id', 'Name']).execute();
  const byId = new Map(existing.map((t) => [t.Id, t]));
  const byName = new Map(existing.map((t) => [t.Name.toLowerCase(), t]));
  const chosen = new Map<number, { Id: number; Name: string }>();
  for (const tag of tags) {
    const name = tag.Name.trim();
    let found = (tag.Id != null ? byId.get(tag.Id) : undefined) ?? byName.get(name.toLowerCase());
    if (!found) {
      found = await trx.insertInto('tags').values({ Name: name }).returning(['Id', 'Name']).executeTakeFirstOrThrow();
      byName.set(name.toLowerCase(), found);
    }
    chosen.set(found.Id, found);
  }
  await trx.deleteFrom('group_tags').where('Group_Id', '=', groupId).execute();
  if (chosen.size) {
    await trx.insertInto('group_tags').values([...chosen.keys()].map((Tag_Id) => ({ Group_Id: groupId, Tag_Id }))).execute();
  }
  return [...chosen.values()];
}
