import { Permissions } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import type { AuthContext } from '../auth/sessions.js';
import type { Database } from '../db/database.js';
import { forbidden, notFound } from '../http/errors.js';
import { inScope, orgScopeOf } from '../orgs/scope.js';

/**
 * Who may manage whom. Identity administrators work within their org scope (staff of the root org see everyone),
 * and only system administrators may touch system administrators or hand out System Administrator — otherwise a
 * user administrator could make themselves one, or take over an administrator's account by changing its email.
 */

/** Groups whose roles include System Administrator. */
export async function adminGroupIds(db: Database): Promise<number[]> {
  const rows = await db
    .selectFrom('group_roles as gr')
    .innerJoin('roles as r', 'r.Id', 'gr.Role_Id')
    .select('gr.Group_Id')
    .where('r.Name', '=', Permissions.General.SYSTEM_ADMINISTRATOR)
    .execute();
  return rows.map((r) => r.Group_Id);
}

async function isAdministratorUser(db: Database, userId: number): Promise<boolean> {
  const groups = await adminGroupIds(db);
  if (!groups.length) return false;
  const row = await db
    .selectFrom('user_groups')
    .select('User_Id')
    .where('User_Id', '=', userId)
    .where('Group_Id', 'in', groups)
    .executeTakeFirst();
  return Boolean(row);
}

export interface ManagedUser {
  Id: number;
  UserName: string;
  FirstName: string;
  LastName: string;
  Email: string | null;
  EmailConfirmed: boolean;
  Org_Id: number | null;
  LockoutEndDateUtc: Date | null;
}

/** A user the caller may see: 404 when missing or outside the caller's org scope. */
export async function visibleUser(db: Database, auth: AuthContext, userId: number): Promise<ManagedUser> {
  const user = await db
    .selectFrom('users')
    .select(['Id', 'UserName', 'FirstName', 'LastName', 'Email', 'EmailConfirmed', 'Org_Id', 'LockoutEndDateUtc'])
    .where('Id', '=', userId)
    .executeTakeFirst();
  if (!user || !inScope(await orgScopeOf(db, auth), user.Org_Id)) throw notFound(Texts.identity.users.notFound);
  return user;
}

/** A user the caller may change: visible, and not a system administrator unless the caller is one. */
export async function managedUser(db: Database, auth: AuthContext, userId: number): Promise<ManagedUser> {
  const user = await visibleUser(db, auth, userId);
  if (!auth.isSystemAdministrator && (await isAdministratorUser(db, userId))) {
    throw forbidden(Texts.identity.users.onlyAdminsManageAdmins);
  }
  return user;
}

/** Refuses (403) when a caller who is not a system administrator puts a user into a System Administrator group. */
export async function assertMayAssignGroups(db: Database, auth: AuthContext, groupIds: readonly number[] | undefined) {
  if (auth.isSystemAdministrator || !groupIds?.length) return;
  const adminGroups = new Set(await adminGroupIds(db));
  if (groupIds.some((id) => adminGroups.has(id))) throw forbidden(Texts.identity.users.onlyAdminsGrantAdmin);
}

/** Orgs the caller may put users into: null for any (system administrators and root-org staff). */
export async function assignableOrgIds(db: Database, auth: AuthContext): Promise<ReadonlySet<number> | null> {
  const scope = await orgScopeOf(db, auth);
  return scope.all ? null : scope.ids;
}
