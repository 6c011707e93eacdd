import { sql, type Kysely, type Migration } from 'kysely';

/** A migration written as plain PostgreSQL statements, run in order inside the migrator's transaction. */
export function sqlMigration(statements: readonly string[]): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const statement of statements) await sql.raw(statement).execute(db);
    },
  };
}
