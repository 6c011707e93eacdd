import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import type { AuthContext } from '../auth/sessions.js';
import { notFound } from '../http/errors.js';

/**
 * Org scoping: a user sees its own org and every org below it. The provider's staff belong to the root org and
 * so see everything; client users see their client org's subtree. System administrators see all orgs; a user
 * with no org sees none.
 */
export type OrgScope = { all: true } | { all: false; ids: ReadonlySet<number> };

export async function orgSubtreeIds(db: Database, rootId: number): Promise<number[]> {
  const result = await sql<{ Id: number }>`
    WITH RECURSIVE tree AS (
      SELECT "Id" FROM orgs WHERE "Id" = ${rootId}
      UNION ALL
      SELECT o."Id" FROM orgs o JOIN tree t ON o."ParentOrg_Id" = t."Id"
    ) SELECT "Id" FROM tree`.execute(db);
  return result.rows.map((r) => r.Id);
}

/**
 * The caller's org scope. It comes with the session (server/auth/sessions.ts, read with it each request): whether
 * their org is the root (`auth.orgIsRoot`: the provider's staff, every org) and otherwise its subtree
 * (`auth.orgSubtree`), so no statement is sent here; a context built without them reads the org and its subtree.
 */
export async function orgScopeOf(db: Database, auth: AuthContext): Promise<OrgScope> {
  if (auth.isSystemAdministrator) return { all: true };
  if (auth.orgId === null) return { all: false, ids: new Set() };
  if (auth.orgIsRoot === true) return { all: true };
  if (auth.orgIsRoot === false && auth.orgSubtree) return { all: false, ids: auth.orgSubtree };
  const isRoot = (await db.selectFrom('orgs').select('ParentOrg_Id').where('Id', '=', auth.orgId).executeTakeFirst())?.ParentOrg_Id === null;
  if (isRoot) return { all: true };
  return { all: false, ids: new Set(await orgSubtreeIds(db, auth.orgId)) };
}

export function inScope(scope: OrgScope, orgId: number | null): boolean {
  return scope.all || (orgId !== null && scope.ids.has(orgId));
}

/** The org, when it exists and lies in the caller's scope; a 404 otherwise (an id outside the scope is not told apart). */
export async function assertOrgInScope(db: Database, auth: AuthContext, orgId: number, message: string): Promise<void> {
  const scope = await orgScopeOf(db, auth);
  const exists = await db.selectFrom('orgs').select('Id').where('Id', '=', orgId).executeTakeFirst();
  if (!exists || !inScope(scope, orgId)) throw notFound(message);
}
