import { sqlMigration } from './sqlMigration.js';

/** The tables a user's access is read from (server/auth/sessions.ts, ACCESS_LOOKUP): any change to them moves the version. */
const ACCESS_TABLES = ['user_groups', 'group_roles', 'group_tags', 'groups', 'roles', 'tags'];

/**
 * The version of everyone's access: their roles, groups and tags and their org scope. Each request reads it with its
 * session (one row, one column); an instance keeps each user's access read at a version and reads it again only when
 * the version moved, so a request no longer aggregates the caller's hundred-odd permissions. Statement-level triggers
 * move it whenever a table the access is read from is written — memberships, a group's permissions or tags, group,
 * role and tag names — or an org is added, removed or moves (its subtree), or a user moves to another org. Those are
 * administrators' changes: the next request, on any instance, reads the access anew.
 */
export default sqlMigration([
  `CREATE TABLE access_version ("Only" boolean PRIMARY KEY DEFAULT true CHECK ("Only"), "Version" bigint NOT NULL)`,
  `INSERT INTO access_version ("Only", "Version") VALUES (true, 1)`,
  `CREATE FUNCTION access_version_move() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
   BEGIN
     UPDATE access_version SET "Version" = "Version" + 1;
     RETURN NULL;
   END
   $$`,
  ...ACCESS_TABLES.map((table) => `CREATE TRIGGER ${table}_access_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
     FOR EACH STATEMENT EXECUTE FUNCTION access_version_move()`),
  `CREATE TRIGGER orgs_access_version AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "ParentOrg_Id" ON orgs
     FOR EACH STATEMENT EXECUTE FUNCTION access_version_move()`,
  `CREATE TRIGGER users_access_version AFTER UPDATE OF "Org_Id" ON users
     FOR EACH STATEMENT EXECUTE FUNCTION access_version_move()`,
]);
