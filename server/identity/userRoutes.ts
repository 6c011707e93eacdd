import type { FastifyRequest } from 'fastify';
import type { UsersQuery } from '../../shared/api/identity.js';
import { Permissions } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import { audit } from '../audit.js';
import { authOf } from '../http/access.js';
import { ValidationError, badRequest, notFound } from '../http/errors.js';
import { anyObject, anyOf, idParams, route, type RouteSpec } from '../http/route.js';
import { orgScopeOf } from '../orgs/scope.js';
import { mailContext } from '../recovery/mailContext.js';
import { resendWithDeactivation, sendConfirmation } from '../recovery/confirmation.js';
import { lockoutEnd, utcDay, type LockRequest } from './lockout.js';
import { lockResponse, usersPageResponse } from './responses.js';
import { assertMayAssignGroups, assignableOrgIds, managedUser, visibleUser, type ManagedUser } from './userAccess.js';
import { checkChanges, normalizeChanges, type UserBody, type UserChanges } from './userInput.js';
import { searchUsers } from './userList.js';
import { loadUserRecord } from './userRecord.js';
import { writeUserChanges } from './userStore.js';

const P = Permissions.Users;
const T = Texts.identity.users;
type IdParams = { Params: { id: number } };

async function record(request: FastifyRequest, userId: number) {
  const found = await loadUserRecord(request.server.db, userId);
  if (!found) throw notFound(T.notFound);
  return found;
}

/** Normalizes and checks an admin user body; answers the changes to store (the username never among them). */
async function checkedChanges(request: FastifyRequest, body: UserBody, userId: number | null): Promise<UserChanges> {
  const { db, services } = request.server;
  const auth = authOf(request);
  const { UserName: _userName, ...changes } = normalizeChanges(body);
  await assertMayAssignGroups(db, auth, changes.GroupIds);
  await checkChanges(db, changes, { userId, allowedOrgIds: await assignableOrgIds(db, auth), today: utcDay(services.now()) });
  return changes;
}

/**
 * A route that deactivates a user the caller manages (never the caller) until LockUntil or forever, and ends the
 * user's sessions; `deactivate` stores the lockout its own way.
 */
function deactivationRoute(spec: {
  method: 'PUT' | 'POST';
  url: string;
  summary: string;
  deactivate: (request: FastifyRequest, user: ManagedUser, end: Date, actorId: number) => Promise<void>;
}): RouteSpec<IdParams & { Body: LockRequest }> {
  return route<IdParams & { Body: LockRequest }>({
    method: spec.method,
    url: spec.url,
    access: anyOf(P.EDIT_USERS),
    summary: spec.summary,
    schema: { params: idParams, body: { $ref: 'userLock.json' }, response: { 200: lockResponse } },
    async handler(request) {
      const { db, services } = request.server;
      const auth = authOf(request);
      const user = await managedUser(db, auth, request.params.id);
      if (user.Id === auth.userId) throw badRequest(T.cannotLockSelf);
      const end = lockoutEnd(request.body, services.now());
      await spec.deactivate(request, user, end, auth.userId);
      await services.sessions.endAllFor(user.Id);
      return { LockoutEndDateUtc: end };
    },
  });
}

async function assertUserNameFree(request: FastifyRequest, userName: string): Promise<void> {
  const taken = await request.server.db
    .selectFrom('users')
    .select('Id')
    .where((eb) => eb(eb.fn('lower', ['UserName']), '=', userName.toLowerCase()))
    .executeTakeFirst();
  if (taken) throw ValidationError.field('UserName', T.userNameTaken);
}

/** Users administration (/identity/users). */
export const userRoutes: readonly RouteSpec<never>[] = [
  route<{ Body: UsersQuery }>({
    method: 'POST',
    url: '/api/identity/users',
    access: anyOf(P.VIEW_USERS),
    summary: 'One page of users (paging body); default sort first name then last name; answers users and pageCount',
    schema: { body: { $ref: 'usersQuery.json' }, response: { 200: usersPageResponse } },
    async handler(request) {
      const { db, services } = request.server;
      return searchUsers(db, await orgScopeOf(db, authOf(request)), request.body, services.now());
    },
  }),
  route<{ Body: UserBody }>({
    method: 'POST',
    url: '/api/identity/users/create',
    access: anyOf(P.CREATE_USER),
    summary: 'Create a user (no password yet; a confirmation e-mail lets them choose one); answers the user',
    schema: { body: { $ref: 'userCreate.json' }, response: { 200: anyObject } },
    async handler(request) {
      const { db, services } = request.server;
      const auth = authOf(request);
      const now = services.now();
      const userName = (request.body.UserName ?? '').trim();
      await assertUserNameFree(request, userName);
      const changes = await checkedChanges(request, request.body, null);
      const id = await db.transaction().execute(async (trx) => {
        const { Id } = await trx
          .insertInto('users')
          .values({
            UserName: userName,
            PasswordHash: null,
            EmailConfirmed: false,
            FirstName: changes.FirstName as string,
            LastName: changes.LastName as string,
            PasswordChangedDate: now,
            CreatedDate: now,
            UpdatedDate: now,
          })
          .returning('Id')
          .executeTakeFirstOrThrow();
        await writeUserChanges(trx, Id, changes, now);
        await audit(trx, { userId: auth.userId, entity: 'users', entityId: Id, action: 'create', changes: { UserName: userName, ...changes } });
        return Id;
      }).catch((error: { code?: string }) => {
        // Two administrators creating the same username at once: the unique index decides.
        throw error.code === '23505' ? ValidationError.field('UserName', T.userNameTaken) : error;
      });
      const created = await record(request, id);
      await sendConfirmation(mailContext(request), created);
      return created;
    },
  }),
  route<IdParams>({
    method: 'GET',
    url: '/api/identity/users/:id',
    access: anyOf(P.VIEW_USERS),
    summary: 'One user with groups, contract types, emails, phones, addresses, credentials and clearances',
    schema: { params: idParams, response: { 200: anyObject } },
    async handler(request) {
      await visibleUser(request.server.db, authOf(request), request.params.id);
      return record(request, request.params.id);
    },
  }),
  route<IdParams & { Body: UserBody }>({
    method: 'PATCH',
    url: '/api/identity/users/:id',
    access: anyOf(P.EDIT_USERS),
    summary: 'Update a user; sent sub-lists replace the stored ones; UserName cannot change; answers the user',
    schema: { params: idParams, body: { $ref: 'user.json' }, response: { 200: anyObject } },
    async handler(request) {
      const { db, services } = request.server;
      const auth = authOf(request);
      const { id } = request.params;
      await managedUser(db, auth, id);
      const changes = await checkedChanges(request, request.body, id);
      await db.transaction().execute(async (trx) => {
        await writeUserChanges(trx, id, changes, services.now());
        await audit(trx, { userId: auth.userId, entity: 'users', entityId: id, action: 'update', changes });
      });
      return record(request, id);
    },
  }),
  route<IdParams>({
    method: 'DELETE',
    url: '/api/identity/users/:id',
    access: anyOf(P.DELETE_USERS),
    summary: 'Delete a user; refused for oneself and for users that cases, items, messages or invoices refer to',
    schema: { params: idParams, response: { 200: { type: 'object', properties: { Id: { type: 'integer' }, FirstName: { type: 'string' }, LastName: { type: 'string' }, Message: { type: 'string' } } } } },
    async handler(request) {
      const { db } = request.server;
      const auth = authOf(request);
      const user = await managedUser(db, auth, request.params.id);
      if (user.Id === auth.userId) throw badRequest(T.cannotDeleteSelf);
      try {
        await db.transaction().execute(async (trx) => {
          await audit(trx, { userId: auth.userId, entity: 'users', entityId: user.Id, action: 'delete', changes: { UserName: user.UserName } });
          await trx.deleteFrom('users').where('Id', '=', user.Id).execute();
        });
      } catch (error) {
        // Authored history (messages, expenses, issue codes, invoices) keeps its author: such users are deactivated.
        if ((error as { code?: string }).code === '23503') throw badRequest(T.stillReferenced(`${user.FirstName} ${user.LastName}`));
        throw error;
      }
      return { Id: user.Id, FirstName: user.FirstName, LastName: user.LastName, Message: T.deleted(user.FirstName, user.LastName) };
    },
  }),
  deactivationRoute({
    method: 'PUT',
    url: '/api/identity/users/:id/lock',
    summary: 'Deactivate a user until LockUntil (end of that day) or forever; ends their sessions',
    async deactivate(request, user, end, actorId) {
      await request.server.db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ LockoutEndDateUtc: end, UpdatedDate: request.server.services.now() }).where('Id', '=', user.Id).execute();
        await audit(trx, { userId: actorId, entity: 'users', entityId: user.Id, action: 'deactivate', changes: { LockoutEndDateUtc: end } });
      });
    },
  }),
  route<IdParams>({
    method: 'DELETE',
    url: '/api/identity/users/:id/lock',
    access: anyOf(P.EDIT_USERS),
    summary: 'Reactivate a user (also forgets their failed sign-in attempts)',
    schema: { params: idParams, response: { 200: lockResponse } },
    async handler(request) {
      const { db, services } = request.server;
      const auth = authOf(request);
      const user = await managedUser(db, auth, request.params.id);
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ LockoutEndDateUtc: null, UpdatedDate: services.now() }).where('Id', '=', user.Id).execute();
        await audit(trx, { userId: auth.userId, entity: 'users', entityId: user.Id, action: 'reactivate' });
      });
      await services.signIn.clearFailures(user.UserName);
      return { LockoutEndDateUtc: null };
    },
  }),
  deactivationRoute({
    method: 'POST',
    url: '/api/identity/users/:id/resendmail',
    summary: 'Resend verification: the account is deactivated until the e-mail is confirmed again (or LockUntil)',
    async deactivate(request, user, end, actorId) {
      if (!user.Email) throw ValidationError.field('Emails', T.needsEmail);
      await resendWithDeactivation(mailContext(request), user, end, actorId);
    },
  }),
];
