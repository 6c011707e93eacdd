import { sql, type DatabaseIntrospector, type DatabaseMetadata, type DatabaseMetadataOptions, type Kysely, type TableMetadata } from 'kysely';

const KYSELY_TABLES = ['kysely_migration', 'kysely_migration_lock'];

interface ColumnRow {
  table: string;
  kind: string;
  column: string;
  type: string;
  typeSchema: string;
  nullable: boolean;
  defaulted: boolean;
  serial: boolean;
}

/**
 * What the migrator asks of the database (which schemas and tables there are), answered for one schema alone.
 * Kysely's own PostgreSQL introspector reads every schema of the database and looks each one up by name, so it fails
 * ("schema … does not exist") when another installation's schema is dropped while it reads, as the tests' parallel
 * runs, each in a schema of its own, do; it also reads every table of every schema, however many there are.
 */
export function schemaIntrospector(db: Kysely<unknown>, schema: string): DatabaseIntrospector {
  const getTables = async (options?: DatabaseMetadataOptions): Promise<TableMetadata[]> => {
    const { rows } = await sql<ColumnRow>`
      SELECT c.relname AS "table", c.relkind AS kind, a.attname AS "column", t.typname AS type, tn.nspname AS "typeSchema",
             NOT a.attnotnull AS nullable, a.atthasdef AS defaulted,
             (a.attidentity <> '' OR coalesce(pg_get_expr(d.adbin, d.adrelid), '') LIKE 'nextval(%') AS serial
      FROM pg_catalog.pg_class c
      JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
      JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
      JOIN pg_catalog.pg_type t ON t.oid = a.atttypid
      JOIN pg_catalog.pg_namespace tn ON tn.oid = t.typnamespace
      LEFT JOIN pg_catalog.pg_attrdef d ON d.adrelid = c.oid AND d.adnum = a.attnum
      WHERE n.nspname = ${schema} AND c.relkind IN ('r', 'v', 'p', 'm')
      ORDER BY c.relname, a.attnum`.execute(db);
    const tables = new Map<string, TableMetadata>();
    for (const row of rows) {
      if (!options?.withInternalKyselyTables && KYSELY_TABLES.includes(row.table)) continue;
      let table = tables.get(row.table);
      if (!table) tables.set(row.table, (table = { name: row.table, schema, isView: row.kind === 'v' || row.kind === 'm', columns: [] }));
      table.columns.push({
        name: row.column,
        dataType: row.type,
        dataTypeSchema: row.typeSchema,
        isNullable: row.nullable,
        hasDefaultValue: row.defaulted,
        isAutoIncrementing: row.serial,
      });
    }
    return [...tables.values()];
  };
  return {
    async getSchemas() {
      const { rows } = await sql<{ name: string }>`SELECT nspname AS name FROM pg_catalog.pg_namespace WHERE nspname = ${schema}`.execute(db);
      return rows;
    },
    getTables,
    async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
      return { tables: await getTables(options) };
    },
  };
}
