import { CATEGORY_LABELS, PERMISSION_CATALOGUE, Permissions, Tags } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import { audit } from '../audit.js';
import { authOf } from '../http/access.js';
import { badRequest, forbidden } from '../http/errors.js';
import { anyOf, idParams, route, type RouteSpec } from '../http/route.js';
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

const P = Permissions.Groups;
const T = Texts.identity.groups;
const viewRolesOrGroups = anyOf(Permissions.Roles.VIEW_ROLES, P.VIEW_GROUPS);
type IdParams = { Params: { id: number } };
type GroupBody = { Id?: number; Name: string; Description?: string | null };

const roleParams = {
  type: 'object',
  properties: { id: { type: 'integer', minimum: 1 }, roleId: { type: 'integer', minimum: 1 } },
  required: ['id', 'roleId'],
} as const;

const description = (value: string | null | undefined) => value?.trim() || null;

/** Roles, role categories, groups (with their roles and tags) and tags (/identity/roles, /identity/groups). */
export const groupRoutes: readonly RouteSpec<never>[] = [
  route({
    method: 'GET',
    url: '/api/identity/roles',
    access: viewRolesOrGroups,
    summary: 'All roles (permissions) sorted by name',
    schema: { response: { 200: idNameList } },
    async handler(request) {
      return request.server.db.selectFrom('roles').select(['Id', 'Name']).orderBy('Name').execute();
    },
  }),
  route({
    method: 'GET',
    url: '/api/identity/categories',
    access: viewRolesOrGroups,
    summary: 'Role names by category, in catalogue order (General first)',
    schema: { response: { 200: categoriesResponse } },
    async handler() {
      const categories: Record<string, string[]> = {};
      for (const entry of PERMISSION_CATALOGUE) (categories[CATEGORY_LABELS[entry.category]] ??= []).push(entry.name);
      return categories;
    },
  }),
  route({
    method: 'GET',
    url: '/api/identity/groups',
    access: anyOf(P.VIEW_GROUPS),
    summary: 'All groups sorted by name, with role ids and tags',
    schema: { response: { 200: { type: 'array', items: groupResponse } } },
    async handler(request) {
      return loadGroups(request.server.db);
    },
  }),
  route<{ Body: GroupBody }>({
    method: 'POST',
    url: '/api/identity/groups',
    access: anyOf(P.CREATE_GROUP),
    summary: 'Create a group (unique name); answers the group',
    schema: { body: { $ref: 'group.json' }, response: { 200: groupResponse } },
    async handler(request) {
      const { db } = request.server;
      const auth = authOf(request);
      const name = request.body.Name.trim();
      await assertNameFree(db, name);
      const id = await db.transaction().execute(async (trx) => {
        const values = { Name: name, Description: description(request.body.Description) };
        const { Id } = await trx.insertInto('groups').values(values).returning('Id').executeTakeFirstOrThrow();
        await audit(trx, { userId: auth.userId, entity: 'groups', entityId: Id, action: 'create', changes: values });
        return Id;
      });
      return loadGroup(db, id);
    },
  }),
  route<IdParams & { Body: GroupBody }>({
    method: 'PATCH',
    url: '/api/identity/groups/:id',
    access: anyOf(P.EDIT_GROUP),
    summary: 'Rename a group or change its description; answers the group',
    schema: { params: idParams, body: { $ref: 'group.json' }, response: { 200: groupResponse } },
    async handler(request) {
      const { db } = request.server;
      const auth = authOf(request);
      const { id } = request.params;
      if (request.body.Id !== undefined && request.body.Id !== id) throw badRequest(T.idMismatch);
      await loadGroup(db, id);
      await assertMayChangeGroup(db, auth, id);
      const name = request.body.Name.trim();
      await assertNameFree(db, name, id);
      await db.transaction().execute(async (trx) => {
        const values = { Name: name, Description: description(request.body.Description) };
        await trx.updateTable('groups').set(values).where('Id', '=', id).execute();
        await audit(trx, { userId: auth.userId, entity: 'groups', entityId: id, action: 'update', changes: values });
      });
      return loadGroup(db, id);
    },
  }),
  route<IdParams>({
    method: 'DELETE',
    url: '/api/identity/groups/:id',
    access: anyOf(P.DELETE_GROUP),
    summary: 'Delete a group; refused while users are in it; answers the deleted group',
    schema: { params: idParams, response: { 200: groupResponse } },
    async handler(request) {
      const { db } = request.server;
      const auth = authOf(request);
      const group = await loadGroup(db, request.params.id);
      await assertMayChangeGroup(db, auth, group.Id);
      const members = await memberCount(db, group.Id);
      if (members > 0) throw badRequest(T.stillHasUsers(group.Name, members));
      await assertNotLastAdminGroup(db, group.Id);
      await db.transaction().execute(async (trx) => {
        await audit(trx, { userId: auth.userId, entity: 'groups', entityId: group.Id, action: 'delete', changes: group });
        await trx.deleteFrom('groups').where('Id', '=', group.Id).execute();
      });
      return group;
    },
  }),
  route<IdParams & { Body: { Id?: number; Name?: string } }>({
    method: 'POST',
    url: '/api/identity/groups/:id/roles',
    access: anyOf(P.EDIT_GROUP),
    summary: 'Add a role to a group, by role Id or Name; answers the group',
    schema: { params: idParams, body: { $ref: 'groupRole.json' }, response: { 200: groupResponse } },
    async handler(request) {
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
        await audit(trx, { userId: auth.userId, entity: 'groups', entityId: id, action: 'add-role', changes: role });
      });
      return loadGroup(db, id);
    },
  }),
  route<{ Params: { id: number; roleId: number } }>({
    method: 'DELETE',
    url: '/api/identity/groups/:id/roles/:roleId',
    access: anyOf(P.EDIT_GROUP),
    summary: 'Remove a role from a group; answers the group',
    schema: { params: roleParams, response: { 200: groupResponse } },
    async handler(request) {
      const { db } = request.server;
      const auth = authOf(request);
      const { id, roleId } = request.params;
      await loadGroup(db, id);
      await assertMayChangeGroup(db, auth, id);
      if (roleId === (await systemAdministratorRoleId(db))) await assertNotLastAdminGroup(db, id);
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('group_roles').where('Group_Id', '=', id).where('Role_Id', '=', roleId).execute();
        await audit(trx, { userId: auth.userId, entity: 'groups', entityId: id, action: 'remove-role', changes: { Role_Id: roleId } });
      });
      return loadGroup(db, id);
    },
  }),
  route<IdParams & { Body: { Id?: number | null; Name: string }[] }>({
    method: 'PUT',
    url: '/api/identity/groups/:id/tags/',
    access: anyOf(P.EDIT_GROUP),
    summary: "Set a group's tags (by Id, else by name; unknown names create tags); answers the group",
    schema: { params: idParams, body: { $ref: 'groupTags.json' }, response: { 200: groupResponse } },
    async handler(request) {
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
        await audit(trx, { userId: auth.userId, entity: 'groups', entityId: id, action: 'set-tags', changes: { Tags: tags } });
      });
      return loadGroup(db, id);
    },
  }),
  route({
    method: 'GET',
    url: '/api/identity/tags',
    access: anyOf(P.VIEW_GROUPS),
    summary: 'All tags sorted by name',
    schema: { response: { 200: idNameList } },
    async handler(request) {
      return request.server.db.selectFrom('tags').select(['Id', 'Name']).orderBy('Name').execute();
    },
  }),
];
