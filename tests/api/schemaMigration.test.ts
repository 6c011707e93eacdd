import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '../../server/db/database.js';
import { schemaIntrospector } from '../../server/db/schemaIntrospector.js';
import { TEST_DB_KIND } from '../support/testDatabase.js';
import { TEST_VAULT } from '../support/testVault.js';

/**
 * Several installations in one PostgreSQL database, each in a schema of its own (as the tests run): one migrates while
 * others are made and dropped beside it. Kysely's own introspector read every schema by name and failed with
 * "schema … does not exist" when one went while it read (it stopped a CI run); the migrator now looks at its own
 * schema alone.
 */
describe.runIf(TEST_DB_KIND === 'postgres')('migrating one schema of a shared PostgreSQL database', () => {
  const url = process.env.TEST_DATABASE_URL as string;

  it('succeeds while other schemas are made and dropped beside it, and sees none of their tables', { timeout: 120_000 }, async () => {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const db = await openDatabase({ url, schema });
    const other = await openDatabase({ url });
    // Four neighbours, each making a schema of twenty tables and dropping it, again and again.
    let churning = true;
    let churned = 0;
    const churn = Promise.all(
      [1, 2, 3, 4].map(async () => {
        while (churning) {
          const name = `t_churn_${randomBytes(4).toString('hex')}`;
          const tables = Array.from({ length: 20 }, (_, n) => `CREATE TABLE "${name}".t${n} (id serial PRIMARY KEY, label text DEFAULT 'x')`);
          await sql.raw([`CREATE SCHEMA "${name}"`, ...tables].join('; ')).execute(other);
          await sql.raw(`DROP SCHEMA "${name}" CASCADE`).execute(other);
          churned += 1;
        }
      }),
    );
    const introspector = schemaIntrospector(db as unknown as Kysely<unknown>, schema);
    try {
      await migrate(db, TEST_VAULT);
      // What the migrator asks, a hundred times while the neighbours come and go (Kysely's own introspector failed
      // about twice in a hundred here).
      for (let n = 0; n < 100; n += 1) {
        expect((await introspector.getSchemas()).map((s) => s.name)).toEqual([schema]);
        await introspector.getTables();
      }
      churning = false;
      await churn;
      expect(churned).toBeGreaterThan(4);
      const tables = await introspector.getTables({ withInternalKyselyTables: true });
      expect(tables.every((t) => t.schema === schema)).toBe(true);
      const names = tables.map((t) => t.name);
      expect(names).toEqual(expect.arrayContaining(['cases', 'items', 'users', 'kysely_migration', 'kysely_migration_lock']));
      const cases = tables.find((t) => t.name === 'cases');
      expect(cases?.columns.find((c) => c.name === 'Id')).toMatchObject({ dataType: 'int4', isAutoIncrementing: true, isNullable: false });
      const withoutKysely = await introspector.getTables();
      expect(withoutKysely.map((t) => t.name)).not.toContain('kysely_migration');
      // Migrating again finds every migration done.
      await migrate(db, TEST_VAULT);
    } finally {
      churning = false;
      await churn.catch(() => undefined);
      await sql.raw(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).execute(other);
      await Promise.all([db.destroy(), other.destroy()]);
    }
  });
});
