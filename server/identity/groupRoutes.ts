import { CATEGORY_LABELS, PERMISSION_CATALOGUE, Permissions, Tags } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import { audit } from '../audit/auditLog.js';
import { authOf } from '../http/access.js';
import { badRequest, forbidden } from '../http/errors.js';
import { operationRoutes } from '../http/operationRoutes.js';
import { groupOperations } from '../../resources/groups.js';
import {
  assertMayChangeGroup,
  assertNameFree,
  assertNotLastAdminGroup,
  findRole,
  loadGroup,
  loadGroups,
  memberCount,
  replaceGroupTags,
  systemAdministratorRoleId,
} from './groups.js';
import { categoriesResponse, groupResponse, idNameList } from './responses.js';
import { defineStore } from '../resources/store.js';
import type { ApiRecord } from '../../resources/declaration.js';

const T = Texts.identity.groups;

const groupValues = (values: ApiRecord) => ({ Name: String(values.Name), Description: (values.Description as string | null | undefined) || null });

/** The roles of each category, in catalogue order (General first): the singleton `categories` declaration's store. */
export const categoriesStore = defineStore({
  responses: { record: categoriesResponse },
  summaries: { one: 'Role names by category, in catalogue order (General first)' },
  async read() {
    const categories: Record<string, string[]> = {};
    for (const entry of PERMISSION_CATALOGUE) (categories[CATEGORY_LABELS[entry.category]] ??= []).push(entry.name);
    return categories;
  },
});

/** The tags of groups (read only; a group's tags are set through its named call): the `tags` declaration's store. */
export const tagsStore = defineStore({
  responses: { list: idNameList },
  summaries: { list: 'All tags sorted by name' },
  list: (context) => context.db.selectFrom('tags').select(['Id', 'Name']).orderBy('Name').execute(),
});

/** Read-only roles (/identity/roles): the `roles` declaration's store. */
export const rolesStore = defineStore({
  responses: { list: idNameList },
  summaries: { list: 'All roles (permissions) sorted by name' },
  list: (context) => context.db.selectFrom('roles').select(['Id', 'Name']).orderBy('Name').execute(),
});

/**
 * Groups (/identity/groups), the `groups` declaration's store: unique names in any letter case; a group holding
 * System Administrator is changed only by a system administrator, and the last such group keeps it; a group with
 * users is not deleted.
 */
export const groupsStore = defineStore({
  responses: { record: groupResponse, list: { type: 'array', items: groupResponse } },
  summaries: {
    list: 'All groups sorted by name, with role ids and tags',
    create: 'Create a group (unique name); answers the group',
    update: 'Rename a group or change its description; answers the group',
    delete: 'Delete a group; refused while users are in it; answers the deleted group',
  },
  list: (context) => loadGroups(context.db),
  async read(context, key, purpose) {
    const group = await loadGroup(context.db, Number(key));
    if (purpose !== 'read') await assertMayChangeGroup(context.db, context.auth, group.Id);
    return group;
  },
  async validate(context, values, existing) {
    if (existing && values.Id !== undefined && values.Id !== existing.Id) throw badRequest(T.idMismatch);
    await assertNameFree(context.db, String(values.Name), existing ? Number(existing.Id) : undefined);
  },
  async insert(context, values) {
    const { Id } = await context.db.insertInto('groups').values(groupValues(values)).returning('Id').executeTakeFirstOrThrow();
    return Id;
  },
  async change(context, key, values) {
    await context.db.updateTable('groups').set(groupValues(values)).where('Id', '=', Number(key)).execute();
  },
  async remove(context, key, existing) {
    const members = await memberCount(context.db, Number(key));
    if (members > 0) throw badRequest(T.stillHasUsers(String(existing.Name), members));
    await assertNotLastAdminGroup(context.db, Number(key));
    await context.db.deleteFrom('groups').where('Id', '=', Number(key)).execute();
  },
});

/** The handlers of the groups contract's operations (resources/groups.ts): role grants and tags. */
export const groupRoutes = operationRoutes(groupOperations, {
  async addRole(request) {
    const { db } = request.server;
    const auth = authOf(request);
    const { id } = request.params;
    await loadGroup(db, id);
    await assertMayChangeGroup(db, auth, id);
    const role = await findRole(db, request.body);
    if (role.Name === Permissions.General.SYSTEM_ADMINISTRATOR && !auth.isSystemAdministrator) {
      throw forbidden(T.onlyAdminsGrantAdmin);
    }
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('group_roles').values({ Group_Id: id, Role_Id: role.Id }).onConflict((oc) => oc.doNothing()).execute();
      await audit(trx, { userId: auth.userId, entity: 'groups', entityId: id, action: 'add-role', fields: ['Roles'] });
    });
    return loadGroup(db, id);
  },
  async removeRole(request) {
    const { db } = request.server;
    const auth = authOf(request);
    const { id, roleId } = request.params;
    await loadGroup(db, id);
    await assertMayChangeGroup(db, auth, id);
    if (roleId === (await systemAdministratorRoleId(db))) await assertNotLastAdminGroup(db, id);
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('group_roles').where('Group_Id', '=', id).where('Role_Id', '=', roleId).execute();
      await audit(trx, { userId: auth.userId, entity: 'groups', entityId: id, action: 'remove-role', fields: ['Roles'] });
    });
    return loadGroup(db, id);
  },
  async setTags(request) {
    const { db } = request.server;
    const auth = authOf(request);
    const { id } = request.params;
    const group = await loadGroup(db, id);
    await assertMayChangeGroup(db, auth, id);
    // The System Admin tag exempts from the data-entry lock: only administrators hand it out.
    const isAdminTag = (tag: { Name: string }) => tag.Name.toLowerCase() === Tags.SYSTEM_ADMIN.toLowerCase();
    const hadAdminTag = group.Tags.some(isAdminTag);
    await db.transaction().execute(async (trx) => {
      const tags = await replaceGroupTags(trx, id, request.body);
      if (!auth.isSystemAdministrator && !hadAdminTag && tags.some(isAdminTag)) throw forbidden(T.onlyAdminsGrantAdmin);
      await audit(trx, { userId: auth.userId, entity: 'groups', entityId: id, action: 'set-tags', fields: ['Tags'] });
    });
    return loadGroup(db, id);
  },
});
