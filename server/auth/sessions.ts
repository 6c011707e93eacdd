import { CompiledQuery } from 'kysely';
import { Limits, Timing } from '../../shared/constants.js';
import { Permissions, Tags, hasAnyPermission } from '../../shared/permissions.js';
import type { Database } from '../db/database.js';
import { executeNamed } from '../db/namedStatements.js';
import type { SecuritySettingsService } from '../security/settingsService.js';
import { hashToken, newToken } from './secrets.js';

/** The signed-in user as every route sees it. */
export interface AuthContext {
  sessionId: number;
  userId: number;
  userName: string;
  firstName: string;
  lastName: string;
  orgId: number | null;
  /**
   * Whether the user's org is the root org (it has no parent), read with the session: the org scope (server/orgs/
   * scope.ts) of the provider's staff is then every org without a statement of its own. Null when the user has no
   * org or it was not read.
   */
  orgIsRoot: boolean | null;
  /**
   * The ids of the user's org and of every org below it, read with the session when the org is not the root (a
   * client org's user): their org scope then needs no statement either. Null for the root org, no org, or not read.
   */
  orgSubtree: ReadonlySet<number> | null;
  roles: ReadonlySet<string>;
  groups: readonly string[];
  tags: ReadonlySet<string>;
  isSystemAdministrator: boolean;
  /** Holds any of the permissions (System Administrator passes). */
  can(...permissions: string[]): boolean;
  /** In a group tagged Case Admin or System Admin, or a system administrator: exempt from the data-entry lock. */
  isCaseAdmin: boolean;
}

export type SessionLookup =
  | { ok: true; auth: AuthContext }
  | { ok: false; status: 401 | 419 };

interface SessionRow {
  Id: number;
  User_Id: number;
  LastActivityDate: Date;
  EndedDate: Date | null;
  EndReason: string | null;
  UserName: string;
  FirstName: string;
  LastName: string;
  LockoutEndDateUtc: Date | null;
  /** The version of everyone's access when the session was read (migration 027). */
  AccessVersion: number;
}

/** What a user may do and where: read by ACCESS_LOOKUP, kept per user at the version it was read at. */
interface AccessRow {
  Org_Id: number | null;
  OrgIsRoot: boolean | null;
  OrgSubtree: number[] | null;
  roles: string[] | null;
  groups: string[] | null;
  tags: string[] | null;
  AccessVersion: number;
}

/** What a user may do and where: the part of the auth context that does not change from one request to the next. */
export type UserAccess = Pick<AuthContext, 'orgId' | 'orgIsRoot' | 'orgSubtree' | 'roles' | 'groups' | 'tags' | 'isSystemAdministrator' | 'can' | 'isCaseAdmin'>;

export function userAccess(row: {
  orgId: number | null;
  orgIsRoot?: boolean | null;
  orgSubtree?: readonly number[] | null;
  roles: readonly string[];
  groups: readonly string[];
  tags: readonly string[];
}): UserAccess {
  const roles = new Set(row.roles);
  const tags = new Set(row.tags);
  const isSystemAdministrator = roles.has(Permissions.General.SYSTEM_ADMINISTRATOR);
  return {
    orgId: row.orgId,
    orgIsRoot: row.orgIsRoot ?? null,
    orgSubtree: row.orgSubtree ? new Set(row.orgSubtree) : null,
    roles,
    groups: row.groups,
    tags,
    isSystemAdministrator,
    isCaseAdmin: isSystemAdministrator || tags.has(Tags.CASE_ADMIN) || tags.has(Tags.SYSTEM_ADMIN),
    can: (...permissions: string[]) => hasAnyPermission(roles, permissions),
  };
}

export function buildAuthContext(row: Parameters<typeof userAccess>[0] & {
  sessionId: number;
  userId: number;
  userName: string;
  firstName: string;
  lastName: string;
}): AuthContext {
  return { sessionId: row.sessionId, userId: row.userId, userName: row.userName, firstName: row.firstName, lastName: row.lastName, ...userAccess(row) };
}

/**
 * The session lookup (`$1`: the token's hash): the session, its user, and the version of everyone's access (migration
 * 027). Written as text and sent as it is: nothing in it changes from one request to the next, so there is nothing to
 * build (docs/performance.md, "Where a request's time goes").
 */
const SESSION_LOOKUP = `
  SELECT s."Id", s."User_Id", s."LastActivityDate", s."EndedDate", s."EndReason",
         u."UserName", u."FirstName", u."LastName", u."LockoutEndDateUtc",
         (SELECT v."Version" FROM access_version v) AS "AccessVersion"
    FROM sessions s
    JOIN users u ON u."Id" = s."User_Id"
   WHERE s."TokenHash" = $1`;

/**
 * A user's access (`$1`: the user's id): their org scope (`OrgIsRoot` null when the user has no org or it is gone; the
 * subtree only for an org that has a parent, as server/orgs/scope.ts reads it), their roles, groups and tags, and the
 * version of everyone's access it was read at (one statement, one snapshot). Its lists come as JSON arrays, which pg
 * reads with the native JSON.parse: as PostgreSQL arrays, parsed character by character, they cost 50-110 µs.
 */
const ACCESS_LOOKUP = `
  SELECT u."Org_Id",
         CASE WHEN o."Id" IS NOT NULL THEN o."ParentOrg_Id" IS NULL END AS "OrgIsRoot",
         CASE WHEN o."ParentOrg_Id" IS NOT NULL THEN (
           WITH RECURSIVE tree AS (
             SELECT o."Id"
             UNION ALL
             SELECT c."Id" FROM orgs c JOIN tree t ON c."ParentOrg_Id" = t."Id"
           ) SELECT json_agg(tree."Id") FROM tree) END AS "OrgSubtree",
         (SELECT json_agg(DISTINCT r."Name") FROM user_groups ug
            JOIN group_roles gr ON gr."Group_Id" = ug."Group_Id"
            JOIN roles r ON r."Id" = gr."Role_Id"
           WHERE ug."User_Id" = u."Id") AS roles,
         (SELECT json_agg(g."Name" ORDER BY g."Name") FROM user_groups ug
            JOIN groups g ON g."Id" = ug."Group_Id"
           WHERE ug."User_Id" = u."Id") AS groups,
         (SELECT json_agg(DISTINCT t."Name") FROM user_groups ug
            JOIN group_tags gt ON gt."Group_Id" = ug."Group_Id"
            JOIN tags t ON t."Id" = gt."Tag_Id"
           WHERE ug."User_Id" = u."Id") AS tags,
         (SELECT v."Version" FROM access_version v) AS "AccessVersion"
    FROM users u
    LEFT JOIN orgs o ON o."Id" = u."Org_Id"
   WHERE u."Id" = $1`;

/**
 * Sessions: opaque bearer tokens stored as hashes. One open session per user — a new sign-in replaces the old
 * one, whose token then answers 419. A session idle longer than AutoLogoutTime ends (401).
 */
export class SessionService {
  constructor(
    private readonly db: Database,
    private readonly settings: SecuritySettingsService,
    private readonly now: () => Date,
  ) {}

  /**
   * The session lookup's row. On PostgreSQL it is a named (prepared) statement: each connection of the pool parses it
   * once and PostgreSQL may then run it by a plan it keeps (one statement a connection, whatever the number of
   * sessions); PGlite, one connection in-process, is sent the text.
   */
  private async lookup(tokenHash: string): Promise<SessionRow | undefined> {
    return (await executeNamed(this.db, CompiledQuery.raw(SESSION_LOOKUP, [tokenHash]) as CompiledQuery<SessionRow>))[0];
  }

  /** Each user's access as last read, with the version of everyone's access it was read at. */
  private readonly accessKept = new Map<number, { version: number; access: UserAccess }>();

  /**
   * The user's access at `version` (the one their session was read with): the one kept when it was read at that version,
   * else read anew (a named statement too) and kept with the version it was read at (any other version, even a lower
   * one after a restore, reads it anew). A change to anyone's roles, groups, tags or org scope
   * moves the version (migration 027), so it counts from the next request on, whichever instance serves it.
   */
  private async accessOf(userId: number, version: number): Promise<UserAccess | undefined> {
    const kept = this.accessKept.get(userId);
    if (kept?.version === version) return kept.access;
    const [row] = await executeNamed(this.db, CompiledQuery.raw(ACCESS_LOOKUP, [userId]) as CompiledQuery<AccessRow>);
    if (!row) return undefined;
    const access = userAccess({ orgId: row.Org_Id, orgIsRoot: row.OrgIsRoot, orgSubtree: row.OrgSubtree, roles: row.roles ?? [], groups: row.groups ?? [], tags: row.tags ?? [] });
    if (this.accessKept.size >= Limits.ACCESS_KEPT) this.accessKept.clear();
    this.accessKept.set(userId, { version: row.AccessVersion, access });
    return access;
  }

  /** Opens a session for the user, ending any older one, in one transaction. Returns the token. */
  async open(userId: number): Promise<string> {
    const token = newToken();
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('sessions')
        .set({ EndedDate: now, EndReason: 'replaced' })
        .where('User_Id', '=', userId)
        .where('EndedDate', 'is', null)
        .execute();
      await trx
        .insertInto('sessions')
        .values({ User_Id: userId, TokenHash: hashToken(token), CreatedDate: now, LastActivityDate: now })
        .execute();
    });
    return token;
  }

  async end(sessionId: number, reason: 'logout' | 'expired'): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ EndedDate: this.now(), EndReason: reason })
      .where('Id', '=', sessionId)
      .where('EndedDate', 'is', null)
      .execute();
  }

  /** Ends every open session of a user (deactivation, password reset). */
  async endAllFor(userId: number, reason: 'logout' | 'expired' = 'logout'): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ EndedDate: this.now(), EndReason: reason })
      .where('User_Id', '=', userId)
      .where('EndedDate', 'is', null)
      .execute();
  }

  /**
   * Resolves a bearer token to the signed-in user — with their org scope: whether their org is the root org, else the
   * ids of its subtree — and keeps the idle clock. The session is read anew on every request, in one statement, with
   * the version of everyone's access; the user's access is read with it only when that version moved (accessOf). A
   * session ended, a user locked, a permission or an org's place changed counts from the next request on, whichever
   * instance serves it.
   */
  async resolve(token: string): Promise<SessionLookup> {
    const row = await this.lookup(hashToken(token));
    if (!row) return { ok: false, status: 401 };
    if (row.EndedDate) return { ok: false, status: row.EndReason === 'replaced' ? 419 : 401 };
    const now = this.now();
    if (row.LockoutEndDateUtc && row.LockoutEndDateUtc > now) {
      await this.end(row.Id, 'expired');
      return { ok: false, status: 401 };
    }
    const idleMs = now.getTime() - new Date(row.LastActivityDate).getTime();
    if (idleMs > (await this.settings.idleLimitMs()) + Timing.SESSION_IDLE_GRACE_MS) {
      await this.end(row.Id, 'expired');
      return { ok: false, status: 401 };
    }
    if (idleMs > Timing.SESSION_TOUCH_MS) {
      await this.db.updateTable('sessions').set({ LastActivityDate: now }).where('Id', '=', row.Id).execute();
    }
    const access = await this.accessOf(row.User_Id, row.AccessVersion);
    if (!access) return { ok: false, status: 401 };
    return {
      ok: true,
      auth: { sessionId: row.Id, userId: row.User_Id, userName: row.UserName, firstName: row.FirstName, lastName: row.LastName, ...access },
    };
  }
}
