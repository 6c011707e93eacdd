import type { FastifyRequest } from 'fastify';
import type { User } from '../../schemas/types.js';
import type { Writable } from '../../shared/api/records.js';
import type { UsersQuery } from '../../shared/api/identity.js';
import { Texts } from '../../shared/texts/index.js';
import { audit } from '../audit/auditLog.js';
import { authOf } from '../http/access.js';
import { ValidationError, badRequest, notFound } from '../http/errors.js';
import { operationRoutes, type OperationHandler } from '../http/operationRoutes.js';
import { userOperations } from '../../resources/users.js';
import { orgScopeOf } from '../orgs/scope.js';
import { mailContext } from '../recovery/mailContext.js';
import { resendWithDeactivation, sendConfirmation } from '../recovery/confirmation.js';
import { lockoutEnd, utcDay } from './lockout.js';
import { userDeletedResponse, userRecordResponse, usersPageResponse } from './responses.js';
import { assertMayAssignGroups, assignableOrgIds, managedUser, visibleUser, type ManagedUser } from './userAccess.js';
import { checkChanges, normalizeChanges, type UserChanges } from './userInput.js';
import { searchUsers } from './userList.js';
import { loadUserRecord, type UserRecord } from './userRecord.js';
import type { Database } from '../db/database.js';
import { defineStore } from '../resources/store.js';
import type { ApiRecord } from '../../resources/declaration.js';
import { writeUserChanges } from './userStore.js';

const T = Texts.identity.users;

async function record(db: Database, userId: number) {
  const found = await loadUserRecord(db, userId);
  if (!found) throw notFound(T.notFound);
  return found;
}

/** An admin user body as stored: normalized, the username never among the changes. */
function changesOf(values: ApiRecord): UserChanges {
  const { UserName: _userName, ...changes } = normalizeChanges(values as unknown as Writable<User>);
  return changes;
}

async function assertUserNameFree(db: Database, userName: string): Promise<void> {
  const taken = await db
    .selectFrom('users')
    .select('Id')
    .where((eb) => eb(eb.fn('lower', ['UserName']), '=', userName.toLowerCase()))
    .executeTakeFirst();
  if (taken) throw ValidationError.field('UserName', T.userNameTaken);
}

/**
 * Users (/identity/users), the `users` declaration's store. A caller sees the users of its org scope and changes
 * only users it manages (never its own account's deletion); groups and orgs it may not hand out are refused. A new
 * user has no password yet: a confirmation e-mail, sent once the user is stored, lets them choose one. Users that
 * authored history (cases, messages, expenses, invoices) are not deleted, only deactivated.
 */
export const usersStore = defineStore({
  responses: { record: userRecordResponse, list: usersPageResponse, write: userRecordResponse, delete: userDeletedResponse },
  summaries: {
    list: 'One page of users (paging body); default sort first name then last name; answers users and pageCount',
    one: 'One user with groups, contract types, emails, phones, addresses, credentials and clearances',
    create: 'Create a user (no password yet; a confirmation e-mail lets them choose one); answers the user',
    update: 'Update a user; sent sub-lists replace the stored ones; UserName cannot change; answers the user',
    delete: 'Delete a user; refused for oneself and for users that cases, items, messages or invoices refer to',
  },
  async list(context, query) {
    return searchUsers(context.db, await orgScopeOf(context.db, context.auth), query as unknown as UsersQuery, context.now);
  },
  async read(context, key, purpose) {
    const id = Number(key);
    if (purpose === 'read') await visibleUser(context.db, context.auth, id);
    else {
      const user = await managedUser(context.db, context.auth, id);
      if (purpose === 'delete' && user.Id === context.auth.userId) throw badRequest(T.cannotDeleteSelf);
    }
    return record(context.db, id);
  },
  async validate(context, values, existing) {
    const { db, auth } = context;
    if (!existing) await assertUserNameFree(db, String(values.UserName ?? '').trim());
    const changes = changesOf(values);
    await assertMayAssignGroups(db, auth, changes.GroupIds);
    await checkChanges(db, changes, {
      schema: 'user.json',
      userId: existing ? Number(existing.Id) : null,
      allowedOrgIds: await assignableOrgIds(db, auth),
      today: utcDay(context.now),
    });
  },
  async insert(context, values) {
    const changes = changesOf(values);
    const { Id } = await context.db
      .insertInto('users')
      .values({
        UserName: String(values.UserName).trim(),
        PasswordHash: null,
        EmailConfirmed: false,
        FirstName: changes.FirstName as string,
        LastName: changes.LastName as string,
        PasswordChangedDate: context.now,
        CreatedDate: context.now,
        UpdatedDate: context.now,
      })
      .returning('Id')
      .executeTakeFirstOrThrow()
      .catch((error: { code?: string }) => {
        // Two administrators creating the same username at once: the unique index decides.
        throw error.code === '23505' ? ValidationError.field('UserName', T.userNameTaken) : error;
      });
    await writeUserChanges(context.db, Id, changes, context.now);
    return Id;
  },
  async change(context, key, values) {
    await writeUserChanges(context.db, Number(key), changesOf(values), context.now);
  },
  async remove(context, key, existing) {
    await context.db
      .deleteFrom('users')
      .where('Id', '=', Number(key))
      .execute()
      .catch((error: { code?: string }) => {
        // Authored history (messages, expenses, issue codes, invoices) keeps its author: such users are deactivated.
        throw error.code === '23503' ? badRequest(T.stillReferenced(`${String(existing.FirstName)} ${String(existing.LastName)}`)) : error;
      });
  },
  async answer(context, action, key, existing) {
    if (action !== 'delete') return record(context.db, Number(key));
    const { Id, FirstName, LastName } = existing as { Id: number; FirstName: string; LastName: string };
    return { Id, FirstName, LastName, Message: T.deleted(FirstName, LastName) };
  },
  async afterCommit(context, action, created) {
    if (action === 'create') await sendConfirmation(mailContext(context.request), created as unknown as UserRecord);
  },
});

type LockName = 'lock' | 'resendMail';

/**
 * The handler of an operation that deactivates a user the caller manages (never the caller) until LockUntil or
 * forever, and ends the user's sessions; `deactivate` stores the lockout its own way.
 */
function deactivation(deactivate: (request: FastifyRequest, user: ManagedUser, end: Date, actorId: number) => Promise<void>): OperationHandler<(typeof userOperations)[LockName]> {
  return async (request) => {
    const { db, services } = request.server;
    const auth = authOf(request);
    const user = await managedUser(db, auth, request.params.id);
    if (user.Id === auth.userId) throw badRequest(T.cannotLockSelf);
    const end = lockoutEnd(request.body, services.now());
    await deactivate(request, user, end, auth.userId);
    await services.sessions.endAllFor(user.Id);
    return { LockoutEndDateUtc: end };
  };
}

/** The handlers of the users contract's operations (resources/users.ts): deactivate, reactivate and resend verification. */
export const userRoutes = operationRoutes(userOperations, {
  lock: deactivation(async (request, user, end, actorId) => {
    await request.server.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ LockoutEndDateUtc: end, UpdatedDate: request.server.services.now() }).where('Id', '=', user.Id).execute();
      await audit(trx, { userId: actorId, entity: 'users', entityId: user.Id, action: 'deactivate', fields: ['LockoutEndDateUtc'] });
    });
  }),
  async unlock(request) {
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
  resendMail: deactivation(async (request, user, end, actorId) => {
    if (!user.Email) throw ValidationError.field('Emails', T.needsEmail);
    await resendWithDeactivation(mailContext(request), user, end, actorId);
  }),
});
